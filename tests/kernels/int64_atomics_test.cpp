// cl_khr_int64_base_atomics and cl_khr_int64_extended_atomics on the reference device: the
// device lists both, and every atom_* function of the two extensions (atom_add, atom_sub,
// atom_xchg, atom_inc, atom_dec, atom_cmpxchg; atom_min, atom_max, atom_and, atom_or,
// atom_xor) on 64-bit long and ulong counters in __global and __local memory, from every
// work-item of several work-groups at once, ends where the host's sequential computation does
// (each operation commutes, so any order gives it) with values crossing 2^32. The OpenCL C 2.0
// atomic_fetch_* forms on atomic_long are tested in c11_atomic_orders_test.cpp. As written and
// with -cl-opt-disable.
#include <algorithm>
#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "reference_device.h"

namespace clvet::test {
namespace {

constexpr const char* kSource = R"(
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
#pragma OPENCL EXTENSION cl_khr_int64_extended_atomics : enable
// g: 11 global counters; returned: the value atom_inc returned to each work-item; groups: the
// 11 local counters of each group, copied out after the group's work.
kernel void wide(volatile global long* g, volatile global ulong* gu, global long* returned,
                 global long* groups) {
  local long l[8];
  local ulong lu[3];
  const long id = get_global_id(0), lid = get_local_id(0);
  if (lid == 0) {
    l[0] = 1L << 40; l[1] = 0; l[2] = 5; l[3] = 0x7fffffffffffL; l[4] = -(1L << 35);
    l[5] = 0; l[6] = 0; l[7] = 0;
    lu[0] = 0xffffffffffffffffUL; lu[1] = 0; lu[2] = 0;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  const long step = (1L << 32) + id;  // crosses 2^32
  atom_add(&g[0], step);
  atom_sub(&g[1], step);
  returned[id] = atom_inc(&g[2]);
  atom_dec(&g[3]);
  atom_min(&g[4], -(id << 36) - 3);
  atom_max(&g[5], id << 36);
  atom_and(&gu[0], ~(1UL << (id % 64)));
  atom_or(&gu[1], 1UL << (63 - id % 64));
  atom_xor(&g[6], (long)id << 20);
  // Exactly one work-item finds g[7] at 0 and puts its id + 1 << 40 there.
  atom_cmpxchg(&g[7], 0, (id + 1) << 40);
  atom_xchg(&g[8], 12345678901L);

  atom_add(&l[0], step);
  atom_sub(&l[1], step);
  atom_inc(&l[2]);
  atom_dec(&l[3]);
  atom_min(&l[4], -(lid << 37));
  atom_max(&l[5], lid << 37);
  atom_and(&lu[0], ~(1UL << (lid + 30)));
  atom_or(&lu[1], 1UL << (lid + 31));
  atom_xor(&lu[2], (ulong)lid << 33);
  atom_cmpxchg(&l[6], 0, (lid + 1) << 33);
  atom_xchg(&l[7], -9876543210L);
  barrier(CLK_LOCAL_MEM_FENCE);
  if (lid == 0) {
    global long* out = groups + 11 * get_group_id(0);
    for (int i = 0; i < 8; ++i) out[i] = l[i];
    for (int i = 0; i < 3; ++i) out[8 + i] = (long)lu[i];
  }
}
)";

class Int64Atomics : public ::testing::TestWithParam<const char*> {
 protected:
  void SetUp() override {
    if (!dev.available()) GTEST_FAIL() << "the clvet platform is not visible through the loader";
  }
  ReferenceDevice dev;
};

TEST_P(Int64Atomics, EveryAtomFunctionOnGlobalAndLocalLongs) {
  std::size_t size = 0;
  clGetDeviceInfo(dev.device, CL_DEVICE_EXTENSIONS, 0, nullptr, &size);
  std::string extensions(size, '\0');
  clGetDeviceInfo(dev.device, CL_DEVICE_EXTENSIONS, size, extensions.data(), nullptr);
  extensions = " " + extensions.substr(0, extensions.find('\0')) + " ";
  ASSERT_NE(extensions.find(" cl_khr_int64_base_atomics "), std::string::npos);
  ASSERT_NE(extensions.find(" cl_khr_int64_extended_atomics "), std::string::npos);

  cl_program p = dev.build(kSource, GetParam());
  ASSERT_TRUE(p);
  cl_kernel k = dev.kernel(p, "wide");
  const std::size_t n = 256, local = 32, groups = n / local;
  const std::int64_t start3 = std::int64_t(1) << 33;
  std::vector<cl_long> g = {std::int64_t(1) << 41, 0, 0, start3, 0, 0, 0, 0, 0};
  std::vector<cl_ulong> gu = {~0ull, 0};
  std::vector<cl_long> returned(n, -1), per_group(11 * groups, -1);
  cl_mem mg = dev.buffer(g), mgu = dev.buffer(gu), mr = dev.buffer(returned),
         mgroups = dev.buffer(per_group);
  ASSERT_EQ(dev.run(k, {n}, {local}, mg, mgu, mr, mgroups), CL_SUCCESS);
  g = dev.read<cl_long>(mg, g.size());
  gu = dev.read<cl_ulong>(mgu, gu.size());
  returned = dev.read<cl_long>(mr, n);
  per_group = dev.read<cl_long>(mgroups, per_group.size());

  // The host's sequential computation of the same operations.
  std::int64_t sum = 0, xors = 0;
  std::uint64_t ands = ~0ull, ors = 0;
  for (std::int64_t id = 0; id < std::int64_t(n); ++id) {
    sum += (std::int64_t(1) << 32) + id;
    ands &= ~(1ull << (id % 64));
    ors |= 1ull << (63 - id % 64);
    xors ^= id << 20;
  }
  EXPECT_EQ(g[0], (std::int64_t(1) << 41) + sum);
  EXPECT_EQ(g[1], -sum);
  EXPECT_EQ(g[2], std::int64_t(n));
  EXPECT_EQ(g[3], start3 - std::int64_t(n));
  EXPECT_EQ(g[4], -(std::int64_t(n - 1) << 36) - 3);
  EXPECT_EQ(g[5], std::int64_t(n - 1) << 36);
  EXPECT_EQ(gu[0], ands);
  EXPECT_EQ(gu[1], ors);
  EXPECT_EQ(g[6], xors);
  EXPECT_EQ(g[7] % (std::int64_t(1) << 40), 0);
  EXPECT_GE(g[7] >> 40, 1);
  EXPECT_LE(g[7] >> 40, std::int64_t(n));
  EXPECT_EQ(g[8], 12345678901LL);
  // atom_inc returned every value 0 .. n-1 exactly once (§9.5.2: the old value).
  std::vector<cl_long> sorted = returned;
  std::sort(sorted.begin(), sorted.end());
  for (std::size_t i = 0; i < n; ++i) EXPECT_EQ(sorted[i], cl_long(i));

  for (std::size_t group = 0; group < groups; ++group) {
    const cl_long* l = &per_group[11 * group];
    std::int64_t local_sum = 0;
    std::uint64_t local_and = ~0ull, local_or = 0, local_xor = 0;
    for (std::int64_t lid = 0; lid < std::int64_t(local); ++lid) {
      local_sum += (std::int64_t(1) << 32) + std::int64_t(group * local) + lid;
      local_and &= ~(1ull << (lid + 30));
      local_or |= 1ull << (lid + 31);
      local_xor ^= std::uint64_t(lid) << 33;
    }
    EXPECT_EQ(l[0], (std::int64_t(1) << 40) + local_sum) << group;
    EXPECT_EQ(l[1], -local_sum) << group;
    EXPECT_EQ(l[2], 5 + std::int64_t(local)) << group;
    EXPECT_EQ(l[3], 0x7fffffffffffLL - std::int64_t(local)) << group;
    EXPECT_EQ(l[4], std::min(-(std::int64_t(1) << 35), -(std::int64_t(local - 1) << 37))) << group;
    EXPECT_EQ(l[5], std::int64_t(local - 1) << 37) << group;
    EXPECT_EQ(std::uint64_t(l[8]), local_and) << group;
    EXPECT_EQ(std::uint64_t(l[9]), local_or) << group;
    EXPECT_EQ(std::uint64_t(l[10]), local_xor) << group;
    EXPECT_EQ(l[6] % (std::int64_t(1) << 33), 0) << group;
    EXPECT_GE(l[6] >> 33, 1) << group;
    EXPECT_LE(l[6] >> 33, std::int64_t(local)) << group;
    EXPECT_EQ(l[7], -9876543210LL) << group;
  }
}

INSTANTIATE_TEST_SUITE_P(AsWrittenAndUnoptimised, Int64Atomics,
                         ::testing::Values("", "-cl-opt-disable"),
                         [](const auto& info) { return info.index == 0 ? "AsWritten" : "OptDisable"; });

}  // namespace
}  // namespace clvet::test
