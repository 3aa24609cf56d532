// Device times of the commands the application enqueues (DeviceCommand records of the trace):
// the events of commands on queues with CL_QUEUE_PROFILING_ENABLE, read through the next
// dispatch table once the commands are known to be complete (their queue finished, their
// event waited for, or the process exiting).
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include "clvet/rules/opencl.h"
#include "clvet/trace/writer.h"

namespace clvet::layer {

class CommandTimes {
 public:
  // A queue the application created, with or without profiling (an address the driver
  // reuses is simply overwritten).
  void queue_created(const void* queue, bool profiling);
  // Whether commands on `queue` have device times. No lock: asked by every enqueue.
  bool profiling(const void* queue) const;
  // A command enqueued on a profiling queue. The event is the layer's to release when
  // `layer_owned`; otherwise it is retained here until its times are read. True when so many
  // commands are pending that the complete ones should be read now.
  bool enqueued(std::uint64_t call, const void* queue, const void* kernel, const void* event,
                bool layer_owned);
  // Writes the times of the pending commands of `queue` (all pending commands when NULL)
  // whose events are complete, and lets go of their events.
  void read_complete(trace::Writer& writer, const void* queue);

 private:
  struct Pending {
    std::uint64_t call = 0;
    const void* queue = nullptr;
    cl_event event = nullptr;
    trace::Handle queue_id, event_id;
    std::string label;
  };
  std::string kernel_name(const void* kernel);

  static constexpr std::size_t kQueueSlots = 4096;
  std::array<std::atomic<const void*>, kQueueSlots> queues_{};
  std::array<std::atomic<bool>, kQueueSlots> profiled_{};
  std::mutex mutex_;  // queue insertions, the pending list, kernel names
  std::vector<Pending> pending_;
  std::unordered_map<std::uint64_t, std::string> kernel_names_;  // by kernel id
};

}  // namespace clvet::layer
