// Launches of work-groups of one to a few work-items (OpenCL C 1.2 §6.12.1's work-item functions
// against the NDRange the host enqueued), with the checkers off, where the reference device runs
// several small groups of a kernel that cannot tell them apart as one (exec/group_batching.h),
// and on: every work-item's ids and results against the host's own computation, for kernels that
// cannot tell their group and for kernels that ask it, a partial last batch, two dimensions, and
// global atomics from groups of one.
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <numeric>
#include <vector>

#include "host_half.h"
#include "checks_in_child.h"
#include "reference_device.h"

using clvet::test::in_child;
using clvet::test::ReferenceDevice;

namespace {

// Four programs, since the device decides per program whether its groups may share lanes:
// kernels that cannot tell their group; one that asks it; one with a global atomic; kernels of
// groups of one with __local memory.
const char* kBlind = R"CLC(
kernel void blind(global ulong* out, global int* in) {
  size_t i = get_global_id(0);
  int scratch[4];
  for (int k = 0; k < 4; k++) scratch[k] = in[(i + k) % get_global_size(0)];
  int sum = 0;
  for (int k = 0; k < (int)(i % 5); k++) sum += scratch[k % 4];  // lanes leave at their own count
  out[i] = (ulong)sum << 32 | (i * 3 + get_global_size(0) + get_global_offset(0));
}

// The CTS's vstore_half3 kernel: the last work-item steps back where the halves end early.
kernel void tail3(global float* p, global half* f, uint extra_last_thread) {
  size_t i = get_global_id(0);
  size_t adjust = 0;
  if (i == get_global_size(0) - 1 && extra_last_thread != 0) adjust = 3 - extra_last_thread;
  vstore_half3(vload3(i, p - adjust), i, f - adjust);
}

kernel void plane(global uint* out) {
  size_t x = get_global_id(0), y = get_global_id(1);
  out[y * get_global_size(0) + x] = (uint)(x * 1000 + y);
}
)CLC";

const char* kAsking = R"CLC(
kernel void ids(global uint* out) {
  size_t i = get_global_id(0);
  out[6 * i + 0] = get_local_id(0);
  out[6 * i + 1] = get_group_id(0);
  out[6 * i + 2] = get_local_size(0);
  out[6 * i + 3] = get_num_groups(0);
  out[6 * i + 4] = get_enqueued_local_size(0);
  out[6 * i + 5] = get_local_linear_id();
}


)CLC";

const char* kAtomic = R"CLC(
kernel void counted(global int* counter, global int* got) {
  got[get_global_id(0)] = atomic_inc(counter);
}

)CLC";

const char* kLocal = R"CLC(
// A group of one with __local memory of its own (a variable and an argument), a barrier and an
// async copy out of it: each group's three values at 3 * group.
kernel void own_local(global uint* out, global const uint* in, local uint* scratch) {
  local uint tile[3];
  size_t g = get_group_id(0), lid = get_local_id(0);
  tile[lid] = in[get_global_id(0)] + (uint)g;
  scratch[lid] = (uint)(get_local_size(0) * 1000000 + get_num_groups(0) * 10 + get_local_linear_id());
  barrier(CLK_LOCAL_MEM_FENCE);
  tile[1] = tile[0] * 2;
  tile[2] = scratch[0];
  event_t e = async_work_group_copy(out + 3 * g, tile, 3, 0);
  wait_group_events(1, &e);
}

// The CTS's vstore_half3 kernel through __local memory, in groups of one.
kernel void tail3_local(global float* p, global half* f, uint extra_last_thread) {
  local ushort data[3 * (1 + 1)];
  size_t i = get_global_id(0), lid = get_local_id(0);
  size_t adjust = 0;
  if (i == get_global_size(0) - 1 && extra_last_thread != 0) adjust = 3 - extra_last_thread;
  vstore_half3(vload3(i, p - adjust), lid, (local half*)data);
  barrier(CLK_LOCAL_MEM_FENCE);
  if (get_group_id(0) == get_num_groups(0) - 1 && extra_last_thread != 0)
    adjust = 3 - extra_last_thread;
  event_t e = async_work_group_copy((global ushort*)(f + 3 * (i - lid)),
                                    (local ushort*)&data[adjust], get_local_size(0) * 3 - adjust, 0);
  wait_group_events(1, &e);
}

kernel void plane_groups(global uint* out) {
  local uint seen;
  seen = (uint)(get_group_id(0) * 1000 + get_group_id(1));
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(1) * get_global_size(0) + get_global_id(0)] = seen;
}
)CLC";

void blind_kernels_give_every_work_item_its_own_result() {
  ReferenceDevice dev;
  ASSERT_TRUE(dev.available());
  cl_program p = dev.build(kBlind, "-cl-std=CL3.0");
  ASSERT_TRUE(p);
  // 1,031 is a prime: groups of one, and a partial last batch of them.
  for (std::size_t n : {std::size_t(1), std::size_t(7), std::size_t(1031)})
    for (std::size_t group : {std::size_t(1), std::size_t(3), std::size_t(7)}) {
      if (n % group) continue;
      SCOPED_TRACE(testing::Message() << n << " work-items in groups of " << group);
      std::vector<int> in(n);
      std::iota(in.begin(), in.end(), 11);
      cl_mem input = dev.buffer(in);
      cl_mem out = dev.buffer(std::vector<std::uint64_t>(n, 0));
      ASSERT_EQ(dev.run(dev.kernel(p, "blind"), {n}, {group}, out, input), CL_SUCCESS);
      const std::vector<std::uint64_t> got = dev.read<std::uint64_t>(out, n);
      for (std::size_t i = 0; i < n; ++i) {
        std::int32_t sum = 0;
        for (std::size_t k = 0; k < i % 5; ++k) sum += in[(i + k % 4) % n];
        const std::uint64_t want =
            std::uint64_t(std::uint32_t(sum)) << 32 | std::uint64_t(i * 3 + n);
        ASSERT_EQ(got[i], want) << "work-item " << i;
      }
    }
}

void the_vstore_half3_tail_stores_every_half_once() {
  ReferenceDevice dev;
  ASSERT_TRUE(dev.available());
  cl_program p = dev.build(kBlind, "-cl-std=CL3.0");
  ASSERT_TRUE(p);
  // 3,001 halves: 1,001 work-items (7 x 11 x 13) in groups of one, the last stepping back by 2.
  const std::size_t halves = 3001, items = (halves + 2) / 3;
  std::vector<float> values(halves);
  for (std::size_t j = 0; j < halves; ++j) {
    const std::uint32_t bits = std::uint32_t(j * 1431655u + 0x33000000u);  // ties, tiny, huge
    std::memcpy(&values[j], &bits, 4);
  }
  cl_mem in = dev.buffer(values);
  cl_mem out = dev.buffer(std::vector<std::uint16_t>(halves, 0xdead));
  const cl_uint extra = cl_uint(halves % 3);
  ASSERT_EQ(dev.run(dev.kernel(p, "tail3"), {items}, {1}, in, out, extra), CL_SUCCESS);
  const std::vector<std::uint16_t> got = dev.read<std::uint16_t>(out, halves);
  for (std::size_t j = 0; j < halves; ++j) {
    const std::uint16_t want = clvet::test::host_half(double(values[j]));
    const bool both_nan = (got[j] & 0x7fff) > 0x7c00 && (want & 0x7fff) > 0x7c00;
    ASSERT_TRUE(got[j] == want || both_nan)
        << "half " << j << " of " << values[j] << ": 0x" << std::hex << got[j] << ", host 0x" << want;
  }
}

void kernels_that_ask_see_the_groups_enqueued() {
  ReferenceDevice dev;
  ASSERT_TRUE(dev.available());
  cl_program p = dev.build(kAsking, "-cl-std=CL3.0");
  ASSERT_TRUE(p);
  for (std::size_t group : {std::size_t(1), std::size_t(3)}) {
    SCOPED_TRACE(testing::Message() << "groups of " << group);
    const std::size_t n = 99;
    cl_mem out = dev.buffer(std::vector<cl_uint>(6 * n, 0xffffffffu));
    ASSERT_EQ(dev.run(dev.kernel(p, "ids"), {n}, {group}, out), CL_SUCCESS);
    const std::vector<cl_uint> got = dev.read<cl_uint>(out, 6 * n);
    for (std::size_t i = 0; i < n; ++i) {
      const std::vector<cl_uint> row(got.begin() + 6 * i, got.begin() + 6 * i + 6);
      const std::vector<cl_uint> want = {cl_uint(i % group), cl_uint(i / group), cl_uint(group),
                                         cl_uint(n / group), cl_uint(group), cl_uint(i % group)};
      ASSERT_EQ(row, want) << "work-item " << i;
    }
  }
}

void two_dimensions_of_single_work_items() {
  ReferenceDevice dev;
  ASSERT_TRUE(dev.available());
  cl_program p = dev.build(kBlind, "-cl-std=CL3.0");
  ASSERT_TRUE(p);
  const std::size_t w = 37, h = 5;
  cl_mem out = dev.buffer(std::vector<cl_uint>(w * h, 0));
  ASSERT_EQ(dev.run(dev.kernel(p, "plane"), {w, h}, {1, 1}, out), CL_SUCCESS);
  const std::vector<cl_uint> got = dev.read<cl_uint>(out, w * h);
  for (std::size_t y = 0; y < h; ++y)
    for (std::size_t x = 0; x < w; ++x)
      ASSERT_EQ(got[y * w + x], cl_uint(x * 1000 + y)) << x << ", " << y;
}

void atomics_from_groups_of_one_count_each_once() {
  ReferenceDevice dev;
  ASSERT_TRUE(dev.available());
  cl_program p = dev.build(kAtomic, "-cl-std=CL3.0");
  ASSERT_TRUE(p);
  const std::size_t n = 257;
  cl_mem counter = dev.buffer(std::vector<int>{0});
  cl_mem got = dev.buffer(std::vector<int>(n, -1));
  ASSERT_EQ(dev.run(dev.kernel(p, "counted"), {n}, {1}, counter, got), CL_SUCCESS);
  EXPECT_EQ(dev.read<int>(counter, 1)[0], int(n));
  std::vector<int> values = dev.read<int>(got, n);
  std::sort(values.begin(), values.end());
  std::vector<int> want(n);
  std::iota(want.begin(), want.end(), 0);
  EXPECT_EQ(values, want);
}

void groups_of_one_keep_their_own_local_memory() {
  ReferenceDevice dev;
  ASSERT_TRUE(dev.available());
  cl_program p = dev.build(kLocal, "-cl-std=CL3.0");
  ASSERT_TRUE(p);
  for (std::size_t n : {std::size_t(1), std::size_t(2), std::size_t(300)}) {
    SCOPED_TRACE(testing::Message() << n << " groups of one");
    std::vector<cl_uint> in(n);
    for (std::size_t i = 0; i < n; ++i) in[i] = cl_uint(7 * i + 5);
    cl_mem input = dev.buffer(in);
    cl_mem out = dev.buffer(std::vector<cl_uint>(3 * n, 0xffffffffu));
    cl_kernel k = dev.kernel(p, "own_local");
    ASSERT_EQ(clSetKernelArg(k, 2, sizeof(cl_uint), nullptr), CL_SUCCESS);
    ASSERT_EQ(dev.run(k, {n}, {1}, out, input), CL_SUCCESS);
    const std::vector<cl_uint> got = dev.read<cl_uint>(out, 3 * n);
    for (std::size_t g = 0; g < n; ++g) {
      const cl_uint first = in[g] + cl_uint(g);
      const std::vector<cl_uint> row(got.begin() + 3 * g, got.begin() + 3 * g + 3);
      ASSERT_EQ(row, (std::vector<cl_uint>{first, 2 * first, cl_uint(1000000 + n * 10)}))
          << "group " << g;
    }
  }
  // The CTS's vstore_half3 through __local memory: 3,001 halves, 1,001 groups of one.
  const std::size_t halves = 3001, items = (halves + 2) / 3;
  std::vector<float> values(halves);
  for (std::size_t j = 0; j < halves; ++j) {
    const std::uint32_t bits = std::uint32_t(j * 2863311u + 0x31000000u);
    std::memcpy(&values[j], &bits, 4);
  }
  cl_mem in = dev.buffer(values);
  cl_mem out = dev.buffer(std::vector<std::uint16_t>(halves, 0xdead));
  const cl_uint extra = cl_uint(halves % 3);
  ASSERT_EQ(dev.run(dev.kernel(p, "tail3_local"), {items}, {1}, in, out, extra), CL_SUCCESS);
  const std::vector<std::uint16_t> got = dev.read<std::uint16_t>(out, halves);
  for (std::size_t j = 0; j < halves; ++j) {
    const std::uint16_t want = clvet::test::host_half(double(values[j]));
    const bool both_nan = (got[j] & 0x7fff) > 0x7c00 && (want & 0x7fff) > 0x7c00;
    ASSERT_TRUE(got[j] == want || both_nan)
        << "half " << j << " of " << values[j] << ": 0x" << std::hex << got[j] << ", host 0x" << want;
  }
  // Two dimensions of groups of one, each with its own __local variable.
  const std::size_t w = 131, h = 3;
  cl_mem plane = dev.buffer(std::vector<cl_uint>(w * h, 0));
  ASSERT_EQ(dev.run(dev.kernel(p, "plane_groups"), {w, h}, {1, 1}, plane), CL_SUCCESS);
  const std::vector<cl_uint> seen = dev.read<cl_uint>(plane, w * h);
  for (std::size_t y = 0; y < h; ++y)
    for (std::size_t x = 0; x < w; ++x)
      ASSERT_EQ(seen[y * w + x], cl_uint(x * 1000 + y)) << x << ", " << y;
}

void all_cases() {
  groups_of_one_keep_their_own_local_memory();
  blind_kernels_give_every_work_item_its_own_result();
  the_vstore_half3_tail_stores_every_half_once();
  kernels_that_ask_see_the_groups_enqueued();
  two_dimensions_of_single_work_items();
  atomics_from_groups_of_one_count_each_once();
}

}  // namespace

TEST(SmallGroups_6_12_1, ChecksOffRunsThemAsTheHostComputes) { EXPECT_TRUE(in_child("none", all_cases)); }

TEST(SmallGroups_6_12_1, ChecksOnRunsThemAsTheHostComputes) { EXPECT_TRUE(in_child("all", all_cases)); }
