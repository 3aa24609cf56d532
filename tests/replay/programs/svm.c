/* A program whose trace exercises replay's shared virtual memory (2.0 §5.6.2): a coarse-grain
 * allocation mapped for writing and filled by the host, another filled by clEnqueueSVMMemcpy
 * from host memory, a kernel combining them through SVM pointers, its result copied back to
 * the host (blocking, and not blocking then finished) and mapped for reading (waited for);
 * then, where the device has fine-grain buffer SVM, an allocation the host writes directly
 * before each of two launches and reads after clFinish. Every result is checked against the
 * host's computation; prints "coarse-grain ok" and "fine-grain ok" (or why it was not run). */
#include "common.h" /* tests/layer/programs: CHECK, setup_first_device, build_kernel */

#define N 256

static const char* kSource =
    "kernel void combine(global int* a, global const int* b) {\n"
    "  int i = get_global_id(0);\n"
    "  a[i] = a[i] * 2 + b[i];\n"
    "}\n"
    "kernel void square(global int* f, int add) {\n"
    "  int i = get_global_id(0);\n"
    "  f[i] = f[i] * f[i] + add;\n"
    "}\n";

static int failed(const char* what, int i, int got, int want) {
  fprintf(stderr, "%s: element %d is %d, the host computed %d\n", what, i, got, want);
  return 1;
}

static int coarse_grain(struct setup* s, cl_program program) {
  cl_int err = CL_SUCCESS;
  int* a = clSVMAlloc(s->context, CL_MEM_READ_WRITE, N * sizeof(int), 0);
  int* b = clSVMAlloc(s->context, CL_MEM_READ_WRITE, N * sizeof(int), 0);
  if (a == NULL || b == NULL) {
    fprintf(stderr, "clSVMAlloc failed\n");
    return 1;
  }
  /* a: mapped for writing, written by the host, unmapped. */
  CHECK(clEnqueueSVMMap(s->queue, CL_TRUE, CL_MAP_WRITE_INVALIDATE_REGION, a, N * sizeof(int), 0, NULL, NULL));
  for (int i = 0; i < N; ++i) a[i] = 3 * i + 1;
  CHECK(clEnqueueSVMUnmap(s->queue, a, 0, NULL, NULL));
  /* b: copied from host memory. */
  int source[N];
  for (int i = 0; i < N; ++i) source[i] = 1000 - 7 * i;
  CHECK(clEnqueueSVMMemcpy(s->queue, CL_TRUE, b, source, sizeof source, 0, NULL, NULL));
  memset(source, 0, sizeof source); /* the copy is done: the host's array is its own again */

  cl_kernel combine = clCreateKernel(program, "combine", &err);
  CHECK(err);
  CHECK(clSetKernelArgSVMPointer(combine, 0, a));
  CHECK(clSetKernelArgSVMPointer(combine, 1, b));
  const size_t global = N;
  CHECK(clEnqueueNDRangeKernel(s->queue, combine, 1, NULL, &global, NULL, 0, NULL, NULL));

  /* a back to the host, blocking; b without blocking, then finished. */
  int got_a[N], got_b[N];
  CHECK(clEnqueueSVMMemcpy(s->queue, CL_TRUE, got_a, a, sizeof got_a, 0, NULL, NULL));
  CHECK(clEnqueueSVMMemcpy(s->queue, CL_FALSE, got_b, b, sizeof got_b, 0, NULL, NULL));
  CHECK(clFinish(s->queue));
  for (int i = 0; i < N; ++i) {
    if (got_a[i] != (3 * i + 1) * 2 + 1000 - 7 * i) return failed("a copied back", i, got_a[i], (3 * i + 1) * 2 + 1000 - 7 * i);
    if (got_b[i] != 1000 - 7 * i) return failed("b copied back", i, got_b[i], 1000 - 7 * i);
  }
  /* a mapped for reading without blocking, its event waited for. */
  cl_event mapped = NULL;
  CHECK(clEnqueueSVMMap(s->queue, CL_FALSE, CL_MAP_READ, a, N * sizeof(int), 0, NULL, &mapped));
  CHECK(clWaitForEvents(1, &mapped));
  for (int i = 0; i < N; ++i)
    if (a[i] != got_a[i]) return failed("a mapped for reading", i, a[i], got_a[i]);
  CHECK(clEnqueueSVMUnmap(s->queue, a, 0, NULL, NULL));
  CHECK(clFinish(s->queue));
  CHECK(clReleaseEvent(mapped));
  CHECK(clReleaseKernel(combine));
  clSVMFree(s->context, a);
  clSVMFree(s->context, b);
  printf("coarse-grain ok\n");
  return 0;
}

static int fine_grain(struct setup* s, cl_program program) {
  cl_int err = CL_SUCCESS;
  int* f = clSVMAlloc(s->context, CL_MEM_READ_WRITE | CL_MEM_SVM_FINE_GRAIN_BUFFER, N * sizeof(int), 0);
  if (f == NULL) {
    fprintf(stderr, "clSVMAlloc of a fine-grain buffer failed\n");
    return 1;
  }
  cl_kernel square = clCreateKernel(program, "square", &err);
  CHECK(err);
  CHECK(clSetKernelArgSVMPointer(square, 0, f));
  const size_t global = N;
  for (int round = 0; round < 2; ++round) {
    /* Written by the host with no map and no command: only the launch sees it happen. */
    for (int i = 0; i < N; ++i) f[i] = (i ^ 0x55) + round * 11;
    const int add = 5 + round;
    CHECK(clSetKernelArg(square, 1, sizeof add, &add));
    CHECK(clEnqueueNDRangeKernel(s->queue, square, 1, NULL, &global, NULL, 0, NULL, NULL));
    CHECK(clFinish(s->queue));
    for (int i = 0; i < N; ++i) {
      const int v = (i ^ 0x55) + round * 11;
      if (f[i] != v * v + add) return failed("fine-grain allocation", i, f[i], v * v + add);
    }
  }
  CHECK(clReleaseKernel(square));
  clSVMFree(s->context, f);
  printf("fine-grain ok\n");
  return 0;
}

int main(void) {
  struct setup s = setup_first_device();
  cl_device_svm_capabilities svm = 0;
  CHECK(clGetDeviceInfo(s.device, CL_DEVICE_SVM_CAPABILITIES, sizeof svm, &svm, NULL));
  if ((svm & CL_DEVICE_SVM_COARSE_GRAIN_BUFFER) == 0) {
    printf("no coarse-grain SVM on this device\n");
    return 3;
  }
  cl_program program;
  cl_kernel first = build_kernel(&s, kSource, "", "combine", &program);
  CHECK(clReleaseKernel(first));
  if (coarse_grain(&s, program) != 0) return 1;
  if ((svm & CL_DEVICE_SVM_FINE_GRAIN_BUFFER) == 0)
    printf("no fine-grain buffer SVM on this device\n");
  else if (fine_grain(&s, program) != 0)
    return 1;
  CHECK(clReleaseProgram(program));
  CHECK(clReleaseCommandQueue(s.queue));
  CHECK(clReleaseContext(s.context));
  return 0;
}
