/* A kernel loop whose calls repeat with the same argument values while what those values point
 * to changes in place, for repeated_arguments.sh: the recorder may write a call as a Repeat of
 * its thread's latest call of the same entry point only when the bytes behind its pointers are
 * the same too. 400 rounds (2,000 calls: several call blocks) of: the three kernel arguments set
 * from the same variables (the buffer in `y` is swapped for another at round 200, the factor in
 * `a` changes every hundred rounds: 1, 2, 0.5, 1), the kernel run on a global size read from the
 * same array (16, then 8 from round 300), and 16 bytes written from the same array into `x` (new
 * values every fifty rounds: small enough to be kept without data). The host computes the same;
 * the program prints both, then "same" or "differ". */
#include "../programs/common.h"

static const char* kSource =
    "kernel void advance(global float* y, float a, global const float* x) {\n"
    "  size_t i = get_global_id(0);\n"
    "  y[i] = y[i] * a + x[i];\n"
    "}\n";

enum { kLength = 16, kRounds = 400 };

int main(void) {
  struct setup s = setup_first_device();
  cl_program program;
  cl_kernel kernel = build_kernel(&s, kSource, "", "advance", &program);
  float zeros[kLength] = {0};
  cl_mem first = copied_buffer(&s, sizeof zeros, zeros);
  cl_mem second = copied_buffer(&s, sizeof zeros, zeros);
  cl_mem x = copied_buffer(&s, sizeof zeros, zeros);
  float host_first[kLength] = {0}, host_second[kLength] = {0}, host_x[kLength] = {0};

  cl_mem y = first;
  float* host_y = host_first;
  /* Powers of two and small integers: the device's fused multiply-add and the host's separate
   * operations give the same floats. */
  const float factors[4] = {1.0f, 2.0f, 0.5f, 1.0f};
  float a = 0;
  size_t global[1];
  float small[4];
  for (int round = 0; round < kRounds; ++round) {
    if (round == 200) {
      y = second;
      host_y = host_second;
    }
    a = factors[round / 100];
    global[0] = round < 300 ? kLength : kLength / 2;
    for (int i = 0; i < 4; ++i) small[i] = (float)(round / 50) + (float)i;
    CHECK(clSetKernelArg(kernel, 0, sizeof y, &y));
    CHECK(clSetKernelArg(kernel, 1, sizeof a, &a));
    CHECK(clSetKernelArg(kernel, 2, sizeof x, &x));
    CHECK(clEnqueueNDRangeKernel(s.queue, kernel, 1, NULL, global, NULL, 0, NULL, NULL));
    /* The write waits for the kernel (an in-order queue); blocking, so that `small` may change. */
    CHECK(clEnqueueWriteBuffer(s.queue, x, CL_TRUE, 0, sizeof small, small, 0, NULL, NULL));
    for (size_t i = 0; i < global[0]; ++i) host_y[i] = host_y[i] * a + host_x[i];
    for (int i = 0; i < 4; ++i) host_x[i] = small[i];
  }
  float device_first[kLength], device_second[kLength];
  CHECK(clEnqueueReadBuffer(s.queue, first, CL_TRUE, 0, sizeof device_first, device_first, 0,
                            NULL, NULL));
  CHECK(clEnqueueReadBuffer(s.queue, second, CL_TRUE, 0, sizeof device_second, device_second, 0,
                            NULL, NULL));
  int same = 1;
  for (int i = 0; i < kLength; ++i) {
    printf("%g %g\n", device_first[i] + device_second[i], host_first[i] + host_second[i]);
    same = same && device_first[i] == host_first[i] && device_second[i] == host_second[i];
  }
  printf(same ? "same\n" : "differ\n");
  CHECK(clReleaseMemObject(first));
  CHECK(clReleaseMemObject(second));
  CHECK(clReleaseMemObject(x));
  CHECK(clReleaseKernel(kernel));
  CHECK(clReleaseProgram(program));
  teardown(&s);
  return same ? 0 : 1;
}
