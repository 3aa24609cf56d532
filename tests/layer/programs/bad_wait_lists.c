/* Event wait lists that break §5.9's rules: a count without a list, a list with a count of
 * zero, a released event in a list, and clWaitForEvents without a list. The first two are
 * forwarded (PoCL refuses them itself); the last two are not, since the loader or the driver
 * would dereference what is not there.
 * runs-without-clvet: no
 * output: sum of squares: 1240 */
#include "common.h"

int main(void) {
  struct setup s = setup_first_device();
  cl_int err = CL_SUCCESS;
  int values[16];
  for (int i = 0; i < 16; ++i) values[i] = i * i;
  cl_mem buffer = clCreateBuffer(s.context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
                                 sizeof values, values, &err);
  CHECK(err);
  cl_event marker = NULL;
  CHECK(clEnqueueMarkerWithWaitList(s.queue, 0, NULL, &marker));

  report_code("count 1, no list", clEnqueueMarkerWithWaitList(s.queue, 1, NULL, NULL)); /* expect: EnqueueMarkerWithWaitListBadWaitList */
  report_code("a list, count 0",
              clEnqueueReadBuffer(s.queue, buffer, CL_TRUE, 0, sizeof values, values, 0, &marker, NULL)); /* expect: EnqueueReadBufferInvalidWaitList */
  CHECK(clWaitForEvents(1, &marker));
  CHECK(clReleaseEvent(marker));
  report_code("a released event in the list",
              clEnqueueBarrierWithWaitList(s.queue, 1, &marker, NULL)); /* expect: EnqueueBarrierWithWaitListBadWaitList */
  report_code("no list to wait for", clWaitForEvents(0, NULL)); /* expect: WaitForEventsBadList */

  CHECK(clEnqueueReadBuffer(s.queue, buffer, CL_TRUE, 0, sizeof values, values, 0, NULL, NULL));
  int sum = 0;
  for (int i = 0; i < 16; ++i) sum += values[i];
  printf("sum of squares: %d\n", sum);
  CHECK(clReleaseMemObject(buffer));
  teardown(&s);
  return 0;
}
