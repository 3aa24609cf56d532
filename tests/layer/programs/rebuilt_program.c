/* A program built, used, then built again with a macro that breaks its source: the layer
 * keeps a successful build's status with the program (so that the rules of every enqueue do
 * not ask the driver again), and must forget it at the new build, or the kernel asked of
 * the failed build would pass unseen (1.2 §5.7.1: CL_INVALID_PROGRAM_EXECUTABLE).
 * runs-without-clvet: yes */
#include "common.h"

static const char* kSource =
    "#ifdef BREAK\n"
    "this does not compile\n"
    "#endif\n"
    "kernel void twice(global int* data) { data[get_global_id(0)] *= 2; }\n";

int main(void) {
  struct setup s = setup_first_device();
  cl_int err = CL_SUCCESS;
  cl_program program;
  cl_kernel kernel = build_kernel(&s, kSource, "", "twice", &program);
  int data[64];
  for (int i = 0; i < 64; ++i) data[i] = i;
  cl_mem buffer = clCreateBuffer(s.context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
                                 sizeof data, data, &err);
  CHECK(err);
  const size_t global = 64;
  CHECK(clSetKernelArg(kernel, 0, sizeof buffer, &buffer));
  CHECK(clEnqueueNDRangeKernel(s.queue, kernel, 1, NULL, &global, NULL, 0, NULL, NULL));
  CHECK(clEnqueueReadBuffer(s.queue, buffer, CL_TRUE, 0, sizeof data, data, 0, NULL, NULL));
  long sum = 0;
  for (int i = 0; i < 64; ++i) sum += data[i];
  printf("sum after the kernel: %ld\n", sum);
  CHECK(clReleaseKernel(kernel));

  report_code("the build that fails", clBuildProgram(program, 1, &s.device, "-DBREAK", NULL, NULL));
  cl_kernel after = clCreateKernel(program, "twice", &err); /* expect: CreateKernelNoExecutable */
  report_code("a kernel of the failed build", err);
  if (after) clReleaseKernel(after);

  CHECK(clReleaseMemObject(buffer));
  CHECK(clReleaseProgram(program));
  teardown(&s);
  return 0;
}
