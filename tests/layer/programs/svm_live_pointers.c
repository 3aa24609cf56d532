/* A correct program that uses SVM pointers everywhere one goes (2.2 §5.6.1, §5.9.2): pointers
 * into live allocations, at their start and inside them, in copies (also from and to the host's
 * memory, some of it allocated where an SVM allocation was freed), fills, maps and unmaps,
 * migrations of whole allocations and of ranges, and a kernel's CL_KERNEL_EXEC_INFO_SVM_PTRS;
 * an allocation at an address freed before. No finding, and the same result as without clvet.
 * runs-without-clvet: yes */
#include "common.h"

#include <stdint.h>

static const char* kSource =
    "__kernel void add(__global int* out, __global const ulong* table) {\n"
    "  size_t i = get_global_id(0);\n"
    "  __global const int* in = (__global const int*)(uintptr_t)table[0];\n"
    "  out[i] += in[i];\n"
    "}\n";

int main(void) {
  struct setup s = setup_first_device();
  cl_kernel kernel = build_kernel(&s, kSource, "-cl-std=CL3.0", "add", NULL);
  int* out = clSVMAlloc(s.context, CL_MEM_READ_WRITE, 64 * sizeof(int), 0);
  int* in = clSVMAlloc(s.context, CL_MEM_READ_WRITE, 64 * sizeof(int), 0);
  cl_ulong* table = clSVMAlloc(s.context, CL_MEM_READ_WRITE, 4 * sizeof(cl_ulong), 0);
  if (out == NULL || in == NULL || table == NULL) {
    fprintf(stderr, "no SVM buffers\n");
    return 2;
  }
  /* Freed, then its address (perhaps) given to the host's own memory or to a new allocation. */
  int* before = clSVMAlloc(s.context, CL_MEM_READ_WRITE, 64 * sizeof(int), 0);
  clSVMFree(s.context, before);
  int* host = malloc(64 * sizeof(int));
  int* again = clSVMAlloc(s.context, CL_MEM_READ_WRITE, 64 * sizeof(int), 0);
  for (int i = 0; i < 64; ++i) host[i] = i;

  CHECK(clEnqueueSVMMemcpy(s.queue, CL_TRUE, in, host, 64 * sizeof(int), 0, NULL, NULL));
  int zero = 0, ten = 10;
  CHECK(clEnqueueSVMMemFill(s.queue, out, &zero, sizeof zero, 64 * sizeof(int), 0, NULL, NULL));
  CHECK(clEnqueueSVMMemFill(s.queue, out + 8, &ten, sizeof ten, 8 * sizeof(int), 0, NULL, NULL));
  CHECK(clEnqueueSVMMemcpy(s.queue, CL_TRUE, again, in + 16, 16 * sizeof(int), 0, NULL, NULL));
  CHECK(clEnqueueSVMMemcpy(s.queue, CL_TRUE, in + 32, again, 16 * sizeof(int), 0, NULL, NULL));
  CHECK(clEnqueueSVMMap(s.queue, CL_TRUE, CL_MAP_WRITE, table, 4 * sizeof(cl_ulong), 0, NULL, NULL));
  table[0] = (cl_ulong)(uintptr_t)in;
  CHECK(clEnqueueSVMUnmap(s.queue, table, 0, NULL, NULL));
  CHECK(clEnqueueSVMMap(s.queue, CL_TRUE, CL_MAP_READ, in + 4, 8 * sizeof(int), 0, NULL, NULL));
  CHECK(clEnqueueSVMUnmap(s.queue, in + 4, 0, NULL, NULL));
  const void* whole[2] = {in, out + 3};
  CHECK(clEnqueueSVMMigrateMem(s.queue, 2, whole, NULL, 0, 0, NULL, NULL));
  const size_t sizes[2] = {16 * sizeof(int), 0};
  const void* ranges[2] = {in + 48, table};
  CHECK(clEnqueueSVMMigrateMem(s.queue, 2, ranges, sizes, 0, 0, NULL, NULL));
  void* extra[1] = {in + 5};
  CHECK(clSetKernelExecInfo(kernel, CL_KERNEL_EXEC_INFO_SVM_PTRS, sizeof extra, extra));
  CHECK(clSetKernelArgSVMPointer(kernel, 0, out));
  CHECK(clSetKernelArgSVMPointer(kernel, 1, table));
  size_t global = 64;
  CHECK(clEnqueueNDRangeKernel(s.queue, kernel, 1, NULL, &global, NULL, 0, NULL, NULL));
  CHECK(clFinish(s.queue));
  CHECK(clEnqueueSVMMemcpy(s.queue, CL_TRUE, host, out, 64 * sizeof(int), 0, NULL, NULL));
  for (int i = 0; i < 64; ++i) printf("%d%c", host[i], i % 16 == 15 ? '\n' : ' ');
  free(host);
  clSVMFree(s.context, again);
  clSVMFree(s.context, table);
  clSVMFree(s.context, in);
  clSVMFree(s.context, out);
  CHECK(clReleaseKernel(kernel));
  teardown(&s);
  return 0;
}
