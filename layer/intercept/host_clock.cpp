// The trace's host clock: the time-stamp counter scaled to CLOCK_MONOTONIC.
#include "host_clock.h"

#include <time.h>

#include <atomic>
#include <mutex>
#include <type_traits>

#if defined(__x86_64__)
#include <cpuid.h>
#include <x86intrin.h>
#endif

namespace clvet::layer::host_clock {
namespace {

// The 128-bit products of 64-bit counts and 32.32 scales: a GCC and Clang extension (ISO C++
// has no 128-bit integer, so -Wpedantic warns of each use), named once and marked as one.
__extension__ typedef unsigned __int128 Product;

std::uint64_t monotonic_ns() {
  timespec ts{};
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<std::uint64_t>(ts.tv_sec) * 1000000000u +
         static_cast<std::uint64_t>(ts.tv_nsec);
}

#if defined(__x86_64__)

// An invariant counter ticks at one rate whatever the core's frequency and sleep state
// (CPUID 0x80000007, EDX bit 8); without it the counter is not a clock.
bool invariant_counter() {
  unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
  if (__get_cpuid_max(0x80000000, nullptr) < 0x80000007) return false;
  __get_cpuid(0x80000007, &eax, &ebx, &ecx, &edx);
  return (edx & (1u << 8)) != 0;
}

// One calibration: a (counter, ns) pair and ns per tick as a 32.32 fixed-point number. Two
// slots, so that a recalibration writes the one readers are not using and then flips.
struct Scale {
  std::atomic<std::uint64_t> ticks{0}, ns{0}, ns_per_tick{0};
};

constexpr std::uint64_t kCalibrateNs = 20'000'000;       // first scale after 20 ms
constexpr std::uint64_t kRecalibrateNs = 1'000'000'000;  // then each second

// `current`, before a scale is: the first reading not taken yet, the counter not usable, or
// not calibrated yet.
constexpr int kNotStarted = -3;
constexpr int kNotUsable = -2;
constexpr int kNotCalibrated = -1;

// Constant-initialised and never destroyed (calls may arrive during exit): a reading finds it
// with no guard of a function's static, one load of `current` before the counter.
struct State {
  std::once_flag started;
  std::uint64_t first_ticks = 0;
  std::uint64_t first_ns = 0;
  Scale scales[2];
  std::atomic<int> current{kNotStarted};
  std::atomic<bool> calibrating{false};
};
static_assert(std::is_trivially_destructible_v<State>);
constinit State g_state;

void start(State& s) {
  const bool usable = invariant_counter();
  s.first_ticks = __rdtsc();
  s.first_ns = monotonic_ns();
  s.current.store(usable ? kNotCalibrated : kNotUsable, std::memory_order_release);
}

// Scales the counter from the first reading to `ticks`/`ns`, and makes it current.
void calibrate(State& s, std::uint64_t ticks, std::uint64_t ns) {
  if (s.calibrating.exchange(true, std::memory_order_acquire)) return;
  const std::uint64_t elapsed_ticks = ticks - s.first_ticks;
  if (elapsed_ticks != 0) {
    const int next = s.current.load(std::memory_order_relaxed) == 0 ? 1 : 0;
    Scale& scale = s.scales[next];
    scale.ticks.store(ticks, std::memory_order_relaxed);
    scale.ns.store(ns, std::memory_order_relaxed);
    scale.ns_per_tick.store(
        static_cast<std::uint64_t>((static_cast<Product>(ns - s.first_ns) << 32) /
                                   elapsed_ticks),
        std::memory_order_relaxed);
    s.current.store(next, std::memory_order_release);
  }
  s.calibrating.store(false, std::memory_order_release);
}

#endif

}  // namespace

#if defined(__x86_64__)
namespace {
// now_ns() before the counter is calibrated, or where it is no clock.
[[gnu::noinline]] std::uint64_t uncalibrated_now_ns() {
  State& s = g_state;
  std::call_once(s.started, start, s);
  if (s.current.load(std::memory_order_acquire) == kNotUsable) return monotonic_ns();
  const std::uint64_t ticks = __rdtsc();
  const std::uint64_t ns = monotonic_ns();
  if (ns - s.first_ns >= kCalibrateNs) calibrate(s, ticks, ns);
  return ns;
}
// now_ns() a second after the scale's reading: the clock read, and the counter scaled again.
[[gnu::noinline]] std::uint64_t recalibrated_now_ns() {
  const std::uint64_t exact = monotonic_ns();
  calibrate(g_state, __rdtsc(), exact);
  return exact;
}
}  // namespace
#endif

std::uint64_t now_ns() {
#if defined(__x86_64__)
  State& s = g_state;
  const int current = s.current.load(std::memory_order_acquire);
  if (current < 0) [[unlikely]]
    return uncalibrated_now_ns();
  const Scale& scale = s.scales[current];
  const std::uint64_t since = __rdtsc() - scale.ticks.load(std::memory_order_relaxed);
  const std::uint64_t elapsed_ns = static_cast<std::uint64_t>(
      (static_cast<Product>(since) *
       scale.ns_per_tick.load(std::memory_order_relaxed)) >>
      32);
  if (elapsed_ns >= kRecalibrateNs) [[unlikely]]
    return recalibrated_now_ns();
  return scale.ns.load(std::memory_order_relaxed) + elapsed_ns;
#else
  return monotonic_ns();
#endif
}

}  // namespace clvet::layer::host_clock
