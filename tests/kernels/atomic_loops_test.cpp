// Loops of C11 atomics on one object, as the CTS's c11_atomics makes them (OpenCL C 3.0
// §6.15.12), and loops that work-items leave at different iterations before a barrier (§6.15.8:
// every work-item of the group reaches it before any goes on), on the reference device with its
// checkers on and off (the atomics then take a faster path): every result against the host's.
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <functional>
#include <numeric>
#include <string>
#include <vector>

#include "checks_in_child.h"
#include "reference_device.h"

using clvet::test::in_child;
using clvet::test::ReferenceDevice;

namespace {

constexpr int kItems = 128, kGroup = 64, kIterations = 100, kStart = 123456;

const char* kAtomics = R"CLC(
kernel void exchange_global(volatile global atomic_int* dest, global int* old, int iterations) {
  uint tid = get_global_id(0);
  old[tid] = atomic_exchange_explicit(&dest[0], tid, memory_order_relaxed, memory_scope_device);
  for (int i = 0; i < iterations; i++)
    old[tid] = atomic_exchange_explicit(&dest[0], old[tid], memory_order_relaxed,
                                        memory_scope_device);
}

kernel void exchange_local(global int* final_values, global int* old, int iterations) {
  local atomic_int dest;
  uint tid = get_global_id(0);
  if (get_local_id(0) == 0)
    atomic_store_explicit(&dest, final_values[get_group_id(0)], memory_order_relaxed,
                          memory_scope_work_group);
  barrier(CLK_LOCAL_MEM_FENCE);
  old[tid] = atomic_exchange_explicit(&dest, tid, memory_order_acq_rel, memory_scope_work_group);
  for (int i = 0; i < iterations; i++)
    old[tid] = atomic_exchange_explicit(&dest, old[tid], memory_order_acq_rel,
                                        memory_scope_work_group);
  barrier(CLK_LOCAL_MEM_FENCE);
  if (get_local_id(0) == 0)
    final_values[get_group_id(0)] =
        atomic_load_explicit(&dest, memory_order_relaxed, memory_scope_work_group);
}

kernel void cmpxchg_global(volatile global atomic_int* dest, global int* old, int iterations) {
  uint tid = get_global_id(0);
  int expected, previous;
  int successCount = 0;
  old[tid] = tid;
  expected = tid;
  if (atomic_compare_exchange_strong_explicit(&dest[0], &expected, old[tid], memory_order_seq_cst,
                                              memory_order_relaxed, memory_scope_device) ||
      expected == tid)
    old[tid] = get_global_size(0) + 1;
  else
    for (int i = 0; i < iterations || successCount == 0; i++) {
      previous = expected;
      if (atomic_compare_exchange_weak_explicit(&dest[0], &expected, old[tid],
                                                memory_order_seq_cst, memory_order_relaxed,
                                                memory_scope_device)) {
        old[tid] = expected;
        successCount++;
      } else if (previous == expected) {
        old[tid] = get_global_size(0);
        break;
      }
    }
}

kernel void fetch_orand(volatile global atomic_int* dest, global int* old, int iterations) {
  uint tid = get_global_id(0);
  int value, bit = 1 << tid % 32;
  old[tid] = 0;
  for (int i = 0; i < iterations; i++) {
    value = atomic_fetch_or_explicit(dest + tid / 32, bit, memory_order_relaxed,
                                     memory_scope_device);
    if (value & bit) old[tid]++;
    value = atomic_fetch_and_explicit(dest + tid / 32, ~bit, memory_order_relaxed,
                                      memory_scope_device);
    if (!(value & bit)) old[tid]++;
  }
}
)CLC";

// The values exchanged stay a permutation of those put in: each work-item's id and the object's
// first value (per group for the __local object).
void expect_permutation(const std::vector<int>& dest, const std::vector<int>& old, int span) {
  for (int g = 0; g < kItems / span; ++g) {
    std::vector<int> values(old.begin() + g * span, old.begin() + (g + 1) * span);
    values.push_back(dest[span == kItems ? 0 : g]);
    std::sort(values.begin(), values.end());
    std::vector<int> expected(span);
    std::iota(expected.begin(), expected.end(), g * span);
    expected.push_back(kStart);
    EXPECT_EQ(values, expected) << "group " << g;
  }
}

void atomic_loops() {
  ReferenceDevice dev;
  ASSERT_TRUE(dev.available());
  cl_program p = dev.build(kAtomics, "-cl-std=CL3.0");
  ASSERT_TRUE(p);
  for (const char* name : {"exchange_global", "cmpxchg_global"}) {
    SCOPED_TRACE(name);
    cl_mem dest = dev.buffer(std::vector<int>{kStart});
    cl_mem old = dev.buffer(std::vector<int>(kItems, -1));
    ASSERT_EQ(dev.run(dev.kernel(p, name), {kItems}, {kGroup}, dest, old, kIterations), CL_SUCCESS);
    expect_permutation(dev.read<int>(dest, 1), dev.read<int>(old, kItems), kItems);
  }
  {
    cl_mem dest = dev.buffer(std::vector<int>(kItems / kGroup, kStart));
    cl_mem old = dev.buffer(std::vector<int>(kItems, -1));
    ASSERT_EQ(dev.run(dev.kernel(p, "exchange_local"), {kItems}, {kGroup}, dest, old, kIterations),
              CL_SUCCESS);
    expect_permutation(dev.read<int>(dest, kItems / kGroup), dev.read<int>(old, kItems), kGroup);
  }
  // Each work-item sets its bit and clears it again: it always finds the bit as it left it.
  cl_mem words = dev.buffer(std::vector<int>(kItems / 32, 0));
  cl_mem old = dev.buffer(std::vector<int>(kItems, -1));
  ASSERT_EQ(dev.run(dev.kernel(p, "fetch_orand"), {kItems}, {kGroup}, words, old, kIterations),
            CL_SUCCESS);
  EXPECT_EQ(dev.read<int>(words, kItems / 32), std::vector<int>(kItems / 32, 0));
  EXPECT_EQ(dev.read<int>(old, kItems), std::vector<int>(kItems, 0));
}

// Loops each work-item leaves after its own count of iterations, in the shapes a compiler makes
// (the test at the top, at the bottom, a break from the middle, from an inner loop, a continue),
// then a barrier: after it every work-item reads its neighbour's count from __local memory.
const char* kLoops = R"CLC(
#define NEIGHBOUR(count)                                   \
  seen[lid] = count;                                       \
  barrier(CLK_LOCAL_MEM_FENCE);                            \
  out[get_global_id(0)] = seen[(lid + 1) % 64];

kernel void top(global int* out) {
  local int seen[64];
  int lid = get_local_id(0), i;
  for (i = 0; i < lid % 7; i++) {}
  NEIGHBOUR(i)
}

kernel void bottom(global int* out) {
  local int seen[64];
  int lid = get_local_id(0), i = 0;
  do { i++; } while (i < lid % 5 + 1);
  NEIGHBOUR(i)
}

kernel void middle(global int* out) {
  local int seen[64];
  int lid = get_local_id(0), i = 0;
  while (1) {
    if (i == lid % 9) break;
    i++;
  }
  NEIGHBOUR(i)
}

kernel void inner(global int* out) {
  local int seen[64];
  int lid = get_local_id(0), n = 0;
  for (int i = 0; i < 4; i++) {
    for (int j = 0; j < 4; j++) {
      if (j > lid % 3) break;
      n++;
    }
    if (i * 7 > lid) break;
  }
  NEIGHBOUR(n)
}

kernel void skip(global int* out) {
  local int seen[64];
  int lid = get_local_id(0), n = 0;
  for (int i = 0; i < 10; i++) {
    if ((i + lid) % 3 == 0) continue;
    n += i;
    if (n > lid) break;
  }
  NEIGHBOUR(n)
}
)CLC";

int host_count(const std::string& name, int lid) {
  if (name == "top") return lid % 7;
  if (name == "bottom") return lid % 5 + 1;
  if (name == "middle") return lid % 9;
  int n = 0;
  if (name == "inner") {
    for (int i = 0; i < 4; i++) {
      for (int j = 0; j < 4; j++) {
        if (j > lid % 3) break;
        n++;
      }
      if (i * 7 > lid) break;
    }
    return n;
  }
  for (int i = 0; i < 10; i++) {
    if ((i + lid) % 3 == 0) continue;
    n += i;
    if (n > lid) break;
  }
  return n;
}

void loops_then_barrier() {
  ReferenceDevice dev;
  ASSERT_TRUE(dev.available());
  // Optimised, and not: the loops keep the shapes written in the second.
  for (const char* options : {"", "-cl-opt-disable"}) {
    cl_program p = dev.build(kLoops, options);
    ASSERT_TRUE(p);
    for (const char* name : {"top", "bottom", "middle", "inner", "skip"}) {
      SCOPED_TRACE(std::string(name) + " " + options);
      cl_mem out = dev.buffer(std::vector<int>(kItems, -1));
      ASSERT_EQ(dev.run(dev.kernel(p, name), {kItems}, {kGroup}, out), CL_SUCCESS);
      std::vector<int> expected(kItems);
      for (int i = 0; i < kItems; ++i) expected[i] = host_count(name, (i % kGroup + 1) % kGroup);
      EXPECT_EQ(dev.read<int>(out, kItems), expected);
    }
  }
}

}  // namespace

TEST(AtomicLoops, ResultsWithCheckersOn_6_15_12) { atomic_loops(); }

TEST(AtomicLoops, ResultsWithCheckersOff_6_15_12) { EXPECT_TRUE(in_child("none", atomic_loops)); }

TEST(LoopsThenBarrier, EveryWorkItemLeavesTheLoopBeforeAnyPassesTheBarrier_6_15_8) {
  loops_then_barrier();
  EXPECT_TRUE(in_child("none", loops_then_barrier));
}
