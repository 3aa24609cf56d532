// The pool of helper threads for launches (worker_pool.h): a queue of jobs, each handed to as
// many helpers as it asks for; threads are started when a launch first asks for more.
#include "exec/worker_pool.h"

#include <condition_variable>
#include <deque>
#include <memory>
#include <mutex>
#include <system_error>
#include <thread>

namespace clvet::interp {
namespace {

// One launch's share offered to helpers. `work` stays valid while the caller waits, that is
// until `closed`; a helper that finds the job closed leaves it alone.
struct Job {
  const std::function<void()>* work = nullptr;
  std::mutex mutex;
  std::condition_variable idle;
  unsigned active = 0;
  bool closed = false;
};

class Pool {
 public:
  void offer(const std::shared_ptr<Job>& job, unsigned helpers) {
    std::lock_guard lock(mutex_);
    for (unsigned i = 0; i < helpers; ++i) queue_.push_back(job);
    // Threads are never stopped: they wait on `ready_` between launches.
    while (threads_ < helpers) {
      try {
        std::thread([this] { serve(); }).detach();
      } catch (const std::system_error&) {
        break;  // fewer helpers: the caller does the rest
      }
      ++threads_;
    }
    ready_.notify_all();
  }

 private:
  void serve() {
    for (;;) {
      std::shared_ptr<Job> job;
      {
        std::unique_lock lock(mutex_);
        ready_.wait(lock, [this] { return !queue_.empty(); });
        job = std::move(queue_.front());
        queue_.pop_front();
      }
      {
        std::lock_guard lock(job->mutex);
        if (job->closed) continue;
        ++job->active;
      }
      (*job->work)();
      std::lock_guard lock(job->mutex);
      if (--job->active == 0) job->idle.notify_all();
    }
  }

  std::mutex mutex_;
  std::condition_variable ready_;
  std::deque<std::shared_ptr<Job>> queue_;
  unsigned threads_ = 0;
};

Pool& pool() {
  static auto* instance = new Pool;  // never destroyed: its threads outlive main()
  return *instance;
}

}  // namespace

void run_with_helpers(unsigned helpers, const std::function<void()>& work) {
  auto job = std::make_shared<Job>();
  job->work = &work;
  if (helpers > 0) pool().offer(job, helpers);
  work();
  std::unique_lock lock(job->mutex);
  job->closed = true;
  job->idle.wait(lock, [&] { return job->active == 0; });
}

}  // namespace clvet::interp
