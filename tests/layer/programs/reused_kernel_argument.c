/* A kernel argument set to a buffer the application then releases (its last reference), and a
 * new buffer created at the released one's address (a driver gives a freed object's memory to
 * the next object it creates): the argument still names the released buffer, not the new one
 * (OpenCL 1.2 §5.7.2: the value is used until clSetKernelArg changes it; §5.4.1: the released
 * buffer is deleted), so the launch gets CL_INVALID_KERNEL_ARGS (-52, §5.8) and never reaches
 * the driver, whatever sits at that address now. Set again to the new buffer, the same address
 * in the same argument, it is launched. Buffers are made and released in batches until one of
 * the new ones has the argument's released buffer's address.
 * runs-without-clvet: no
 * output: a buffer at the argument's released buffer's address
 * output: 5 6 7 8 */
#include "common.h"

static const char* kSource =
    "kernel void fill(global int* out, int n) { out[get_global_id(0)] = n + (int)get_global_id(0); }\n";

enum { kBatch = 16, kTries = 8, kItems = 4 };

int main(void) {
  struct setup s = setup_first_device();
  cl_kernel fill = build_kernel(&s, kSource, "", "fill", NULL);
  int data[kItems] = {0};
  const int n = 5;
  CHECK(clSetKernelArg(fill, 1, sizeof n, &n));

  cl_mem reused = NULL;
  for (int t = 0; t < kTries && reused == NULL; ++t) {
    cl_mem first[kBatch], next[kBatch];
    for (int i = 0; i < kBatch; ++i) first[i] = copied_buffer(&s, sizeof data, data);
    CHECK(clSetKernelArg(fill, 0, sizeof first[0], &first[0]));
    for (int i = 0; i < kBatch; ++i) CHECK(clReleaseMemObject(first[i]));
    for (int i = 0; i < kBatch; ++i) next[i] = copied_buffer(&s, sizeof data, data);
    for (int i = 0; i < kBatch; ++i)
      if (next[i] == first[0])
        reused = next[i];
      else
        CHECK(clReleaseMemObject(next[i]));
  }
  if (reused == NULL) {
    fprintf(stderr, "the driver gave no released buffer's address to a new buffer\n");
    return 2;
  }
  printf("a buffer at the argument's released buffer's address\n");
  const size_t global = kItems;
  report_code("a new buffer at the released one's address",
              clEnqueueNDRangeKernel(s.queue, fill, 1, NULL, &global, NULL, 0, NULL, NULL)); /* expect: EnqueueNDRangeKernelArgsNotSet */

  /* The same address set again, now naming the new buffer: launched. */
  CHECK(clSetKernelArg(fill, 0, sizeof reused, &reused));
  CHECK(clEnqueueNDRangeKernel(s.queue, fill, 1, NULL, &global, NULL, 0, NULL, NULL));
  CHECK(clEnqueueReadBuffer(s.queue, reused, CL_TRUE, 0, sizeof data, data, 0, NULL, NULL));
  for (int i = 0; i < kItems; ++i) printf("%d%s", data[i], i == kItems - 1 ? "\n" : " ");

  CHECK(clReleaseMemObject(reused));
  CHECK(clReleaseKernel(fill));
  teardown(&s);
  return 0;
}
