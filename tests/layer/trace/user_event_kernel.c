/* A kernel that waits on a user event the host sets later, under CLVET_TRACE_KERNEL_BUFFERS
 * (checked by kernel_buffers_user_event.sh): the layer must not block clEnqueueNDRangeKernel
 * on the wait list. Between the enqueue and clSetUserEventStatus the host writes 11..18 into
 * the buffer (1..8 before) through a second queue; the kernel then multiplies by 3. So the
 * buffer before the kernel ran is 11..18 (read after the kernel's wait list, not at the
 * enqueue) and after it 33..54. Prints the buffer at the end. */
#include "../programs/common.h"

static const char* kSource = "kernel void scale(global int* data) { data[get_global_id(0)] *= 3; }\n";

int main(void) {
  struct setup s = setup_context();
  cl_context context = s.context;
  cl_int err = CL_SUCCESS;
  /* clCreateCommandQueue is 1.x and 2.x+ alike (deprecated, still there): no version guard. */
  cl_command_queue queue = clCreateCommandQueue(context, s.device, 0, &err);
  CHECK(err);
  cl_command_queue other = clCreateCommandQueue(context, s.device, 0, &err);
  CHECK(err);
  cl_program program;
  cl_kernel kernel = build_kernel(&s, kSource, "", "scale", &program);
  int host[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  cl_mem buffer = clCreateBuffer(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof host,
                                 host, &err);
  CHECK(err);
  CHECK(clSetKernelArg(kernel, 0, sizeof buffer, &buffer));
  cl_event gate = clCreateUserEvent(context, &err);
  CHECK(err);
  const size_t global = 8;
  cl_event ran;
  CHECK(clEnqueueNDRangeKernel(queue, kernel, 1, NULL, &global, NULL, 1, &gate, &ran));
  for (int i = 0; i < 8; ++i) host[i] = 11 + i;
  CHECK(clEnqueueWriteBuffer(other, buffer, CL_TRUE, 0, sizeof host, host, 0, NULL, NULL));
  CHECK(clSetUserEventStatus(gate, CL_COMPLETE));
  CHECK(clWaitForEvents(1, &ran));
  CHECK(clEnqueueReadBuffer(queue, buffer, CL_TRUE, 0, sizeof host, host, 0, NULL, NULL));
  CHECK(clFinish(queue));
  for (int i = 0; i < 8; ++i) printf("%d ", host[i]);
  printf("\n");
  CHECK(clReleaseEvent(ran));
  CHECK(clReleaseEvent(gate));
  CHECK(clReleaseMemObject(buffer));
  CHECK(clReleaseKernel(kernel));
  CHECK(clReleaseProgram(program));
  CHECK(clReleaseCommandQueue(other));
  CHECK(clReleaseCommandQueue(queue));
  CHECK(clReleaseContext(context));
  return 0;
}
