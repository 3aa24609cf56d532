/* Releases a buffer twice. Without clvet, PoCL 3.1 crashes in the second release (it reads
 * the freed object); under clvet the second release is refused with CL_INVALID_MEM_OBJECT
 * and the program goes on.
 * runs-without-clvet: no
 * output: sum of the buffer: 98176 */
#include "common.h"

int main(void) {
  struct setup s = setup_first_device();
  cl_int err = CL_SUCCESS;
  int data[256], back[256];
  for (int i = 0; i < 256; ++i) data[i] = 3 * i + 1;
  cl_mem buffer = clCreateBuffer(s.context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
                                 sizeof data, data, &err);
  CHECK(err);
  CHECK(clEnqueueReadBuffer(s.queue, buffer, CL_TRUE, 0, sizeof back, back, 0, NULL, NULL));
  long sum = 0;
  for (int i = 0; i < 256; ++i) sum += back[i];
  printf("sum of the buffer: %ld\n", sum);
  CHECK(clReleaseMemObject(buffer));
  report_code("second release", clReleaseMemObject(buffer)); /* expect: ReleaseMemObjectInvalidMemObject */
  teardown(&s);
  return 0;
}
