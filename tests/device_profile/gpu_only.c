/* A program written for a big GPU: it asks for a GPU (as darktable does, it refuses CPU
 * devices) and squares 256 numbers in one work-group of 256, checked on the host. Under a GPU
 * device profile it runs on the reference device; under a profile of a smaller device the launch
 * fails as it would there. */
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <stdio.h>

int main(void) {
  cl_platform_id platform;
  cl_device_id device;
  cl_int err;
  if (clGetPlatformIDs(1, &platform, NULL) != CL_SUCCESS) return 2;
  if (clGetDeviceIDs(platform, CL_DEVICE_TYPE_GPU, 1, &device, NULL) != CL_SUCCESS) {
    printf("gpu_only: no GPU device\n");
    return 3;
  }
  cl_context context = clCreateContext(NULL, 1, &device, NULL, NULL, &err);
  cl_command_queue queue = clCreateCommandQueueWithProperties(context, device, NULL, &err);
  const char* source = "kernel void square(global int* out) {\n"
                       "  int i = get_global_id(0);\n"
                       "  out[i] = i * i;\n"
                       "}\n";
  cl_program program = clCreateProgramWithSource(context, 1, &source, NULL, &err);
  if (clBuildProgram(program, 1, &device, "", NULL, NULL) != CL_SUCCESS) return 4;
  cl_kernel kernel = clCreateKernel(program, "square", &err);
  cl_mem out = clCreateBuffer(context, CL_MEM_WRITE_ONLY, 256 * sizeof(int), NULL, &err);
  clSetKernelArg(kernel, 0, sizeof out, &out);
  size_t global = 256, local = 256;
  err = clEnqueueNDRangeKernel(queue, kernel, 1, NULL, &global, &local, 0, NULL, NULL);
  if (err != CL_SUCCESS) {
    printf("gpu_only: launch of 256 work-items per group failed: %d\n", err);
    return 5;
  }
  int values[256];
  clEnqueueReadBuffer(queue, out, CL_TRUE, 0, sizeof values, values, 0, NULL, NULL);
  int wrong = 0;
  for (int i = 0; i < 256; ++i) wrong += values[i] != i * i;
  printf("gpu_only: %d of 256 values wrong\n", wrong);
  clReleaseMemObject(out);
  clReleaseKernel(kernel);
  clReleaseProgram(program);
  clReleaseCommandQueue(queue);
  clReleaseContext(context);
  return wrong != 0;
}
