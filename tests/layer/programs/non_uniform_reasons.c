/* Why a launch must run uniform work-groups (OpenCL 3.0 API §5.10, clEnqueueNDRangeKernel: "the
 * work-group size must be uniform" when the device does not support non-uniform work-groups, or
 * the program was built from source without -cl-std=CL2.0 or CL3.0, or with
 * -cl-uniform-work-group-size): 10 work-items in groups of 4 for a program built as OpenCL C
 * 1.2, one built as 3.0 with -cl-uniform-work-group-size and one built as 3.0 alone. The finding
 * of each refused launch names the reason that applied; the codes go to stderr, and stdout gets
 * what the uniform launches compute. */
#include "common.h"

static const char* kSource =
    "kernel void marks(global int* out) { out[get_global_id(0)] = get_global_id(0) + 1; }\n";

static void launch(const struct setup* s, const char* options, const char* what) {
  cl_int err = CL_SUCCESS;
  cl_kernel kernel = build_kernel(s, kSource, options, "marks", NULL);
  cl_mem out = clCreateBuffer(s->context, CL_MEM_READ_WRITE, 10 * sizeof(cl_int), NULL, &err);
  CHECK(err);
  CHECK(clSetKernelArg(kernel, 0, sizeof out, &out));
  const size_t global = 10, partial = 4, divides = 5;
  report_code(what, clEnqueueNDRangeKernel(s->queue, kernel, 1, NULL, &global, &partial, 0, NULL, NULL));
  CHECK(clFinish(s->queue));
  CHECK(clEnqueueNDRangeKernel(s->queue, kernel, 1, NULL, &global, &divides, 0, NULL, NULL));
  cl_int marks[10];
  CHECK(clEnqueueReadBuffer(s->queue, out, CL_TRUE, 0, sizeof marks, marks, 0, NULL, NULL));
  for (int i = 0; i < 10; ++i) printf("%d%s", marks[i], i == 9 ? "\n" : " ");
  CHECK(clReleaseMemObject(out));
  CHECK(clReleaseKernel(kernel));
}

int main(void) {
  struct setup s = setup_first_device();
  launch(&s, "-cl-std=CL1.2", "OpenCL C 1.2");
  launch(&s, "-cl-std=CL3.0 -cl-uniform-work-group-size", "-cl-uniform-work-group-size");
  launch(&s, "-cl-std=CL3.0", "OpenCL C 3.0");
  teardown(&s);
  return 0;
}
