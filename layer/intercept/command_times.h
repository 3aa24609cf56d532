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

#include "clock_pairs.h"
#include "clvet/rules/opencl.h"
#include "clvet/trace/writer.h"

namespace clvet::layer {

class CommandTimes {
 public:
  // A queue the application created on `device`, with or without profiling (an address the
  // driver reuses is simply overwritten). A profiling queue's device gets clock pairs.
  void queue_created(trace::Writer& writer, const void* queue, bool profiling, const void* device);
  // Whether commands on `queue` have device times. No lock: asked by every enqueue, and
  // answered by one load while no queue has them (most programs).
  bool profiling(const void* queue) const {
    return any_profiling_.load(std::memory_order_acquire) && profiling_queue(queue);
  }
  // A command enqueued on a profiling queue. The event is the layer's to release when
  // `layer_owned`; otherwise it is retained here until its times are read. True when so many
  // commands are pending that the complete ones should be read now. The enqueue call ran
  // from `host_begin_ns` to at least `host_end_ns` (CLOCK_MONOTONIC): its command's queued
  // time is an estimate of the device's clock.
  bool enqueued(std::uint64_t call, const void* queue, const void* kernel, const void* event,
                bool layer_owned, std::uint64_t host_begin_ns, std::uint64_t host_end_ns);
  // Writes the times of the pending commands of `queue` (all pending commands when NULL)
  // whose events are complete, and lets go of their events.
  void read_complete(trace::Writer& writer, const void* queue);
  // At a point where commands are known to be complete (clFinish, clWaitForEvents): their
  // times are read once kReadBatch new ones are pending or kReadEveryNs has passed since the
  // last read, not at each such point. A program that finishes its queue after every launch
  // (clpeak's latency test) would otherwise pay a read of each command's event at each
  // clFinish; the events are kept, so the times read later are the same, the rest are read
  // when the trace closes, and a process killed loses at most the last 100 ms of them.
  void synchronised(trace::Writer& writer);
  static constexpr std::size_t kReadBatch = 256;
  static constexpr std::uint64_t kReadEveryNs = 100'000'000;
  // At the trace's close: the clock pairs still kept are written.
  void write_clock_pairs(trace::Writer& writer) { clock_pairs_.write_due(writer, true); }

 private:
  struct Pending {
    std::uint64_t call = 0;
    const void* queue = nullptr;
    cl_event event = nullptr;
    trace::Handle queue_id, event_id;
    std::string label;
    const void* device = nullptr;
    std::uint64_t host_begin_ns = 0, host_end_ns = 0;
  };
  std::string kernel_name(const void* kernel);
  bool profiling_queue(const void* queue) const;
  std::atomic<bool> any_profiling_{false};  // a queue with device times was ever created

  static constexpr std::size_t kQueueSlots = 4096;
  std::array<std::atomic<const void*>, kQueueSlots> queues_{};
  std::array<std::atomic<bool>, kQueueSlots> profiled_{};
  std::mutex mutex_;  // queue insertions, the pending list, kernel names
  std::vector<Pending> pending_;
  std::size_t left_incomplete_ = 0;  // pending commands the last read found incomplete
  std::uint64_t last_read_ns_ = 0;   // CLOCK_MONOTONIC of the last read of all pending ones
  std::unordered_map<std::uint64_t, std::string> kernel_names_;  // by kernel id
  std::unordered_map<const void*, const void*> queue_devices_;    // queue -> its device
  ClockPairs clock_pairs_;
};

}  // namespace clvet::layer
