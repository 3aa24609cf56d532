/* A loop that uploads one host buffer again and again, traced with data, for repeated_blobs.sh:
 * its bytes (256, above what a Repeat keeps inline) are a blob in the trace, and the recorder may
 * write such a write as a Repeat of the thread's latest one only when the bytes are that blob
 * still. 400 rounds of: the kernel run (y += x), then `big` written into x, blocking, from the
 * same array, whose contents change in place every fifty rounds (one float at round 125, all of
 * them at each fiftieth); every seventh round `other` is written into z first, so that the
 * thread's last blob is another one. The host computes the same; the program prints "same" or
 * "differ". */
#include "../programs/common.h"

static const char* kSource =
    "kernel void accumulate(global float* y, global const float* x) {\n"
    "  size_t i = get_global_id(0);\n"
    "  y[i] = y[i] + x[i];\n"
    "}\n";

enum { kLength = 64, kRounds = 400 };

int main(void) {
  struct setup s = setup_first_device();
  cl_program program;
  cl_kernel kernel = build_kernel(&s, kSource, "", "accumulate", &program);
  float zeros[kLength] = {0};
  cl_mem y = copied_buffer(&s, sizeof zeros, zeros);
  cl_mem x = copied_buffer(&s, sizeof zeros, zeros);
  cl_mem z = copied_buffer(&s, sizeof zeros, zeros);
  float host_y[kLength] = {0}, host_x[kLength] = {0};
  float big[kLength], other[kLength];
  for (int i = 0; i < kLength; ++i) other[i] = (float)(100 + i);
  const size_t global[1] = {kLength};
  CHECK(clSetKernelArg(kernel, 0, sizeof y, &y));
  CHECK(clSetKernelArg(kernel, 1, sizeof x, &x));
  for (int round = 0; round < kRounds; ++round) {
    if (round % 50 == 0)
      for (int i = 0; i < kLength; ++i) big[i] = (float)(round / 50 + i);
    if (round == 125) big[kLength - 1] += 1.0f; /* one float of 64 changes in place */
    CHECK(clEnqueueNDRangeKernel(s.queue, kernel, 1, NULL, global, NULL, 0, NULL, NULL));
    if (round % 7 == 0)
      CHECK(clEnqueueWriteBuffer(s.queue, z, CL_TRUE, 0, sizeof other, other, 0, NULL, NULL));
    CHECK(clEnqueueWriteBuffer(s.queue, x, CL_TRUE, 0, sizeof big, big, 0, NULL, NULL));
    for (int i = 0; i < kLength; ++i) host_y[i] += host_x[i];
    for (int i = 0; i < kLength; ++i) host_x[i] = big[i];
  }
  float device_y[kLength];
  CHECK(clEnqueueReadBuffer(s.queue, y, CL_TRUE, 0, sizeof device_y, device_y, 0, NULL, NULL));
  int same = 1;
  for (int i = 0; i < kLength; ++i) same = same && device_y[i] == host_y[i];
  printf(same ? "same\n" : "differ\n");
  CHECK(clReleaseMemObject(y));
  CHECK(clReleaseMemObject(x));
  CHECK(clReleaseMemObject(z));
  CHECK(clReleaseKernel(kernel));
  CHECK(clReleaseProgram(program));
  teardown(&s);
  return same ? 0 : 1;
}
