/* Fast-math built-ins, built with -cl-fast-relaxed-math: half_exp (≤ 8192 ulp, OpenCL SPIR-V
 * environment §6.6.1) and native_sin (implementation-defined). Prints the largest relative
 * error against the host's exp and sin, which must be small (the results are sane). */
#include <math.h>

#include "../../../layer/programs/common.h"

#define N 512

static const char* kSource =
    "kernel void fast(global const float* x, global float* e, global float* s) {\n"
    "  size_t i = get_global_id(0);\n"
    "  e[i] = half_exp(x[i]);\n"
    "  s[i] = native_sin(x[i]);\n"
    "}\n";

int main(void) {
  struct setup s = setup_first_device();
  static float x[N], e[N], sn[N];
  for (int i = 0; i < N; ++i) x[i] = -3.0f + 6.0f * (float)i / N;
  cl_kernel kernel = build_kernel(&s, kSource, "-cl-fast-relaxed-math", "fast", NULL);
  cl_mem mx = copied_buffer(&s, sizeof x, x), me = copied_buffer(&s, sizeof e, e);
  cl_mem ms = copied_buffer(&s, sizeof sn, sn);
  CHECK(clSetKernelArg(kernel, 0, sizeof mx, &mx));
  CHECK(clSetKernelArg(kernel, 1, sizeof me, &me));
  CHECK(clSetKernelArg(kernel, 2, sizeof ms, &ms));
  const size_t global = N;
  CHECK(clEnqueueNDRangeKernel(s.queue, kernel, 1, NULL, &global, NULL, 0, NULL, NULL));
  CHECK(clEnqueueReadBuffer(s.queue, me, CL_TRUE, 0, sizeof e, e, 0, NULL, NULL));
  CHECK(clEnqueueReadBuffer(s.queue, ms, CL_TRUE, 0, sizeof sn, sn, 0, NULL, NULL));
  double worst = 0;
  for (int i = 0; i < N; ++i) {
    double de = fabs(e[i] - exp(x[i])) / exp(x[i]);
    double ds = fabs(sn[i] - sin(x[i]));
    if (de > worst) worst = de;
    if (ds > worst) worst = ds;
  }
  printf(worst < 1e-3 ? "sane\n" : "worst error %g\n", worst);
  clReleaseMemObject(mx);
  clReleaseMemObject(me);
  clReleaseMemObject(ms);
  clReleaseKernel(kernel);
  clReleaseCommandQueue(s.queue);
  clReleaseContext(s.context);
  return 0;
}
