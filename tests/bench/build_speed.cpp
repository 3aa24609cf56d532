// Benchmark, not a test: how fast clBuildProgram compiles small programs from source, on every
// platform the loader offers (the reference device beside PoCL), with the platforms' caches of
// builds off (CLVET_BUILD_CACHE=off, POCL_KERNEL_CACHE=0), so that every build is compiled.
//
//   build_speed [--builds N]
//
// Conformance suites build hundreds of small programs, each once: the CTS's c11_atomics builds
// one per type, order and scope. Three kinds of program, each built N times (20) with a constant
// changed so that no two sources are the same:
//   one_line    a one-line kernel with an atomic_add, under OpenCL C 1.2
//   atomics     a CL3.0 kernel of C11 atomics in __global and __local memory (the shape of the
//               CTS's atomic_exchange variants)
//   math        a CL1.2 kernel calling a dozen math, geometric and conversion built-ins
// The table gives, per platform and kind, the process CPU milliseconds (all threads) and the
// wall milliseconds of one build, and builds a second of CPU.
#include "bench_support.h"

using clvet::bench::platform_name;

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

double cpu_seconds() { return clvet::bench::seconds(CLOCK_PROCESS_CPUTIME_ID); }

double wall_seconds() { return clvet::bench::seconds(CLOCK_MONOTONIC); }

struct Kind {
  const char* name;
  const char* options;
  const char* source;  // %d: the build's number
};

const Kind kKinds[] = {
    {"one_line", "",
     "kernel void k(global int* a) { a[get_global_id(0)] = %d + atomic_add(a, 1); }\n"},
    {"atomics", "-cl-std=CL3.0", R"CLC(
#define N %d
__kernel void test_atomic_kernel(uint threadCount, uint numDestItems,
                                 volatile __global atomic_int* destMemory,
                                 __global int* oldValues, __local atomic_int* localMemory) {
  uint tid = get_global_id(0);
  if (get_local_id(0) == 0)
    for (uint i = 0; i < numDestItems; i++)
      atomic_store_explicit(&localMemory[i], N, memory_order_relaxed, memory_scope_work_group);
  work_group_barrier(CLK_LOCAL_MEM_FENCE);
  int value = (int)tid + N;
  oldValues[tid] = atomic_exchange_explicit(&destMemory[0], value, memory_order_acq_rel,
                                            memory_scope_device);
  int expected = N;
  atomic_compare_exchange_strong_explicit(&localMemory[0], &expected, value, memory_order_acq_rel,
                                          memory_order_relaxed, memory_scope_work_group);
  atomic_fetch_or_explicit(&destMemory[1], 1 << (tid % 32), memory_order_seq_cst,
                           memory_scope_device);
  work_group_barrier(CLK_LOCAL_MEM_FENCE);
  if (get_local_id(0) == 0)
    oldValues[tid] += atomic_load_explicit(&localMemory[0], memory_order_relaxed,
                                           memory_scope_work_group);
}
)CLC"},
    {"math", "", R"CLC(
__kernel void k(__global const float4* in, __global float4* out, __global int4* bits) {
  size_t i = get_global_id(0);
  float4 x = in[i] + (float4)(%d);
  float4 y = sin(x) * cos(x) + exp(-x) + log1p(fabs(x)) + pow(fabs(x), 0.5f);
  y = mad(y, (float4)(2.0f), native_sqrt(fabs(x))) + clamp(x, 0.0f, 1.0f);
  out[i] = normalize(y) * length(x) + cross(x, y) + (float4)(dot(x, y));
  bits[i] = convert_int4_sat_rte(y * 100.0f) + as_int4(x) + (int4)(popcount((int)i));
  vstore4(fmin(x, y), i, (__global float*)out);
}
)CLC"},
};

}  // namespace

int main(int argc, char** argv) {
  int builds = 20;
  for (int i = 1; i + 1 < argc; i += 2)
    if (std::strcmp(argv[i], "--builds") == 0) builds = std::atoi(argv[i + 1]);
  // Read when a platform loads: every build compiles.
  setenv("CLVET_BUILD_CACHE", "off", 1);
  setenv("POCL_KERNEL_CACHE", "0", 1);
  try {
    cl_uint count = 0;
    CL_CHECK(clGetPlatformIDs(0, nullptr, &count));
    std::vector<cl_platform_id> platforms(count);
    CL_CHECK(clGetPlatformIDs(count, platforms.data(), nullptr));
    std::printf("%-28s %-9s %7s %10s %10s %10s\n", "platform", "program", "builds", "cpu ms",
                "wall ms", "builds/s");
    for (cl_platform_id platform : platforms) {
      cl_device_id device = nullptr;
      if (clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &device, nullptr) != CL_SUCCESS) continue;
      cl_int err = CL_SUCCESS;
      cl_context context = clCreateContext(nullptr, 1, &device, nullptr, nullptr, &err);
      clvet::bench::check(err, "clCreateContext");
      for (const Kind& kind : kKinds) {
        // One build untimed: the compiler library's loading is not a build's cost.
        double cpu = 0, wall = 0;
        for (int b = -1; b < builds; ++b) {
          std::vector<char> text(std::strlen(kind.source) + 32);
          std::snprintf(text.data(), text.size(), kind.source, b + 1000 * (b < 0));
          const char* source = text.data();
          const double cpu0 = cpu_seconds(), wall0 = wall_seconds();
          cl_program program = clCreateProgramWithSource(context, 1, &source, nullptr, &err);
          clvet::bench::check(err, "clCreateProgramWithSource");
          err = clBuildProgram(program, 1, &device, kind.options, nullptr, nullptr);
          if (err != CL_SUCCESS) {
            char log[4096] = {};
            clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_LOG, sizeof log, log, nullptr);
            std::fprintf(stderr, "%s: %s: %s\n", platform_name(platform).c_str(), kind.name, log);
          }
          clvet::bench::check(err, "clBuildProgram");
          CL_CHECK(clReleaseProgram(program));
          if (b >= 0) {
            cpu += cpu_seconds() - cpu0;
            wall += wall_seconds() - wall0;
          }
        }
        std::printf("%-28.28s %-9s %7d %10.1f %10.1f %10.1f\n", platform_name(platform).c_str(),
                    kind.name, builds, cpu / builds * 1e3, wall / builds * 1e3, builds / cpu);
      }
      clReleaseContext(context);
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "build_speed: %s\n", e.what());
    return 1;
  }
  return 0;
}
