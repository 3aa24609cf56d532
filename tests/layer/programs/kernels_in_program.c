/* Kernels from clCreateKernelsInProgram, each released once for the implicit retain of its
 * creation (1.2 §5.7.1: "clCreateKernel or clCreateKernelsInProgram do an implicit retain")
 * and once for each clRetainKernel: nothing leaks, whichever way the array is asked for. The
 * count is asked first with a NULL array (pyopencl's Program.all_kernels does the same); then
 * the kernels into an array of exactly that size, and into one larger than the count with
 * num_kernels_ret NULL, whose other entries hold a value that is no kernel (PoCL 3.1 writes
 * NULL over them, clvet's reference device leaves them: over it, a layer that took num_kernels
 * for the count would report them leaked). The driver's own reference counts
 * (CL_KERNEL_REFERENCE_COUNT, printed before any launch) show each kernel's last reference
 * before its last release. Then each kernel runs once on a buffer.
 * runs-without-clvet: yes */
#include <stdint.h>

#include "common.h"

static const char* kSource =
    "kernel void twice(global int* data) { data[get_global_id(0)] *= 2; }\n"
    "kernel void plus_one(global int* data) { data[get_global_id(0)] += 1; }\n";

enum { kRoom = 4 };

static cl_uint reference_count(cl_kernel kernel) {
  cl_uint count = 0;
  CHECK(clGetKernelInfo(kernel, CL_KERNEL_REFERENCE_COUNT, sizeof count, &count, NULL));
  return count;
}

/* Runs each of `count` kernels once over `buffer`, in the order of their names (the driver
 * lists them in an order of its own). */
static void run_by_name(const struct setup* s, cl_kernel* kernels, cl_uint count, cl_mem buffer) {
  const char* order[] = {"twice", "plus_one"};
  for (int o = 0; o < 2; ++o)
    for (cl_uint i = 0; i < count; ++i) {
      char name[64] = "";
      CHECK(clGetKernelInfo(kernels[i], CL_KERNEL_FUNCTION_NAME, sizeof name, name, NULL));
      if (strcmp(name, order[o]) != 0) continue;
      const size_t global = 8;
      CHECK(clSetKernelArg(kernels[i], 0, sizeof buffer, &buffer));
      CHECK(clEnqueueNDRangeKernel(s->queue, kernels[i], 1, NULL, &global, NULL, 0, NULL, NULL));
    }
  CHECK(clFinish(s->queue));
}

int main(void) {
  struct setup s = setup_first_device();
  cl_program program = build_program(&s, kSource, "");

  cl_uint count = 0;
  CHECK(clCreateKernelsInProgram(program, 0, NULL, &count));
  printf("kernels in the program: %u\n", count);
  if (count != 2) return 3;

  /* Exactly the count, as pyopencl asks; each kernel retained once more, as a wrapper that
   * adopts a handle with a retain does, and so released twice. */
  cl_kernel exact[2] = {NULL, NULL};
  cl_uint written = 0;
  CHECK(clCreateKernelsInProgram(program, count, exact, &written));
  for (cl_uint i = 0; i < written; ++i) CHECK(clRetainKernel(exact[i]));
  printf("exact array: %u written, reference counts %u %u\n", written, reference_count(exact[0]),
         reference_count(exact[1]));

  /* More room than kernels, num_kernels_ret NULL. */
  cl_kernel roomy[kRoom];
  for (int i = 0; i < kRoom; ++i) roomy[i] = (cl_kernel)(uintptr_t)0x40;
  CHECK(clCreateKernelsInProgram(program, kRoom, roomy, NULL));
  printf("larger array: reference counts %u %u\n", reference_count(roomy[0]),
         reference_count(roomy[1]));

  int values[8] = {0, 1, 2, 3, 4, 5, 6, 7};
  cl_mem buffer = copied_buffer(&s, sizeof values, values);
  run_by_name(&s, exact, count, buffer);
  run_by_name(&s, roomy, count, buffer);
  print_buffer(&s, "(x * 2 + 1) * 2 + 1", buffer);

  for (cl_uint i = 0; i < count; ++i) {
    CHECK(clReleaseKernel(exact[i]));
    CHECK(clReleaseKernel(exact[i]));
    CHECK(clReleaseKernel(roomy[i]));
  }
  CHECK(clReleaseMemObject(buffer));
  CHECK(clReleaseProgram(program));
  teardown(&s);
  return 0;
}
