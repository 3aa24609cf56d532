/* Uses objects after releasing them, and a handle of the wrong kind: a write to a released
 * buffer, a wait on a released event, a buffer passed as a command-queue and as a program. Each would be
 * dereferenced inside the loader or the driver; under clvet none is forwarded.
 * runs-without-clvet: no
 * output: written and waited */
#include "common.h"

int main(void) {
  struct setup s = setup_first_device();
  cl_int err = CL_SUCCESS;
  int values[64];
  for (int i = 0; i < 64; ++i) values[i] = i;
  cl_mem buffer = clCreateBuffer(s.context, CL_MEM_READ_WRITE, sizeof values, NULL, &err);
  CHECK(err);
  CHECK(clEnqueueWriteBuffer(s.queue, buffer, CL_TRUE, 0, sizeof values, values, 0, NULL, NULL));
  cl_event done = NULL;
  CHECK(clEnqueueMarkerWithWaitList(s.queue, 0, NULL, &done));
  CHECK(clWaitForEvents(1, &done));
  printf("written and waited\n");

  CHECK(clReleaseMemObject(buffer));
  CHECK(clReleaseEvent(done));
  report_code("write to a released buffer",
              clEnqueueWriteBuffer(s.queue, buffer, CL_TRUE, 0, sizeof values, values, 0, NULL, NULL)); /* expect: EnqueueWriteBufferInvalidMemObject */
  report_code("wait on a released event", clWaitForEvents(1, &done)); /* expect: WaitForEventsInvalidEvent */

  cl_mem other = clCreateBuffer(s.context, CL_MEM_READ_WRITE, sizeof values, NULL, &err);
  CHECK(err);
  report_code("a buffer as the queue",
              clFinish((cl_command_queue)other)); /* expect: FinishInvalidQueue */
  err = CL_SUCCESS;
  cl_kernel none = clCreateKernel((cl_program)other, "k", &err); /* expect: CreateKernelInvalidProgram */
  report_code("a buffer as the program", none == NULL ? err : CL_SUCCESS);
  CHECK(clReleaseMemObject(other));
  teardown(&s);
  return 0;
}
