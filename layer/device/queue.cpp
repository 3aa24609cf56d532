// The queue thread: runs each command once its dependencies (explicit wait list, queue order,
// barriers) are complete, and moves its event through running to complete or failed.
#include "queue.h"

#include <algorithm>
#include <set>
#include <system_error>

namespace clvet::device {
namespace {

// Every queue, so that an event reaching its final status can wake the queues that may wait
// for it (a user event, or a command of another queue).
struct LiveQueues {
  std::mutex mutex;
  std::set<Queue*> queues;
};
LiveQueues& live_queues() {
  static auto* instance = new LiveQueues;  // never destroyed: queue threads may outlive main()
  return *instance;
}

}  // namespace

void notify_event_changed() {
  LiveQueues& live = live_queues();
  std::lock_guard lock(live.mutex);
  for (Queue* queue : live.queues) queue->flush();
}

Queue::Queue(Ref<Context> context, Ref<Device> device, cl_command_queue_properties properties,
             std::vector<cl_queue_properties> property_list, bool created_with_properties)
    : Object(kKind, static_cast<_cl_command_queue*>(this)),
      context_(std::move(context)),
      device_(std::move(device)),
      properties_(properties),
      property_list_(std::move(property_list)),
      created_with_properties_(created_with_properties) {
  LiveQueues& live = live_queues();
  std::lock_guard lock(live.mutex);
  live.queues.insert(this);
}

Queue::~Queue() {
  {
    LiveQueues& live = live_queues();
    std::lock_guard lock(live.mutex);
    live.queues.erase(this);
  }
  // The scheduler thread usually drops the last reference itself, and cannot join itself.
  if (worker_.get_id() == std::this_thread::get_id())
    worker_.detach();
  else if (worker_.joinable())
    worker_.join();
}

bool Queue::start() {
  try {
    // The thread keeps the queue alive until the application released it and every command
    // has finished (§5.1: clReleaseCommandQueue does not wait for them).
    worker_ = std::thread([this, self = Ref<Queue>(this)]() mutable {
      run();
      Ref<Queue> last = std::move(self);
      // `last` may be the final reference: ~Queue then runs here and detaches this thread.
    });
  } catch (const std::system_error&) {
    return false;
  }
  return true;
}

void Queue::on_released() {
  std::lock_guard lock(mutex_);
  stopping_ = true;
  wake_.notify_all();
}

Ref<Event> Queue::enqueue(Command command) {
  Ref<Event> event(new Event(context_, this, command.type));
  std::lock_guard lock(mutex_);
  Entry entry{std::move(command), event, {}, {}};
  if (!out_of_order()) {
    // In order (§5.11): each command follows the one enqueued before it.
    if (last_enqueued_) entry.implicit.push_back(last_enqueued_);
  } else {
    // Out of order: only barriers and "all previous" markers order commands (§5.10); a marker
    // that waits for all previous ones is ready once it is the oldest unfinished command.
    if (last_barrier_) entry.implicit.push_back(last_barrier_);
  }
  if (entry.command.blocks_later) last_barrier_ = event;
  last_enqueued_ = event;
  entry.unfinished = unfinished_.insert(unfinished_.end(), event);
  pending_.push_back(std::move(entry));
  event->set_status(CL_SUBMITTED);
  wake_.notify_all();
  return event;
}

void Queue::flush() {
  std::lock_guard lock(mutex_);
  wake_.notify_all();
}

void Queue::finish() {
  std::vector<Ref<Event>> waiting;
  {
    std::lock_guard lock(mutex_);
    waiting.assign(unfinished_.begin(), unfinished_.end());
  }
  for (const Ref<Event>& e : waiting) e->wait();
}

bool Queue::ready(const Entry& entry) const {
  auto done = [](const Ref<Event>& e) { return e->is_done(); };
  if (out_of_order() && entry.command.waits_for_all_previous && unfinished_.front() != entry.event)
    return false;
  return std::all_of(entry.command.wait_list.begin(), entry.command.wait_list.end(), done) &&
         std::all_of(entry.implicit.begin(), entry.implicit.end(), done);
}

void Queue::run() {
  for (;;) {
    Entry entry;
    {
      std::unique_lock lock(mutex_);
      for (;;) {
        // The first ready command in enqueue order: a command held back by a dependency does
        // not hold back later independent ones (out-of-order queues). In order, only the
        // oldest can be ready.
        auto last = out_of_order() || pending_.empty() ? pending_.end() : pending_.begin() + 1;
        auto it = std::find_if(pending_.begin(), last,
                               [this](const Entry& e) { return ready(e); });
        if (it != last) {
          entry = std::move(*it);
          pending_.erase(it);
          break;
        }
        if (stopping_ && pending_.empty()) return;
        wake_.wait(lock);
      }
    }
    // §5.9: a command runs only when every event it waits for completed successfully.
    bool dependency_failed =
        std::any_of(entry.command.wait_list.begin(), entry.command.wait_list.end(),
                    [](const Ref<Event>& e) { return e->status() < 0; });
    if (dependency_failed) {
      entry.event->set_status(CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
    } else {
      entry.event->set_status(CL_RUNNING);
      cl_int result = entry.command.work ? entry.command.work() : CL_SUCCESS;
      // A command that reports a positive value is treated as complete: only negative
      // values are errors (§5.9).
      entry.event->set_status(result < 0 ? result : CL_COMPLETE);
    }
    // References dropped outside the lock (the last one deletes the event).
    std::list<Ref<Event>> finished;
    std::vector<Ref<Event>> order_points;
    std::lock_guard lock(mutex_);
    finished.splice(finished.end(), unfinished_, entry.unfinished);
    if (last_enqueued_ && last_enqueued_->is_done() && pending_.empty())
      order_points.push_back(std::move(last_enqueued_));
    if (last_barrier_ && last_barrier_->is_done()) order_points.push_back(std::move(last_barrier_));
  }
}

}  // namespace clvet::device
