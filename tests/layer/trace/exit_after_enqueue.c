/* A program that returns from main right after letting its kernel go (checked by
 * kernel_buffers_at_exit.sh): the kernel waits on a user event, the host sets it and exits
 * without clFinish, so under CLVET_TRACE_KERNEL_BUFFERS the reads of the buffer before and
 * after the kernel are still pending when the process begins to exit. The buffer holds 1..8;
 * the kernel multiplies by 3. */
#include "../programs/common.h"

static const char* kSource = "kernel void scale(global int* data) { data[get_global_id(0)] *= 3; }\n";

int main(void) {
  cl_platform_id platform;
  cl_device_id device;
  cl_int err = CL_SUCCESS;
  CHECK(clGetPlatformIDs(1, &platform, NULL));
  CHECK(clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &device, NULL));
  cl_context context = clCreateContext(NULL, 1, &device, NULL, NULL, &err);
  CHECK(err);
  cl_command_queue queue = clCreateCommandQueueWithProperties(context, device, NULL, &err);
  CHECK(err);
  cl_program program = clCreateProgramWithSource(context, 1, &kSource, NULL, &err);
  CHECK(err);
  CHECK(clBuildProgram(program, 1, &device, "", NULL, NULL));
  cl_kernel kernel = clCreateKernel(program, "scale", &err);
  CHECK(err);
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
