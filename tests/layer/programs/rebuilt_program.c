/* A program built, used, then built again with a macro that breaks its source: the layer
 * keeps a successful build's status with the program (so that the rules of every enqueue do
 * not ask the driver again), and must forget it at the new build, or the kernel asked of
 * the failed build would pass unseen (1.2 §5.7.1: CL_INVALID_PROGRAM_EXECUTABLE).
 * runs-without-clvet: yes */
#include <time.h>

#include "common.h"

static const char* kSource =
    "#ifdef BREAK\n"
    "this does not compile\n"
    "#endif\n"
    "kernel void twice(global int* data) { data[get_global_id(0)] *= 2; }\n";

/* clBuildProgram once the driver has let go of the program's released kernels. A kernel is
 * deleted once it is released and "no longer needed by any enqueued commands that use kernel"
 * (3.0 §5.9.1, clReleaseKernel), and until then clBuildProgram answers CL_INVALID_OPERATION
 * (§5.8.4): the spec names no call after which the host sees the deletion done. PoCL 3.1 lets
 * go of a finished command's kernel on its worker thread after marking the command complete,
 * so a blocking read or clFinish can return first (1 run in 200 under load). A program that
 * builds again waits for the driver; ten seconds is far beyond any driver's cleanup. */
static cl_int build_once_kernels_are_gone(cl_program program, cl_device_id device,
                                          const char* options) {
  const struct timespec millisecond = {0, 1000000};
  for (int waited = 0;; ++waited) {
    const cl_int code = clBuildProgram(program, 1, &device, options, NULL, NULL);
    if (code != CL_INVALID_OPERATION || waited == 10000) return code;
    nanosleep(&millisecond, NULL);
  }
}

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
  CHECK(clFinish(s.queue));
  CHECK(clReleaseKernel(kernel));

  report_code("the build that fails", build_once_kernels_are_gone(program, s.device, "-DBREAK"));
  cl_kernel after = clCreateKernel(program, "twice", &err); /* expect: CreateKernelNoExecutable */
  report_code("a kernel of the failed build", err);
  if (after) clReleaseKernel(after);

  CHECK(clReleaseMemObject(buffer));
  CHECK(clReleaseProgram(program));
  teardown(&s);
  return 0;
}
