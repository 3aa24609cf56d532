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

  // A command's event (queue != nullptr, status CL_QUEUED) or a user event (CL_SUBMITTED).
  Event(Ref<Context> context, Queue* queue, cl_command_type type);

  Context& context() const { return *context_; }
  Queue* queue() const { return queue_; }  // nullptr for user events
  cl_command_type command_type() const { return type_; }
  bool is_user_event() const { return type_ == CL_COMMAND_USER; }

  cl_int status() const;
  // Moves to `status` (CL_SUBMITTED, CL_RUNNING, CL_COMPLETE or a negative error), stamps
  // the profiling time, wakes waiters and calls the callbacks registered for it. A status
  // never moves backwards; terminal statuses are final.
  void set_status(cl_int status);
  // Blocks until complete or failed; returns the final status.
  cl_int wait() const;
  bool is_done() const { return status() <= CL_COMPLETE; }

  // clSetEventCallback: calls at once (on this thread) if the status was already reached.
  void add_callback(cl_int trigger, Callback callback, void* user_data);

  // Profiling times in nanoseconds of the device clock; 0 until reached.
  cl_ulong time(cl_profiling_info which) const;

  // Whether clSetUserEventStatus was already called (§5.9: only once).
  bool user_status_set() const;

 private:
  Ref<Context> context_;
  // Not owned: a released queue lives until its commands finish (§5.1), and an event may
  // outlive it; CL_EVENT_COMMAND_QUEUE then names a queue the application already released.
  Queue* queue_;
  cl_command_type type_;
  mutable std::mutex mutex_;
  mutable std::condition_variable changed_;
  cl_int status_;
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
