/* New objects at the addresses of released ones (a driver may give a freed object's memory to
 * the next object it creates): what the layer keeps of an object for its rules (a buffer's
 * size, a kernel's argument count and declarations) must not answer for the next one, or its
 * misuse passes unseen. A buffer of 256 bytes written whole, released, and one of 16 bytes at
 * its address written 256 bytes (§5.2.2: out of bounds); a kernel of two arguments, one a
 * buffer, given both, released, and a kernel of one int argument at its address given a second
 * argument (§5.7.2: CL_INVALID_ARG_INDEX) and NULL for its int (CL_INVALID_ARG_VALUE; the
 * driver would copy 4 bytes from NULL: not forwarded). Each is made and released in batches
 * until one of the new objects has a released one's address.
 * runs-without-clvet: no
 * output: a buffer at a released buffer's address
 * output: a kernel at a released kernel's address
 * output: 5 5 5 5 */
#include "common.h"

static const char* kSource =
    "kernel void add(global int* data, int n) { data[get_global_id(0)] += n; }\n"
    "kernel void noop(int n) { }\n";

/* Objects are made and released in batches, so that the driver has several addresses to give
 * again (the layer's own allocations may take one). */
enum { kBatch = 16, kTries = 8 };

/* The first of `after` that is one of `before`, or -1. */
static int reused(void* const* before, void* const* after) {
  for (int i = 0; i < kBatch; ++i)
    for (int j = 0; j < kBatch; ++j)
      if (after[i] == before[j]) return i;
  return -1;
}

int main(void) {
  struct setup s = setup_first_device();
  cl_int err = CL_SUCCESS;
  int data[64] = {0};

  /* A 16-byte buffer where a 256-byte one was, whose size the write's bounds rule asked. */
  cl_mem small = NULL;
  for (int t = 0; t < kTries && small == NULL; ++t) {
    cl_mem big[kBatch], next[kBatch];
    for (int i = 0; i < kBatch; ++i) {
      big[i] = copied_buffer(&s, sizeof data, data);
      CHECK(clEnqueueWriteBuffer(s.queue, big[i], CL_TRUE, 0, sizeof data, data, 0, NULL, NULL));
    }
    for (int i = 0; i < kBatch; ++i) CHECK(clReleaseMemObject(big[i]));
    for (int i = 0; i < kBatch; ++i) next[i] = copied_buffer(&s, 16, data);
    const int at = reused((void* const*)big, (void* const*)next);
    for (int i = 0; i < kBatch; ++i)
      if (i == at)
        small = next[i];
      else
        CHECK(clReleaseMemObject(next[i]));
  }
  if (small == NULL) {
    fprintf(stderr, "the driver gave no released buffer's address to a new buffer\n");
    return 2;
  }
  printf("a buffer at a released buffer's address\n");
  report_code("256 bytes into 16", clEnqueueWriteBuffer(s.queue, small, CL_TRUE, 0, sizeof data,
                                                        data, 0, NULL, NULL)); /* expect: EnqueueWriteBufferOutOfBounds */

  /* A kernel of one int where a kernel of a buffer and an int was, both arguments set. */
  cl_program program;
  cl_kernel add = build_kernel(&s, kSource, "", "add", &program);
  CHECK(clReleaseKernel(add));
  cl_mem out = copied_buffer(&s, 4 * sizeof(int), data);
  const int n = 5;
  cl_kernel noop = NULL;
  for (int t = 0; t < kTries && noop == NULL; ++t) {
    cl_kernel first[kBatch], next[kBatch];
    for (int i = 0; i < kBatch; ++i) {
      first[i] = clCreateKernel(program, "add", &err);
      CHECK(err);
      CHECK(clSetKernelArg(first[i], 0, sizeof out, &out));
      CHECK(clSetKernelArg(first[i], 1, sizeof n, &n));
    }
    for (int i = 0; i < kBatch; ++i) CHECK(clReleaseKernel(first[i]));
    for (int i = 0; i < kBatch; ++i) {
      next[i] = clCreateKernel(program, "noop", &err);
      CHECK(err);
    }
    const int at = reused((void* const*)first, (void* const*)next);
    for (int i = 0; i < kBatch; ++i)
      if (i == at)
        noop = next[i];
      else
        CHECK(clReleaseKernel(next[i]));
  }
  if (noop == NULL) {
    fprintf(stderr, "the driver gave no released kernel's address to a new kernel\n");
    return 2;
  }
  printf("a kernel at a released kernel's address\n");
  report_code("a second argument", clSetKernelArg(noop, 1, sizeof n, &n)); /* expect: SetKernelArgBadIndex */
  report_code("NULL for its int", clSetKernelArg(noop, 0, sizeof n, NULL)); /* expect: SetKernelArgBadValue */

  /* The correct calls around them still compute. */
  add = clCreateKernel(program, "add", &err);
  CHECK(err);
  CHECK(clSetKernelArg(add, 0, sizeof out, &out));
  CHECK(clSetKernelArg(add, 1, sizeof n, &n));
  const size_t global = 4;
  CHECK(clEnqueueNDRangeKernel(s.queue, add, 1, NULL, &global, NULL, 0, NULL, NULL));
  int values[4];
  CHECK(clEnqueueReadBuffer(s.queue, out, CL_TRUE, 0, sizeof values, values, 0, NULL, NULL));
  for (int i = 0; i < 4; ++i) printf("%d%s", values[i], i == 3 ? "\n" : " ");

  CHECK(clReleaseKernel(add));
  CHECK(clReleaseKernel(noop));
  CHECK(clReleaseMemObject(out));
  CHECK(clReleaseMemObject(small));
  CHECK(clReleaseProgram(program));
  teardown(&s);
  return 0;
}
