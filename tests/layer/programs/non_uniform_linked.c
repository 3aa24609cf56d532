/* Launches of kernels of programs made by clLinkProgram (OpenCL 3.0 API §5.10,
 * clEnqueueNDRangeKernel: "If the program was created using clLinkProgram and any of the linked
 * programs were compiled in a way that only supports uniform work-group sizes, the linked
 * program only supports uniform work group sizes"): 10 work-items in groups of 4, for a program
 * linked from an object compiled as OpenCL C 1.2, one from an object compiled with
 * -cl-uniform-work-group-size, one from a library linked from a 1.2 object with a 3.0 object,
 * and one from 3.0 objects alone. The inputs are released before the launches. The codes go to
 * stderr; stdout gets what the launches that run compute. */
#include "common.h"

static const char* kMarks =
    "int mark(size_t i);\n"
    "kernel void marks(global int* out) { out[get_global_id(0)] = mark(get_global_id(0)); }\n";
static const char* kMark = "int mark(size_t i) { return (int)i + 1; }\n";

static cl_program compiled(const struct setup* s, const char* source, const char* options) {
  cl_int err = CL_SUCCESS;
  cl_program p = clCreateProgramWithSource(s->context, 1, &source, NULL, &err);
  CHECK(err);
  CHECK(clCompileProgram(p, 1, &s->device, options, 0, NULL, NULL, NULL, NULL));
  return p;
}

static cl_program linked(const struct setup* s, cl_program first, cl_program second, const char* options) {
  cl_int err = CL_SUCCESS;
  cl_program inputs[2] = {first, second};
  cl_program p = clLinkProgram(s->context, 1, &s->device, options, 2, inputs, NULL, NULL, &err);
  CHECK(err);
  CHECK(clReleaseProgram(first));
  CHECK(clReleaseProgram(second));
  return p;
}

static void launch(const struct setup* s, cl_program program, const char* what) {
  cl_int err = CL_SUCCESS;
  cl_kernel kernel = clCreateKernel(program, "marks", &err);
  CHECK(err);
  cl_mem out = clCreateBuffer(s->context, CL_MEM_READ_WRITE, 10 * sizeof(cl_int), NULL, &err);
  CHECK(err);
  const cl_int zero = 0;
  CHECK(clEnqueueFillBuffer(s->queue, out, &zero, sizeof zero, 0, 10 * sizeof(cl_int), 0, NULL, NULL));
  CHECK(clSetKernelArg(kernel, 0, sizeof out, &out));
  const size_t global = 10, partial = 4;
  const cl_int code = clEnqueueNDRangeKernel(s->queue, kernel, 1, NULL, &global, &partial, 0, NULL, NULL);
  report_code(what, code);
  cl_int marks[10];
  CHECK(clEnqueueReadBuffer(s->queue, out, CL_TRUE, 0, sizeof marks, marks, 0, NULL, NULL));
  if (code == CL_SUCCESS)
    for (int i = 0; i < 10; ++i) printf("%d%s", marks[i], i == 9 ? "\n" : " ");
  CHECK(clReleaseMemObject(out));
  CHECK(clReleaseKernel(kernel));
  CHECK(clReleaseProgram(program));
}

int main(void) {
  struct setup s = setup_first_device();
  launch(&s, linked(&s, compiled(&s, kMarks, "-cl-std=CL3.0"), compiled(&s, kMark, "-cl-std=CL1.2"), ""),
         "linked from OpenCL C 1.2");
  launch(&s,
         linked(&s, compiled(&s, kMarks, "-cl-std=CL3.0"),
                compiled(&s, kMark, "-cl-std=CL3.0 -cl-uniform-work-group-size"), ""),
         "linked from -cl-uniform-work-group-size");
  cl_program library =
      linked(&s, compiled(&s, kMark, "-cl-std=CL1.2"), compiled(&s, "int unused(void) { return 0; }\n", "-cl-std=CL3.0"),
             "-create-library");
  launch(&s, linked(&s, compiled(&s, kMarks, "-cl-std=CL3.0"), library, ""), "linked from a library of OpenCL C 1.2");
  launch(&s, linked(&s, compiled(&s, kMarks, "-cl-std=CL3.0"), compiled(&s, kMark, "-cl-std=CL3.0"), ""),
         "linked from OpenCL C 3.0");
  teardown(&s);
  return 0;
}
