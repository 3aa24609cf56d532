/* The calls of a kernel loop repeated with the very same arguments after an object they name
 * has changed: the layer keeps the verdict of a call that passed every rule (so that a loop's
 * calls are not judged again), and must not give it to the same call once the buffer inside a
 * kernel argument's value (§5.7.2 CL_INVALID_MEM_OBJECT), the buffer written (§5.2.2) or the
 * kernel launched (§5.8 CL_INVALID_KERNEL) is released. Before that, the loop runs three times
 * and computes; after, each call gets its rule's code and none reaches PoCL.
 * runs-without-clvet: no
 * The same holds for the same pointers with new contents: a kernel argument's value that now
 * names the program (§5.7.2 CL_INVALID_MEM_OBJECT: refused, the driver would dereference it),
 * a local size now 0 (OpenCL 3.0 §5.10 CL_INVALID_WORK_GROUP_SIZE: found, and forwarded, where
 * PoCL 3.1 returns CL_SUCCESS); the calls as before are admitted again.
 * output: 3 4 5 6
 * output: a program in the value: -38
 * output: 6 7 8 9
 * output: released buffer in the value: -38
 * output: released buffer written: -38
 * output: released kernel launched: -48 */
#include "common.h"

static const char* kSource =
    "kernel void add(global int* data, int n) { data[get_global_id(0)] += n; }\n";

/* One round of the loop: both arguments set, the kernel run, the buffer written; the codes
 * summed (CL_SUCCESS is 0). */
static cl_int round_of(const struct setup* s, cl_kernel kernel, cl_mem* buffer, const int* n,
                       const int* data) {
  const size_t global = 4;
  return clSetKernelArg(kernel, 0, sizeof *buffer, buffer) +
         clSetKernelArg(kernel, 1, sizeof *n, n) +
         clEnqueueNDRangeKernel(s->queue, kernel, 1, NULL, &global, NULL, 0, NULL, NULL) +
         clEnqueueWriteBuffer(s->queue, *buffer, CL_FALSE, 0, 4 * sizeof(int), data, 0, NULL,
                              NULL);
}

int main(void) {
  struct setup s = setup_first_device();
  cl_int err = CL_SUCCESS;
  int data[4] = {0, 1, 2, 3};
  cl_program program;
  cl_kernel kernel = build_kernel(&s, kSource, "", "add", &program);
  cl_mem buffer = copied_buffer(&s, sizeof data, data);
  cl_mem out = copied_buffer(&s, sizeof data, data);
  const int n = 1;
  for (int i = 0; i < 3; ++i) CHECK(round_of(&s, kernel, &buffer, &n, data));
  /* The last write left 0 1 2 3 in `buffer`; `out` gets data + 3 from three launches. */
  const size_t global = 4;
  for (int i = 0; i < 3; ++i) {
    CHECK(clSetKernelArg(kernel, 0, sizeof out, &out));
    CHECK(clEnqueueNDRangeKernel(s.queue, kernel, 1, NULL, &global, NULL, 0, NULL, NULL));
  }
  int values[4];
  CHECK(clEnqueueReadBuffer(s.queue, out, CL_TRUE, 0, sizeof values, values, 0, NULL, NULL));
  printf("%d %d %d %d\n", values[0], values[1], values[2], values[3]);
  CHECK(clFinish(s.queue));

  /* The same pointers, what they point to changed in between. */
  cl_mem value = out;
  for (int i = 0; i < 3; ++i) CHECK(clSetKernelArg(kernel, 0, sizeof value, &value));
  value = (cl_mem)program;
  printf("a program in the value: %d\n",
         clSetKernelArg(kernel, 0, sizeof value, &value)); /* expect: SetKernelArgInvalidMemObject */
  value = out;
  CHECK(clSetKernelArg(kernel, 0, sizeof value, &value));
  size_t local = 1;
  for (int i = 0; i < 3; ++i)
    CHECK(clEnqueueNDRangeKernel(s.queue, kernel, 1, NULL, &global, &local, 0, NULL, NULL));
  CHECK(clEnqueueReadBuffer(s.queue, out, CL_TRUE, 0, sizeof values, values, 0, NULL, NULL));
  printf("%d %d %d %d\n", values[0], values[1], values[2], values[3]);
  local = 0;
  clEnqueueNDRangeKernel(s.queue, kernel, 1, NULL, &global, &local, 0, NULL, NULL); /* expect: EnqueueNDRangeKernelLocalSizeZero */
  /* expect platform: EnqueueNDRangeKernelLocalSizeZero (PoCL launches it) */
  local = 1;
  CHECK(clEnqueueNDRangeKernel(s.queue, kernel, 1, NULL, &global, &local, 0, NULL, NULL));
  CHECK(clFinish(s.queue));

  /* The same calls, the buffer released in between. */
  CHECK(clReleaseMemObject(buffer));
  printf("released buffer in the value: %d\n",
         clSetKernelArg(kernel, 0, sizeof buffer, &buffer)); /* expect: SetKernelArgInvalidMemObject */
  printf("released buffer written: %d\n",
         clEnqueueWriteBuffer(s.queue, buffer, CL_FALSE, 0, 4 * sizeof(int), data, 0, NULL,
                              NULL)); /* expect: EnqueueWriteBufferInvalidMemObject */
  CHECK(clSetKernelArg(kernel, 0, sizeof out, &out));
  CHECK(clFinish(s.queue));

  /* The launch, the kernel released in between. */
  CHECK(clReleaseKernel(kernel));
  printf("released kernel launched: %d\n",
         clEnqueueNDRangeKernel(s.queue, kernel, 1, NULL, &global, NULL, 0, NULL, NULL)); /* expect: EnqueueNDRangeKernelInvalidKernel */

  CHECK(clReleaseMemObject(out));
  CHECK(clReleaseProgram(program));
  teardown(&s);
  (void)err;
  return 0;
}
