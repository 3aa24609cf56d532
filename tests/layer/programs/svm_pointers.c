/* SVM pointers inside values (2.2 §5.9.2 clSetKernelArgSVMPointer): one into an allocation
 * already freed and one clSVMAlloc never made are not valid values on a device without
 * fine-grained system SVM (PoCL's CPU device), and are refused before the kernel could write
 * through them; one into a live allocation, past its start, is taken. An allocation freed
 * twice (§5.6.1: undefined, a driver frees it twice) is freed once.
 * runs-without-clvet: no
 * output: 7 7 7 7 */
#include "common.h"

static const char* kSource = "__kernel void fill(__global int* out) { out[get_global_id(0)] = 7; }\n";

int main(void) {
  struct setup s = setup_first_device();
  cl_kernel kernel = build_kernel(&s, kSource, "-cl-std=CL2.0", "fill", NULL);
  int* live = clSVMAlloc(s.context, CL_MEM_READ_WRITE | CL_MEM_SVM_FINE_GRAIN_BUFFER, 64, 0);
  int* freed = clSVMAlloc(s.context, CL_MEM_READ_WRITE | CL_MEM_SVM_FINE_GRAIN_BUFFER, 64, 0);
  if (live == NULL || freed == NULL) {
    fprintf(stderr, "no fine-grained SVM buffers\n");
    return 2;
  }
  clSVMFree(s.context, freed);
  int on_the_stack[4] = {0};
  report_code("a freed SVM pointer", clSetKernelArgSVMPointer(kernel, 0, freed)); /* expect: SetKernelArgSVMPointerBadValue */
  report_code("a pointer clSVMAlloc never made", clSetKernelArgSVMPointer(kernel, 0, on_the_stack));
  clSVMFree(s.context, freed); /* expect: SvmFreeNotAllocated */
  void* pointers[1] = {freed};
  report_code("a freed pointer freed again", clEnqueueSVMFree(s.queue, 1, pointers, NULL, NULL, 0, NULL, NULL));

  for (int i = 0; i < 16; ++i) live[i] = 0;
  CHECK(clSetKernelArgSVMPointer(kernel, 0, live + 1));
  size_t global = 4;
  CHECK(clEnqueueNDRangeKernel(s.queue, kernel, 1, NULL, &global, NULL, 0, NULL, NULL));
  CHECK(clFinish(s.queue));
  printf("%d %d %d %d\n", live[1], live[2], live[3], live[4]);
  clSVMFree(s.context, live);
  CHECK(clReleaseKernel(kernel));
  teardown(&s);
  return 0;
}
