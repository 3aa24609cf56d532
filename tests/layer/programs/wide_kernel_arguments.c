/* A kernel of 101 arguments on PoCL 3.1 (CL_DEVICE_MAX_PARAMETER_SIZE 1,024 bytes: 808 taken),
 * whose argument 100 names a buffer the application then releases (its last reference): the
 * launch gets CL_INVALID_KERNEL_ARGS (-52, §5.8; §5.7.2, §5.4.1) from the layer, whatever
 * --enforce says, as it does for an argument among the first 64 (released_kernel_arguments.c).
 * Set again to a live buffer, the kernel computes what the host expects, and the rest is clean.
 * runs-without-clvet: no
 * output: argument 0: 0 1 2 3 4 5 6 7
 * output: argument 100: 100 101 102 103 104 105 106 107 */
#include "common.h"

enum { kArguments = 101, kItems = 8 };

int main(void) {
  struct setup s = setup_first_device();
  /* a0 and a100 written. */
  const char* source = wide_kernel_source(
      kArguments, "  const int i = (int)get_global_id(0);\n  a0[i] = i;\n  a100[i] = 100 + i;\n");
  cl_program program;
  cl_kernel wide = build_kernel(&s, source, "", "wide", &program);
  int zeros[kItems] = {0};
  cl_mem first = copied_buffer(&s, sizeof zeros, zeros);
  cl_mem unused = copied_buffer(&s, sizeof zeros, zeros);
  cl_mem gone = copied_buffer(&s, sizeof zeros, zeros);
  CHECK(clSetKernelArg(wide, 0, sizeof first, &first));
  for (cl_uint i = 1; i < kArguments - 1; ++i) CHECK(clSetKernelArg(wide, i, sizeof unused, &unused));
  CHECK(clSetKernelArg(wide, kArguments - 1, sizeof gone, &gone));
  CHECK(clReleaseMemObject(gone));
  const size_t global = kItems;
  report_code("argument 100 released",
              clEnqueueNDRangeKernel(s.queue, wide, 1, NULL, &global, NULL, 0, NULL, NULL)); /* expect: EnqueueNDRangeKernelArgsNotSet */

  cl_mem last = copied_buffer(&s, sizeof zeros, zeros);
  CHECK(clSetKernelArg(wide, kArguments - 1, sizeof last, &last));
  CHECK(clEnqueueNDRangeKernel(s.queue, wide, 1, NULL, &global, NULL, 0, NULL, NULL));
  print_buffer(&s, "argument 0", first);
  print_buffer(&s, "argument 100", last);

  CHECK(clReleaseMemObject(last));
  CHECK(clReleaseMemObject(unused));
  CHECK(clReleaseMemObject(first));
  CHECK(clReleaseKernel(wide));
  CHECK(clReleaseProgram(program));
  teardown(&s);
  return 0;
}
