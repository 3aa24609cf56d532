/* On tests/layer/fake_icd, which offers cl_khr_suggested_local_work_size (neither PoCL nor the
 * reference device does): clGetKernelSuggestedLocalWorkSizeKHR is for "the kernel object and
 * kernel arguments", which the fake reads as its launch does (ending the process on a buffer it
 * no longer holds). A query for a kernel whose buffer argument the application released (its
 * last reference) since it set it gets CL_INVALID_KERNEL_ARGS (-52) from the layer, never the
 * driver's; with live arguments the query reaches the fake and its suggestions come back (the
 * largest of 16, 8, 4, 2, 1 that divides each global size: 24 -> 8, 40 x 7 -> 8 x 1, 64 -> 16).
 * Before 2026-11-28 the layer forwarded the query unjudged and the fake aborted.
 * runs-without-clvet: no
 * output: clGetKernelSuggestedLocalWorkSizeKHR: found
 * output: live arguments, 24: 0, 8
 * output: live arguments, 40 x 7: 0, 8 x 1
 * output: a released buffer: -52
 * output: set again, 64: 0, 16 */
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS /* the fake has clCreateCommandQueue alone */
#include <CL/cl_ext.h>

#include "common.h"

int main(void) {
  struct setup s = setup_context();
  cl_int err = CL_SUCCESS;
  void* address =
      clGetExtensionFunctionAddressForPlatform(s.platform, "clGetKernelSuggestedLocalWorkSizeKHR");
  clGetKernelSuggestedLocalWorkSizeKHR_fn suggest = NULL;
  memcpy(&suggest, &address, sizeof suggest); /* ISO C has no cast between the two */
  printf("clGetKernelSuggestedLocalWorkSizeKHR: %s\n", suggest ? "found" : "missing");
  if (suggest == NULL) return 1;
  s.queue = clCreateCommandQueue(s.context, s.device, 0, &err);
  CHECK(err);
  const char* source = "__kernel void any(__global int* out, int n) {}";
  cl_program program = clCreateProgramWithSource(s.context, 1, &source, NULL, &err);
  CHECK(err);
  CHECK(clBuildProgram(program, 1, &s.device, "", NULL, NULL));
  cl_kernel kernel = clCreateKernel(program, "any", &err);
  CHECK(err);
  cl_mem kept = clCreateBuffer(s.context, CL_MEM_READ_WRITE, 64, NULL, &err);
  CHECK(err);
  int n = 3;
  CHECK(clSetKernelArg(kernel, 0, sizeof kept, &kept));
  CHECK(clSetKernelArg(kernel, 1, sizeof n, &n));

  size_t global[2] = {24, 7}, local[2] = {0, 0};
  err = suggest(s.queue, kernel, 1, NULL, global, local);
  printf("live arguments, 24: %d, %zu\n", err, local[0]);
  global[0] = 40;
  err = suggest(s.queue, kernel, 2, NULL, global, local);
  printf("live arguments, 40 x 7: %d, %zu x %zu\n", err, local[0], local[1]);

  cl_mem gone = clCreateBuffer(s.context, CL_MEM_READ_WRITE, 64, NULL, &err);
  CHECK(err);
  CHECK(clSetKernelArg(kernel, 0, sizeof gone, &gone));
  CHECK(clReleaseMemObject(gone));
  printf("a released buffer: %d\n", suggest(s.queue, kernel, 1, NULL, global, local)); /* expect: GetKernelSuggestedLocalWorkSizeKHRArgsNotSet */

  CHECK(clSetKernelArg(kernel, 0, sizeof kept, &kept));
  global[0] = 64;
  err = suggest(s.queue, kernel, 1, NULL, global, local);
  printf("set again, 64: %d, %zu\n", err, local[0]);
  CHECK(clReleaseMemObject(kept));
  CHECK(clReleaseKernel(kernel));
  CHECK(clReleaseProgram(program));
  teardown(&s);
  return 0;
}
