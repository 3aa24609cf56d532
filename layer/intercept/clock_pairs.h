// Clock pairs of the trace (ClockSync records): each device's clock read against the trace's
// host clock, so that device times can be placed on the host timeline. Where the platform is
// 2.1 or later and clGetDeviceAndHostTimer works, its device timestamp between two host
// readings; elsewhere an estimate from the commands' CL_PROFILING_COMMAND_QUEUED times and
// their enqueue calls.
#pragma once

#include <cstdint>
#include <mutex>
#include <optional>
#include <unordered_map>

#include "clvet/trace/writer.h"

namespace clvet::layer {

class ClockPairs {
 public:
  // A queue with device times on `device`: its first pair, from the timer where it works.
  void device_used(trace::Writer& writer, const void* device);
  // A command on `device` was queued at device time `queued_ns` during an enqueue call that
  // ran from `host_begin_ns` to `host_end_ns` (CLOCK_MONOTONIC): a candidate estimate.
  void command_queued(const void* device, std::uint64_t queued_ns, std::uint64_t host_begin_ns,
                      std::uint64_t host_end_ns);
  // Writes what is due: a new timer reading per device at most once a second, and each
  // device's best estimate since the last one written, at most once a second too unless it
  // halves the uncertainty of the last one (a program that finishes its queue after every
  // command would otherwise write a pair per command).
  // `final`: the trace is closing: whatever is kept is written now.
  void write_due(trace::Writer& writer, bool final = false);

 private:
  struct Device {
    bool timer = false;                // clGetDeviceAndHostTimer works for it
    std::uint64_t last_timer_ns = 0;   // CLOCK_MONOTONIC of the last timer reading
    std::optional<trace::ClockSync> estimate;  // the best since the last one written
    std::uint64_t last_estimate_ns = 0;        // CLOCK_MONOTONIC when one was last written
    std::uint64_t last_uncertainty_ns = 0;     // and its uncertainty (0: none written yet)
  };
  bool read_timer(trace::Writer& writer, const void* device, Device& state);

  std::mutex mutex_;
  std::unordered_map<const void*, Device> devices_;
};

}  // namespace clvet::layer
