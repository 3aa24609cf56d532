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
      queue_(queue ? queue->id() : nullptr),
      profiling_(queue && queue->profiling()),
      type_(type),
      status_(queue ? CL_QUEUED : CL_SUBMITTED),
      last_ok_status_(status_),
      queued_(device_time_ns()) {
  // A user event starts submitted (§5.9); its "submit" time is its creation.
  if (!queue) submit_ = queued_;
}

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
    // Stamp every state passed on the way, so QUEUED <= SUBMIT <= START <= END <= COMPLETE
    // holds even when a state is skipped (a command terminated before it ran).
    if (status <= CL_SUBMITTED && submit_ == 0) submit_ = now;
    if (status <= CL_RUNNING && start_ == 0) start_ = now;
    if (status <= CL_COMPLETE) end_ = complete_ = now;
    status_ = status;
    if (status >= 0) last_ok_status_ = status;
    // A callback is due once its status is reached; termination makes every one due (§5.9
    // footnote 20 for CL_COMPLETE; the others will never be reached otherwise).
    for (auto it = callbacks_.begin(); it != callbacks_.end();) {
      if (status < 0 || it->trigger >= status) {
        due.push_back(*it);
        it = callbacks_.erase(it);
      } else {
        ++it;
      }
    }
  }
  changed_.notify_all();
  if (status <= CL_COMPLETE) notify_event_changed();
  // §5.9: the callback receives the status it was registered for, or the error code when the
  // command was abnormally terminated.
  for (const Pending& p : due)
    p.callback(static_cast<cl_event>(this), status < 0 ? status : p.trigger, p.user_data);
  // Each registered callback held an internal reference so the event outlives it (§5.9: all
  // callbacks are called before the event is destroyed).
  for (std::size_t i = 0; i < due.size(); ++i) release_internal();
}

bool Event::set_user_status(cl_int status) {
  {
    std::lock_guard lock(mutex_);
    if (user_status_set_) return false;
    user_status_set_ = true;
  }
  set_status(status);
  return true;
}

cl_int Event::wait() const {
  std::unique_lock lock(mutex_);
  changed_.wait(lock, [&] { return status_ <= CL_COMPLETE; });
  return status_;
}

void Event::add_callback(cl_int trigger, Callback callback, void* user_data) {
  cl_int passed;
  {
    std::lock_guard lock(mutex_);
    if (status_ > trigger && status_ >= 0) {
      retain_internal();
      callbacks_.push_back({trigger, callback, user_data});
      return;
    }
    // Already due. A status reached before the command failed is reported as such.
    passed = (status_ < 0 && trigger < last_ok_status_) ? status_ : trigger;
  }
  callback(static_cast<cl_event>(this), passed, user_data);
}

cl_ulong Event::time(cl_profiling_info which) const {
  std::lock_guard lock(mutex_);
  switch (which) {
    case CL_PROFILING_COMMAND_QUEUED:
      return queued_;
    case CL_PROFILING_COMMAND_SUBMIT:
      return submit_;
    case CL_PROFILING_COMMAND_START:
      return start_;
    case CL_PROFILING_COMMAND_END:
      return end_;
    case CL_PROFILING_COMMAND_COMPLETE:
      return complete_;
    default:
      return 0;
  }
}

}  // namespace clvet::device
