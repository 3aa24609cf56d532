/* Sizes that do not fit: a read past the end of a buffer, a buffer of zero bytes. PoCL
 * refuses both itself, so the program computes the same with and without clvet.
 * runs-without-clvet: yes */
#include "common.h"

int main(void) {
  struct setup s = setup_first_device();
  cl_int err = CL_SUCCESS;
  float input[128], output[128];
  for (int i = 0; i < 128; ++i) input[i] = 0.5f * (float)i;
  cl_mem buffer = clCreateBuffer(s.context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
                                 sizeof input, input, &err);
  CHECK(err);
  report_code("read past the end",
              clEnqueueReadBuffer(s.queue, buffer, CL_TRUE, sizeof input / 2, sizeof input, output, 0, NULL, NULL)); /* expect: EnqueueReadBufferOutOfBounds */
  CHECK(clEnqueueReadBuffer(s.queue, buffer, CL_TRUE, 0, sizeof output, output, 0, NULL, NULL));
  float sum = 0;
  for (int i = 0; i < 128; ++i) sum += output[i];
  printf("sum of the buffer: %.1f\n", sum);

  cl_mem empty = clCreateBuffer(s.context, CL_MEM_READ_WRITE, 0, NULL, &err); /* expect: CreateBufferSizeZero */
  report_code("a buffer of zero bytes", err);
  if (empty) clReleaseMemObject(empty);
  CHECK(clReleaseMemObject(buffer));
  teardown(&s);
  return 0;
}
