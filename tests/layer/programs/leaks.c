/* Forgets to release a buffer and an event: both are listed at exit with the call that
 * created them. The context and queue it releases are not.
 * runs-without-clvet: yes */
#include "common.h"

int main(void) {
  struct setup s = setup_first_device();
  cl_int err = CL_SUCCESS;
  int pattern = 7, values[32];
  cl_mem forgotten = clCreateBuffer(s.context, CL_MEM_READ_WRITE, sizeof values, NULL, &err); /* expect: ObjectLeaked */
  CHECK(err);
  cl_event filled = NULL;
  CHECK(clEnqueueFillBuffer(s.queue, forgotten, &pattern, sizeof pattern, 0, sizeof values, 0, NULL, &filled)); /* expect: ObjectLeaked */
  CHECK(clEnqueueReadBuffer(s.queue, forgotten, CL_TRUE, 0, sizeof values, values, 1, &filled, NULL));
  int sum = 0;
  for (int i = 0; i < 32; ++i) sum += values[i];
  printf("sum of the filled buffer: %d\n", sum);
  teardown(&s);
  return 0;
}
