// Many commands waiting in one queue (§5.10, §5.11): 100,000 markers enqueued behind a user
// event, in order and out of order, all complete once it does, and a marker still waits for
// every command before it. With a cost per command that grows with the commands waiting, the
// 100,000 take minutes (the suite's timeout fails them); constant cost, well under a second.
#include <vector>

#include "fixtures.h"

namespace clvet::test {
namespace {

constexpr int kMarkers = 100000;

class ManyCommands : public WithContext,
                     public ::testing::WithParamInterface<cl_command_queue_properties> {};

cl_int status_of(cl_event e) {
  cl_int status = 1;
  EXPECT_EQ(clGetEventInfo(e, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof status, &status, nullptr),
            CL_SUCCESS);
  return status;
}

// §5.10 clEnqueueMarkerWithWaitList: "If event_wait_list is NULL, then this particular command
// waits until all previous enqueued commands to command_queue have completed."
TEST_P(ManyCommands, HundredThousandMarkersBehindAUserEvent) {
  cl_int err = CL_SUCCESS;
  const cl_queue_properties properties[] = {CL_QUEUE_PROPERTIES, GetParam(), 0};
  cl_command_queue q = clCreateCommandQueueWithProperties(context, device, properties, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  cl_event gate = clCreateUserEvent(context, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  cl_event held = nullptr;
  ASSERT_EQ(clEnqueueMarkerWithWaitList(q, 1, &gate, &held), CL_SUCCESS);
  for (int i = 0; i < kMarkers; ++i)
    ASSERT_EQ(clEnqueueMarkerWithWaitList(q, 0, nullptr, nullptr), CL_SUCCESS);
  cl_event last = nullptr;
  ASSERT_EQ(clEnqueueMarkerWithWaitList(q, 0, nullptr, &last), CL_SUCCESS);
  // Every marker waits, through the ones before it, for the gate.
  EXPECT_EQ(status_of(held), CL_SUBMITTED);
  EXPECT_GT(status_of(last), CL_COMPLETE);
  ASSERT_EQ(clSetUserEventStatus(gate, CL_COMPLETE), CL_SUCCESS);
  ASSERT_EQ(clFinish(q), CL_SUCCESS);
  EXPECT_EQ(status_of(held), CL_COMPLETE);
  EXPECT_EQ(status_of(last), CL_COMPLETE);
  clReleaseEvent(held);
  clReleaseEvent(last);
  clReleaseEvent(gate);
  clReleaseCommandQueue(q);
}

INSTANTIATE_TEST_SUITE_P(Queues, ManyCommands,
                         ::testing::Values(cl_command_queue_properties{0},
                                           cl_command_queue_properties{
                                               CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE}),
                         [](const auto& info) {
                           return info.param ? std::string("OutOfOrder") : std::string("InOrder");
                         });

}  // namespace
}  // namespace clvet::test
