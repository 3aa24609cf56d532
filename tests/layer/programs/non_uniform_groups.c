/* Non-uniform work-groups (OpenCL 3.0 API §5.10): 10 work-items in groups of 4 leave a last group
 * of 2, which only a device with CL_DEVICE_NON_UNIFORM_WORK_GROUP_SUPPORT runs, and only for a
 * program built with -cl-std=CL2.0 or CL3.0 and without -cl-uniform-work-group-size. The layer
 * judges each launch by what the device and the program say: on PoCL (no support) the launch
 * is a misuse, on the reference device it is not, and the uniform launch is fine on both. The
 * program prints the support and the codes, which differ between platforms, on stderr, and what
 * it computes with the groups of 5 on stdout. */
#include "common.h"

static const char* kSource =
    "kernel void marks(global int* out) { out[get_global_id(0)] = get_global_id(0) + 1; }\n";

int main(void) {
  struct setup s = setup_first_device();
  cl_int err = CL_SUCCESS;
  cl_bool supported = CL_FALSE;
  CHECK(clGetDeviceInfo(s.device, CL_DEVICE_NON_UNIFORM_WORK_GROUP_SUPPORT, sizeof supported,
                        &supported, NULL));
  report_code("non-uniform work-group support", supported);
  cl_kernel kernel = build_kernel(&s, kSource, "-cl-std=CL3.0", "marks", NULL);
  cl_mem out = clCreateBuffer(s.context, CL_MEM_READ_WRITE, 10 * sizeof(cl_int), NULL, &err);
  CHECK(err);
  CHECK(clSetKernelArg(kernel, 0, sizeof out, &out));
  const size_t global = 10, partial = 4, divides = 5;
  report_code("groups of 4 over 10 work-items",
              clEnqueueNDRangeKernel(s.queue, kernel, 1, NULL, &global, &partial, 0, NULL, NULL)); /* expect where unsupported: EnqueueNDRangeKernelUniformRequired */
  CHECK(clFinish(s.queue));
  CHECK(clEnqueueNDRangeKernel(s.queue, kernel, 1, NULL, &global, &divides, 0, NULL, NULL));
  cl_int marks[10];
  CHECK(clEnqueueReadBuffer(s.queue, out, CL_TRUE, 0, sizeof marks, marks, 0, NULL, NULL));
  for (int i = 0; i < 10; ++i) printf("%d%s", marks[i], i == 9 ? "\n" : " ");
  CHECK(clReleaseMemObject(out));
  CHECK(clReleaseKernel(kernel));
  teardown(&s);
  return 0;
}
