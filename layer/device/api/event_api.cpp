// Event entry points (§5.9), markers, barriers and waits (§5.10 and their deprecated 1.x forms),
// profiling (§5.12), flush and finish (§5.13).
#include <new>

#include "clvet/rules/rule_ids.gen.h"
#include "device_impl.gen.h"
#include "enqueue.h"
#include "info.h"
#include "queue.h"

namespace clvet::device::impl {

// §5.9 clCreateUserEvent
Result<cl_event> CreateUserEvent(const args::CreateUserEvent& a) {
  Ref<Context> context = lookup<Context>(a.context);
  if (!context) return fail(rule::CreateUserEventInvalidContext);
  try {
    // Created CL_SUBMITTED with the application's one reference.
    return (new Event(std::move(context), nullptr, CL_COMMAND_USER))->id();
  } catch (const std::bad_alloc&) {
    return fail(rule::CreateUserEventOutOfHostMemory, "allocating the user event failed");
  }
}

// §5.9 clSetUserEventStatus: once, CL_COMPLETE or an error; commands waiting on it then run
// or are terminated.
Status SetUserEventStatus(const args::SetUserEventStatus& a) {
  Ref<Event> event = lookup<Event>(a.event);
  if (!event || !event->is_user_event()) return fail(rule::SetUserEventStatusInvalidEvent);
  if (!event->set_user_status(a.execution_status))
    return fail(rule::SetUserEventStatusAlreadySet, "another thread set the status first");
  return {};
}

// §5.9 clWaitForEvents
Status WaitForEvents(const args::WaitForEvents& a) {
  std::vector<Ref<Event>> events;
  try {
    events.reserve(a.num_events);
  } catch (const std::bad_alloc&) {
    return fail(rule::WaitForEventsOutOfHostMemory, "collecting the events failed");
  }
  for (cl_uint i = 0; i < a.num_events; ++i) {
    Ref<Event> e = lookup<Event>(a.event_list[i]);
    if (!e) return fail(rule::WaitForEventsInvalidEvent, "an event was released during the call");
    events.push_back(std::move(e));
  }
  // Commands are submitted as they are enqueued: the implicit flush has nothing to do.
  bool failed = false;
  for (const Ref<Event>& e : events) failed |= e->wait() < 0;
  if (failed)
    return fail(rule::WaitForEventsFailedEvent, "an event of event_list ended with an error");
  return {};
}

// §5.9 clGetEventInfo, table 5.18
Status GetEventInfo(const args::GetEventInfo& a) {
  Ref<Event> event = lookup<Event>(a.event);
  if (!event) return fail(rule::GetEventInfoInvalidEvent);
  InfoWriter out(a.param_value_size, a.param_value, a.param_value_size_ret,
                 rule::GetEventInfoBadParam);
  switch (a.param_name) {
    case CL_EVENT_COMMAND_QUEUE:
      return out.scalar(event->command_queue());
    case CL_EVENT_CONTEXT:
      return out.scalar(event->context().id());
    case CL_EVENT_COMMAND_TYPE:
      return out.scalar(event->command_type());
    case CL_EVENT_COMMAND_EXECUTION_STATUS:
      return out.scalar(event->status());
    case CL_EVENT_REFERENCE_COUNT:
      return out.scalar(event->reference_count());
    default:
      return fail(rule::GetEventInfoBadParam,
                  "param_name " + std::to_string(a.param_name) + " is not an event query");
  }
}

// §5.9 clSetEventCallback
Status SetEventCallback(const args::SetEventCallback& a) {
  Ref<Event> event = lookup<Event>(a.event);
  if (!event) return fail(rule::SetEventCallbackInvalidEvent);
  try {
    event->add_callback(a.command_exec_callback_type, a.pfn_notify, a.user_data);
  } catch (const std::bad_alloc&) {
    return fail(rule::SetEventCallbackOutOfHostMemory, "storing the callback failed");
  }
  return {};
}

// §5.9 clRetainEvent
Status RetainEvent(const args::RetainEvent& a) {
  Ref<Event> event = lookup<Event>(a.event);
  if (!event) return fail(rule::RetainEventInvalidEvent);
  event->retain();
  return {};
}

// §5.9 clReleaseEvent: the event lives on while a command or a callback still needs it.
Status ReleaseEvent(const args::ReleaseEvent& a) {
  Ref<Event> event = lookup<Event>(a.event);
  if (!event) return fail(rule::ReleaseEventInvalidEvent);
  event->release();
  return {};
}

// §5.12 clGetEventProfilingInfo, table 5.19 (and CL_PROFILING_COMMAND_COMPLETE, 2.0)
Status GetEventProfilingInfo(const args::GetEventProfilingInfo& a) {
  Ref<Event> event = lookup<Event>(a.event);
  if (!event) return fail(rule::GetEventProfilingInfoInvalidEvent);
  if (event->is_user_event())
    return fail(rule::GetEventProfilingInfoNotAvailable, "user events have no profiling times");
  if (!event->profiling_enabled())
    return fail(rule::GetEventProfilingInfoNotAvailable,
                "the command-queue was created without CL_QUEUE_PROFILING_ENABLE");
  if (event->status() != CL_COMPLETE)
    return fail(rule::GetEventProfilingInfoNotAvailable, "the command is not CL_COMPLETE");
  InfoWriter out(a.param_value_size, a.param_value, a.param_value_size_ret,
                 rule::GetEventProfilingInfoBadParam);
  switch (a.param_name) {
    case CL_PROFILING_COMMAND_QUEUED:
    case CL_PROFILING_COMMAND_SUBMIT:
    case CL_PROFILING_COMMAND_START:
    case CL_PROFILING_COMMAND_END:
    case CL_PROFILING_COMMAND_COMPLETE:
      return out.scalar(event->time(a.param_name));
    default:
      return fail(rule::GetEventProfilingInfoBadParam,
                  "param_name " + std::to_string(a.param_name) + " is not a profiling query");
  }
}

namespace {

// Enqueues a marker or barrier (no work of its own), mapping allocation failure to `oohm`.
Status enqueue_sync_point(cl_command_queue handle, const rules::Rule& invalid_queue,
                          const rules::Rule& oohm, cl_command_type type, cl_uint num_events,
                          const cl_event* events, cl_event* event_out, bool waits_for_all,
                          bool blocks_later) {
  Ref<Queue> queue = lookup<Queue>(handle);
  if (!queue) return fail(invalid_queue, "the command-queue was released during the call");
  try {
    return submit(*queue, type, num_events, events, event_out, false, {}, nullptr, waits_for_all,
                  blocks_later);
  } catch (const std::bad_alloc&) {
    return fail(oohm, "allocating the command failed");
  }
}

}  // namespace

// §5.10: with an empty wait list the marker waits for every command enqueued before it.
Status EnqueueMarkerWithWaitList(const args::EnqueueMarkerWithWaitList& a) {
  return enqueue_sync_point(a.command_queue, rule::EnqueueMarkerWithWaitListInvalidQueue,
                            rule::EnqueueMarkerWithWaitListOutOfHostMemory, CL_COMMAND_MARKER,
                            a.num_events_in_wait_list, a.event_wait_list, a.event,
                            a.num_events_in_wait_list == 0, false);
}

// §5.10: as the marker, and no command enqueued after it runs before it completes.
Status EnqueueBarrierWithWaitList(const args::EnqueueBarrierWithWaitList& a) {
  return enqueue_sync_point(a.command_queue, rule::EnqueueBarrierWithWaitListInvalidQueue,
                            rule::EnqueueBarrierWithWaitListOutOfHostMemory, CL_COMMAND_BARRIER,
                            a.num_events_in_wait_list, a.event_wait_list, a.event,
                            a.num_events_in_wait_list == 0, true);
}

// 3.0 §5.12 clEnqueueMarker: waits for all previously enqueued commands.
Status EnqueueMarker(const args::EnqueueMarker& a) {
  return enqueue_sync_point(a.command_queue, rule::EnqueueMarkerInvalidQueue,
                            rule::EnqueueMarkerOutOfHostMemory, CL_COMMAND_MARKER, 0, nullptr,
                            a.event, true, false);
}

// 3.0 §5.12 clEnqueueWaitForEvents: later commands wait for the listed events. It has no
// event of its own; its command type is never visible.
Status EnqueueWaitForEvents(const args::EnqueueWaitForEvents& a) {
  return enqueue_sync_point(a.command_queue, rule::EnqueueWaitForEventsInvalidQueue,
                            rule::EnqueueWaitForEventsOutOfHostMemory, CL_COMMAND_BARRIER,
                            a.num_events, a.event_list, nullptr, false, true);
}

// 3.0 §5.12 clEnqueueBarrier: later commands wait for every command enqueued before it.
Status EnqueueBarrier(const args::EnqueueBarrier& a) {
  return enqueue_sync_point(a.command_queue, rule::EnqueueBarrierInvalidQueue,
                            rule::EnqueueBarrierOutOfHostMemory, CL_COMMAND_BARRIER, 0, nullptr,
                            nullptr, true, true);
}

// §5.13 clFlush: commands are submitted as they are enqueued; flushing only wakes the queue.
Status Flush(const args::Flush& a) {
  Ref<Queue> queue = lookup<Queue>(a.command_queue);
  if (!queue) return fail(rule::FlushInvalidQueue);
  queue->flush();
  return {};
}

// §5.13 clFinish
Status Finish(const args::Finish& a) {
  Ref<Queue> queue = lookup<Queue>(a.command_queue);
  if (!queue) return fail(rule::FinishInvalidQueue);
  try {
    queue->finish();
  } catch (const std::bad_alloc&) {
    return fail(rule::FinishOutOfHostMemory, "copying the list of unfinished commands failed");
  }
  return {};
}

}  // namespace clvet::device::impl
