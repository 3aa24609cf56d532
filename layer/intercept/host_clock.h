// The host clock of the trace: CLOCK_MONOTONIC nanoseconds, read through the processor's
// time-stamp counter where it is invariant (a call's enter and exit times cost a few ns
// instead of two clock_gettime calls), and through clock_gettime elsewhere.
#pragma once

#include <cstdint>

namespace clvet::layer::host_clock {

// CLOCK_MONOTONIC ns. The counter is calibrated against clock_gettime over the first 20 ms
// of use, and again each second against the first reading, so it stays within a few µs.
std::uint64_t now_ns();

}  // namespace clvet::layer::host_clock
