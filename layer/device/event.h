// Events (§5.9): a command's status as it moves from queued to complete, its profiling times
// and the callbacks waiting on it. User events (clCreateUserEvent) are events without a queue.
#pragma once

#include <condition_variable>
#include <mutex>
#include <vector>

#include "context.h"
#include "object.h"

namespace clvet::device {

class Queue;

class Event final : public Object, public _cl_event {
 public:
  static constexpr ObjectKind kKind = ObjectKind::Event;
  static Event* from(cl_event handle) { return static_cast<Event*>(handle); }
  cl_event id() { return this; }

  using Callback = void(CL_CALLBACK*)(cl_event event, cl_int status, void* user_data);

  // A command's event (queue != nullptr, status CL_QUEUED) or a user event (queue == nullptr,
  // type CL_COMMAND_USER, status CL_SUBMITTED).
  Event(Ref<Context> context, Queue* queue, cl_command_type type);

  Context& context() const { return *context_; }
  // The queue's handle, NULL for user events. Only a handle: the application may have released
  // the queue and the queue may be gone (§5.1 deletes it once its commands finished), so it is
  // never dereferenced through the event.
  cl_command_queue command_queue() const { return queue_; }
  // Whether the queue had CL_QUEUE_PROFILING_ENABLE when the command was enqueued (§5.12).
  bool profiling_enabled() const { return profiling_; }
  cl_command_type command_type() const { return type_; }
  bool is_user_event() const { return type_ == CL_COMMAND_USER; }

  cl_int status() const;
  // Moves to `status` (CL_SUBMITTED, CL_RUNNING, CL_COMPLETE or a negative error), stamps the
  // profiling times, wakes waiters and calls the callbacks that became due. A status never
  // moves backwards; CL_COMPLETE and errors are final.
  void set_status(cl_int status);
  // clSetUserEventStatus (§5.9): sets CL_COMPLETE or an error once. False when the status was
  // already set by an earlier call (two threads may race; exactly one wins).
  bool set_user_status(cl_int status);
  // Blocks until complete or failed; returns the final status.
  cl_int wait() const;
  bool is_done() const { return status() <= CL_COMPLETE; }

  // clSetEventCallback (§5.9): `callback` is called exactly once, when the status reaches
  // `trigger` (CL_SUBMITTED, CL_RUNNING or CL_COMPLETE) or the command is terminated; at once,
  // on the calling thread, if that already happened. It receives `trigger`, or the error code
  // when termination is what made it due.
  void add_callback(cl_int trigger, Callback callback, void* user_data);

  // Profiling times in nanoseconds of the device clock; 0 until reached.
  cl_ulong time(cl_profiling_info which) const;

  // Whether clSetUserEventStatus was already called.
  bool user_status_set() const;

 private:
  Ref<Context> context_;
  cl_command_queue queue_;
  bool profiling_;
  cl_command_type type_;
  mutable std::mutex mutex_;
  mutable std::condition_variable changed_;
  cl_int status_;
  // The last non-negative status reached: a callback whose trigger was passed before the
  // command failed reports that trigger, not the error.
  cl_int last_ok_status_;
  bool user_status_set_ = false;
  cl_ulong queued_ = 0, submit_ = 0, start_ = 0, end_ = 0, complete_ = 0;
  struct Pending {
    cl_int trigger;
    Callback callback;
    void* user_data;
  };
  std::vector<Pending> callbacks_;
};

// Nanoseconds on the device clock (CLOCK_MONOTONIC; the host timer of clGetHostTimer too).
cl_ulong device_time_ns();

}  // namespace clvet::device
