/* A program that returns from main right after letting its kernel go (checked by
 * kernel_buffers_at_exit.sh): the kernel waits on a user event, the host sets it and exits
 * without clFinish, so under CLVET_TRACE_KERNEL_BUFFERS the reads of the buffer before and
 * after the kernel are still pending when the process begins to exit. The buffer holds 1..8;
 * the kernel multiplies by 3. */
#include "../programs/common.h"

static const char* kSource = "kernel void scale(global int* data) { data[get_global_id(0)] *= 3; }\n";

int main(void) {
  struct setup s = setup_first_device();
  cl_context context = s.context;
  cl_command_queue queue = s.queue;
  cl_int err = CL_SUCCESS;
  cl_kernel kernel = build_kernel(&s, kSource, "", "scale", NULL);
  int host[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  cl_mem buffer = clCreateBuffer(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof host,
                                 host, &err);
  CHECK(err);
  CHECK(clSetKernelArg(kernel, 0, sizeof buffer, &buffer));
  cl_event gate = clCreateUserEvent(context, &err);
  CHECK(err);
  const size_t global = 8;
  CHECK(clEnqueueNDRangeKernel(queue, kernel, 1, NULL, &global, NULL, 1, &gate, NULL));
  CHECK(clFlush(queue));
  CHECK(clSetUserEventStatus(gate, CL_COMPLETE));
  printf("let go\n");
  return 0;  /* no clFinish: the commands may still run while the process exits */
}
