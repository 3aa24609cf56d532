/* A correct program whose trace is checked by trace_contents.sh: a kernel built with options
 * on a profiling queue (device times), run twice on a buffer of eight ints (kernel buffers
 * before and after: 1..8, then times 3, then times 3 again), a region mapped for writing and
 * unmapped (the bytes the host wrote), and a clFinish. Prints the buffer at the end. */
#include "../programs/common.h"

static const char* kSource =
    "kernel void scale(global int* data) { data[get_global_id(0)] *= FACTOR; }\n";

int main(void) {
  struct setup s = setup_context();
  cl_context context = s.context;
  cl_int err = CL_SUCCESS;
  const cl_queue_properties properties[] = {CL_QUEUE_PROPERTIES, CL_QUEUE_PROFILING_ENABLE, 0};
  cl_command_queue queue = clCreateCommandQueueWithProperties(context, s.device, properties, &err);
  CHECK(err);
  cl_program program;
  cl_kernel kernel = build_kernel(&s, kSource, "-DFACTOR=3", "scale", &program);
  int host[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  cl_mem buffer = clCreateBuffer(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof host,
                                 host, &err);
  CHECK(err);
  CHECK(clSetKernelArg(kernel, 0, sizeof buffer, &buffer));
  const size_t global = 8;
  CHECK(clEnqueueNDRangeKernel(queue, kernel, 1, NULL, &global, NULL, 0, NULL, NULL));
  cl_event second;
  CHECK(clEnqueueNDRangeKernel(queue, kernel, 1, NULL, &global, NULL, 0, NULL, &second));
  CHECK(clWaitForEvents(1, &second));
  CHECK(clReleaseEvent(second));

  cl_mem other = clCreateBuffer(context, CL_MEM_READ_WRITE, 16, NULL, &err);
  CHECK(err);
  unsigned char* mapped = clEnqueueMapBuffer(queue, other, CL_TRUE, CL_MAP_WRITE, 0, 16, 0, NULL,
                                             NULL, &err);
  CHECK(err);
  for (int i = 0; i < 16; ++i) mapped[i] = (unsigned char)(0xa0 + i);
  CHECK(clEnqueueUnmapMemObject(queue, other, mapped, 0, NULL, NULL));
  CHECK(clFinish(queue));

  CHECK(clEnqueueReadBuffer(queue, buffer, CL_TRUE, 0, sizeof host, host, 0, NULL, NULL));
  for (int i = 0; i < 8; ++i) printf("%d ", host[i]);
  printf("\n");
  CHECK(clReleaseMemObject(other));
  CHECK(clReleaseMemObject(buffer));
  CHECK(clReleaseKernel(kernel));
  CHECK(clReleaseProgram(program));
  CHECK(clReleaseCommandQueue(queue));
  CHECK(clReleaseContext(context));
  return 0;
}
