// What the benchmark programs share: an OpenCL call that must succeed, and a clock in seconds.
#pragma once

#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>

#include <ctime>
#include <stdexcept>
#include <string>

namespace clvet::bench {

// A failed call ends the benchmark: its figures would measure an error path.
inline void check(cl_int err, const char* what) {
  if (err != CL_SUCCESS) throw std::runtime_error(std::string(what) + " returned " + std::to_string(err));
}

// CLOCK_PROCESS_CPUTIME_ID (all threads' CPU time) or CLOCK_MONOTONIC (wall time).
inline double seconds(clockid_t clock) {
  timespec ts{};
  clock_gettime(clock, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

}  // namespace clvet::bench

#define CL_CHECK(call) ::clvet::bench::check((call), #call)
