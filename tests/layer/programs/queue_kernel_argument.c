/* A queue_t kernel argument on PoCL 3.1, which has no device-side enqueue
 * (CL_DEVICE_DEVICE_ENQUEUE_CAPABILITIES 0) yet builds a kernel that takes a queue_t with
 * -cl-std=CL2.0. A queue_t argument takes a device queue (OpenCL 2.2 §5.9.2: "the arg_value
 * entry must be a pointer to the device queue object", else CL_INVALID_DEVICE_QUEUE), and none can
 * be made there (clCreateCommandQueueWithProperties with CL_QUEUE_ON_DEVICE ends the process:
 * "Device side queue is unimplemented"). PoCL takes a host queue as the argument, live or
 * released, and the next launch of the kernel aborts ("pocl_kernel_collect_mem_objs: Assertion
 * `buf->parent == NULL' failed"). Under clvet neither set reaches it: each gets
 * CL_INVALID_DEVICE_QUEUE (-70), whatever --enforce says; the launch that follows, its queue_t
 * argument never set, gets PoCL's own CL_INVALID_KERNEL_ARGS (-52, §5.8), and a kernel beside it
 * computes what the host expects.
 * runs-without-clvet: no
 * output: 30 31 32 33 34 35 36 37 */
#include "common.h"

static const char* kSource =
    "__kernel void with_queue(queue_t q, __global int* out) {\n"
    "  out[get_global_id(0)] = (int)get_global_id(0);\n"
    "}\n"
    "__kernel void fill(__global int* out, int n) {\n"
    "  out[get_global_id(0)] = n + (int)get_global_id(0);\n"
    "}\n";

enum { kItems = 8 };

int main(void) {
  struct setup s = setup_first_device();
  cl_int err = CL_SUCCESS;
  cl_program program;
  cl_kernel with_queue = build_kernel(&s, kSource, "-cl-std=CL2.0", "with_queue", &program);
  int values[kItems] = {0};
  cl_mem out = copied_buffer(&s, sizeof values, values);
  CHECK(clSetKernelArg(with_queue, 1, sizeof out, &out));

  report_code("a host queue as queue_t",
              clSetKernelArg(with_queue, 0, sizeof s.queue, &s.queue)); /* expect: SetKernelArgInvalidDeviceQueue */
  cl_command_queue gone = clCreateCommandQueueWithProperties(s.context, s.device, NULL, &err);
  CHECK(err);
  CHECK(clReleaseCommandQueue(gone));
  report_code("a released host queue as queue_t", clSetKernelArg(with_queue, 0, sizeof gone, &gone));
  const size_t global = kItems;
  report_code("launched with its queue_t never set",
              clEnqueueNDRangeKernel(s.queue, with_queue, 1, NULL, &global, NULL, 0, NULL, NULL));

  cl_kernel fill = clCreateKernel(program, "fill", &err);
  CHECK(err);
  const int n = 30;
  CHECK(clSetKernelArg(fill, 0, sizeof out, &out));
  CHECK(clSetKernelArg(fill, 1, sizeof n, &n));
  CHECK(clEnqueueNDRangeKernel(s.queue, fill, 1, NULL, &global, NULL, 0, NULL, NULL));
  CHECK(clEnqueueReadBuffer(s.queue, out, CL_TRUE, 0, sizeof values, values, 0, NULL, NULL));
  for (int i = 0; i < kItems; ++i) printf(i == 0 ? "%d" : " %d", values[i]);
  printf("\n");

  CHECK(clReleaseKernel(fill));
  CHECK(clReleaseKernel(with_queue));
  CHECK(clReleaseMemObject(out));
  CHECK(clReleaseProgram(program));
  teardown(&s);
  return 0;
}
