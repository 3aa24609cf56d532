/* Handles gone wrong inside values (§5.7.2 clSetKernelArg: a released buffer, a context,
 * garbage, a released sampler as arg_value) and a NULL list of binaries (§5.6.1): the driver
 * would dereference each (PoCL crashes on them), so under clvet none is forwarded, each gets
 * the spec's code, and the correct calls around them still compute.
 * runs-without-clvet: no
 * output: 10 11 12 13 14 15 16 17 */
#include "common.h"

static const char* kSource =
    "__kernel void offset(__global int* out, int n, __local int* scratch, sampler_t s) {\n"
    "  scratch[get_local_id(0)] = n + (int)get_global_id(0);\n"
    "  barrier(CLK_LOCAL_MEM_FENCE);\n"
    "  out[get_global_id(0)] = scratch[get_local_id(0)];\n"
    "}\n";

int main(void) {
  struct setup s = setup_first_device();
  cl_int err = CL_SUCCESS;
  cl_kernel kernel = build_kernel(&s, kSource, "", "offset", NULL);
  int values[8] = {0};
  cl_mem out = copied_buffer(&s, sizeof values, values);
  cl_mem gone = copied_buffer(&s, sizeof values, values);
  CHECK(clReleaseMemObject(gone));
  cl_sampler sampler = clCreateSampler(s.context, CL_FALSE, CL_ADDRESS_NONE, CL_FILTER_NEAREST, &err);
  CHECK(err);
  cl_sampler old_sampler = clCreateSampler(s.context, CL_FALSE, CL_ADDRESS_NONE, CL_FILTER_NEAREST, &err);
  CHECK(err);
  CHECK(clReleaseSampler(old_sampler));

  report_code("a released buffer", clSetKernelArg(kernel, 0, sizeof gone, &gone)); /* expect: SetKernelArgInvalidMemObject */
  report_code("the context as a buffer", clSetKernelArg(kernel, 0, sizeof s.context, &s.context));
  cl_mem garbage = (cl_mem)(size_t)0x7e57a11;
  report_code("garbage as a buffer", clSetKernelArg(kernel, 0, sizeof garbage, &garbage));
  report_code("a released sampler", clSetKernelArg(kernel, 3, sizeof old_sampler, &old_sampler)); /* expect: SetKernelArgInvalidSampler */
  report_code("NULL for an int", clSetKernelArg(kernel, 1, sizeof(int), NULL)); /* expect: SetKernelArgBadValue */
  size_t length = 16;
  cl_int status = 0;
  cl_program none = clCreateProgramWithBinary(s.context, 1, &s.device, &length, NULL, &status, &err); /* expect: CreateProgramWithBinaryBadBinaries */
  report_code("no binaries", none == NULL ? err : CL_SUCCESS);

  /* A buffer argument may be NULL (§5.7.2) before it is set for real. */
  cl_mem no_buffer = NULL;
  CHECK(clSetKernelArg(kernel, 0, sizeof no_buffer, &no_buffer));
  CHECK(clSetKernelArg(kernel, 0, sizeof out, &out));
  int n = 10;
  CHECK(clSetKernelArg(kernel, 1, sizeof n, &n));
  CHECK(clSetKernelArg(kernel, 2, 4 * sizeof(int), NULL));
  CHECK(clSetKernelArg(kernel, 3, sizeof sampler, &sampler));
  size_t global = 8, local = 4;
  CHECK(clEnqueueNDRangeKernel(s.queue, kernel, 1, NULL, &global, &local, 0, NULL, NULL));
  CHECK(clEnqueueReadBuffer(s.queue, out, CL_TRUE, 0, sizeof values, values, 0, NULL, NULL));
  for (int i = 0; i < 8; ++i) printf("%d%s", values[i], i == 7 ? "\n" : " ");

  CHECK(clReleaseSampler(sampler));
  CHECK(clReleaseMemObject(out));
  CHECK(clReleaseKernel(kernel));
  teardown(&s);
  return 0;
}
