// The race checker's logic on hand-made access batches, without the interpreter: which pairs
// race (OpenCL 1.2 §3.3.1), what barriers and their fences order, atomics, hidden races.
#include <gtest/gtest.h>

#include <cstring>
#include <memory>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "clvet/checker/kernel_checker.h"

namespace {

using clvet::checker::KernelChecker;
using clvet::checker::KernelChecks;
using clvet::checker::LaunchDescription;
using clvet::checker::race_kinds;
using clvet::checker::RaceAccess;
using clvet::interp::Access;
using clvet::interp::AccessBatch;

constexpr std::uint32_t kLocalFence = 1, kGlobalFence = 2;

TEST(RaceKinds, ReadAgainstWriteIsReadWrite) {
  EXPECT_EQ(race_kinds({.read = true}, {.write = true}), 1u);
  EXPECT_EQ(race_kinds({.write = true}, {.read = true}), 1u);
  EXPECT_EQ(race_kinds({.read = true}, {.read = true}), 0u);
}

TEST(RaceKinds, WritesOfEqualValuesAreTheLowerSeverityKind) {
  RaceAccess a{.write = true, .has_value = true, .value = 7};
  RaceAccess b{.write = true, .has_value = true, .value = 7};
  EXPECT_EQ(race_kinds(a, b), 4u);
  b.value = 8;
  EXPECT_EQ(race_kinds(a, b), 2u);
}

TEST(RaceKinds, AtomicAgainstAtomicIsNoRaceAtomicAgainstPlainIs) {
  RaceAccess atomic{.read = true, .write = true, .atomic = true};
  EXPECT_EQ(race_kinds(atomic, atomic), 0u);
  EXPECT_EQ(race_kinds(atomic, {.read = true}), 1u);
  // A plain store against an atomic read-modify-write: both halves race.
  EXPECT_EQ(race_kinds(atomic, {.write = true, .has_value = true}), 3u);
}

// Drives a KernelChecker over one buffer of 256 bytes with 1D groups of `local` work-items.
class RaceChecker : public testing::Test {
 protected:
  void start(std::uint64_t global, std::uint64_t local) {
    LaunchDescription d;
    d.kernel = "k";
    d.global_size[0] = global;
    d.local_size[0] = local;
    clvet::checker::LaunchObject o;
    o.arg = 0;
    o.base = reinterpret_cast<std::uint64_t>(buffer_.data());
    o.size = buffer_.size();
    d.buffers.push_back(o);
    KernelChecks checks;
    checker_ = std::make_unique<KernelChecker>(std::move(d), checks);
    worker_ = checker_->for_worker();
    lanes_ = static_cast<std::uint32_t>(local);
    addresses_.assign(local, 0);
    values_.assign(local * 4, std::byte{0});
  }
  void group(std::uint64_t g) {
    clvet::interp::GroupPosition p;
    p.group[0] = g;
    p.local_size[0] = lanes_;
    p.lanes = lanes_;
    worker_->group_begin(p);
  }
  // Lane `lane` accesses 4 bytes at element `element` from source line `line`.
  void access(Access kind, std::uint32_t lane, std::uint64_t element, std::uint32_t line,
              std::uint32_t value = 0, std::uint8_t space = clvet::interp::kGlobal) {
    addresses_[lane] = reinterpret_cast<std::uint64_t>(buffer_.data()) + element * 4;
    std::memcpy(values_.data() + lane * 4, &value, 4);
    AccessBatch b;
    b.kind = kind;
    b.address_space = space;
    b.size = 4;
    b.alignment = 4;
    b.lanes = &lane;
    b.count = 1;
    b.addresses = addresses_.data();
    b.values = kind == Access::Write ? values_.data() : nullptr;
    b.value_stride = 4;
    b.site.line = line;
    b.site.column = 1;
    worker_->memory(b);
  }
  void barrier(std::uint32_t flags) {
    std::vector<std::uint32_t> all(lanes_);
    for (std::uint32_t l = 0; l < lanes_; ++l) all[l] = l;
    worker_->barrier(flags, all.data(), lanes_, lanes_, {});
  }
  // (kind, line, other line) of every finding.
  std::set<std::tuple<std::string, std::uint32_t, std::uint32_t>> finish() {
    worker_->group_end();
    worker_.reset();
    checker_->launch_end();
    std::set<std::tuple<std::string, std::uint32_t, std::uint32_t>> out;
    for (const auto& f : checker_->take_findings())
      out.insert({f.kernel->kind, f.kernel->at.line, f.kernel->other ? f.kernel->other->line : 0});
    return out;
  }

  std::vector<std::byte> buffer_ = std::vector<std::byte>(256);
  std::unique_ptr<KernelChecker> checker_;
  std::unique_ptr<clvet::interp::GroupObserver> worker_;
  std::uint32_t lanes_ = 0;
  std::vector<std::uint64_t> addresses_;
  std::vector<std::byte> values_;
};

TEST_F(RaceChecker, HiddenThirdReaderIsPairedWithTheWrite) {
  // Two reads of one element by two work-items on two lines, then a write by a third: both
  // reads race with the write (a detector keeping one reader per byte misses one pair).
  start(8, 8);
  group(0);
  access(Access::Read, 0, 1, 10);
  access(Access::Read, 1, 1, 11);
  access(Access::Write, 2, 1, 12, 42);
  auto found = finish();
  EXPECT_TRUE(found.count({"race-read-write", 10, 12}));
  EXPECT_TRUE(found.count({"race-read-write", 11, 12}));
  EXPECT_EQ(found.size(), 2u);
}

TEST_F(RaceChecker, HiddenSecondWriteIsPairedWithTheRead) {
  start(8, 8);
  group(0);
  access(Access::Write, 0, 3, 10, 1);
  access(Access::Write, 0, 3, 11, 2);
  access(Access::Read, 5, 3, 12);
  auto found = finish();
  EXPECT_TRUE(found.count({"race-read-write", 10, 12}));
  EXPECT_TRUE(found.count({"race-read-write", 11, 12}));
  EXPECT_EQ(found.size(), 2u);
}

TEST_F(RaceChecker, OneWorkItemNeverRacesWithItself) {
  start(8, 8);
  group(0);
  access(Access::Write, 3, 0, 10, 1);
  access(Access::Read, 3, 0, 11);
  access(Access::Write, 3, 0, 12, 2);
  EXPECT_TRUE(finish().empty());
}

TEST_F(RaceChecker, AGlobalFenceOrdersGlobalMemory) {
  start(8, 8);
  group(0);
  access(Access::Write, 0, 0, 10, 1);
  barrier(kGlobalFence);
  access(Access::Read, 1, 0, 11);
  EXPECT_TRUE(finish().empty());
}

TEST_F(RaceChecker, ALocalFenceDoesNotOrderGlobalMemory) {
  start(8, 8);
  group(0);
  access(Access::Write, 0, 0, 10, 1);
  barrier(kLocalFence);
  access(Access::Read, 1, 0, 11);
  auto found = finish();
  EXPECT_TRUE(found.count({"race-read-write", 10, 11}));
}

TEST_F(RaceChecker, AGlobalFenceDoesNotOrderLocalMemory) {
  start(8, 8);
  group(0);
  access(Access::Write, 0, 0, 10, 1, clvet::interp::kLocal);
  barrier(kGlobalFence);
  access(Access::Read, 1, 0, 11, 0, clvet::interp::kLocal);
  auto found = finish();
  EXPECT_TRUE(found.count({"race-read-write", 10, 11}));
}

TEST_F(RaceChecker, BarriersDoNotOrderWorkGroups) {
  start(16, 8);
  group(0);
  access(Access::Write, 7, 8, 10, 1);
  barrier(kGlobalFence);
  worker_->group_end();
  group(1);
  access(Access::Read, 0, 8, 11);
  auto found = finish();
  EXPECT_TRUE(found.count({"race-read-write", 10, 11}));
}

TEST_F(RaceChecker, SameValueWritesAreTheirOwnKind) {
  start(8, 8);
  group(0);
  access(Access::Write, 0, 0, 10, 1);
  access(Access::Write, 1, 0, 10, 1);
  auto found = finish();
  EXPECT_TRUE(found.count({"race-same-value", 10, 10}));
  EXPECT_EQ(found.size(), 1u);
}

TEST_F(RaceChecker, AtomicsRaceOnlyWithPlainAccesses) {
  start(8, 8);
  group(0);
  access(Access::Atomic, 0, 0, 10);
  access(Access::Atomic, 1, 0, 10);
  access(Access::Read, 2, 0, 11);
  auto found = finish();
  EXPECT_TRUE(found.count({"race-read-write", 10, 11}));
  EXPECT_EQ(found.size(), 1u);
}

TEST_F(RaceChecker, PartialOverlapRaces) {
  // A write of element 1 and a read of bytes 6..9 (elements 1 and 2) overlap in two bytes.
  start(8, 8);
  group(0);
  access(Access::Write, 0, 1, 10, 5);
  addresses_[1] = reinterpret_cast<std::uint64_t>(buffer_.data()) + 6;
  std::uint32_t lane = 1;
  AccessBatch b;
  b.kind = Access::Read;
  b.size = 4;
  b.alignment = 2;
  b.lanes = &lane;
  b.count = 1;
  b.addresses = addresses_.data();
  b.site.line = 11;
  worker_->memory(b);
  auto found = finish();
  EXPECT_TRUE(found.count({"race-read-write", 10, 11}));
}

}  // namespace
