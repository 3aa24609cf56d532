// What the benchmark programs share: an OpenCL call that must succeed, a clock in seconds, and
// the platforms by name with PoCL (the peer every row is a multiple of) first.
#pragma once

#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>

#include <algorithm>
#include <ctime>
#include <stdexcept>
#include <string>
#include <vector>

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

inline std::string platform_name(cl_platform_id platform) {
  char name[256] = {};
  clGetPlatformInfo(platform, CL_PLATFORM_NAME, sizeof name, name, nullptr);
  return name;
}

// Every platform the loader lists, PoCL first, so that every other platform's row can give its
// multiple of PoCL's.
inline std::vector<cl_platform_id> platforms_pocl_first() {
  cl_uint count = 0;
  check(clGetPlatformIDs(0, nullptr, &count), "clGetPlatformIDs");
  std::vector<cl_platform_id> platforms(count);
  check(clGetPlatformIDs(count, platforms.data(), nullptr), "clGetPlatformIDs");
  std::stable_partition(platforms.begin(), platforms.end(), [](cl_platform_id p) {
    return platform_name(p).find("Portable") != std::string::npos;
  });
  return platforms;
}

}  // namespace clvet::bench

#define CL_CHECK(call) ::clvet::bench::check((call), #call)
