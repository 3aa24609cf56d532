// The trace's host clock (layer/intercept/host_clock.h): CLOCK_MONOTONIC nanoseconds, read
// through the time-stamp counter once it is calibrated (after 20 ms) and scaled again each
// second. Judged against clock_gettime itself, read on either side of each reading, through
// all three stages: before calibration, calibrated, and recalibrated a second later.
#include <gtest/gtest.h>
#include <time.h>

#include <chrono>
#include <cstdint>
#include <thread>

#include "host_clock.h"

namespace clvet::test {
namespace {

std::uint64_t monotonic_ns() {
  timespec ts{};
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<std::uint64_t>(ts.tv_sec) * 1000000000u +
         static_cast<std::uint64_t>(ts.tv_nsec);
}

// A scaled counter may stray from the clock by what the calibration's two readings were apart
// (a preempted thread on a loaded machine): 2 ms is far beyond that on an idle machine and far
// below what a wrong scale or base gives over a second.
constexpr std::uint64_t kStray = 2'000'000;

// Readings every `step` for `span`: each between the clock's readings around it (give or take
// kStray), and never more than kStray before the previous one.
void readings_follow_the_clock(std::chrono::milliseconds span, std::chrono::milliseconds step) {
  const std::uint64_t end = monotonic_ns() + static_cast<std::uint64_t>(span.count()) * 1000000u;
  std::uint64_t previous = 0;
  int readings = 0;
  for (std::uint64_t before = monotonic_ns(); before < end; before = monotonic_ns()) {
    const std::uint64_t now = layer::host_clock::now_ns();
    const std::uint64_t after = monotonic_ns();
    EXPECT_GE(now + kStray, before) << "reading " << readings;
    EXPECT_LE(now, after + kStray) << "reading " << readings;
    EXPECT_GE(now + kStray, previous) << "reading " << readings;
    previous = now;
    ++readings;
    std::this_thread::sleep_for(step);
  }
  EXPECT_GT(readings, 2);
}

TEST(HostClock, FollowsTheMonotonicClockThroughCalibrationAndRecalibration) {
  // The first 20 ms (the clock itself), the calibration, and past the second after it.
  readings_follow_the_clock(std::chrono::milliseconds(60), std::chrono::milliseconds(1));
  readings_follow_the_clock(std::chrono::milliseconds(1100), std::chrono::milliseconds(50));
}

}  // namespace
}  // namespace clvet::test
