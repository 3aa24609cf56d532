/* What pyopencl 2022.3.1's Program.all_kernels() does (src/wrap_cl.hpp,
 * create_kernels_in_program): it asks clCreateKernelsInProgram for the count, then for the
 * kernels, and wraps each in a Kernel object built with `new kernel(knl, true)`, which calls
 * clRetainKernel on a handle that already carries the implicit retain of its creation
 * (1.2 §5.7.1); the object's destructor releases it once. The creation's reference is never
 * released: the driver's own count (CL_KERNEL_REFERENCE_COUNT) is 2 before the wrapper's one
 * release, so the kernel is left with 1 at exit, and the layer names the call that created it.
 * runs-without-clvet: yes */
#include "common.h"

static const char* kSource = "kernel void sum(global float* a) { a[get_global_id(0)] *= 2; }\n";

int main(void) {
  struct setup s = setup_first_device();
  cl_program program = build_program(&s, kSource, "");

  cl_uint count = 0;
  CHECK(clCreateKernelsInProgram(program, 0, NULL, &count));
  if (count != 1) return 3;
  cl_kernel kernel = NULL;
  CHECK(clCreateKernelsInProgram(program, count, &kernel, &count)); /* expect: ObjectLeaked */
  CHECK(clRetainKernel(kernel)); /* the wrapper's constructor, retain = true */

  cl_uint references = 0;
  CHECK(clGetKernelInfo(kernel, CL_KERNEL_REFERENCE_COUNT, sizeof references, &references, NULL));
  printf("reference count before the wrapper's release: %u\n", references);
  CHECK(clReleaseKernel(kernel)); /* the wrapper's destructor */

  CHECK(clReleaseProgram(program));
  teardown(&s);
  return 0;
}
