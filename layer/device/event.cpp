// Event status transitions, waiting, callbacks and profiling times.
#include "event.h"

#include <time.h>

#include "queue.h"

namespace clvet::device {

cl_ulong device_time_ns() {
  timespec now{};
  clock_gettime(CLOCK_MONOTONIC, &now);
  return static_cast<cl_ulong>(now.tv_sec) * 1000000000ull + static_cast<cl_ulong>(now.tv_nsec);
}

Event::Event(Ref<Context> context, Queue* queue, cl_command_type type)
    : Object(kKind, static_cast<_cl_event*>(this)),
      context_(std::move(context)),
      queue_(queue),
      type_(type),
      status_(queue ? CL_QUEUED : CL_SUBMITTED),
      queued_(device_time_ns()) {}

cl_int Event::status() const {
  std::lock_guard lock(mutex_);
  return status_;
}

bool Event::user_status_set() const {
  std::lock_guard lock(mutex_);
  return user_status_set_;
}

void Event::set_status(cl_int status) {
  std::vector<Pending> due;
  {
    std::lock_guard lock(mutex_);
    if (status_ <= CL_COMPLETE || status >= status_) return;  // final, or not forward
    const cl_ulong now = device_time_ns();
    if (status <= CL_SUBMITTED && submit_ == 0) submit_ = now;
    if (status <= CL_RUNNING && start_ == 0) start_ = now;
    if (status <= CL_COMPLETE) end_ = complete_ = now;
    status_ = status;
    if (is_user_event()) user_status_set_ = true;
    // Callbacks for every status passed on the way; an error reaches CL_COMPLETE callbacks.
    for (auto it = callbacks_.begin(); it != callbacks_.end();) {
      if (it->trigger >= status || (status < 0 && it->trigger == CL_COMPLETE)) {
        due.push_back(*it);
        it = callbacks_.erase(it);
      } else {
        ++it;
      }
    }
  }
  changed_.notify_all();
  if (status <= CL_COMPLETE) notify_event_changed();
  for (const Pending& p : due) p.callback(static_cast<cl_event>(this), status, p.user_data);
  // Registered callbacks held an internal reference so the event outlives them (§5.9).
  for (std::size_t i = 0; i < due.size(); ++i) release_internal();
}

cl_int Event::wait() const {
  std::unique_lock lock(mutex_);
  changed_.wait(lock, [&] { return status_ <= CL_COMPLETE; });
  return status_;
}

void Event::add_callback(cl_int trigger, Callback callback, void* user_data) {
  cl_int reached;
  {
    std::lock_guard lock(mutex_);
    reached = status_;
    if (!(reached <= trigger || (reached < 0))) {
      retain_internal();
      callbacks_.push_back({trigger, callback, user_data});
      return;
    }
  }
  callback(static_cast<cl_event>(this), reached < 0 ? reached : trigger, user_data);
}

cl_ulong Event::time(cl_profiling_info which) const {
  std::lock_guard lock(mutex_);
  switch (which) {
    case CL_PROFILING_COMMAND_QUEUED: return queued_;
    case CL_PROFILING_COMMAND_SUBMIT: return submit_;
    case CL_PROFILING_COMMAND_START: return start_;
    case CL_PROFILING_COMMAND_END: return end_;
    case CL_PROFILING_COMMAND_COMPLETE: return complete_;
    default: return 0;
  }
}

}  // namespace clvet::device
