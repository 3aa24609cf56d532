// The async copies and prefetch (OpenCL C 1.2 §6.12.10) resolved from Clang 15's names, over
// a work-group whose lanes all make the call: one copy, every element checked on both sides.
#include <gtest/gtest.h>

#include <array>
#include <cstdint>

#include "fake_work_group.h"

using namespace clvet::interp;
using namespace clvet::interp::testing;

namespace {

constexpr std::uint32_t kLanes = 4;

// Calls an async copy on lanes {1, 2, 3} (lane 0 inactive) with every lane passing the same
// arguments, as lockstep execution does; returns each lane's event.
std::vector<std::uint64_t> copy(const char* mangled, FakeWorkGroup& g, void* dst,
                                std::uint8_t dst_as, const void* src, std::uint8_t src_as,
                                std::uint64_t n, std::uint64_t stride, bool strided,
                                std::uint64_t event = 0) {
  LanePointers d(kLanes, dst, dst_as), s(kLanes, src, src_as);
  LaneValues<std::uint64_t> num(kLanes, Scalar::ULong), str(kLanes, Scalar::ULong),
      ev(kLanes, Scalar::ULong), r(kLanes, Scalar::ULong);
  num.fill(n);
  str.fill(stride);
  ev.fill(event);
  Operand result = r.operand();
  std::vector<Operand> args{d.operand(), s.operand(), num.operand()};
  if (strided) args.push_back(str.operand());
  Operand e = ev.operand();
  e.pointer = true;
  args.push_back(e);
  call(resolve(mangled, 8), g, {1, 2, 3}, &result, args);
  EXPECT_EQ(r.values[0], 0u) << "inactive lane written";
  return {r.values.begin() + 1, r.values.end()};
}

}  // namespace

// async_work_group_copy from global to local memory, float4 elements: copied once, by the
// first active lane, each element read from global and written to local memory.
TEST(AsyncCopy, GlobalToLocalFloat4_6_12_10) {
  FakeWorkGroup g(kLanes);
  std::array<float, 20> global{};
  for (int i = 0; i < 20; ++i) global[i] = float(i) + 0.5f;
  std::array<float, 24> local{};
  local.fill(-1);
  std::vector<std::uint64_t> events =
      copy("_Z21async_work_group_copyPU3AS3Dv4_fPU3AS1KS_m9ocl_event", g, local.data(), kLocal,
           global.data(), kGlobal, 5, 0, false);
  for (int i = 0; i < 20; ++i) EXPECT_EQ(local[i], global[i]) << i;
  for (int i = 20; i < 24; ++i) EXPECT_EQ(local[i], -1) << i;
  ASSERT_EQ(g.accesses.size(), 10u);
  for (std::size_t i = 0; i < 5; ++i) {
    const auto& read = g.accesses[2 * i];
    const auto& write = g.accesses[2 * i + 1];
    EXPECT_EQ(read.lane, 1u);
    EXPECT_EQ(read.kind, Access::Read);
    EXPECT_EQ(read.address_space, kGlobal);
    EXPECT_EQ(read.address, &global[4 * i]);
    EXPECT_EQ(read.size, 16u);
    EXPECT_EQ(write.lane, 1u);
    EXPECT_EQ(write.kind, Access::Write);
    EXPECT_EQ(write.address_space, kLocal);
    EXPECT_EQ(write.address, &local[4 * i]);
  }
  // One event, the same for every lane, never zero.
  EXPECT_NE(events[0], 0u);
  EXPECT_EQ(events[1], events[0]);
  EXPECT_EQ(events[2], events[0]);
}

// Local to global, double2.
TEST(AsyncCopy, LocalToGlobalDouble2_6_12_10) {
  FakeWorkGroup g(kLanes);
  std::array<double, 8> local{1, 2, 3, 4, 5, 6, 7, 8};
  std::array<double, 8> global{};
  copy("_Z21async_work_group_copyPU3AS1Dv2_dPU3AS3KS_m9ocl_event", g, global.data(), kGlobal,
       local.data(), kLocal, 4, 0, false);
  EXPECT_EQ(global, local);
  EXPECT_EQ(g.accesses[0].address_space, kLocal);
  EXPECT_EQ(g.accesses[1].address_space, kGlobal);
}

// "The src_stride is the stride in elements for each gentype element read from src."
TEST(AsyncCopy, StridedGatherIntoLocal_6_12_10) {
  FakeWorkGroup g(kLanes);
  std::array<std::int32_t, 12> global;
  for (int i = 0; i < 12; ++i) global[i] = 100 + i;
  std::array<std::int32_t, 4> local{};
  copy("_Z29async_work_group_strided_copyPU3AS3iPU3AS1Kimm9ocl_event", g, local.data(), kLocal,
       global.data(), kGlobal, 4, 3, true);
  EXPECT_EQ(local, (std::array<std::int32_t, 4>{100, 103, 106, 109}));
}

// "The dst_stride is the stride in elements for each gentype element written to dst"; a
// 3-component vector is copied as a 4-component one (footnote 57).
TEST(AsyncCopy, StridedScatterToGlobalUchar3_6_12_10) {
  FakeWorkGroup g(kLanes);
  std::array<std::uint8_t, 16> local;
  for (int i = 0; i < 16; ++i) local[i] = std::uint8_t(i + 1);
  std::array<std::uint8_t, 32> global{};
  copy("_Z29async_work_group_strided_copyPU3AS1Dv3_hPU3AS3KS_mm9ocl_event", g, global.data(),
       kGlobal, local.data(), kLocal, 4, 2, true);
  for (int e = 0; e < 4; ++e)
    for (int c = 0; c < 4; ++c) {
      EXPECT_EQ(global[8 * e + c], local[4 * e + c]) << e << "." << c;
      EXPECT_EQ(global[8 * e + 4 + c], 0) << "gap " << e;
    }
  EXPECT_EQ(g.accesses[0].size, 4u);
}

// "If event argument is non-zero, the event object supplied in event argument will be
// returned"; otherwise every copy gets its own.
TEST(AsyncCopy, EventArgument_6_12_10) {
  FakeWorkGroup g(kLanes);
  std::int32_t a[2] = {1, 2}, b[2] = {};
  const char* name = "_Z21async_work_group_copyPU3AS3iPU3AS1Kim9ocl_event";
  std::uint64_t first = copy(name, g, b, kLocal, a, kGlobal, 2, 0, false)[0];
  std::uint64_t second = copy(name, g, b, kLocal, a, kGlobal, 2, 0, false)[0];
  EXPECT_NE(first, 0u);
  EXPECT_NE(second, 0u);
  EXPECT_NE(first, second);
  for (std::uint64_t e : copy(name, g, b, kLocal, a, kGlobal, 2, 0, false, first))
    EXPECT_EQ(e, first);
}

// An element whose read or write access() refuses is not copied, nor anything after it.
TEST(AsyncCopy, RefusedElementIsNotCopied) {
  FakeWorkGroup g(kLanes);
  std::array<std::int32_t, 4> global{1, 2, 3, 4}, local{};
  g.allow = [&](const void* p, std::size_t) { return p != &local[2]; };
  copy("_Z21async_work_group_copyPU3AS3iPU3AS1Kim9ocl_event", g, local.data(), kLocal,
       global.data(), kGlobal, 4, 0, false);
  EXPECT_EQ(local, (std::array<std::int32_t, 4>{1, 2, 0, 0}));
}

// wait_group_events reads only its event list (so that the checkers can compare the lists of
// the work-items), and prefetch touches nothing.
TEST(AsyncCopy, WaitReadsItsEventListAndPrefetchTouchesNothing_6_12_10) {
  FakeWorkGroup g(kLanes);
  std::uint64_t events[1] = {7};
  LaneValues<std::int32_t> n(kLanes, Scalar::Int);
  n.fill(1);
  LanePointers list(kLanes, events, kPrivate);
  call(resolve("_Z17wait_group_eventsiP9ocl_event", 0), g, all_lanes(kLanes), nullptr,
       {n.operand(), list.operand()});
  ASSERT_EQ(g.accesses.size(), std::size_t(kLanes));
  for (const auto& a : g.accesses) {
    EXPECT_EQ(a.address, static_cast<const void*>(events));
    EXPECT_EQ(a.size, sizeof events);
    EXPECT_EQ(a.kind, Access::Read);
  }
  g.accesses.clear();
  std::int32_t data[4] = {};
  LanePointers p(kLanes, data, kGlobal);
  LaneValues<std::uint64_t> count(kLanes, Scalar::ULong);
  count.fill(4);
  call(resolve("_Z8prefetchPU3AS1Kim", 0), g, all_lanes(kLanes), nullptr,
       {p.operand(), count.operand()});
  EXPECT_TRUE(g.accesses.empty());
}

// Copies are between global and local memory only.
TEST(AsyncCopy, GlobalToGlobalDoesNotResolve_6_12_10) {
  Signature s = signature("_Z21async_work_group_copyPU3AS3iPU3AS1Kim9ocl_event", 8);
  s.params[0].address_space = kGlobal;
  EXPECT_EQ(BuiltinRegistry::instance().resolve(s), nullptr);
}
