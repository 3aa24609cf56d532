/* On tests/layer/fake_icd, whose kernel "wide" has 128 buffer arguments and does not say how
 * many (CL_KERNEL_NUM_ARGS answered with CL_INVALID_VALUE), and whose clEnqueueNDRangeKernel
 * reads each buffer argument as a driver does (ending the process on one it no longer holds):
 * argument 100 set to a buffer the application then releases (its last reference) makes the
 * launch CL_INVALID_KERNEL_ARGS (-52, §5.8; §5.7.2, §5.4.1) from the layer, never the driver's,
 * as an argument among the first 64 does; set again to a live buffer, the launch goes through.
 * Before 2026-11-28 a kernel of unknown count had slots for 64 arguments alone: the launch
 * reached the fake.
 * runs-without-clvet: no
 * output: argument 100 released: -52
 * output: argument 100 set again: 0 */
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS /* the fake has clCreateCommandQueue alone */
#include "common.h"

enum { kArguments = 128 };

int main(void) {
  struct setup s = setup_context();
  cl_int err = CL_SUCCESS;
  s.queue = clCreateCommandQueue(s.context, s.device, 0, &err);
  CHECK(err);
  const char* source = wide_kernel_source(kArguments, "");
  cl_program program = clCreateProgramWithSource(s.context, 1, &source, NULL, &err);
  CHECK(err);
  CHECK(clBuildProgram(program, 1, &s.device, "", NULL, NULL));
  cl_kernel wide = clCreateKernel(program, "wide", &err);
  CHECK(err);
  cl_mem kept = clCreateBuffer(s.context, CL_MEM_READ_WRITE, 64, NULL, &err);
  CHECK(err);
  cl_mem gone = clCreateBuffer(s.context, CL_MEM_READ_WRITE, 64, NULL, &err);
  CHECK(err);
  for (cl_uint i = 0; i < kArguments; ++i)
    CHECK(clSetKernelArg(wide, i, sizeof kept, i == 100 ? &gone : &kept));
  CHECK(clReleaseMemObject(gone));
  const size_t global = 8;
  printf("argument 100 released: %d\n", clEnqueueNDRangeKernel(s.queue, wide, 1, NULL, &global, NULL, 0, NULL, NULL)); /* expect: EnqueueNDRangeKernelArgsNotSet */
  CHECK(clSetKernelArg(wide, 100, sizeof kept, &kept));
  printf("argument 100 set again: %d\n", clEnqueueNDRangeKernel(s.queue, wide, 1, NULL, &global, NULL, 0, NULL, NULL));
  CHECK(clReleaseMemObject(kept));
  CHECK(clReleaseKernel(wide));
  CHECK(clReleaseProgram(program));
  teardown(&s);
  return 0;
}
