/* The application diff_speed records under clvet run --trace-kernel-buffers=1: LAUNCHES kernel
 * launches (default 120) of two programs (an integer and a float kernel, alternating), each on
 * 4096 elements. */
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>

#define N 4096
#define CHECK(call)                                                                   \
  do {                                                                                \
    cl_int check_err_ = (call);                                                       \
    if (check_err_ != CL_SUCCESS) {                                                   \
      fprintf(stderr, "%s:%d: %s failed: %d\n", __FILE__, __LINE__, #call, check_err_); \
      exit(2);                                                                        \
    }                                                                                 \
  } while (0)

static const char* kIntegers =
    "kernel void advance(global uint* a, uint k) { size_t i = get_global_id(0); a[i] = a[i] * 3u + k; }\n";
static const char* kFloats =
    "kernel void blend(global const float* x, global float* y) {\n"
    "  size_t i = get_global_id(0);\n"
    "  y[i] = y[i] * 0.5f + x[i];\n"  /* the product is exact: the same whether fused or not */
    "}\n";

static cl_kernel kernel_of(cl_context context, cl_device_id device, const char* source, const char* name) {
  cl_int err = CL_SUCCESS;
  cl_program program = clCreateProgramWithSource(context, 1, &source, NULL, &err);
  CHECK(err);
  CHECK(clBuildProgram(program, 1, &device, "", NULL, NULL));
  cl_kernel kernel = clCreateKernel(program, name, &err);
  CHECK(err);
  CHECK(clReleaseProgram(program));
  return kernel;
}

int main(int argc, char** argv) {
  const int launches = argc > 1 ? atoi(argv[1]) : 120;
  cl_platform_id platform;
  cl_device_id device;
  cl_int err = CL_SUCCESS;
  CHECK(clGetPlatformIDs(1, &platform, NULL));
  CHECK(clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &device, NULL));
  cl_context context = clCreateContext(NULL, 1, &device, NULL, NULL, &err);
  CHECK(err);
  cl_command_queue queue = clCreateCommandQueueWithProperties(context, device, NULL, &err);
  CHECK(err);
  static cl_uint a[N];
  static float x[N], y[N];
  for (int i = 0; i < N; ++i) {
    a[i] = (cl_uint)i;
    x[i] = (float)i / 1000.0f;
    y[i] = 1.0f;
  }
  cl_mem ma = clCreateBuffer(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof a, a, &err);
  CHECK(err);
  cl_mem mx = clCreateBuffer(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof x, x, &err);
  CHECK(err);
  cl_mem my = clCreateBuffer(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof y, y, &err);
  CHECK(err);
  cl_kernel advance = kernel_of(context, device, kIntegers, "advance");
  cl_kernel blend = kernel_of(context, device, kFloats, "blend");
  CHECK(clSetKernelArg(advance, 0, sizeof ma, &ma));
  CHECK(clSetKernelArg(blend, 0, sizeof mx, &mx));
  CHECK(clSetKernelArg(blend, 1, sizeof my, &my));
  const size_t global = N;
  for (int n = 0; n < launches; ++n) {
    if (n % 2 == 0) {
      const cl_uint k = (cl_uint)n;
      CHECK(clSetKernelArg(advance, 1, sizeof k, &k));
      CHECK(clEnqueueNDRangeKernel(queue, advance, 1, NULL, &global, NULL, 0, NULL, NULL));
    } else {
      CHECK(clEnqueueNDRangeKernel(queue, blend, 1, NULL, &global, NULL, 0, NULL, NULL));
    }
  }
  CHECK(clFinish(queue));
  printf("%d launches\n", launches);
  clReleaseKernel(advance);
  clReleaseKernel(blend);
  clReleaseMemObject(ma);
  clReleaseMemObject(mx);
  clReleaseMemObject(my);
  clReleaseCommandQueue(queue);
  clReleaseContext(context);
  return 0;
}
