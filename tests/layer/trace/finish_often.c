/* A program that finishes its profiling queue after every command (as clpeak does): 600
 * writes, each followed by clFinish (more than two of the layer's batches of device times).
 * Prints the last value it reads back. */
#include "../programs/common.h"

int main(void) {
  struct setup s = setup_context();
  cl_context context = s.context;
  cl_int err = CL_SUCCESS;
  const cl_queue_properties profiling[] = {CL_QUEUE_PROPERTIES, CL_QUEUE_PROFILING_ENABLE, 0};
  cl_command_queue queue = clCreateCommandQueueWithProperties(context, s.device, profiling, &err);
  CHECK(err);
  cl_mem buffer = clCreateBuffer(context, CL_MEM_READ_WRITE, sizeof(int), NULL, &err);
  CHECK(err);
  for (int i = 0; i < 600; ++i) {
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
