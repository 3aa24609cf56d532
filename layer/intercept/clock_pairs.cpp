// Clock pairs: timer readings and estimates, written as ClockSync records.
#include "clock_pairs.h"

#include "dispatch.h"
#include "driver_platforms.h"
#include "host_clock.h"
#include "objects.h"

namespace clvet::layer {
namespace {

constexpr std::uint64_t kTimerEveryNs = 1'000'000'000;

trace::Handle device_handle(const void* device) {
  const auto known = objects().identity(device);
  return {api::ObjectKind::Device, known.id};
}

std::uint64_t since(std::uint64_t monotonic_ns, std::uint64_t origin_ns) {
  return monotonic_ns > origin_ns ? monotonic_ns - origin_ns : 0;
}

}  // namespace

bool ClockPairs::read_timer(trace::Writer& writer, const void* device, Device& state) {
  // clGetDeviceAndHostTimer is 2.1 (2.2 runtime §4.2): ocl-icd 2.3.1 spins forever when a
  // post-1.2 entry point is called on a platform that reports an older version.
  auto* timer = next().clGetDeviceAndHostTimer;
  if (timer == nullptr || driver_platforms::version_of(
                              driver_platforms::platform_of_device(device)) < rules::Version{2, 1})
    return false;
  auto* d = static_cast<cl_device_id>(const_cast<void*>(device));
  cl_ulong device_ns = 0, platform_host_ns = 0;
  const std::uint64_t before = host_clock::now_ns();
  if (timer(d, &device_ns, &platform_host_ns) != CL_SUCCESS) return false;
  const std::uint64_t after = host_clock::now_ns();
  trace::ClockSync sync;
  sync.device = device_handle(device);
  sync.device_ns = device_ns;
  sync.host_ns = since(before + (after - before) / 2, writer.origin_ns());
  sync.method = trace::ClockSync::Method::Timer;
  sync.uncertainty_ns = (after - before + 1) / 2;
  writer.write_clock_sync(sync);
  state.last_timer_ns = after;
  return true;
}

void ClockPairs::device_used(trace::Writer& writer, const void* device) {
  std::lock_guard lock(mutex_);
  auto [it, first] = devices_.try_emplace(device);
  if (first) it->second.timer = read_timer(writer, device, it->second);
}

void ClockPairs::command_queued(const void* device, std::uint64_t queued_ns,
                                std::uint64_t host_begin_ns, std::uint64_t host_end_ns) {
  if (host_end_ns < host_begin_ns) return;
  std::lock_guard lock(mutex_);
  auto found = devices_.find(device);
  if (found == devices_.end() || found->second.timer) return;
  const std::uint64_t uncertainty = (host_end_ns - host_begin_ns + 1) / 2;
  auto& best = found->second.estimate;
  if (best && best->uncertainty_ns <= uncertainty) return;
  trace::ClockSync sync;
  sync.device = device_handle(device);
  sync.device_ns = queued_ns;
  sync.host_ns = host_begin_ns + (host_end_ns - host_begin_ns) / 2;  // monotonic until written
  sync.method = trace::ClockSync::Method::Estimate;
  sync.uncertainty_ns = uncertainty;
  best = sync;
}

void ClockPairs::write_due(trace::Writer& writer, bool final) {
  std::lock_guard lock(mutex_);
  const std::uint64_t now = host_clock::now_ns();
  for (auto& [device, state] : devices_) {
    if (state.timer && now - state.last_timer_ns >= kTimerEveryNs)
      state.timer = read_timer(writer, device, state);
    if (!state.estimate) continue;
    const bool tighter = state.last_uncertainty_ns == 0 ||
                         state.estimate->uncertainty_ns * 2 <= state.last_uncertainty_ns;
    if (!tighter && !final && now - state.last_estimate_ns < kTimerEveryNs)
      continue;  // kept for later
    state.last_estimate_ns = now;
    state.last_uncertainty_ns = state.estimate->uncertainty_ns + 1;
    state.estimate->host_ns = since(state.estimate->host_ns, writer.origin_ns());
    writer.write_clock_sync(*state.estimate);
    state.estimate.reset();
  }
}

}  // namespace clvet::layer
