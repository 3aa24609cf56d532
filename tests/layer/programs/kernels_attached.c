/* A program built or compiled again while the application holds a kernel created from it:
 * "CL_INVALID_OPERATION if there are kernel objects attached to program" (1.2 §5.6.2 and
 * §5.6.3; 3.0 §5.8.4 and §5.8.5). The layer judges it from the kernels the application holds,
 * whatever the driver answers: the kernel itself, the same kernel retained twice and released
 * once, and a clone of it (it shares the program, 3.0 §5.9.1) once the first is released.
 * Once the clone is released too, nothing is attached: the build is clean. No kernel is ever
 * enqueued, so no command keeps one alive in the driver. The codes printed are the driver's.
 * runs-without-clvet: yes */
#include "common.h"

static const char* kSource = "kernel void twice(global int* data) { data[get_global_id(0)] *= 2; }\n";

int main(void) {
  struct setup s = setup_first_device();
  cl_int err = CL_SUCCESS;
  cl_program program;
  cl_kernel kernel = build_kernel(&s, kSource, "", "twice", &program);

  printf("built with its kernel held: %d\n", clBuildProgram(program, 1, &s.device, "", NULL, NULL)); /* expect: BuildProgramKernelsAttached */
  printf("compiled with its kernel held: %d\n",
         clCompileProgram(program, 1, &s.device, "", 0, NULL, NULL, NULL, NULL)); /* expect: CompileProgramKernelsAttached */

  CHECK(clRetainKernel(kernel));
  CHECK(clReleaseKernel(kernel));
  printf("built with its kernel retained and released once: %d\n",
         clBuildProgram(program, 1, &s.device, "", NULL, NULL));

  cl_kernel clone = clCloneKernel(kernel, &err);
  CHECK(err);
  CHECK(clReleaseKernel(kernel));
  printf("built with a clone of its kernel held: %d\n",
         clBuildProgram(program, 1, &s.device, "", NULL, NULL));

  CHECK(clReleaseKernel(clone));
  printf("built with no kernel held: %d\n", clBuildProgram(program, 1, &s.device, "", NULL, NULL));
  printf("compiled with no kernel held: %d\n",
         clCompileProgram(program, 1, &s.device, "", 0, NULL, NULL, NULL, NULL));

  CHECK(clReleaseProgram(program));
  teardown(&s);
  return 0;
}
