// Rules: Events, markers, barriers, profiling, flush and finish (OpenCL 1.2 §5.9, §5.10,
// §5.12, §5.13; 2.2 §5.11-5.15), and the 1.x marker, barrier and wait entry points that 1.2
// deprecated (3.0 API §5.12).
#pragma once

#include "catalogue.h"
#include "queue.h"  // CLVET_QE_OUT_OF_RESOURCES, CLVET_QE_OUT_OF_HOST_MEMORY

namespace clvet::rules::event_checks {

// Event status and type as clGetEventInfo reports them; the event must be valid.
inline cl_int status_of(const World& w, cl_event event) {
  return get<cl_int>(w, InfoQuery::Event, event, CL_EVENT_COMMAND_EXECUTION_STATUS)
      .value_or(CL_COMPLETE);
}
inline cl_command_type type_of(const World& w, cl_event event) {
  return get<cl_command_type>(w, InfoQuery::Event, event, CL_EVENT_COMMAND_TYPE).value_or(0);
}

inline bool is_user_event(const World& w, cl_event event) {
  return valid(w, event) && type_of(w, event) == CL_COMMAND_USER;
}

// clWaitForEvents, clEnqueueWaitForEvents: some event of the (valid) list is not valid.
inline bool some_event_invalid(const World& w, cl_uint count, const cl_event* list) {
  for (cl_uint i = 0; i < count; ++i)
    if (!valid(w, list[i])) return true;
  return false;
}

// clWaitForEvents: the (valid) events do not all belong to one context.
inline bool contexts_differ(const World& w, cl_uint count, const cl_event* list) {
  for (cl_uint i = 1; i < count; ++i)
    if (context_of(w, list[i]) != context_of(w, list[0])) return true;
  return false;
}

// clGetEventProfilingInfo on a valid event: a user event, a command not (yet) CL_COMPLETE, or
// a command of a queue without CL_QUEUE_PROFILING_ENABLE. Once the application released the
// queue its properties cannot be asked; the implementation then decides.
inline bool profiling_unavailable(const World& w, cl_event event) {
  if (type_of(w, event) == CL_COMMAND_USER) return true;
  if (status_of(w, event) != CL_COMPLETE) return true;
  auto queue = get<cl_command_queue>(w, InfoQuery::Event, event, CL_EVENT_COMMAND_QUEUE);
  if (!queue || !valid(w, *queue)) return false;
  auto properties =
      get<cl_command_queue_properties>(w, InfoQuery::CommandQueue, *queue, CL_QUEUE_PROPERTIES);
  return properties && !(*properties & CL_QUEUE_PROFILING_ENABLE);
}

}  // namespace clvet::rules::event_checks

// §5.9 clCreateUserEvent
CLVET_ROLE_RULE(CreateUserEventInvalidContext, CreateUserEvent, InvalidContext, Spec::OpenCL12,
                "5.9", V1_1)
CLVET_QE_OUT_OF_RESOURCES(CreateUserEventOutOfResources, "clCreateUserEvent", Spec::OpenCL12, "5.9",
                          V1_1, "never raised: a user event needs no device resources")
CLVET_QE_OUT_OF_HOST_MEMORY(CreateUserEventOutOfHostMemory, "clCreateUserEvent", Spec::OpenCL12,
                            "5.9", V1_1, "raised when allocating the event throws std::bad_alloc")

// §5.9 clSetUserEventStatus
CLVET_RULE(SetUserEventStatusInvalidEvent, "clSetUserEventStatus", CL_INVALID_EVENT, Spec::OpenCL12,
           "5.9", "CL_INVALID_EVENT if event is not a valid user event object.", V1_1, Still,
           CLVET_CHECK(SetUserEventStatus, !event_checks::is_user_event(w, a.event)))
CLVET_RULE(SetUserEventStatusBadStatus, "clSetUserEventStatus", CL_INVALID_VALUE, Spec::OpenCL12,
           "5.9",
           "CL_INVALID_VALUE if the execution_status is not CL_COMPLETE or a negative integer "
           "value.",
           V1_1, Still, CLVET_CHECK(SetUserEventStatus, a.execution_status > CL_COMPLETE))
// A user event leaves CL_SUBMITTED only through clSetUserEventStatus. Two threads setting it at
// once both pass this check; the implementation then refuses the second (runtime).
CLVET_RULE(SetUserEventStatusAlreadySet, "clSetUserEventStatus", CL_INVALID_OPERATION,
           Spec::OpenCL12, "5.9",
           "CL_INVALID_OPERATION if the execution_status for event has already been changed by a "
           "previous call to clSetUserEventStatus.",
           V1_1, Still,
           CLVET_CHECK(SetUserEventStatus, event_checks::status_of(w, a.event) != CL_SUBMITTED))
CLVET_QE_OUT_OF_RESOURCES(SetUserEventStatusOutOfResources, "clSetUserEventStatus", Spec::OpenCL12,
                          "5.9", V1_1,
                          "never raised: setting a status allocates nothing on the device")
CLVET_QE_OUT_OF_HOST_MEMORY(SetUserEventStatusOutOfHostMemory, "clSetUserEventStatus",
                            Spec::OpenCL12, "5.9", V1_1,
                            "never raised: callbacks due are moved out of a list already allocated")

// §5.9 clWaitForEvents. The handle check comes before the context check, which needs valid
// events to ask their contexts.
CLVET_RULE(WaitForEventsBadList, "clWaitForEvents", CL_INVALID_VALUE, Spec::OpenCL12, "5.9",
           "CL_INVALID_VALUE if num_events is zero or event_list is NULL.", V1_0, Still,
           CLVET_CHECK(WaitForEvents, a.num_events == 0 || a.event_list == nullptr))
CLVET_RULE(WaitForEventsInvalidEvent, "clWaitForEvents", CL_INVALID_EVENT, Spec::OpenCL12, "5.9",
           "CL_INVALID_EVENT if event objects specified in event_list are not valid event "
           "objects.",
           V1_0, Still,
           CLVET_CHECK(WaitForEvents,
                       event_checks::some_event_invalid(w, a.num_events, a.event_list)))
CLVET_RULE(WaitForEventsContextsDiffer, "clWaitForEvents", CL_INVALID_CONTEXT, Spec::OpenCL12,
           "5.9",
           "CL_INVALID_CONTEXT if events specified in event_list do not belong to the same "
           "context.",
           V1_0, Still,
           CLVET_CHECK(WaitForEvents, event_checks::contexts_differ(w, a.num_events, a.event_list)))
CLVET_RULE(WaitForEventsFailedEvent, "clWaitForEvents",
           CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST, Spec::OpenCL12, "5.9",
           "CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST if the execution status of any of the "
           "events in event_list is a negative integer value.",
           V1_1, Still, nullptr,
           "raised after waiting, when some event of the list ended with a negative status")
CLVET_QE_OUT_OF_RESOURCES(WaitForEventsOutOfResources, "clWaitForEvents", Spec::OpenCL12, "5.9",
                          V1_0, "never raised: waiting uses no device resources")
CLVET_QE_OUT_OF_HOST_MEMORY(WaitForEventsOutOfHostMemory, "clWaitForEvents", Spec::OpenCL12, "5.9",
                            V1_0,
                            "raised when collecting the events to wait for throws std::bad_alloc")

// §5.9 clGetEventInfo
CLVET_RULE(GetEventInfoInvalidEvent, "clGetEventInfo", CL_INVALID_EVENT, Spec::OpenCL12, "5.9",
           "CL_INVALID_EVENT if event is a not a valid event object.", V1_0, Still,
           CLVET_CHECK(GetEventInfo, !valid(w, a.event)))
CLVET_RULE(GetEventInfoBadParam, "clGetEventInfo", CL_INVALID_VALUE, Spec::OpenCL12, "5.9",
           "CL_INVALID_VALUE if param_name is not valid, or if size in bytes specified by "
           "param_value_size is < size of return type as described in table 5.18 and param_value "
           "is not NULL.",
           V1_0, Still, nullptr,
           "raised by the query when param_name is unknown or param_value_size is too small")
CLVET_RULE(GetEventInfoNotQueryable, "clGetEventInfo", CL_INVALID_VALUE, Spec::OpenCL12, "5.9",
           "CL_INVALID_VALUE if information to query given in param_name cannot be queried for "
           "event.",
           V1_0, Still, nullptr,
           "never raised: every query of table 5.18 has an answer for every event of the "
           "reference device (CL_EVENT_COMMAND_QUEUE is NULL for user events)")
CLVET_QE_OUT_OF_RESOURCES(GetEventInfoOutOfResources, "clGetEventInfo", Spec::OpenCL12, "5.9", V1_0,
                          "never raised: the answers are held by the event")
CLVET_QE_OUT_OF_HOST_MEMORY(GetEventInfoOutOfHostMemory, "clGetEventInfo", Spec::OpenCL12, "5.9",
                            V1_0, "never raised: the answers are held by the event")

// §5.9 clSetEventCallback
CLVET_RULE(SetEventCallbackInvalidEvent, "clSetEventCallback", CL_INVALID_EVENT, Spec::OpenCL12,
           "5.9", "CL_INVALID_EVENT if event is not a valid event object.", V1_1, Still,
           CLVET_CHECK(SetEventCallback, !valid(w, a.event)))
CLVET_RULE(SetEventCallbackBadArguments, "clSetEventCallback", CL_INVALID_VALUE, Spec::OpenCL12,
           "5.9",
           "CL_INVALID_VALUE if pfn_event_notify is NULL or if command_exec_callback_type is not "
           "CL_SUBMITTED, CL_RUNNING or CL_COMPLETE.",
           V1_1, Still,
           CLVET_CHECK(SetEventCallback,
                       a.pfn_notify == nullptr || (a.command_exec_callback_type != CL_SUBMITTED &&
                                                   a.command_exec_callback_type != CL_RUNNING &&
                                                   a.command_exec_callback_type != CL_COMPLETE)))
CLVET_QE_OUT_OF_RESOURCES(SetEventCallbackOutOfResources, "clSetEventCallback", Spec::OpenCL12,
                          "5.9", V1_1, "never raised: callbacks use no device resources")
CLVET_QE_OUT_OF_HOST_MEMORY(SetEventCallbackOutOfHostMemory, "clSetEventCallback", Spec::OpenCL12,
                            "5.9", V1_1, "raised when storing the callback throws std::bad_alloc")

// §5.9 clRetainEvent
CLVET_RULE(RetainEventInvalidEvent, "clRetainEvent", CL_INVALID_EVENT, Spec::OpenCL12, "5.9",
           "CL_INVALID_EVENT if event is not a valid event object.", V1_0, Still,
           CLVET_CHECK(RetainEvent, !valid(w, a.event)))
CLVET_QE_OUT_OF_RESOURCES(RetainEventOutOfResources, "clRetainEvent", Spec::OpenCL12, "5.9", V1_0,
                          "never raised: retaining only increments an atomic count")
CLVET_QE_OUT_OF_HOST_MEMORY(RetainEventOutOfHostMemory, "clRetainEvent", Spec::OpenCL12, "5.9",
                            V1_0, "never raised: retaining only increments an atomic count")

// §5.9 clReleaseEvent
CLVET_RULE(ReleaseEventInvalidEvent, "clReleaseEvent", CL_INVALID_EVENT, Spec::OpenCL12, "5.9",
           "CL_INVALID_EVENT if event is not a valid event object.", V1_0, Still,
           CLVET_CHECK(ReleaseEvent, !valid(w, a.event)))
CLVET_QE_OUT_OF_RESOURCES(ReleaseEventOutOfResources, "clReleaseEvent", Spec::OpenCL12, "5.9", V1_0,
                          "never raised: releasing allocates nothing")
CLVET_QE_OUT_OF_HOST_MEMORY(ReleaseEventOutOfHostMemory, "clReleaseEvent", Spec::OpenCL12, "5.9",
                            V1_0, "never raised: releasing allocates nothing")

// §5.10 clEnqueueMarkerWithWaitList. The wait list's handles are checked before the context
// clause, which needs valid events to ask their contexts.
CLVET_ROLE_RULE(EnqueueMarkerWithWaitListInvalidQueue, EnqueueMarkerWithWaitList,
                InvalidCommandQueue, Spec::OpenCL12, "5.10", V1_2)
CLVET_ROLE_RULE(EnqueueMarkerWithWaitListBadWaitList, EnqueueMarkerWithWaitList,
                InvalidEventWaitList, Spec::OpenCL12, "5.10", V1_2)
CLVET_ROLE_RULE_WORDED(EnqueueMarkerWithWaitListContextDiffers, EnqueueMarkerWithWaitList,
                       WaitListContextDiffers, Spec::OpenCL12, "5.10", V1_2,
                       "CL_INVALID_CONTEXT if context associated with command_queue and events in "
                       "event_wait_list are not the same.")
CLVET_QE_OUT_OF_RESOURCES(EnqueueMarkerWithWaitListOutOfResources, "clEnqueueMarkerWithWaitList",
                          Spec::OpenCL12, "5.10", V1_2,
                          "never raised: a marker uses no device resources")
CLVET_QE_OUT_OF_HOST_MEMORY(EnqueueMarkerWithWaitListOutOfHostMemory, "clEnqueueMarkerWithWaitList",
                            Spec::OpenCL12, "5.10", V1_2,
                            "raised when allocating the command or its event throws std::bad_alloc")

// §5.10 clEnqueueBarrierWithWaitList
CLVET_ROLE_RULE(EnqueueBarrierWithWaitListInvalidQueue, EnqueueBarrierWithWaitList,
                InvalidCommandQueue, Spec::OpenCL12, "5.10", V1_2)
CLVET_ROLE_RULE(EnqueueBarrierWithWaitListBadWaitList, EnqueueBarrierWithWaitList,
                InvalidEventWaitList, Spec::OpenCL12, "5.10", V1_2)
CLVET_ROLE_RULE_WORDED(EnqueueBarrierWithWaitListContextDiffers, EnqueueBarrierWithWaitList,
                       WaitListContextDiffers, Spec::OpenCL12, "5.10", V1_2,
                       "CL_INVALID_CONTEXT if context associated with command_queue and events in "
                       "event_wait_list are not the same.")
CLVET_QE_OUT_OF_RESOURCES(EnqueueBarrierWithWaitListOutOfResources, "clEnqueueBarrierWithWaitList",
                          Spec::OpenCL12, "5.10", V1_2,
                          "never raised: a barrier uses no device resources")
CLVET_QE_OUT_OF_HOST_MEMORY(EnqueueBarrierWithWaitListOutOfHostMemory,
                            "clEnqueueBarrierWithWaitList", Spec::OpenCL12, "5.10", V1_2,
                            "raised when allocating the command or its event throws std::bad_alloc")

// The 1.0/1.1 entry points 1.2 deprecated (Appendix F.2). The 1.2 text no longer describes
// them; the OpenCL 3.0 API specification still does, in §5.12, and its clauses are cited.

// 3.0 §5.12 clEnqueueMarker
CLVET_ROLE_RULE_WORDED(
    EnqueueMarkerInvalidQueue, EnqueueMarker, InvalidCommandQueue, Spec::Api30, "5.12", V1_0,
    "CL_INVALID_COMMAND_QUEUE if command_queue is not a valid host command-queue.")
CLVET_RULE(EnqueueMarkerNullEvent, "clEnqueueMarker", CL_INVALID_VALUE, Spec::Api30, "5.12",
           "CL_INVALID_VALUE if event is NULL.", V1_0, Still,
           CLVET_CHECK(EnqueueMarker, a.event == nullptr))
CLVET_QE_OUT_OF_RESOURCES(EnqueueMarkerOutOfResources, "clEnqueueMarker", Spec::Api30, "5.12", V1_0,
                          "never raised: a marker uses no device resources")
CLVET_QE_OUT_OF_HOST_MEMORY(EnqueueMarkerOutOfHostMemory, "clEnqueueMarker", Spec::Api30, "5.12",
                            V1_0,
                            "raised when allocating the command or its event throws std::bad_alloc")

// 3.0 §5.12 clEnqueueWaitForEvents. Handles before contexts, as for clWaitForEvents.
CLVET_ROLE_RULE_WORDED(
    EnqueueWaitForEventsInvalidQueue, EnqueueWaitForEvents, InvalidCommandQueue, Spec::Api30,
    "5.12", V1_0, "CL_INVALID_COMMAND_QUEUE if command_queue is not a valid host command-queue.")
CLVET_RULE(EnqueueWaitForEventsBadList, "clEnqueueWaitForEvents", CL_INVALID_VALUE, Spec::Api30,
           "5.12", "CL_INVALID_VALUE if num_events is 0 or event_list is NULL.", V1_0, Still,
           CLVET_CHECK(EnqueueWaitForEvents, a.num_events == 0 || a.event_list == nullptr))
CLVET_RULE(EnqueueWaitForEventsInvalidEvent, "clEnqueueWaitForEvents", CL_INVALID_EVENT,
           Spec::Api30, "5.12",
           "CL_INVALID_EVENT if event objects specified in event_list are not valid events.", V1_0,
           Still,
           CLVET_CHECK(EnqueueWaitForEvents,
                       event_checks::some_event_invalid(w, a.num_events, a.event_list)))
CLVET_ROLE_RULE_WORDED(EnqueueWaitForEventsContextDiffers, EnqueueWaitForEvents,
                       WaitListContextDiffers, Spec::Api30, "5.12", V1_0,
                       "CL_INVALID_CONTEXT if the context associated with command_queue and events "
                       "in event_list are not the same.")
CLVET_QE_OUT_OF_RESOURCES(EnqueueWaitForEventsOutOfResources, "clEnqueueWaitForEvents", Spec::Api30,
                          "5.12", V1_0, "never raised: a wait uses no device resources")
CLVET_QE_OUT_OF_HOST_MEMORY(EnqueueWaitForEventsOutOfHostMemory, "clEnqueueWaitForEvents",
                            Spec::Api30, "5.12", V1_0,
                            "raised when allocating the command throws std::bad_alloc")

// 3.0 §5.12 clEnqueueBarrier
CLVET_ROLE_RULE_WORDED(
    EnqueueBarrierInvalidQueue, EnqueueBarrier, InvalidCommandQueue, Spec::Api30, "5.12", V1_0,
    "CL_INVALID_COMMAND_QUEUE if command_queue is not a valid host command-queue.")
CLVET_QE_OUT_OF_RESOURCES(EnqueueBarrierOutOfResources, "clEnqueueBarrier", Spec::Api30, "5.12",
                          V1_0, "never raised: a barrier uses no device resources")
CLVET_QE_OUT_OF_HOST_MEMORY(EnqueueBarrierOutOfHostMemory, "clEnqueueBarrier", Spec::Api30, "5.12",
                            V1_0, "raised when allocating the command throws std::bad_alloc")

// §5.12 clGetEventProfilingInfo. The spec lists CL_PROFILING_INFO_NOT_AVAILABLE first; the
// event must be valid before its state can be asked, so the handle clause comes first here.
CLVET_RULE(GetEventProfilingInfoInvalidEvent, "clGetEventProfilingInfo", CL_INVALID_EVENT,
           Spec::OpenCL12, "5.12", "CL_INVALID_EVENT if event is a not a valid event object.", V1_0,
           Still, CLVET_CHECK(GetEventProfilingInfo, !valid(w, a.event)))
// Also raised by the implementation when the application already released the event's queue
// (its properties can no longer be asked through the API).
CLVET_RULE(GetEventProfilingInfoNotAvailable, "clGetEventProfilingInfo",
           CL_PROFILING_INFO_NOT_AVAILABLE, Spec::OpenCL12, "5.12",
           "CL_PROFILING_INFO_NOT_AVAILABLE if the CL_QUEUE_PROFILING_ENABLE flag is not set for "
           "the command-queue, if the execution status of the command identified by event is not "
           "CL_COMPLETE or if event is a user event object.",
           V1_0, Still,
           CLVET_CHECK(GetEventProfilingInfo, event_checks::profiling_unavailable(w, a.event)))
CLVET_RULE(GetEventProfilingInfoBadParam, "clGetEventProfilingInfo", CL_INVALID_VALUE,
           Spec::OpenCL12, "5.12",
           "CL_INVALID_VALUE if param_name is not valid, or if size in bytes specified by "
           "param_value_size is < size of return type as described in table 5.19 and param_value "
           "is not NULL.",
           V1_0, Still, nullptr,
           "raised by the query when param_name is unknown or param_value_size is too small")
CLVET_QE_OUT_OF_RESOURCES(GetEventProfilingInfoOutOfResources, "clGetEventProfilingInfo",
                          Spec::OpenCL12, "5.12", V1_0,
                          "never raised: the times are held by the event")
CLVET_QE_OUT_OF_HOST_MEMORY(GetEventProfilingInfoOutOfHostMemory, "clGetEventProfilingInfo",
                            Spec::OpenCL12, "5.12", V1_0,
                            "never raised: the times are held by the event")

// §5.13 clFlush
CLVET_ROLE_RULE(FlushInvalidQueue, Flush, InvalidCommandQueue, Spec::OpenCL12, "5.13", V1_0)
CLVET_QE_OUT_OF_RESOURCES(FlushOutOfResources, "clFlush", Spec::OpenCL12, "5.13", V1_0,
                          "never raised: commands are submitted as they are enqueued")
CLVET_QE_OUT_OF_HOST_MEMORY(FlushOutOfHostMemory, "clFlush", Spec::OpenCL12, "5.13", V1_0,
                            "never raised: commands are submitted as they are enqueued")

// §5.13 clFinish
CLVET_ROLE_RULE(FinishInvalidQueue, Finish, InvalidCommandQueue, Spec::OpenCL12, "5.13", V1_0)
CLVET_QE_OUT_OF_RESOURCES(FinishOutOfResources, "clFinish", Spec::OpenCL12, "5.13", V1_0,
                          "never raised: waiting uses no device resources")
CLVET_QE_OUT_OF_HOST_MEMORY(
    FinishOutOfHostMemory, "clFinish", Spec::OpenCL12, "5.13", V1_0,
    "raised when copying the list of unfinished commands throws std::bad_alloc")
