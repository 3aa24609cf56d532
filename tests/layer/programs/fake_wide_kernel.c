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
#define CL_TARGET_OPENCL_VERSION 120
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS
#include <CL/cl.h>
#include <stdio.h>

enum { kArguments = 128 };

int main(void) {
  cl_platform_id platform = NULL;
  cl_device_id device = NULL;
  cl_int err = CL_SUCCESS;
  clGetPlatformIDs(1, &platform, NULL);
  clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &device, NULL);
  cl_context context = clCreateContext(NULL, 1, &device, NULL, NULL, &err);
  cl_command_queue queue = clCreateCommandQueue(context, device, 0, &err);
  /* __kernel void wide(__global int* a0, ..., __global int* a127) {} */
  static char source[8192];
  size_t at = (size_t)snprintf(source, sizeof source, "__kernel void wide(");
  for (int i = 0; i < kArguments; ++i)
    at += (size_t)snprintf(source + at, sizeof source - at, "%s__global int* a%d", i ? ", " : "", i);
  snprintf(source + at, sizeof source - at, ") {}\n");
  const char* text = source;
  cl_program program = clCreateProgramWithSource(context, 1, &text, NULL, &err);
  clBuildProgram(program, 1, &device, "", NULL, NULL);
  cl_kernel wide = clCreateKernel(program, "wide", &err);
  cl_mem kept = clCreateBuffer(context, CL_MEM_READ_WRITE, 64, NULL, &err);
  cl_mem gone = clCreateBuffer(context, CL_MEM_READ_WRITE, 64, NULL, &err);
  for (cl_uint i = 0; i < kArguments; ++i) clSetKernelArg(wide, i, sizeof kept, i == 100 ? &gone : &kept);
  clReleaseMemObject(gone);
  const size_t global = 8;
  printf("argument 100 released: %d\n", clEnqueueNDRangeKernel(queue, wide, 1, NULL, &global, NULL, 0, NULL, NULL)); /* expect: EnqueueNDRangeKernelArgsNotSet */
  clSetKernelArg(wide, 100, sizeof kept, &kept);
  printf("argument 100 set again: %d\n", clEnqueueNDRangeKernel(queue, wide, 1, NULL, &global, NULL, 0, NULL, NULL));
  clReleaseMemObject(kept);
  clReleaseKernel(wide);
  clReleaseProgram(program);
  clReleaseCommandQueue(queue);
  clReleaseContext(context);
  return 0;
}
