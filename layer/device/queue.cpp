// The queue thread: runs each command once its dependencies (explicit wait list, queue order,
// barriers) are complete, and moves its event through running to complete or failed.
#include "queue.h"

#include <algorithm>
#include <set>

namespace clvet::device {
namespace {

struct LiveQueues {
  std::mutex mutex;
  std::set<Queue*> queues;
};
LiveQueues& live_queues() {
  static auto* instance = new LiveQueues;
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
  {
    LiveQueues& live = live_queues();
    std::lock_guard lock(live.mutex);
    live.queues.insert(this);
  }
  // The thread keeps the queue alive until the application released it and every command
  // has finished (§5.1: clReleaseCommandQueue does not wait).
  worker_ = std::thread([this, self = Ref<Queue>(this)]() mutable {
    run();
    Ref<Queue> last = std::move(self);
    // `last` may be the final reference: ~Queue then runs here and detaches this thread.
  });
}

Queue::~Queue() {
  {
    LiveQueues& live = live_queues();
    std::lock_guard lock(live.mutex);
    live.queues.erase(this);
  }
  if (worker_.get_id() == std::this_thread::get_id())
    worker_.detach();
  else if (worker_.joinable())
    worker_.join();
}

void Queue::on_released() {
  std::lock_guard lock(mutex_);
  stopping_ = true;
  wake_.notify_all();
}

Ref<Event> Queue::enqueue(Command command) {
  Ref<Event> event = Ref<Event>::adopt(new Event(context_, this, command.type));
  // The Event starts with one application reference; the caller decides whether the
  // application gets it (cl_event* event) by calling release() or not. Keep an internal one.
  event->retain_internal();
  Ref<Event> result = event;
  std::lock_guard lock(mutex_);
  Entry entry{std::move(command), event, {}};
  if (!out_of_order()) {
    if (last_enqueued_) entry.implicit.push_back(last_enqueued_);
  } else {
    if (last_barrier_) entry.implicit.push_back(last_barrier_);
    if (entry.command.waits_for_all_previous)
      for (const Ref<Event>& e : unfinished_) entry.implicit.push_back(e);
  }
  if (entry.command.blocks_later) last_barrier_ = event;
  last_enqueued_ = event;
  unfinished_.push_back(event);
  pending_.push_back(std::move(entry));
  event->set_status(CL_SUBMITTED);
  wake_.notify_all();
  return result;
}

void Queue::flush() {
  std::lock_guard lock(mutex_);
  wake_.notify_all();
}

void Queue::finish() {
  std::vector<Ref<Event>> waiting;
  {
    std::lock_guard lock(mutex_);
    waiting = unfinished_;
  }
  for (const Ref<Event>& e : waiting) e->wait();
}

bool Queue::ready(const Entry& entry) const {
  auto done = [](const Ref<Event>& e) { return e->is_done(); };
  return std::all_of(entry.command.wait_list.begin(), entry.command.wait_list.end(), done) &&
         std::all_of(entry.implicit.begin(), entry.implicit.end(), done);
}

void Queue::run() {
  for (;;) {
    Entry entry;
    {
      std::unique_lock lock(mutex_);
      for (;;) {
        auto it = std::find_if(pending_.begin(), pending_.end(),
                               [&](const Entry& e) { return ready(e); });
        if (it != pending_.end()) {
          entry = std::move(*it);
          pending_.erase(it);
          break;
        }
        if (stopping_ && pending_.empty()) return;
        wake_.wait(lock);
      }
    }
    bool dependency_failed = false;
    for (const Ref<Event>& e : entry.command.wait_list) dependency_failed |= e->status() < 0;
    if (dependency_failed) {
      entry.event->set_status(CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
    } else {
      entry.event->set_status(CL_RUNNING);
      cl_int result = entry.command.work ? entry.command.work() : CL_SUCCESS;
      entry.event->set_status(result == CL_SUCCESS ? CL_COMPLETE : result);
    }
    std::lock_guard lock(mutex_);
    std::erase_if(unfinished_, [](const Ref<Event>& e) { return e->is_done(); });
    if (last_enqueued_ && last_enqueued_->is_done() && pending_.empty()) last_enqueued_ = nullptr;
    if (last_barrier_ && last_barrier_->is_done()) last_barrier_ = nullptr;
  }
}

}  // namespace clvet::device
