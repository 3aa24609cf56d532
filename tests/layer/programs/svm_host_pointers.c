/* SVM fills, maps and unmaps of the host's own memory, which no clSVMAlloc allocation holds,
 * on a device that does not share the host's memory (PoCL 3.1: no
 * CL_DEVICE_SVM_FINE_GRAIN_SYSTEM): svm_ptr must be in an allocation clSVMAlloc made (2.2
 * §5.6.1 clEnqueueSVMMemFill, clEnqueueSVMMap, clEnqueueSVMUnmap), so none reaches the driver,
 * which would write the host's memory as a device's; each gets CL_INVALID_VALUE. A pointer just
 * past an allocation's end is inside none either. The same calls on an allocation, and a copy
 * between it and the host's memory (which clEnqueueSVMMemcpy takes), run.
 * runs-without-clvet: no
 * output: 5 5 5 5
 * output: host 0 0 */
#include "common.h"

int main(void) {
  struct setup s = setup_first_device();
  int* svm = clSVMAlloc(s.context, CL_MEM_READ_WRITE, 16 * sizeof(int), 0);
  if (svm == NULL) {
    fprintf(stderr, "no SVM buffers\n");
    return 2;
  }
  int host[16] = {0};
  int* heap = calloc(16, sizeof(int));
  const int pattern = 5;
  report_code("fill the host's stack",
              clEnqueueSVMMemFill(s.queue, host, &pattern, sizeof pattern, sizeof host, 0, NULL, NULL)); /* expect: SvmPointerNotAllocated */
  report_code("map the host's heap",
              clEnqueueSVMMap(s.queue, CL_TRUE, CL_MAP_WRITE, heap, 16 * sizeof(int), 0, NULL, NULL));
  report_code("unmap the host's heap", clEnqueueSVMUnmap(s.queue, heap, 0, NULL, NULL));
  report_code("fill past the allocation's end",
              clEnqueueSVMMemFill(s.queue, svm + 16, &pattern, sizeof pattern, sizeof pattern, 0, NULL, NULL));

  CHECK(clEnqueueSVMMemFill(s.queue, svm, &pattern, sizeof pattern, 16 * sizeof(int), 0, NULL, NULL));
  CHECK(clEnqueueSVMMap(s.queue, CL_TRUE, CL_MAP_READ, svm, 16 * sizeof(int), 0, NULL, NULL));
  printf("%d %d %d %d\n", svm[0], svm[5], svm[10], svm[15]);
  CHECK(clEnqueueSVMUnmap(s.queue, svm, 0, NULL, NULL));
  CHECK(clEnqueueSVMMemcpy(s.queue, CL_TRUE, heap, svm, 16 * sizeof(int), 0, NULL, NULL));
  CHECK(clFinish(s.queue));
  /* The refused fill and map left the host's memory alone. */
  printf("host %d %d\n", host[0], host[15]);
  free(heap);
  clSVMFree(s.context, svm);
  teardown(&s);
  return 0;
}
