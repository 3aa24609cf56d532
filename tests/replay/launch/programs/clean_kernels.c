/* Three correct kernels, each checked against the host: an integer one with a scalar argument
 * (out[i] = a[i] * k + b[i]), a float one (y[i] = x[i] + 0.25f) and a sum per work-group
 * through a __local argument, with barriers. Prints "ok" when the results are the host's, and writes the integer kernel's expected output to expected.bin
 * (the oracle the extracted C program's output is compared with). */
#include "../../../layer/programs/common.h"

#define N 1024

static const char* kSource =
    "kernel void axpb(global const int* a, global const int* b, int k, global int* out) {\n"
    "  size_t i = get_global_id(0);\n"
    "  out[i] = a[i] * k + b[i];\n"
    "}\n"
    "kernel void shift(global const float* x, global float* y) {\n"
    "  size_t i = get_global_id(0);\n"
    "  y[i] = x[i] + 0.25f;\n"
    "}\n"
    "kernel void group_sums(global const int* a, local int* scratch, global int* sums) {\n"
    "  size_t l = get_local_id(0), n = get_local_size(0);\n"
    "  scratch[l] = a[get_global_id(0)];\n"
    "  barrier(CLK_LOCAL_MEM_FENCE);\n"
    "  for (size_t stride = n / 2; stride > 0; stride /= 2) {\n"
    "    if (l < stride) scratch[l] += scratch[l + stride];\n"
    "    barrier(CLK_LOCAL_MEM_FENCE);\n"
    "  }\n"
    "  if (l == 0) sums[get_group_id(0)] = scratch[0];\n"
    "}\n";

int main(void) {
  struct setup s = setup_first_device();
  static int a[N], b[N], out[N], expected[N];
  static float x[N], y[N];
  static int sums[N / 64], expected_sums[N / 64];
  for (int i = 0; i < N; ++i) {
    a[i] = i - 300;
    b[i] = 7 * i;
    out[i] = -1;
    expected[i] = a[i] * 3 + b[i];
    x[i] = (float)i / 7.0f - 50.0f;
    y[i] = 0;
    expected_sums[i / 64] += a[i];
  }
  cl_kernel axpb = build_kernel(&s, kSource, "", "axpb", NULL);
  cl_kernel shift = build_kernel(&s, kSource, "", "shift", NULL);
  cl_kernel group_sums = build_kernel(&s, kSource, "", "group_sums", NULL);
  cl_mem ma = copied_buffer(&s, sizeof a, a), mb = copied_buffer(&s, sizeof b, b);
  cl_mem mout = copied_buffer(&s, sizeof out, out);
  cl_mem mx = copied_buffer(&s, sizeof x, x), my = copied_buffer(&s, sizeof y, y);
  cl_mem msums = copied_buffer(&s, sizeof sums, sums);
  const int k = 3;
  CHECK(clSetKernelArg(axpb, 0, sizeof ma, &ma));
  CHECK(clSetKernelArg(axpb, 1, sizeof mb, &mb));
  CHECK(clSetKernelArg(axpb, 2, sizeof k, &k));
  CHECK(clSetKernelArg(axpb, 3, sizeof mout, &mout));
  CHECK(clSetKernelArg(shift, 0, sizeof mx, &mx));
  CHECK(clSetKernelArg(shift, 1, sizeof my, &my));
  CHECK(clSetKernelArg(group_sums, 0, sizeof ma, &ma));
  CHECK(clSetKernelArg(group_sums, 1, 64 * sizeof(int), NULL));
  CHECK(clSetKernelArg(group_sums, 2, sizeof msums, &msums));
  const size_t global = N;
  CHECK(clEnqueueNDRangeKernel(s.queue, axpb, 1, NULL, &global, NULL, 0, NULL, NULL));
  CHECK(clEnqueueNDRangeKernel(s.queue, shift, 1, NULL, &global, NULL, 0, NULL, NULL));
  const size_t local = 64;
  CHECK(clEnqueueNDRangeKernel(s.queue, group_sums, 1, NULL, &global, &local, 0, NULL, NULL));
  CHECK(clEnqueueReadBuffer(s.queue, mout, CL_TRUE, 0, sizeof out, out, 0, NULL, NULL));
  CHECK(clEnqueueReadBuffer(s.queue, my, CL_TRUE, 0, sizeof y, y, 0, NULL, NULL));
  CHECK(clEnqueueReadBuffer(s.queue, msums, CL_TRUE, 0, sizeof sums, sums, 0, NULL, NULL));
  int wrong = 0;
  for (int i = 0; i < N; ++i) wrong += out[i] != expected[i] || y[i] != x[i] + 0.25f;
  for (int g = 0; g < N / 64; ++g) wrong += sums[g] != expected_sums[g];
  FILE* f = fopen("expected.bin", "wb");
  if (!f || fwrite(expected, sizeof expected, 1, f) != 1) return 2;
  fclose(f);
  printf(wrong ? "%d wrong\n" : "ok\n", wrong);
  clReleaseMemObject(ma);
  clReleaseMemObject(mb);
  clReleaseMemObject(mout);
  clReleaseMemObject(mx);
  clReleaseMemObject(my);
  clReleaseMemObject(msums);
  clReleaseKernel(group_sums);
  clReleaseKernel(axpb);
  clReleaseKernel(shift);
  clReleaseCommandQueue(s.queue);
  clReleaseContext(s.context);
  return wrong ? 1 : 0;
}
