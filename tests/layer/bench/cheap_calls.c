/* Benchmark, not a test: a million cheap calls (a query, a retain, a release of one buffer),
 * timed, so the layer's overhead per call can be compared with a run without it
 * (cheap_calls.sh prints the ratio). Prints nanoseconds per call. */
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

int main(int argc, char** argv) {
  const long rounds = argc > 1 ? atol(argv[1]) : 1000000 / 3;
  cl_platform_id platform;
  cl_device_id device;
  cl_int err = CL_SUCCESS;
  if (clGetPlatformIDs(1, &platform, NULL) != CL_SUCCESS ||
      clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &device, NULL) != CL_SUCCESS)
    return 2;
  cl_context context = clCreateContext(NULL, 1, &device, NULL, NULL, &err);
  cl_mem buffer = clCreateBuffer(context, CL_MEM_READ_WRITE, 64, NULL, &err);
  if (err != CL_SUCCESS) return 2;
  struct timespec start, end;
  clock_gettime(CLOCK_MONOTONIC, &start);
  size_t size = 0;
  for (long i = 0; i < rounds; ++i) {
    clGetMemObjectInfo(buffer, CL_MEM_SIZE, sizeof size, &size, NULL);
    clRetainMemObject(buffer);
    clReleaseMemObject(buffer);
  }
  clock_gettime(CLOCK_MONOTONIC, &end);
  const double ns = (double)(end.tv_sec - start.tv_sec) * 1e9 + (double)(end.tv_nsec - start.tv_nsec);
  printf("%.1f\n", ns / (3.0 * (double)rounds));
  clReleaseMemObject(buffer);
  clReleaseContext(context);
  return 0;
}
