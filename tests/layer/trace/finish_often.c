/* A program that finishes its profiling queue after every command (as clpeak does): 200
 * writes, each followed by clFinish. Prints the last value it reads back. */
#include "../programs/common.h"

int main(void) {
  cl_platform_id platform;
  cl_device_id device;
  cl_int err = CL_SUCCESS;
  CHECK(clGetPlatformIDs(1, &platform, NULL));
  CHECK(clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &device, NULL));
  cl_context context = clCreateContext(NULL, 1, &device, NULL, NULL, &err);
  CHECK(err);
  const cl_queue_properties profiling[] = {CL_QUEUE_PROPERTIES, CL_QUEUE_PROFILING_ENABLE, 0};
  cl_command_queue queue = clCreateCommandQueueWithProperties(context, device, profiling, &err);
  CHECK(err);
  cl_mem buffer = clCreateBuffer(context, CL_MEM_READ_WRITE, sizeof(int), NULL, &err);
  CHECK(err);
  for (int i = 0; i < 200; ++i) {
    CHECK(clEnqueueWriteBuffer(queue, buffer, CL_FALSE, 0, sizeof i, &i, 0, NULL, NULL));
    CHECK(clFinish(queue));
  }
  int last = -1;
  CHECK(clEnqueueReadBuffer(queue, buffer, CL_TRUE, 0, sizeof last, &last, 0, NULL, NULL));
  printf("last value %d\n", last);
  CHECK(clReleaseMemObject(buffer));
  CHECK(clReleaseCommandQueue(queue));
  CHECK(clReleaseContext(context));
  return 0;
}
