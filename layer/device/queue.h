// Command-queues (§5.1) and their scheduling: each queue runs its commands on its own thread,
// in order, or as their dependencies allow for out-of-order queues (§5.11).
#pragma once

#include <condition_variable>
#include <deque>
#include <functional>
#include <list>
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
  // error code, which becomes the event's status. A command whose wait list holds a failed
  // event does not run: its status becomes CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST.
  std::function<cl_int()> work;
  // Markers and barriers without a wait list wait for every command enqueued before them;
  // barriers also hold back every command enqueued after them (out-of-order queues, §5.10).
  bool waits_for_all_previous = false;
  bool blocks_later = false;
};

class Queue final : public Object, public _cl_command_queue {
 public:
  static constexpr ObjectKind kKind = ObjectKind::CommandQueue;
  static Queue* from(cl_command_queue handle) { return static_cast<Queue*>(handle); }
  cl_command_queue id() { return this; }

  // `property_list` is the zero-terminated list clCreateCommandQueueWithProperties was given
  // (empty for NULL or clCreateCommandQueue), returned by CL_QUEUE_PROPERTIES_ARRAY.
  // The queue does not run anything before start().
  Queue(Ref<Context> context, Ref<Device> device, cl_command_queue_properties properties,
        std::vector<cl_queue_properties> property_list, bool created_with_properties);
  ~Queue() override;

  // Starts the scheduler thread; false when the system refuses a thread (the caller then
  // releases the queue and reports CL_OUT_OF_RESOURCES).
  bool start();

  Context& context() const { return *context_; }
  Device& device() const { return *device_; }
  cl_command_queue_properties properties() const { return properties_; }
  const std::vector<cl_queue_properties>& property_list() const { return property_list_; }
  bool created_with_properties() const { return created_with_properties_; }
  bool out_of_order() const { return properties_ & CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE; }
  bool profiling() const { return properties_ & CL_QUEUE_PROFILING_ENABLE; }

  // Queues `command` and returns its event, which holds one application reference for the
  // caller to hand out or release. The event is CL_SUBMITTED at once: the reference device
  // submits commands as they are enqueued, so clFlush has nothing left to do.
  Ref<Event> enqueue(Command command);
  void flush();
  // Blocks until every command enqueued so far has finished.
  void finish();

 protected:
  // §5.1: the queue is deleted once released and its commands finished; releasing does not
  // wait. The scheduler thread holds the last reference until then.
  void on_released() override;

 private:
  struct Entry {
    Command command;
    Ref<Event> event;
    std::vector<Ref<Event>> implicit;  // earlier commands it must follow (order, barriers)
    std::list<Ref<Event>>::iterator unfinished;  // its place in unfinished_
  };
  void run();
  // Whether `entry` may run now (mutex_ held).
  bool ready(const Entry& entry) const;

  Ref<Context> context_;
  Ref<Device> device_;
  const cl_command_queue_properties properties_;
  const std::vector<cl_queue_properties> property_list_;
  const bool created_with_properties_;

  std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<Entry> pending_;
  // Every command's event not yet complete, in enqueue order. A list, so that a command leaves
  // it in constant time when it completes, and a marker that waits for every earlier command
  // is ready exactly when it is the first: enqueue and completion cost the same however many
  // commands wait.
  std::list<Ref<Event>> unfinished_;
  Ref<Event> last_barrier_;
  Ref<Event> last_enqueued_;
  bool stopping_ = false;
  std::thread worker_;
};

// Wakes every queue thread: an event they may wait on reached a final status.
void notify_event_changed();

}  // namespace clvet::device
