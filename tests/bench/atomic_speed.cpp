// Benchmark, not a test: how fast a platform runs kernels that make many C11 atomic operations
// on a few locations, the shape of the Khronos CTS's test_c11_atomics (1,024 work-items, each
// making thousands of atomics on one atomic_int), on every platform the loader offers.
//
//   atomic_speed [--work-items N] [--group G] [--iterations I] [--runs R] [--only KERNEL]
//
// Five kernels, each a loop of I iterations per work-item (the CTS's ProgramCore, with its
// explicit memory order and scope):
//   exchange_global   atomic_exchange_explicit of the work-item's value with one __global object
//   exchange_local    the same on one __local object per work-group
//   cmpxchg_global    atomic_compare_exchange_strong_explicit passing values round one __global
//                     object until every work-item has succeeded at least once
//   fetch_orand       atomic_fetch_or then atomic_fetch_and of the work-item's bit (32 work-items
//                     a word)
//   fetch_xor2        atomic_fetch_xor of the work-item's bit, twice
// After the table's rows of a platform, cmpxchg_global's loop once more counting each work-item's
// compare-exchanges and successes (cmpxchg_counted, untimed): a platform that runs a group's
// work-items one after another sees half of them succeed, a lockstep one few, for the same count.
// Each kernel is built and run once untimed, then run R times (2) timed, wall and process CPU
// (all threads), the mean reported; the last run's results are checked against the host's
// oracle (the values exchanged are a permutation of those put in; every bit is found as the
// other operations left it). One row per kernel and platform: atomic operations a kernel, CPU and
// wall seconds a kernel, millions of atomics a second (wall), and the wall and CPU times as a
// multiple of the PoCL platform's (the first whose name contains "Portable") in the same run.
// Set CLVET_CHECK (none by default here) to measure the reference device with its checkers.
#include "bench_support.h"

using clvet::bench::platform_name;

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <string>
#include <vector>

namespace {

double cpu_seconds() { return clvet::bench::seconds(CLOCK_PROCESS_CPUTIME_ID); }

double wall_seconds() { return clvet::bench::seconds(CLOCK_MONOTONIC); }

// Kernel arguments: (dest, old, iterations, count) with dest a buffer of atomics (its initial
// contents per kernel) and old one int per work-item; __local kernels take a __local atomic_int.
const char* kSource = R"CLC(
kernel void exchange_global(volatile global atomic_int* dest, global int* old, int iterations,
                            int count) {
  uint tid = get_global_id(0);
  old[tid] = atomic_exchange_explicit(&dest[0], tid, memory_order_relaxed, memory_scope_device);
  for (int i = 0; i < iterations; i++)
    old[tid] = atomic_exchange_explicit(&dest[0], old[tid], memory_order_relaxed,
                                        memory_scope_device);
}

kernel void exchange_local(global int* final_values, global int* old, int iterations, int count,
                           volatile local atomic_int* dest) {
  uint tid = get_global_id(0);
  if (get_local_id(0) == 0)
    atomic_store_explicit(dest, final_values[get_group_id(0)], memory_order_relaxed,
                          memory_scope_work_group);
  barrier(CLK_LOCAL_MEM_FENCE);
  old[tid] = atomic_exchange_explicit(&dest[0], tid, memory_order_acq_rel,
                                      memory_scope_work_group);
  for (int i = 0; i < iterations; i++)
    old[tid] = atomic_exchange_explicit(&dest[0], old[tid], memory_order_acq_rel,
                                        memory_scope_work_group);
  barrier(CLK_LOCAL_MEM_FENCE);
  if (get_local_id(0) == 0)
    final_values[get_group_id(0)] =
        atomic_load_explicit(dest, memory_order_relaxed, memory_scope_work_group);
}

kernel void cmpxchg_global(volatile global atomic_int* dest, global int* old, int iterations,
                           int count) {
  uint tid = get_global_id(0);
  int expected, previous;
  int successCount = 0;
  old[tid] = tid;
  expected = tid;  // fails: dest starts with a value no work-item has
  if (atomic_compare_exchange_strong_explicit(&dest[0], &expected, old[tid], memory_order_seq_cst,
                                              memory_order_relaxed, memory_scope_device) ||
      expected == tid)
    old[tid] = count + 1;
  else
    for (int i = 0; i < iterations || successCount == 0; i++) {
      previous = expected;
      if (atomic_compare_exchange_strong_explicit(&dest[0], &expected, old[tid],
                                                  memory_order_seq_cst, memory_order_relaxed,
                                                  memory_scope_device)) {
        old[tid] = expected;
        successCount++;
      } else if (previous == expected) {  // a strong compare-exchange never fails spuriously
        old[tid] = count;
        break;
      }
    }
}

// cmpxchg_global counting each work-item's attempts and successes (tries, wins): how often the
// loop's compare-exchanges fail on a platform, which its schedule of work-items decides.
kernel void cmpxchg_counted(volatile global atomic_int* dest, global int* old, int iterations,
                            int count, global int* tries, global int* wins) {
  uint tid = get_global_id(0);
  int expected, previous;
  int successCount = 0, attempts = 0;
  old[tid] = tid;
  expected = tid;
  if (atomic_compare_exchange_strong_explicit(&dest[0], &expected, old[tid], memory_order_seq_cst,
                                              memory_order_relaxed, memory_scope_device) ||
      expected == tid)
    old[tid] = count + 1;
  else
    for (int i = 0; i < iterations || successCount == 0; i++) {
      previous = expected;
      attempts++;
      if (atomic_compare_exchange_strong_explicit(&dest[0], &expected, old[tid],
                                                  memory_order_seq_cst, memory_order_relaxed,
                                                  memory_scope_device)) {
        old[tid] = expected;
        successCount++;
      } else if (previous == expected) {
        old[tid] = count;
        break;
      }
    }
  tries[tid] = attempts;
  wins[tid] = successCount;
}

kernel void fetch_orand(volatile global atomic_int* dest, global int* old, int iterations,
                        int count) {
  uint tid = get_global_id(0);
  size_t word = tid / 32;
  int value, bit = 1 << tid % 32;
  old[tid] = 0;
  for (int i = 0; i < iterations; i++) {
    value = atomic_fetch_or_explicit(dest + word, bit, memory_order_relaxed, memory_scope_device);
    if (value & bit) old[tid]++;  // the bit was cleared by this work-item's last fetch_and
    value = atomic_fetch_and_explicit(dest + word, ~bit, memory_order_relaxed,
                                      memory_scope_device);
    if (!(value & bit)) old[tid]++;  // the bit was set by the fetch_or before
  }
}

kernel void fetch_xor2(volatile global atomic_int* dest, global int* old, int iterations,
                       int count) {
  uint tid = get_global_id(0);
  size_t word = tid / 32;
  int value, bit = 1 << tid % 32;
  old[tid] = 0;
  for (int i = 0; i < iterations; i++) {
    value = atomic_fetch_xor_explicit(dest + word, bit, memory_order_relaxed, memory_scope_device);
    if (value & bit) old[tid]++;
    value = atomic_fetch_xor_explicit(dest + word, bit, memory_order_relaxed, memory_scope_device);
    if (!(value & bit)) old[tid]++;
  }
}
)CLC";

struct Kernel {
  const char* name;
  bool local;              // a __local atomic per work-group
  int atomics_per_iteration;
};

const Kernel kKernels[] = {
    {"exchange_global", false, 1}, {"exchange_local", true, 1}, {"cmpxchg_global", false, 1},
    {"fetch_orand", false, 2},     {"fetch_xor2", false, 2},
};

constexpr int kStart = 123456;  // dest's first value in the exchange kernels: no work-item's

struct Shape {
  int items = 1024, group = 256, iterations = 10000, runs = 2;
  std::string only;  // one kernel's name; empty: all
};

// dest's contents before a run: one word per group for exchange_local, one per 32 work-items for
// the bit kernels, kStart for the others.
std::vector<int> initial_dest(const Kernel& k, const Shape& s) {
  if (k.local) return std::vector<int>(s.items / s.group, kStart);
  if (std::strncmp(k.name, "fetch", 5) == 0) return std::vector<int>((s.items + 31) / 32, 0);
  return {kStart};
}

// The host's oracle: the empty string when `dest` and `old` are what the kernel must leave.
std::string verify(const Kernel& k, const Shape& s, const std::vector<int>& dest,
                   const std::vector<int>& old) {
  if (std::strncmp(k.name, "fetch", 5) == 0) {
    for (int w = 0; w < static_cast<int>(dest.size()); ++w)
      if (dest[w] != 0) return "word " + std::to_string(w) + " is " + std::to_string(dest[w]);
    for (int i = 0; i < s.items; ++i)
      if (old[i] != 0) return "work-item " + std::to_string(i) + " saw its bit wrong";
    return {};
  }
  // The values exchanged move between the object and the work-items: those left are a
  // permutation of those put in (each work-item's id and the object's first value).
  const int span = k.local ? s.group : s.items;
  for (int g = 0; g < s.items / span; ++g) {
    std::vector<int> values(old.begin() + g * span, old.begin() + (g + 1) * span);
    values.push_back(dest[k.local ? g : 0]);
    std::sort(values.begin(), values.end());
    std::vector<int> expected;
    for (int i = 0; i < span; ++i) expected.push_back(g * span + i);
    expected.push_back(kStart);
    if (values != expected)
      return "values of group " + std::to_string(g) + " are not a permutation of those put in";
  }
  return {};
}

struct Row {
  double cpu = 0, wall = 0;
  std::string outcome;
};

Row run_kernel(cl_context context, cl_command_queue queue, cl_program program, const Kernel& k,
               const Shape& s) {
  cl_int err = CL_SUCCESS;
  cl_kernel kernel = clCreateKernel(program, k.name, &err);
  clvet::bench::check(err, "clCreateKernel");
  const std::vector<int> start = initial_dest(k, s);
  cl_mem dest = clCreateBuffer(context, CL_MEM_READ_WRITE, start.size() * sizeof(int), nullptr, &err);
  clvet::bench::check(err, "clCreateBuffer");
  cl_mem old = clCreateBuffer(context, CL_MEM_READ_WRITE, s.items * sizeof(int), nullptr, &err);
  clvet::bench::check(err, "clCreateBuffer");
  CL_CHECK(clSetKernelArg(kernel, 0, sizeof dest, &dest));
  CL_CHECK(clSetKernelArg(kernel, 1, sizeof old, &old));
  CL_CHECK(clSetKernelArg(kernel, 2, sizeof s.iterations, &s.iterations));
  CL_CHECK(clSetKernelArg(kernel, 3, sizeof s.items, &s.items));
  if (k.local) CL_CHECK(clSetKernelArg(kernel, 4, sizeof(int), nullptr));
  const size_t global = s.items, local = s.group;
  Row row;
  for (int r = -1; r < s.runs; ++r) {
    CL_CHECK(clEnqueueWriteBuffer(queue, dest, CL_TRUE, 0, start.size() * sizeof(int),
                                  start.data(), 0, nullptr, nullptr));
    const double cpu0 = cpu_seconds(), wall0 = wall_seconds();
    CL_CHECK(clEnqueueNDRangeKernel(queue, kernel, 1, nullptr, &global, &local, 0, nullptr, nullptr));
    CL_CHECK(clFinish(queue));
    if (r >= 0) {
      row.cpu += cpu_seconds() - cpu0;
      row.wall += wall_seconds() - wall0;
    }
  }
  row.cpu /= s.runs;
  row.wall /= s.runs;
  std::vector<int> dest_after(start.size()), old_after(s.items);
  CL_CHECK(clEnqueueReadBuffer(queue, dest, CL_TRUE, 0, dest_after.size() * sizeof(int),
                               dest_after.data(), 0, nullptr, nullptr));
  CL_CHECK(clEnqueueReadBuffer(queue, old, CL_TRUE, 0, old_after.size() * sizeof(int),
                               old_after.data(), 0, nullptr, nullptr));
  const std::string wrong = verify(k, s, dest_after, old_after);
  row.outcome = wrong.empty() ? "ok" : "WRONG: " + wrong;
  clReleaseMemObject(dest);
  clReleaseMemObject(old);
  clReleaseKernel(kernel);
  return row;
}

// Runs cmpxchg_counted once and prints the compare-exchanges its work-items made and how many
// succeeded (the same loop as cmpxchg_global, which the table times).
void count_attempts(cl_context context, cl_command_queue queue, cl_program program,
                    const std::string& platform, const Shape& s) {
  cl_int err = CL_SUCCESS;
  cl_kernel kernel = clCreateKernel(program, "cmpxchg_counted", &err);
  clvet::bench::check(err, "clCreateKernel");
  std::vector<cl_mem> buffers;
  const int start = kStart;
  buffers.push_back(clCreateBuffer(context, CL_MEM_COPY_HOST_PTR, sizeof start,
                                   const_cast<int*>(&start), &err));
  clvet::bench::check(err, "clCreateBuffer");
  for (int b = 0; b < 3; ++b) {
    buffers.push_back(clCreateBuffer(context, CL_MEM_READ_WRITE, s.items * sizeof(int), nullptr, &err));
    clvet::bench::check(err, "clCreateBuffer");
  }
  CL_CHECK(clSetKernelArg(kernel, 0, sizeof(cl_mem), &buffers[0]));
  CL_CHECK(clSetKernelArg(kernel, 1, sizeof(cl_mem), &buffers[1]));
  CL_CHECK(clSetKernelArg(kernel, 2, sizeof s.iterations, &s.iterations));
  CL_CHECK(clSetKernelArg(kernel, 3, sizeof s.items, &s.items));
  CL_CHECK(clSetKernelArg(kernel, 4, sizeof(cl_mem), &buffers[2]));
  CL_CHECK(clSetKernelArg(kernel, 5, sizeof(cl_mem), &buffers[3]));
  const size_t global = s.items, local = s.group;
  CL_CHECK(clEnqueueNDRangeKernel(queue, kernel, 1, nullptr, &global, &local, 0, nullptr, nullptr));
  std::vector<int> tries(s.items), wins(s.items);
  CL_CHECK(clEnqueueReadBuffer(queue, buffers[2], CL_TRUE, 0, s.items * sizeof(int), tries.data(),
                               0, nullptr, nullptr));
  CL_CHECK(clEnqueueReadBuffer(queue, buffers[3], CL_TRUE, 0, s.items * sizeof(int), wins.data(),
                               0, nullptr, nullptr));
  long long attempts = 0, successes = 0;
  for (int i = 0; i < s.items; ++i) {
    attempts += tries[i];
    successes += wins[i];
  }
  std::printf("# %s: cmpxchg loop %lld compare-exchanges (%.1f a work-item), %lld succeeded (%.1f%%)\n",
              platform.c_str(), attempts, double(attempts) / s.items, successes,
              attempts ? 100.0 * double(successes) / double(attempts) : 0.0);
  for (cl_mem b : buffers) clReleaseMemObject(b);
  clReleaseKernel(kernel);
}

}  // namespace

int main(int argc, char** argv) {
  Shape s;
  for (int i = 1; i + 1 < argc; i += 2) {
    const int v = std::atoi(argv[i + 1]);
    if (std::strcmp(argv[i], "--only") == 0) s.only = argv[i + 1];
    if (std::strcmp(argv[i], "--work-items") == 0) s.items = v;
    else if (std::strcmp(argv[i], "--group") == 0) s.group = v;
    else if (std::strcmp(argv[i], "--iterations") == 0) s.iterations = v;
    else if (std::strcmp(argv[i], "--runs") == 0) s.runs = v;
  }
  if (s.items <= 0 || s.group <= 0 || s.items % s.group != 0 || s.items % 32 != 0 ||
      s.iterations < 0 || s.runs <= 0) {
    std::fprintf(stderr, "atomic_speed: work-items must be a multiple of the group and of 32\n");
    return 2;
  }
  setenv("CLVET_CHECK", "none", 0);
  setenv("CLVET_REPORT", "none", 0);
  try {
    const std::vector<cl_platform_id> platforms = clvet::bench::platforms_pocl_first();
    std::printf("# %d work-items in groups of %d, %d iterations, mean of %d runs\n", s.items,
                s.group, s.iterations, s.runs);
    std::printf("%-16s %-24s %12s %9s %9s %10s %8s %8s  %s\n", "kernel", "platform", "atomics",
                "cpu s", "wall s", "Matomic/s", "x wall", "x cpu", "result");
    std::map<std::string, Row> reference;  // PoCL's row per kernel
    for (cl_platform_id platform : platforms) {
      const std::string name = platform_name(platform);
      cl_device_id device = nullptr;
      if (clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &device, nullptr) != CL_SUCCESS) continue;
      cl_int err = CL_SUCCESS;
      cl_context context = clCreateContext(nullptr, 1, &device, nullptr, nullptr, &err);
      clvet::bench::check(err, "clCreateContext");
      cl_command_queue queue =
          clCreateCommandQueueWithProperties(context, device, nullptr, &err);
      clvet::bench::check(err, "clCreateCommandQueueWithProperties");
      const char* source = kSource;
      cl_program program = clCreateProgramWithSource(context, 1, &source, nullptr, &err);
      clvet::bench::check(err, "clCreateProgramWithSource");
      err = clBuildProgram(program, 1, &device, "-cl-std=CL3.0", nullptr, nullptr);
      if (err != CL_SUCCESS) {
        char log[8192] = {};
        clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_LOG, sizeof log, log, nullptr);
        std::fprintf(stderr, "%s: %s\n", name.c_str(), log);
      }
      clvet::bench::check(err, "clBuildProgram");
      const bool is_pocl = name.find("Portable") != std::string::npos;
      for (const Kernel& k : kKernels) {
        if (!s.only.empty() && s.only != k.name) continue;
        const Row row = run_kernel(context, queue, program, k, s);
        if (is_pocl && !reference.count(k.name)) reference[k.name] = row;
        const double atomics = double(s.items) * (s.iterations + 1) * k.atomics_per_iteration;
        char ratio_wall[16] = "-", ratio_cpu[16] = "-";
        if (!is_pocl && reference.count(k.name)) {
          std::snprintf(ratio_wall, sizeof ratio_wall, "%.1f", row.wall / reference[k.name].wall);
          std::snprintf(ratio_cpu, sizeof ratio_cpu, "%.1f", row.cpu / reference[k.name].cpu);
        }
        std::printf("%-16s %-24.24s %12.0f %9.3f %9.3f %10.1f %8s %8s  %s\n", k.name,
                    name.c_str(), atomics, row.cpu, row.wall, atomics / row.wall * 1e-6,
                    ratio_wall, ratio_cpu, row.outcome.c_str());
        std::fflush(stdout);
      }
      if (s.only.empty() || s.only == "cmpxchg_global")
        count_attempts(context, queue, program, name, s);
      clReleaseProgram(program);
      clReleaseCommandQueue(queue);
      clReleaseContext(context);
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "atomic_speed: %s\n", e.what());
    return 1;
  }
  return 0;
}
