/* A long-running application's loop: a kernel made, given a buffer argument and released, again
 * and again (PoCL hands each kernel a new address under the layer, and before 2026-11-28 the
 * layer kept a record of every address it had seen: about 860 bytes a kernel, 355 MB resident
 * after 300,000). Prints to stderr its resident memory (VmRSS) after the first `cycles` kernels
 * (argv[1], default 20000) and after twice as many more, for the test to compare; then uses a
 * kernel and a buffer released after all those releases (a use after release, reported as such: the table
 * keeps the most recent released objects' records, checker::ObjectTable::kReleasedKept).
 * runs-without-clvet: no
 * output: kernels made and released
 * output: a released kernel: -48
 * output: a released buffer as an argument: -38 */
#include "common.h"

/* VmRSS of /proc/self/status in kB, -1 if unreadable. */
static long resident_kb(void) {
  FILE* status = fopen("/proc/self/status", "r");
  if (status == NULL) return -1;
  char line[256];
  long kb = -1;
  while (fgets(line, sizeof line, status))
    if (strncmp(line, "VmRSS:", 6) == 0) kb = atol(line + 6);
  fclose(status);
  return kb;
}

int main(int argc, char** argv) {
  const long cycles = argc > 1 ? atol(argv[1]) : 20000;
  struct setup s = setup_context();
  cl_int err = CL_SUCCESS;
  const char* source = "__kernel void k(__global int* a, int n) { a[get_global_id(0)] = n; }";
  cl_program program = clCreateProgramWithSource(s.context, 1, &source, NULL, &err);
  CHECK(err);
  CHECK(clBuildProgram(program, 1, &s.device, "", NULL, NULL));
  cl_mem buffer = clCreateBuffer(s.context, CL_MEM_READ_WRITE, 64, NULL, &err);
  CHECK(err);
  for (long i = 0; i < 3 * cycles; ++i) {
    cl_kernel kernel = clCreateKernel(program, "k", &err);
    CHECK(err);
    CHECK(clSetKernelArg(kernel, 0, sizeof buffer, &buffer));
    CHECK(clReleaseKernel(kernel));
    if (i + 1 == cycles || i + 1 == 3 * cycles)
      fprintf(stderr, "resident after %ld kernels: %ld kB\n", i + 1, resident_kb());
  }
  printf("kernels made and released\n");

  cl_kernel kernel = clCreateKernel(program, "k", &err);
  CHECK(err);
  cl_kernel released = clCreateKernel(program, "k", &err);
  CHECK(err);
  CHECK(clReleaseKernel(released));
  cl_uint count = 0;
  printf("a released kernel: %d\n", clGetKernelInfo(released, CL_KERNEL_NUM_ARGS, sizeof count, &count, NULL)); /* expect: GetKernelInfoInvalidKernel */
  cl_mem gone = clCreateBuffer(s.context, CL_MEM_READ_WRITE, 64, NULL, &err);
  CHECK(err);
  CHECK(clReleaseMemObject(gone));
  printf("a released buffer as an argument: %d\n", clSetKernelArg(kernel, 0, sizeof gone, &gone)); /* expect: SetKernelArgInvalidMemObject */
  CHECK(clReleaseKernel(kernel));
  CHECK(clReleaseMemObject(buffer));
  CHECK(clReleaseProgram(program));
  CHECK(clReleaseContext(s.context));
  return 0;
}
