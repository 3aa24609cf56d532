// Event entry points (OpenCL 1.2 §5.9, §5.10, §5.12, §5.13 and the deprecated 1.x markers and
// barriers): every rule of rules/catalogue/event.h, the queries' answers, and the scheduling
// they promise: status order, callbacks, failures passed to dependents, in-order and
// out-of-order execution, markers and barriers, profiling times.
#include <atomic>
#include <chrono>
#include <cstring>
#include <mutex>
#include <thread>
#include <vector>

#include "fixtures.h"

namespace clvet::test {
namespace {

using namespace std::chrono_literals;

// What callbacks saw: (event, status) in call order.
struct CallbackLog {
  std::mutex mutex;
  std::vector<std::pair<cl_event, cl_int>> calls;
  static void CL_CALLBACK record(cl_event event, cl_int status, void* self) {
    auto* log = static_cast<CallbackLog*>(self);
    std::lock_guard lock(log->mutex);
    log->calls.emplace_back(event, status);
  }
  std::vector<std::pair<cl_event, cl_int>> snapshot() {
    std::lock_guard lock(mutex);
    return calls;
  }
  std::size_t size() {
    std::lock_guard lock(mutex);
    return calls.size();
  }
  // Callbacks may run on the queue's thread after a wait returned: poll for them.
  bool wait_for(std::size_t count) {
    for (int i = 0; i < 2000 && size() < count; ++i) std::this_thread::sleep_for(1ms);
    return size() == count;
  }
};

class EventApi : public WithQueue {
 protected:
  void TearDown() override {
    // Complete every user event so no command stays blocked, then drop the events.
    for (cl_event e : user_events_) clSetUserEventStatus(e, CL_COMPLETE);
    if (queue) clFinish(queue);
    for (cl_event e : owned_) clReleaseEvent(e);
    for (cl_command_queue q : queues_) clReleaseCommandQueue(q);
    if (other_) clReleaseContext(other_);
    WithQueue::TearDown();
  }
  cl_event user_event(cl_context in = nullptr) {
    cl_int err;
    cl_event e = clCreateUserEvent(in ? in : context, &err);
    EXPECT_EQ(err, CL_SUCCESS);
    user_events_.push_back(e);
    owned_.push_back(e);
    return e;
  }
  cl_event done_event() {
    cl_event e = user_event();
    EXPECT_EQ(clSetUserEventStatus(e, CL_COMPLETE), CL_SUCCESS);
    return e;
  }
  cl_event marker(cl_command_queue q, std::vector<cl_event> wait = {}) {
    cl_event e = nullptr;
    EXPECT_EQ(clEnqueueMarkerWithWaitList(q, static_cast<cl_uint>(wait.size()),
                                          wait.empty() ? nullptr : wait.data(), &e),
              CL_SUCCESS);
    owned_.push_back(e);
    return e;
  }
  cl_event barrier(cl_command_queue q, std::vector<cl_event> wait = {}) {
    cl_event e = nullptr;
    EXPECT_EQ(clEnqueueBarrierWithWaitList(q, static_cast<cl_uint>(wait.size()),
                                           wait.empty() ? nullptr : wait.data(), &e),
              CL_SUCCESS);
    owned_.push_back(e);
    return e;
  }
  cl_command_queue make_queue(cl_command_queue_properties bits) {
    const cl_queue_properties list[] = {CL_QUEUE_PROPERTIES, bits, 0};
    cl_int err;
    cl_command_queue q = clCreateCommandQueueWithProperties(context, device, list, &err);
    EXPECT_EQ(err, CL_SUCCESS);
    queues_.push_back(q);
    return q;
  }
  cl_command_queue out_of_order_queue() {
    return make_queue(CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE);
  }
  static cl_int status(cl_event e) {
    cl_int s = 99;
    EXPECT_EQ(clGetEventInfo(e, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof s, &s, nullptr),
              CL_SUCCESS);
    return s;
  }
  cl_event released_event() {
    cl_int err;
    cl_event e = clCreateUserEvent(context, &err);
    clReleaseEvent(e);
    return e;  // quarantined by clvet: the loader can still read its dispatch pointer
  }
  cl_context other_context() {
    cl_int err;
    other_ = clCreateContext(nullptr, 1, &device, nullptr, nullptr, &err);
    EXPECT_EQ(err, CL_SUCCESS);
    return other_;
  }
  // This entry point of the reference device itself, past the ICD loader (which answers some
  // invalid calls on its own).
  template <class Fn>
  Fn device_entry(const char* name) {
    using Lookup = void*(CL_API_CALL*)(const char*);
    auto lookup = reinterpret_cast<Lookup>(
        clGetExtensionFunctionAddressForPlatform(platform, "clvetEntryPointCLVET"));
    return lookup ? reinterpret_cast<Fn>(lookup(name)) : nullptr;
  }
  // Gives a command that should stay blocked the time to run if it (wrongly) could.
  static void settle() { std::this_thread::sleep_for(30ms); }

  std::vector<cl_event> user_events_, owned_;
  std::vector<cl_command_queue> queues_;
  cl_context other_ = nullptr;
};

// ---- §5.9 user events -----------------------------------------------------------------

// §5.9: a user event starts CL_SUBMITTED; it has no queue (CL_EVENT_COMMAND_QUEUE is NULL).
TEST_F(EventApi, UserEventStartsSubmitted) {
  cl_event e = user_event();
  EXPECT_EQ(status(e), CL_SUBMITTED);
  cl_command_type type = 0;
  EXPECT_EQ(clGetEventInfo(e, CL_EVENT_COMMAND_TYPE, sizeof type, &type, nullptr), CL_SUCCESS);
  EXPECT_EQ(type, cl_command_type{CL_COMMAND_USER});
  cl_command_queue q = queue;
  EXPECT_EQ(clGetEventInfo(e, CL_EVENT_COMMAND_QUEUE, sizeof q, &q, nullptr), CL_SUCCESS);
  EXPECT_EQ(q, nullptr);
  cl_context c = nullptr;
  EXPECT_EQ(clGetEventInfo(e, CL_EVENT_CONTEXT, sizeof c, &c, nullptr), CL_SUCCESS);
  EXPECT_EQ(c, context);
  EXPECT_EQ(clSetUserEventStatus(e, CL_COMPLETE), CL_SUCCESS);
  EXPECT_EQ(status(e), CL_COMPLETE);
}

// §5.9: CL_INVALID_CONTEXT if context is not a valid context.
TEST_F(EventApi, CreateUserEventInvalidContext) {
  cl_int err;
  cl_context released = other_context();
  clReleaseContext(released);
  other_ = nullptr;
  EXPECT_RULE_ERRCODE(clCreateUserEvent(released, &err), err, CL_INVALID_CONTEXT,
                      "CreateUserEventInvalidContext");
}

// §5.9: CL_INVALID_EVENT if event is not a valid user event object (a command's event, a
// released user event).
TEST_F(EventApi, SetUserEventStatusInvalidEvent) {
  cl_event m = marker(queue);
  EXPECT_RULE(clSetUserEventStatus(m, CL_COMPLETE), CL_INVALID_EVENT,
              "SetUserEventStatusInvalidEvent");
  EXPECT_RULE(clSetUserEventStatus(released_event(), CL_COMPLETE), CL_INVALID_EVENT,
              "SetUserEventStatusInvalidEvent");
}

// §5.9: CL_INVALID_VALUE if execution_status is not CL_COMPLETE or a negative integer value.
TEST_F(EventApi, SetUserEventStatusBadStatus) {
  cl_event e = user_event();
  EXPECT_RULE(clSetUserEventStatus(e, CL_SUBMITTED), CL_INVALID_VALUE,
              "SetUserEventStatusBadStatus");
  EXPECT_RULE(clSetUserEventStatus(e, CL_RUNNING), CL_INVALID_VALUE, "SetUserEventStatusBadStatus");
  EXPECT_RULE(clSetUserEventStatus(e, 7), CL_INVALID_VALUE, "SetUserEventStatusBadStatus");
  EXPECT_EQ(status(e), CL_SUBMITTED);
}

// §5.9: clSetUserEventStatus can only be called once: CL_INVALID_OPERATION afterwards, after
// CL_COMPLETE as after an error.
TEST_F(EventApi, SetUserEventStatusAlreadySet) {
  cl_event e = user_event();
  EXPECT_EQ(clSetUserEventStatus(e, CL_COMPLETE), CL_SUCCESS);
  EXPECT_RULE(clSetUserEventStatus(e, CL_COMPLETE), CL_INVALID_OPERATION,
              "SetUserEventStatusAlreadySet");
  cl_event f = user_event();
  EXPECT_EQ(clSetUserEventStatus(f, -12), CL_SUCCESS);
  EXPECT_EQ(status(f), -12);
  EXPECT_RULE(clSetUserEventStatus(f, CL_COMPLETE), CL_INVALID_OPERATION,
              "SetUserEventStatusAlreadySet");
  EXPECT_EQ(status(f), -12);
}

// ---- §5.9 clWaitForEvents --------------------------------------------------------------

// §5.9: returns once every event completed; CL_SUCCESS when all are CL_COMPLETE.
TEST_F(EventApi, WaitForEventsWaits) {
  cl_event e = user_event();
  cl_event m = marker(queue, {e});
  std::thread setter([&] {
    std::this_thread::sleep_for(20ms);
    clSetUserEventStatus(e, CL_COMPLETE);
  });
  cl_event both[] = {e, m};
  EXPECT_EQ(clWaitForEvents(2, both), CL_SUCCESS);
  EXPECT_EQ(status(m), CL_COMPLETE);
  setter.join();
}

// §5.9: CL_INVALID_VALUE if num_events is zero or event_list is NULL.
// The loader refuses these itself; the device is asked directly.
TEST_F(EventApi, WaitForEventsBadList) {
  auto wait = device_entry<decltype(&clWaitForEvents)>("clWaitForEvents");
  ASSERT_NE(wait, nullptr);
  cl_event e = done_event();
  EXPECT_RULE(wait(0, &e), CL_INVALID_VALUE, "WaitForEventsBadList");
  EXPECT_RULE(wait(1, nullptr), CL_INVALID_VALUE, "WaitForEventsBadList");
}

// §5.9: CL_INVALID_EVENT if event objects specified in event_list are not valid event objects.
TEST_F(EventApi, WaitForEventsInvalidEvent) {
  cl_event list[] = {released_event()};
  EXPECT_RULE(clWaitForEvents(1, list), CL_INVALID_EVENT, "WaitForEventsInvalidEvent");
  cl_event mixed[] = {done_event(), reinterpret_cast<cl_event>(queue)};
  EXPECT_RULE(clWaitForEvents(2, mixed), CL_INVALID_EVENT, "WaitForEventsInvalidEvent");
}

// §5.9: CL_INVALID_CONTEXT if events specified in event_list do not belong to the same context.
TEST_F(EventApi, WaitForEventsContextsDiffer) {
  cl_event list[] = {done_event(), user_event(other_context())};
  clSetUserEventStatus(list[1], CL_COMPLETE);
  EXPECT_RULE(clWaitForEvents(2, list), CL_INVALID_CONTEXT, "WaitForEventsContextsDiffer");
}

// §5.9: CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST if the execution status of any of the
// events in event_list is a negative integer value (after waiting for all of them).
TEST_F(EventApi, WaitForEventsFailedEvent) {
  cl_event good = done_event();
  cl_event bad = user_event();
  EXPECT_EQ(clSetUserEventStatus(bad, -42), CL_SUCCESS);
  cl_event list[] = {good, bad};
  EXPECT_RULE(clWaitForEvents(2, list), CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST,
              "WaitForEventsFailedEvent");
}

// ---- §5.9 clGetEventInfo ---------------------------------------------------------------

// §5.9 table 5.18: every query of a command's event.
TEST_F(EventApi, GetEventInfoOfCommand) {
  cl_event m = marker(queue);
  ASSERT_EQ(clWaitForEvents(1, &m), CL_SUCCESS);
  cl_command_queue q = nullptr;
  EXPECT_EQ(clGetEventInfo(m, CL_EVENT_COMMAND_QUEUE, sizeof q, &q, nullptr), CL_SUCCESS);
  EXPECT_EQ(q, queue);
  cl_context c = nullptr;
  EXPECT_EQ(clGetEventInfo(m, CL_EVENT_CONTEXT, sizeof c, &c, nullptr), CL_SUCCESS);
  EXPECT_EQ(c, context);
  cl_command_type type = 0;
  EXPECT_EQ(clGetEventInfo(m, CL_EVENT_COMMAND_TYPE, sizeof type, &type, nullptr), CL_SUCCESS);
  EXPECT_EQ(type, cl_command_type{CL_COMMAND_MARKER});
  EXPECT_EQ(status(m), CL_COMPLETE);
  cl_uint count = 0;
  size_t size = 0;
  EXPECT_EQ(clGetEventInfo(m, CL_EVENT_REFERENCE_COUNT, sizeof count, &count, &size), CL_SUCCESS);
  EXPECT_EQ(count, 1u);
  EXPECT_EQ(size, sizeof(cl_uint));
  cl_event b = barrier(queue);
  EXPECT_EQ(clGetEventInfo(b, CL_EVENT_COMMAND_TYPE, sizeof type, &type, nullptr), CL_SUCCESS);
  EXPECT_EQ(type, cl_command_type{CL_COMMAND_BARRIER});
}

// §5.9: CL_INVALID_EVENT if event is a not a valid event object.
TEST_F(EventApi, GetEventInfoInvalidEvent) {
  cl_int s;
  EXPECT_RULE(
      clGetEventInfo(released_event(), CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof s, &s, nullptr),
      CL_INVALID_EVENT, "GetEventInfoInvalidEvent");
}

// §5.9: CL_INVALID_VALUE if param_name is not valid or param_value_size is too small.
TEST_F(EventApi, GetEventInfoBadParam) {
  cl_event e = user_event();
  cl_int s;
  EXPECT_RULE(clGetEventInfo(e, 0x7777, sizeof s, &s, nullptr), CL_INVALID_VALUE,
              "GetEventInfoBadParam");
  EXPECT_RULE(clGetEventInfo(e, CL_EVENT_COMMAND_EXECUTION_STATUS, 1, &s, nullptr),
              CL_INVALID_VALUE, "GetEventInfoBadParam");
}

// ---- §5.9 reference counts ---------------------------------------------------------------

// §5.9 clRetainEvent / clReleaseEvent: counts, and CL_INVALID_EVENT once the count is zero.
TEST_F(EventApi, RetainAndRelease) {
  cl_int err;
  cl_event e = clCreateUserEvent(context, &err);
  EXPECT_EQ(clRetainEvent(e), CL_SUCCESS);
  cl_uint count = 0;
  EXPECT_EQ(clGetEventInfo(e, CL_EVENT_REFERENCE_COUNT, sizeof count, &count, nullptr), CL_SUCCESS);
  EXPECT_EQ(count, 2u);
  EXPECT_EQ(clReleaseEvent(e), CL_SUCCESS);
  EXPECT_EQ(clReleaseEvent(e), CL_SUCCESS);
  EXPECT_RULE(clRetainEvent(e), CL_INVALID_EVENT, "RetainEventInvalidEvent");
  EXPECT_RULE(clReleaseEvent(e), CL_INVALID_EVENT, "ReleaseEventInvalidEvent");
}

// §5.9: an event released by the application lives on while its command still runs; its
// callbacks are still called.
TEST_F(EventApi, ReleasedEventStillCompletesAndCallsBack) {
  CallbackLog log;
  cl_event e = user_event();
  cl_event m = nullptr;
  ASSERT_EQ(clEnqueueMarkerWithWaitList(queue, 1, &e, &m), CL_SUCCESS);
  ASSERT_EQ(clSetEventCallback(m, CL_COMPLETE, &CallbackLog::record, &log), CL_SUCCESS);
  EXPECT_EQ(clReleaseEvent(m), CL_SUCCESS);
  EXPECT_EQ(clSetUserEventStatus(e, CL_COMPLETE), CL_SUCCESS);
  EXPECT_EQ(clFinish(queue), CL_SUCCESS);
  ASSERT_TRUE(log.wait_for(1));
  EXPECT_EQ(log.snapshot()[0], std::make_pair(m, cl_int{CL_COMPLETE}));
}

// ---- §5.9 clSetEventCallback ---------------------------------------------------------------

// §5.9: a callback for each of CL_SUBMITTED, CL_RUNNING and CL_COMPLETE, called once each with
// the status it was registered for; a status already reached calls it at once.
TEST_F(EventApi, CallbacksForEveryStatus) {
  CallbackLog log;
  cl_event e = user_event();
  cl_event m = marker(queue, {e});
  EXPECT_EQ(status(m), CL_SUBMITTED);
  ASSERT_EQ(clSetEventCallback(m, CL_COMPLETE, &CallbackLog::record, &log), CL_SUCCESS);
  ASSERT_EQ(clSetEventCallback(m, CL_RUNNING, &CallbackLog::record, &log), CL_SUCCESS);
  ASSERT_EQ(clSetEventCallback(m, CL_SUBMITTED, &CallbackLog::record, &log), CL_SUCCESS);
  // CL_SUBMITTED was reached: its callback ran before clSetEventCallback returned.
  ASSERT_EQ(log.size(), 1u);
  EXPECT_EQ(log.snapshot()[0], std::make_pair(m, cl_int{CL_SUBMITTED}));
  settle();
  EXPECT_EQ(log.size(), 1u) << "the marker must not run before the user event completes";
  ASSERT_EQ(clSetUserEventStatus(e, CL_COMPLETE), CL_SUCCESS);
  ASSERT_EQ(clWaitForEvents(1, &m), CL_SUCCESS);
  ASSERT_TRUE(log.wait_for(3));
  auto calls = log.snapshot();
  EXPECT_EQ(calls[1], std::make_pair(m, cl_int{CL_RUNNING}));
  EXPECT_EQ(calls[2], std::make_pair(m, cl_int{CL_COMPLETE}));
  // Registered after completion: called at once, exactly once.
  ASSERT_EQ(clSetEventCallback(m, CL_COMPLETE, &CallbackLog::record, &log), CL_SUCCESS);
  ASSERT_EQ(clSetEventCallback(m, CL_RUNNING, &CallbackLog::record, &log), CL_SUCCESS);
  calls = log.snapshot();
  ASSERT_EQ(calls.size(), 5u);
  EXPECT_EQ(calls[3].second, CL_COMPLETE);
  EXPECT_EQ(calls[4].second, CL_RUNNING);
  settle();
  EXPECT_EQ(log.size(), 5u);
}

// §5.9 (footnote 20 and event_command_exec_status): a terminated command calls its callbacks
// with the error code; callbacks of statuses reached before keep their status.
TEST_F(EventApi, CallbacksOfTerminatedUserEvent) {
  CallbackLog log;
  cl_event e = user_event();
  ASSERT_EQ(clSetEventCallback(e, CL_SUBMITTED, &CallbackLog::record, &log), CL_SUCCESS);
  ASSERT_EQ(clSetEventCallback(e, CL_RUNNING, &CallbackLog::record, &log), CL_SUCCESS);
  ASSERT_EQ(clSetEventCallback(e, CL_COMPLETE, &CallbackLog::record, &log), CL_SUCCESS);
  ASSERT_EQ(log.size(), 1u);
  EXPECT_EQ(log.snapshot()[0].second, CL_SUBMITTED);
  ASSERT_EQ(clSetUserEventStatus(e, -99), CL_SUCCESS);
  ASSERT_TRUE(log.wait_for(3));
  auto calls = log.snapshot();
  EXPECT_EQ(calls[1].second, -99);
  EXPECT_EQ(calls[2].second, -99);
  // Registered after the failure: the error for statuses never reached, CL_SUBMITTED else.
  ASSERT_EQ(clSetEventCallback(e, CL_COMPLETE, &CallbackLog::record, &log), CL_SUCCESS);
  ASSERT_EQ(clSetEventCallback(e, CL_SUBMITTED, &CallbackLog::record, &log), CL_SUCCESS);
  calls = log.snapshot();
  ASSERT_EQ(calls.size(), 5u);
  EXPECT_EQ(calls[3].second, -99);
  EXPECT_EQ(calls[4].second, CL_SUBMITTED);
}

// §5.9: CL_INVALID_EVENT if event is not a valid event object.
TEST_F(EventApi, SetEventCallbackInvalidEvent) {
  CallbackLog log;
  EXPECT_RULE(clSetEventCallback(released_event(), CL_COMPLETE, &CallbackLog::record, &log),
              CL_INVALID_EVENT, "SetEventCallbackInvalidEvent");
}

// §5.9: CL_INVALID_VALUE if pfn_event_notify is NULL or the callback type is not CL_SUBMITTED,
// CL_RUNNING or CL_COMPLETE.
TEST_F(EventApi, SetEventCallbackBadArguments) {
  CallbackLog log;
  cl_event e = user_event();
  EXPECT_RULE(clSetEventCallback(e, CL_COMPLETE, nullptr, &log), CL_INVALID_VALUE,
              "SetEventCallbackBadArguments");
  EXPECT_RULE(clSetEventCallback(e, CL_QUEUED, &CallbackLog::record, &log), CL_INVALID_VALUE,
              "SetEventCallbackBadArguments");
  EXPECT_RULE(clSetEventCallback(e, -5, &CallbackLog::record, &log), CL_INVALID_VALUE,
              "SetEventCallbackBadArguments");
  EXPECT_EQ(log.size(), 0u);
}

// ---- §5.10 markers and barriers with wait lists ---------------------------------------------

// §5.10: CL_INVALID_COMMAND_QUEUE if command_queue is not a valid command-queue.
TEST_F(EventApi, MarkerAndBarrierInvalidQueue) {
  cl_command_queue q = released_queue();
  cl_event e;
  EXPECT_RULE(clEnqueueMarkerWithWaitList(q, 0, nullptr, &e), CL_INVALID_COMMAND_QUEUE,
              "EnqueueMarkerWithWaitListInvalidQueue");
  EXPECT_RULE(clEnqueueBarrierWithWaitList(q, 0, nullptr, &e), CL_INVALID_COMMAND_QUEUE,
              "EnqueueBarrierWithWaitListInvalidQueue");
}

// §5.10: CL_INVALID_EVENT_WAIT_LIST for a NULL list with a count, a list with count 0, or an
// invalid event in the list.
TEST_F(EventApi, MarkerAndBarrierBadWaitList) {
  cl_event done = done_event();
  cl_event released[] = {released_event()};
  cl_event e;
  EXPECT_RULE(clEnqueueMarkerWithWaitList(queue, 1, nullptr, &e), CL_INVALID_EVENT_WAIT_LIST,
              "EnqueueMarkerWithWaitListBadWaitList");
  EXPECT_RULE(clEnqueueMarkerWithWaitList(queue, 0, &done, &e), CL_INVALID_EVENT_WAIT_LIST,
              "EnqueueMarkerWithWaitListBadWaitList");
  EXPECT_RULE(clEnqueueMarkerWithWaitList(queue, 1, released, &e), CL_INVALID_EVENT_WAIT_LIST,
              "EnqueueMarkerWithWaitListBadWaitList");
  EXPECT_RULE(clEnqueueBarrierWithWaitList(queue, 1, nullptr, &e), CL_INVALID_EVENT_WAIT_LIST,
              "EnqueueBarrierWithWaitListBadWaitList");
  EXPECT_RULE(clEnqueueBarrierWithWaitList(queue, 0, &done, &e), CL_INVALID_EVENT_WAIT_LIST,
              "EnqueueBarrierWithWaitListBadWaitList");
  EXPECT_RULE(clEnqueueBarrierWithWaitList(queue, 1, released, &e), CL_INVALID_EVENT_WAIT_LIST,
              "EnqueueBarrierWithWaitListBadWaitList");
}

// §5.10: CL_INVALID_CONTEXT if the queue's context and the wait list's events' differ.
TEST_F(EventApi, MarkerAndBarrierContextDiffers) {
  cl_int err;
  cl_context other = other_context();
  cl_event foreign = clCreateUserEvent(other, &err);
  clSetUserEventStatus(foreign, CL_COMPLETE);
  cl_event e;
  EXPECT_RULE(clEnqueueMarkerWithWaitList(queue, 1, &foreign, &e), CL_INVALID_CONTEXT,
              "EnqueueMarkerWithWaitListContextDiffers");
  EXPECT_RULE(clEnqueueBarrierWithWaitList(queue, 1, &foreign, &e), CL_INVALID_CONTEXT,
              "EnqueueBarrierWithWaitListContextDiffers");
  clReleaseEvent(foreign);
}

// ---- 3.0 §5.12: the deprecated clEnqueueMarker, clEnqueueWaitForEvents, clEnqueueBarrier ----

TEST_F(EventApi, EnqueueMarkerRules) {
  cl_event e;
  EXPECT_RULE(clEnqueueMarker(released_queue(), &e), CL_INVALID_COMMAND_QUEUE,
              "EnqueueMarkerInvalidQueue");
  EXPECT_RULE(clEnqueueMarker(queue, nullptr), CL_INVALID_VALUE, "EnqueueMarkerNullEvent");
}

TEST_F(EventApi, EnqueueWaitForEventsRules) {
  cl_event done = done_event();
  EXPECT_RULE(clEnqueueWaitForEvents(released_queue(), 1, &done), CL_INVALID_COMMAND_QUEUE,
              "EnqueueWaitForEventsInvalidQueue");
  EXPECT_RULE(clEnqueueWaitForEvents(queue, 0, &done), CL_INVALID_VALUE,
              "EnqueueWaitForEventsBadList");
  EXPECT_RULE(clEnqueueWaitForEvents(queue, 1, nullptr), CL_INVALID_VALUE,
              "EnqueueWaitForEventsBadList");
  cl_event released[] = {released_event()};
  EXPECT_RULE(clEnqueueWaitForEvents(queue, 1, released), CL_INVALID_EVENT,
              "EnqueueWaitForEventsInvalidEvent");
  cl_int err;
  cl_event foreign = clCreateUserEvent(other_context(), &err);
  clSetUserEventStatus(foreign, CL_COMPLETE);
  EXPECT_RULE(clEnqueueWaitForEvents(queue, 1, &foreign), CL_INVALID_CONTEXT,
              "EnqueueWaitForEventsContextDiffers");
  clReleaseEvent(foreign);
}

TEST_F(EventApi, EnqueueBarrierRules) {
  EXPECT_RULE(clEnqueueBarrier(released_queue()), CL_INVALID_COMMAND_QUEUE,
              "EnqueueBarrierInvalidQueue");
  EXPECT_EQ(clEnqueueBarrier(queue), CL_SUCCESS);
  EXPECT_EQ(clFinish(queue), CL_SUCCESS);
}

// ---- §5.12 profiling -------------------------------------------------------------------

// §5.12: the five times of a completed command, in order: QUEUED <= SUBMIT <= START <= END <=
// COMPLETE (COMPLETE since 2.0).
TEST_F(EventApi, ProfilingTimesAreMonotonic) {
  cl_command_queue q = make_queue(CL_QUEUE_PROFILING_ENABLE);
  cl_event e = user_event();
  cl_event m = marker(q, {e});
  settle();
  ASSERT_EQ(clSetUserEventStatus(e, CL_COMPLETE), CL_SUCCESS);
  ASSERT_EQ(clWaitForEvents(1, &m), CL_SUCCESS);
  const cl_profiling_info order[] = {CL_PROFILING_COMMAND_QUEUED, CL_PROFILING_COMMAND_SUBMIT,
                                     CL_PROFILING_COMMAND_START, CL_PROFILING_COMMAND_END,
                                     CL_PROFILING_COMMAND_COMPLETE};
  cl_ulong previous = 0;
  for (cl_profiling_info which : order) {
    cl_ulong t = 0;
    size_t size = 0;
    ASSERT_EQ(clGetEventProfilingInfo(m, which, sizeof t, &t, &size), CL_SUCCESS);
    EXPECT_EQ(size, sizeof(cl_ulong));
    EXPECT_GT(t, 0u);
    EXPECT_GE(t, previous) << "profiling info " << which;
    previous = t;
  }
  cl_ulong queued = 0, start = 0;
  clGetEventProfilingInfo(m, CL_PROFILING_COMMAND_QUEUED, sizeof queued, &queued, nullptr);
  clGetEventProfilingInfo(m, CL_PROFILING_COMMAND_START, sizeof start, &start, nullptr);
  EXPECT_GE(start - queued, 20'000'000u) << "the marker waited ~30 ms for the user event";
}

// §5.12: CL_INVALID_EVENT if event is a not a valid event object.
TEST_F(EventApi, GetEventProfilingInfoInvalidEvent) {
  cl_ulong t;
  EXPECT_RULE(
      clGetEventProfilingInfo(released_event(), CL_PROFILING_COMMAND_END, sizeof t, &t, nullptr),
      CL_INVALID_EVENT, "GetEventProfilingInfoInvalidEvent");
}

// §5.12: CL_PROFILING_INFO_NOT_AVAILABLE for a queue without CL_QUEUE_PROFILING_ENABLE, for a
// command not CL_COMPLETE (waiting, or terminated), and for a user event.
TEST_F(EventApi, GetEventProfilingInfoNotAvailable) {
  cl_ulong t;
  cl_event unprofiled = marker(queue);
  ASSERT_EQ(clWaitForEvents(1, &unprofiled), CL_SUCCESS);
  EXPECT_RULE(clGetEventProfilingInfo(unprofiled, CL_PROFILING_COMMAND_END, sizeof t, &t, nullptr),
              CL_PROFILING_INFO_NOT_AVAILABLE, "GetEventProfilingInfoNotAvailable");
  cl_command_queue q = make_queue(CL_QUEUE_PROFILING_ENABLE);
  cl_event e = user_event();
  cl_event waiting = marker(q, {e});
  EXPECT_RULE(clGetEventProfilingInfo(waiting, CL_PROFILING_COMMAND_QUEUED, sizeof t, &t, nullptr),
              CL_PROFILING_INFO_NOT_AVAILABLE, "GetEventProfilingInfoNotAvailable");
  EXPECT_RULE(clGetEventProfilingInfo(e, CL_PROFILING_COMMAND_QUEUED, sizeof t, &t, nullptr),
              CL_PROFILING_INFO_NOT_AVAILABLE, "GetEventProfilingInfoNotAvailable");
  ASSERT_EQ(clSetUserEventStatus(e, -3), CL_SUCCESS);
  clWaitForEvents(1, &waiting);
  EXPECT_RULE(clGetEventProfilingInfo(waiting, CL_PROFILING_COMMAND_END, sizeof t, &t, nullptr),
              CL_PROFILING_INFO_NOT_AVAILABLE, "GetEventProfilingInfoNotAvailable");
}

// §5.12: CL_INVALID_VALUE if param_name is not valid or param_value_size is too small.
TEST_F(EventApi, GetEventProfilingInfoBadParam) {
  cl_command_queue q = make_queue(CL_QUEUE_PROFILING_ENABLE);
  cl_event m = marker(q);
  ASSERT_EQ(clWaitForEvents(1, &m), CL_SUCCESS);
  cl_ulong t;
  EXPECT_RULE(clGetEventProfilingInfo(m, 0x7777, sizeof t, &t, nullptr), CL_INVALID_VALUE,
              "GetEventProfilingInfoBadParam");
  EXPECT_RULE(clGetEventProfilingInfo(m, CL_PROFILING_COMMAND_END, 4, &t, nullptr),
              CL_INVALID_VALUE, "GetEventProfilingInfoBadParam");
}

// ---- scheduling: §5.1, §5.9, §5.10, §5.11, §5.13 ------------------------------------------

class EventScheduling : public EventApi {};

// §5.11: an in-order queue runs its commands in enqueue order; a command waiting on a user
// event holds back every later command.
TEST_F(EventScheduling, InOrderQueueRunsInOrder) {
  CallbackLog log;
  cl_event e = user_event();
  cl_event done = done_event();
  std::vector<cl_event> markers = {marker(queue, {e})};
  for (int i = 0; i < 4; ++i) markers.push_back(marker(queue, {done}));
  for (cl_event m : markers)
    ASSERT_EQ(clSetEventCallback(m, CL_COMPLETE, &CallbackLog::record, &log), CL_SUCCESS);
  settle();
  for (cl_event m : markers) EXPECT_EQ(status(m), CL_SUBMITTED);
  ASSERT_EQ(clSetUserEventStatus(e, CL_COMPLETE), CL_SUCCESS);
  ASSERT_EQ(clFinish(queue), CL_SUCCESS);
  ASSERT_TRUE(log.wait_for(markers.size()));
  auto calls = log.snapshot();
  for (std::size_t i = 0; i < markers.size(); ++i) EXPECT_EQ(calls[i].first, markers[i]);
}

// §5.11: in an out-of-order queue a command waiting on an event does not hold back a later
// command that does not depend on it.
TEST_F(EventScheduling, OutOfOrderQueueRunsIndependentCommands) {
  cl_command_queue q = out_of_order_queue();
  cl_event e = user_event();
  cl_event blocked = marker(q, {e});
  cl_event independent = marker(q, {done_event()});
  ASSERT_EQ(clWaitForEvents(1, &independent), CL_SUCCESS);
  EXPECT_EQ(status(blocked), CL_SUBMITTED);
  ASSERT_EQ(clSetUserEventStatus(e, CL_COMPLETE), CL_SUCCESS);
  ASSERT_EQ(clWaitForEvents(1, &blocked), CL_SUCCESS);
}

// §5.10: a marker with an empty wait list waits for every command enqueued before it, also in
// an out-of-order queue; it does not hold back later commands.
TEST_F(EventScheduling, MarkerWithoutWaitListWaitsForAllPrevious) {
  cl_command_queue q = out_of_order_queue();
  cl_event e = user_event();
  cl_event blocked = marker(q, {e});
  cl_event all = marker(q);
  cl_event later = marker(q, {done_event()});
  ASSERT_EQ(clWaitForEvents(1, &later), CL_SUCCESS);
  settle();
  EXPECT_EQ(status(blocked), CL_SUBMITTED);
  EXPECT_EQ(status(all), CL_SUBMITTED);
  ASSERT_EQ(clSetUserEventStatus(e, CL_COMPLETE), CL_SUCCESS);
  ASSERT_EQ(clWaitForEvents(1, &all), CL_SUCCESS);
  EXPECT_EQ(status(blocked), CL_COMPLETE);
}

// §5.10: a barrier holds back every command enqueued after it until it completes (out-of-order
// queue), and with an empty wait list waits for every command before it.
TEST_F(EventScheduling, BarrierBlocksLaterCommands) {
  cl_command_queue q = out_of_order_queue();
  cl_event e = user_event();
  cl_event b = barrier(q, {e});
  cl_event later = marker(q, {done_event()});
  settle();
  EXPECT_EQ(status(b), CL_SUBMITTED);
  EXPECT_EQ(status(later), CL_SUBMITTED) << "a command after a barrier ran before it";
  ASSERT_EQ(clSetUserEventStatus(e, CL_COMPLETE), CL_SUCCESS);
  ASSERT_EQ(clWaitForEvents(1, &later), CL_SUCCESS);
  EXPECT_EQ(status(b), CL_COMPLETE);

  cl_event f = user_event();
  cl_event before = marker(q, {f});
  cl_event all = barrier(q);
  cl_event after = marker(q, {done_event()});
  settle();
  EXPECT_EQ(status(all), CL_SUBMITTED);
  EXPECT_EQ(status(after), CL_SUBMITTED);
  ASSERT_EQ(clSetUserEventStatus(f, CL_COMPLETE), CL_SUCCESS);
  ASSERT_EQ(clWaitForEvents(1, &after), CL_SUCCESS);
  EXPECT_EQ(status(before), CL_COMPLETE);
  EXPECT_EQ(status(all), CL_COMPLETE);
}

// 3.0 §5.12 clEnqueueWaitForEvents: later commands wait for the listed events.
TEST_F(EventScheduling, EnqueueWaitForEventsBlocksLaterCommands) {
  cl_command_queue q = out_of_order_queue();
  cl_event e = user_event();
  ASSERT_EQ(clEnqueueWaitForEvents(q, 1, &e), CL_SUCCESS);
  cl_event later = marker(q, {done_event()});
  settle();
  EXPECT_EQ(status(later), CL_SUBMITTED);
  ASSERT_EQ(clSetUserEventStatus(e, CL_COMPLETE), CL_SUCCESS);
  ASSERT_EQ(clWaitForEvents(1, &later), CL_SUCCESS);
}

// 3.0 §5.12 clEnqueueBarrier and clEnqueueMarker: the barrier holds back later commands until
// every earlier one completed; the marker completes after every earlier command.
TEST_F(EventScheduling, DeprecatedBarrierAndMarker) {
  cl_command_queue q = out_of_order_queue();
  cl_event e = user_event();
  cl_event blocked = marker(q, {e});
  ASSERT_EQ(clEnqueueBarrier(q), CL_SUCCESS);
  cl_event later = marker(q, {done_event()});
  cl_event m = nullptr;
  ASSERT_EQ(clEnqueueMarker(q, &m), CL_SUCCESS);
  owned_.push_back(m);
  cl_command_type type = 0;
  EXPECT_EQ(clGetEventInfo(m, CL_EVENT_COMMAND_TYPE, sizeof type, &type, nullptr), CL_SUCCESS);
  EXPECT_EQ(type, cl_command_type{CL_COMMAND_MARKER});
  settle();
  EXPECT_EQ(status(later), CL_SUBMITTED);
  EXPECT_EQ(status(m), CL_SUBMITTED);
  ASSERT_EQ(clSetUserEventStatus(e, CL_COMPLETE), CL_SUCCESS);
  ASSERT_EQ(clWaitForEvents(1, &m), CL_SUCCESS);
  EXPECT_EQ(status(blocked), CL_COMPLETE);
  EXPECT_EQ(status(later), CL_COMPLETE);
}

// §5.9: a user event set to an error terminates the commands that wait for it, and theirs in
// turn: CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST, passed to their callbacks.
TEST_F(EventScheduling, FailedEventFailsDependents) {
  CallbackLog log;
  cl_command_queue q = out_of_order_queue();
  cl_event e = user_event();
  cl_event first = marker(q, {e});
  cl_event second = barrier(q, {first});
  ASSERT_EQ(clSetEventCallback(first, CL_RUNNING, &CallbackLog::record, &log), CL_SUCCESS);
  ASSERT_EQ(clSetEventCallback(second, CL_COMPLETE, &CallbackLog::record, &log), CL_SUCCESS);
  ASSERT_EQ(clSetUserEventStatus(e, -1234), CL_SUCCESS);
  cl_event both[] = {first, second};
  EXPECT_EQ(clWaitForEvents(2, both), CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
  EXPECT_EQ(status(e), -1234);
  EXPECT_EQ(status(first), CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
  EXPECT_EQ(status(second), CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
  ASSERT_TRUE(log.wait_for(2));
  for (auto& [event, s] : log.snapshot())
    EXPECT_EQ(s, CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
  // A later command that does not wait for them runs normally.
  cl_event after = marker(q, {done_event()});
  EXPECT_EQ(clWaitForEvents(1, &after), CL_SUCCESS);
}

// §5.1: clReleaseCommandQueue does not wait for the queue's commands; they still complete, and
// their events still name the queue.
TEST_F(EventScheduling, ReleasingQueueDoesNotBlock) {
  cl_int err;
  cl_command_queue q = clCreateCommandQueueWithProperties(context, device, nullptr, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  cl_event e = user_event();
  cl_event first = marker(q, {e});
  cl_event last = marker(q);
  auto before = std::chrono::steady_clock::now();
  EXPECT_EQ(clReleaseCommandQueue(q), CL_SUCCESS);
  EXPECT_LT(std::chrono::steady_clock::now() - before, 1s);
  EXPECT_EQ(status(first), CL_SUBMITTED);
  ASSERT_EQ(clSetUserEventStatus(e, CL_COMPLETE), CL_SUCCESS);
  cl_event both[] = {first, last};
  EXPECT_EQ(clWaitForEvents(2, both), CL_SUCCESS);
  cl_command_queue named = nullptr;
  EXPECT_EQ(clGetEventInfo(last, CL_EVENT_COMMAND_QUEUE, sizeof named, &named, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(named, q);
}

// §5.13: clFinish returns only once every command enqueued before it completed.
TEST_F(EventScheduling, FinishWaitsForEveryCommand) {
  cl_command_queue q = out_of_order_queue();
  cl_event e = user_event();
  std::vector<cl_event> markers;
  for (int i = 0; i < 8; ++i) markers.push_back(marker(q, {e}));
  std::thread setter([&] {
    std::this_thread::sleep_for(20ms);
    clSetUserEventStatus(e, CL_COMPLETE);
  });
  EXPECT_EQ(clFinish(q), CL_SUCCESS);
  for (cl_event m : markers) EXPECT_EQ(status(m), CL_COMPLETE);
  setter.join();
}

// §5.9 and §5.13: events of one queue in the wait list of another.
TEST_F(EventScheduling, WaitListAcrossQueues) {
  cl_command_queue other = out_of_order_queue();
  cl_event e = user_event();
  cl_event upstream = marker(other, {e});
  cl_event downstream = marker(queue, {upstream});
  settle();
  EXPECT_EQ(status(downstream), CL_SUBMITTED);
  ASSERT_EQ(clSetUserEventStatus(e, CL_COMPLETE), CL_SUCCESS);
  EXPECT_EQ(clWaitForEvents(1, &downstream), CL_SUCCESS);
}

// A native kernel (§5.8) that runs until told to stop: a command that stays CL_RUNNING.
struct Hold {
  std::atomic<int>* started;
  std::atomic<int>* release;
  static void CL_CALLBACK run(void* args) {
    Hold hold;
    std::memcpy(&hold, args, sizeof hold);  // the device passes a copy of the bytes
    hold.started->store(1);
    while (hold.release->load() == 0) std::this_thread::sleep_for(1ms);
  }
};

// §5.9: a command goes CL_QUEUED -> CL_SUBMITTED -> CL_RUNNING -> CL_COMPLETE; while it
// executes its status is CL_RUNNING and only the callbacks of the statuses reached have been
// called; §5.12: END - START covers its execution.
TEST_F(EventScheduling, RunningWhileTheCommandExecutes) {
  CallbackLog log;
  cl_command_queue q = make_queue(CL_QUEUE_PROFILING_ENABLE);
  std::atomic<int> started{0}, release{0};
  Hold hold{&started, &release};
  cl_event e = nullptr;
  ASSERT_EQ(
      clEnqueueNativeKernel(q, &Hold::run, &hold, sizeof hold, 0, nullptr, nullptr, 0, nullptr, &e),
      CL_SUCCESS);
  owned_.push_back(e);
  ASSERT_EQ(clSetEventCallback(e, CL_RUNNING, &CallbackLog::record, &log), CL_SUCCESS);
  ASSERT_EQ(clSetEventCallback(e, CL_COMPLETE, &CallbackLog::record, &log), CL_SUCCESS);
  for (int i = 0; i < 2000 && started.load() == 0; ++i) std::this_thread::sleep_for(1ms);
  ASSERT_EQ(started.load(), 1);
  EXPECT_EQ(status(e), CL_RUNNING);
  ASSERT_TRUE(log.wait_for(1));
  EXPECT_EQ(log.snapshot()[0], std::make_pair(e, cl_int{CL_RUNNING}));
  std::this_thread::sleep_for(20ms);
  release.store(1);
  ASSERT_EQ(clWaitForEvents(1, &e), CL_SUCCESS);
  ASSERT_TRUE(log.wait_for(2));
  EXPECT_EQ(log.snapshot()[1], std::make_pair(e, cl_int{CL_COMPLETE}));
  cl_ulong start = 0, end = 0;
  ASSERT_EQ(clGetEventProfilingInfo(e, CL_PROFILING_COMMAND_START, sizeof start, &start, nullptr),
            CL_SUCCESS);
  ASSERT_EQ(clGetEventProfilingInfo(e, CL_PROFILING_COMMAND_END, sizeof end, &end, nullptr),
            CL_SUCCESS);
  EXPECT_GE(end - start, 20'000'000u);
}

// A native kernel that records when it ran, and whether another ran at the same time.
struct Record {
  std::mutex* mutex;
  std::vector<int>* order;
  std::atomic<int>* running;
  std::atomic<int>* overlaps;
  int index;
  static void CL_CALLBACK run(void* args) {
    Record r;
    std::memcpy(&r, args, sizeof r);
    if (r.running->fetch_add(1) != 0) r.overlaps->fetch_add(1);
    std::this_thread::sleep_for(2ms);
    {
      std::lock_guard lock(*r.mutex);
      r.order->push_back(r.index);
    }
    r.running->fetch_sub(1);
  }
};

// §5.11: in an in-order queue each command finishes before the next one starts, in enqueue
// order.
TEST_F(EventScheduling, InOrderCommandsDoNotOverlap) {
  std::mutex mutex;
  std::vector<int> order;
  std::atomic<int> running{0}, overlaps{0};
  for (int i = 0; i < 6; ++i) {
    Record r{&mutex, &order, &running, &overlaps, i};
    ASSERT_EQ(clEnqueueNativeKernel(queue, &Record::run, &r, sizeof r, 0, nullptr, nullptr, 0,
                                    nullptr, nullptr),
              CL_SUCCESS);
  }
  ASSERT_EQ(clFinish(queue), CL_SUCCESS);
  EXPECT_EQ(overlaps.load(), 0);
  EXPECT_EQ(order, (std::vector<int>{0, 1, 2, 3, 4, 5}));
}

}  // namespace
}  // namespace clvet::test
