// Command-queues (§5.1) and their scheduling: each queue runs its commands on its own thread,
// in order, or as their dependencies allow for out-of-order queues.
#pragma once

#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

#include "clvet/rules/result.h"
#include "context.h"
#include "event.h"
#include "object.h"

namespace clvet::device {

// One enqueued command: what it waits for, what it does, the event that tracks it.
struct Command {
  cl_command_type type = 0;
  std::vector<Ref<Event>> wait_list;
  // Runs on the queue's thread once every dependency completed; CL_SUCCESS or a negative
  // error code, which becomes the event's status.
  std::function<cl_int()> work;
  // Markers and barriers without a wait list wait for every command enqueued before them;
  // barriers also hold back every command enqueued after them (out-of-order queues).
  bool waits_for_all_previous = false;
  bool blocks_later = false;
};

class Queue final : public Object, public _cl_command_queue {
 public:
  static constexpr ObjectKind kKind = ObjectKind::CommandQueue;
  static Queue* from(cl_command_queue handle) { return static_cast<Queue*>(handle); }
  cl_command_queue id() { return this; }

  Queue(Ref<Context> context, Ref<Device> device, cl_command_queue_properties properties,
        std::vector<cl_queue_properties> property_list, bool created_with_properties);
  ~Queue() override;

  Context& context() const { return *context_; }
  Device& device() const { return *device_; }
  cl_command_queue_properties properties() const { return properties_; }
  void set_properties(cl_command_queue_properties properties) { properties_ = properties; }
  const std::vector<cl_queue_properties>& property_list() const { return property_list_; }
  bool created_with_properties() const { return created_with_properties_; }
  bool out_of_order() const { return properties_ & CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE; }
  bool profiling() const { return properties_ & CL_QUEUE_PROFILING_ENABLE; }

  // Queues `command` and returns its event (status CL_SUBMITTED: commands are flushed as
  // they are enqueued).
  Ref<Event> enqueue(Command command);
  void flush();
  // Blocks until every command enqueued so far has finished.
  void finish();

 protected:
  void on_released() override;

 private:
  struct Entry {
    Command command;
    Ref<Event> event;
    std::vector<Ref<Event>> implicit;  // earlier commands it must follow
  };
  void run();
  bool ready(const Entry& entry) const;

  Ref<Context> context_;
  Ref<Device> device_;
  cl_command_queue_properties properties_;
  std::vector<cl_queue_properties> property_list_;
  bool created_with_properties_;

  std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<Entry> pending_;
  std::vector<Ref<Event>> unfinished_;  // every event not yet complete, in enqueue order
  Ref<Event> last_barrier_;
  Ref<Event> last_enqueued_;
  bool stopping_ = false;
  std::thread worker_;
};

// Wakes every queue thread: an event they may wait on changed.
void notify_event_changed();

}  // namespace clvet::device
