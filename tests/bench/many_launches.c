/* The application diff_speed records under clvet run --trace-kernel-buffers=1: LAUNCHES kernel
 * launches (default 120) of two programs (an integer and a float kernel, alternating), each on
 * 4096 elements. */
#include "common.h" /* tests/layer/programs: CHECK and the set-up */

#define N 4096

static const char* kIntegers =
    "kernel void advance(global uint* a, uint k) { size_t i = get_global_id(0); a[i] = a[i] * 3u + k; }\n";
static const char* kFloats =
    "kernel void blend(global const float* x, global float* y) {\n"
    "  size_t i = get_global_id(0);\n"
    "  y[i] = y[i] * 0.5f + x[i];\n"  /* the product is exact: the same whether fused or not */
    "}\n";

int main(int argc, char** argv) {
  const int launches = argc > 1 ? atoi(argv[1]) : 120;
  struct setup s = setup_first_device();
  static cl_uint a[N];
  static float x[N], y[N];
  for (int i = 0; i < N; ++i) {
    a[i] = (cl_uint)i;
    x[i] = (float)i / 1000.0f;
    y[i] = 1.0f;
  }
  cl_mem ma = copied_buffer(&s, sizeof a, a);
  cl_mem mx = copied_buffer(&s, sizeof x, x);
  cl_mem my = copied_buffer(&s, sizeof y, y);
  cl_kernel advance = build_kernel(&s, kIntegers, "", "advance", NULL);
  cl_kernel blend = build_kernel(&s, kFloats, "", "blend", NULL);
  CHECK(clSetKernelArg(advance, 0, sizeof ma, &ma));
  CHECK(clSetKernelArg(blend, 0, sizeof mx, &mx));
  CHECK(clSetKernelArg(blend, 1, sizeof my, &my));
  const size_t global = N;
  for (int n = 0; n < launches; ++n) {
    if (n % 2 == 0) {
      const cl_uint k = (cl_uint)n;
      CHECK(clSetKernelArg(advance, 1, sizeof k, &k));
      CHECK(clEnqueueNDRangeKernel(s.queue, advance, 1, NULL, &global, NULL, 0, NULL, NULL));
    } else {
      CHECK(clEnqueueNDRangeKernel(s.queue, blend, 1, NULL, &global, NULL, 0, NULL, NULL));
    }
  }
  CHECK(clFinish(s.queue));
  printf("%d launches\n", launches);
  clReleaseKernel(advance);
  clReleaseKernel(blend);
  clReleaseMemObject(ma);
  clReleaseMemObject(mx);
  clReleaseMemObject(my);
  teardown(&s);
  return 0;
}
