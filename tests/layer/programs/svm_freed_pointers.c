/* Pointers into SVM allocations already freed, in every call that takes an SVM pointer (2.2
 * §5.6.1 clEnqueueSVMMemcpy, clEnqueueSVMMemFill, clEnqueueSVMMap, clEnqueueSVMUnmap,
 * clEnqueueSVMMigrateMem; §5.9.2 clSetKernelExecInfo's CL_KERNEL_EXEC_INFO_SVM_PTRS): the
 * driver would read or write freed memory, so none reaches it; each gets CL_INVALID_VALUE.
 * clEnqueueSVMMemcpy also takes the host's memory: a freed allocation whose memory the process
 * still maps may be host memory allocated there again, and is copied; one whose memory is gone
 * (64 MiB, which the C library gives back to the system when freed) is refused.
 * A migration of a range that runs past its live allocation breaks
 * EnqueueSVMMigrateMemRangeOutside (CL_INVALID_VALUE, the driver's to raise: forwarded; PoCL
 * 3.1 returns CL_SUCCESS, a platform finding).
 * runs-without-clvet: no
 * output: 7 7 7 7 */
#include "common.h"

static const char* kSource = "__kernel void fill(__global int* out) { out[get_global_id(0)] = 7; }\n";

int main(void) {
  struct setup s = setup_first_device();
  cl_kernel kernel = build_kernel(&s, kSource, "-cl-std=CL2.0", "fill", NULL);
  const size_t big = (size_t)64 << 20;
  int* live = clSVMAlloc(s.context, CL_MEM_READ_WRITE, 256, 0);
  int* freed = clSVMAlloc(s.context, CL_MEM_READ_WRITE, 256, 0);
  char* gone = clSVMAlloc(s.context, CL_MEM_READ_WRITE, big, 0);
  if (live == NULL || freed == NULL || gone == NULL) {
    fprintf(stderr, "no SVM buffers\n");
    return 2;
  }
  clSVMFree(s.context, freed);
  clSVMFree(s.context, gone);

  int pattern = 5;
  report_code("fill a freed allocation",
              clEnqueueSVMMemFill(s.queue, freed + 4, &pattern, sizeof pattern, 16, 0, NULL, NULL)); /* expect: SvmPointerFreed */
  report_code("map a freed allocation", clEnqueueSVMMap(s.queue, CL_TRUE, CL_MAP_WRITE, freed, 64, 0, NULL, NULL));
  report_code("unmap a freed allocation", clEnqueueSVMUnmap(s.queue, freed, 0, NULL, NULL));
  const void* migrated[1] = {freed + 1};
  report_code("migrate a freed allocation", clEnqueueSVMMigrateMem(s.queue, 1, migrated, NULL, 0, 0, NULL, NULL));
  void* extra[2] = {live, freed};
  report_code("a freed allocation in the kernel's SVM pointers",
              clSetKernelExecInfo(kernel, CL_KERNEL_EXEC_INFO_SVM_PTRS, sizeof extra, extra));
  report_code("copy into unmapped memory", clEnqueueSVMMemcpy(s.queue, CL_TRUE, gone + 4096, live, 64, 0, NULL, NULL));
  report_code("copy from unmapped memory", clEnqueueSVMMemcpy(s.queue, CL_TRUE, live, gone, 64, 0, NULL, NULL));
  int host[16];
  report_code("copy from a freed allocation still mapped", clEnqueueSVMMemcpy(s.queue, CL_TRUE, host, freed, 64, 0, NULL, NULL));
  const void* past_the_end[1] = {live + 32};
  const size_t sizes[1] = {256};
  /* expect: EnqueueSVMMigrateMemRangeOutside, and PoCL migrates it: expect platform: EnqueueSVMMigrateMemRangeOutside */
  report_code("migrate past the end of a live allocation",
              clEnqueueSVMMigrateMem(s.queue, 1, past_the_end, sizes, 0, 0, NULL, NULL));

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
