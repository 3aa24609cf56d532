// The race checker's logic on hand-made access batches, without the interpreter: which pairs
// race (OpenCL 1.2 §3.3.1), what barriers and their fences order, atomics, hidden races, the
// shadow's overflow and byte mode, same-value stores, the shadow's size and worker threads.
#include <gtest/gtest.h>

#include <cstring>
#include <memory>
#include <set>
#include <string>
#include <thread>
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
    clvet::interp::LaunchArg a;
    a.kind = clvet::interp::LaunchArg::Kind::Buffer;
    a.pointer = buffer_.data();
    a.size = buffer_.size();
    d.args.push_back(a);
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
    // The engine shows a batch before the access, then performs it.
    if (kind == Access::Write && space == clvet::interp::kGlobal)
      std::memcpy(reinterpret_cast<void*>(addresses_[lane]), &value, 4);
  }
  // Lanes `lanes` (increasing) run one instruction of `size` bytes at byte `offset` + lane *
  // `step` from `line`, storing `value` (writes), as the engine hands it over: one batch.
  void batch(Access kind, const std::vector<std::uint32_t>& lanes, std::uint64_t offset,
             std::uint64_t step, std::uint32_t size, std::uint32_t line, std::uint32_t value = 0) {
    for (std::uint32_t lane : lanes) {
      addresses_[lane] = reinterpret_cast<std::uint64_t>(buffer_.data()) + offset + lane * step;
      std::memcpy(values_.data() + lane * 4, &value, 4);
    }
    AccessBatch b;
    b.kind = kind;
    b.size = size;
    b.alignment = size;
    b.lanes = lanes.data();
    b.count = static_cast<std::uint32_t>(lanes.size());
    b.addresses = addresses_.data();
    b.values = kind == Access::Write ? values_.data() : nullptr;
    b.value_stride = 4;
    b.site.line = line;
    b.site.column = 1;
    worker_->memory(b);
    if (kind == Access::Write)
      for (std::uint32_t lane : lanes)
        std::memcpy(reinterpret_cast<void*>(addresses_[lane]), values_.data() + lane * 4, size);
  }
  void barrier(std::uint32_t flags) {
    std::vector<std::uint32_t> all(lanes_);
    for (std::uint32_t l = 0; l < lanes_; ++l) all[l] = l;
    worker_->barrier(flags, true, all.data(), lanes_, lanes_, {});
  }
  // Every finding, after the launch.
  std::vector<clvet::reports::Finding> findings() {
    worker_->group_end();
    worker_.reset();
    checker_->launch_end();
    return checker_->take_findings();
  }
  // (kind, line, other line) of every finding.
  std::set<std::tuple<std::string, std::uint32_t, std::uint32_t>> finish() {
    std::set<std::tuple<std::string, std::uint32_t, std::uint32_t>> out;
    for (const auto& f : findings())
      out.insert({std::string(to_string(f.kernel->kind)), f.kernel->at.line, f.kernel->other ? f.kernel->other->line : 0});
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

TEST_F(RaceChecker, HiddenSecondWriteOfAnotherGroupIsPairedWithTheRead) {
  // Group 0's last work-item writes element 8 on two lines; group 1's first reads it. Both
  // writes race with the read (§3.3.1: nothing orders two work-groups), and the findings name
  // the work-items of both sides.
  start(16, 8);
  group(0);
  access(Access::Write, 7, 8, 10, 1);
  access(Access::Write, 7, 8, 11, 2);
  worker_->group_end();
  group(1);
  access(Access::Read, 0, 8, 12);
  int pairs = 0;
  for (const auto& f : findings()) {
    ASSERT_EQ(f.kernel->kind, clvet::reports::KernelKind::RaceReadWrite);
    EXPECT_EQ(f.kernel->other->line, 12u);
    ++pairs;
    ASSERT_TRUE(f.kernel->at.work_item && f.kernel->other->work_item);
    EXPECT_EQ(f.kernel->at.work_item->group[0], 0u);
    EXPECT_EQ(f.kernel->at.work_item->local[0], 7u);
    EXPECT_EQ(f.kernel->other->work_item->group[0], 1u);
    EXPECT_EQ(f.kernel->other->work_item->global[0], 8u);
    EXPECT_EQ(f.kernel->offset, 32);
  }
  EXPECT_EQ(pairs, 2);
}

TEST_F(RaceChecker, ABarrierOrdersItsGroupButNotTheOthers) {
  // Within group 0 the barrier orders the read before the write; group 1's write is ordered
  // with neither.
  start(16, 8);
  group(0);
  access(Access::Read, 0, 2, 10);
  barrier(kGlobalFence);
  access(Access::Write, 1, 2, 11, 5);
  worker_->group_end();
  group(1);
  access(Access::Write, 3, 2, 12, 6);
  auto found = finish();
  EXPECT_TRUE(found.count({"race-read-write", 10, 12}));
  EXPECT_TRUE(found.count({"race-write-write", 11, 12}));
  EXPECT_EQ(found.size(), 2u);
}

TEST_F(RaceChecker, EveryReaderSitePastTheWordsSlotsIsPaired) {
  // Twelve lines read element 0 (more distinct instructions than a word's eight records: the
  // overflow holds the rest), then another work-item writes it: twelve pairs.
  start(16, 16);
  group(0);
  for (std::uint32_t line = 10; line < 22; ++line) access(Access::Read, line - 10, 0, line);
  access(Access::Write, 15, 0, 30, 1);
  auto found = finish();
  for (std::uint32_t line = 10; line < 22; ++line)
    EXPECT_TRUE(found.count({"race-read-write", line, 30})) << line;
  EXPECT_EQ(found.size(), 12u);
}

TEST_F(RaceChecker, EveryReaderSiteOfOneByteIsPaired) {
  // Byte accesses keep two records a byte; a third reading line goes to the overflow. A word
  // written whole before keeps its writer on every byte.
  start(8, 8);
  group(0);
  batch(Access::Write, {0}, 4, 0, 4, 9, 0x01020304);
  batch(Access::Read, {1}, 5, 0, 1, 10);
  batch(Access::Read, {2}, 5, 0, 1, 11);
  batch(Access::Read, {3}, 5, 0, 1, 12);
  batch(Access::Write, {4}, 5, 0, 1, 13, 9);
  batch(Access::Read, {5}, 6, 0, 1, 14);  // the neighbouring byte: only the whole-word write
  auto found = finish();
  EXPECT_TRUE(found.count({"race-read-write", 9, 10}));
  EXPECT_TRUE(found.count({"race-read-write", 9, 11}));
  EXPECT_TRUE(found.count({"race-read-write", 9, 12}));
  EXPECT_TRUE(found.count({"race-write-write", 9, 13}));
  EXPECT_TRUE(found.count({"race-read-write", 10, 13}));
  EXPECT_TRUE(found.count({"race-read-write", 11, 13}));
  EXPECT_TRUE(found.count({"race-read-write", 12, 13}));
  EXPECT_TRUE(found.count({"race-read-write", 9, 14}));
  EXPECT_EQ(found.size(), 8u);
}

TEST_F(RaceChecker, NeighbouringBytesOfOneWordDoNotRace) {
  // Four work-items write the four bytes of one word: no byte is shared.
  start(8, 8);
  group(0);
  batch(Access::Write, {0, 1, 2, 3}, 0, 1, 1, 10, 7);
  batch(Access::Read, {0, 1, 2, 3}, 0, 1, 1, 11);
  EXPECT_TRUE(finish().empty());
}

TEST_F(RaceChecker, OneBatchStoringOneValueIsASameValueRace) {
  // Every work-item of the group stores 1 to one flag in the same instruction: the engine
  // shows the batch before any lane's store, so the value is compared with the batch's.
  start(8, 8);
  group(0);
  batch(Access::Write, {0, 1, 2, 3, 4, 5, 6, 7}, 16, 0, 4, 10, 1);
  auto found = finish();
  EXPECT_TRUE(found.count({"race-same-value", 10, 10}));
  EXPECT_EQ(found.size(), 1u);
}

TEST_F(RaceChecker, OnlyTheStoreStillInMemoryCanBeTheSameValue) {
  // Work-item 0 stores 1 then 2; work-item 1 stores 2: the same value as the second store,
  // not the first.
  start(8, 8);
  group(0);
  access(Access::Write, 0, 3, 10, 1);
  access(Access::Write, 0, 3, 11, 2);
  access(Access::Write, 1, 3, 12, 2);
  auto found = finish();
  EXPECT_TRUE(found.count({"race-write-write", 10, 12}));
  EXPECT_TRUE(found.count({"race-same-value", 11, 12}));
  EXPECT_EQ(found.size(), 2u);
}

TEST_F(RaceChecker, AWriterRacesWithTheOtherReadersOfItsOwnRead) {
  // All work-items read element 0 on one line, then work-item 7 (the last reader) writes it:
  // it races with the seven others' reads.
  start(8, 8);
  group(0);
  batch(Access::Read, {0, 1, 2, 3, 4, 5, 6, 7}, 0, 0, 4, 10);
  access(Access::Write, 7, 0, 11, 3);
  auto found = finish();
  EXPECT_TRUE(found.count({"race-read-write", 10, 11}));
  EXPECT_EQ(found.size(), 1u);
}

TEST_F(RaceChecker, LocalMemoryOfAnEarlierGroupIsAnotherObject) {
  // Each work-group has its own __local memory (§3.3): the same address in the next group is
  // not shared with the last.
  start(16, 8);
  group(0);
  access(Access::Write, 0, 0, 10, 1, clvet::interp::kLocal);
  worker_->group_end();
  group(1);
  access(Access::Read, 1, 0, 11, 0, clvet::interp::kLocal);
  EXPECT_TRUE(finish().empty());
}

TEST_F(RaceChecker, ShadowIsAtMostSixteenBytesPerByte) {
  // The bound: 16 bytes of shadow per byte of buffer (a word's eight 8-byte records),
  // plus 8 bytes per epoch for the epoch table (its work-group and barrier interval).
  start(64, 8);
  for (std::uint64_t g = 0; g < 8; ++g) {
    group(g);
    for (std::uint32_t lane = 0; lane < 8; ++lane) access(Access::Read, lane, g * 8 + lane, 10);
    barrier(kGlobalFence);
    for (std::uint32_t lane = 0; lane < 8; ++lane)
      access(Access::Write, lane, g * 8 + lane, 11, lane);
    worker_->group_end();
  }
  EXPECT_TRUE(finish().empty());
  EXPECT_LE(checker_->shadow_peak_bytes(), 16 * buffer_.size() + 8 * 17);
  EXPECT_EQ(checker_->covered_bytes(), buffer_.size());
}

TEST(RaceCheckerThreads, WorkersOnSeveralThreadsShareTheShadow) {
  // Two worker threads run interleaved groups: each group writes its own elements (no race),
  // and every group reads element 0, which group 0 wrote (a race between groups).
  std::vector<std::uint32_t> buffer(4096);
  LaunchDescription d;
  d.kernel = "k";
  d.global_size[0] = 4096;
  d.local_size[0] = 64;
  clvet::interp::LaunchArg a;
  a.kind = clvet::interp::LaunchArg::Kind::Buffer;
  a.pointer = buffer.data();
  a.size = buffer.size() * 4;
  d.args.push_back(a);
  KernelChecker checker(std::move(d), KernelChecks{});
  auto run = [&](std::uint64_t first) {
    auto worker = checker.for_worker();
    std::vector<std::uint32_t> lanes(64);
    std::vector<std::uint64_t> addresses(64);
    std::vector<std::uint32_t> values(64);
    for (std::uint32_t l = 0; l < 64; ++l) lanes[l] = l;
    for (std::uint64_t g = first; g < 64; g += 2) {
      clvet::interp::GroupPosition p;
      p.group[0] = g;
      p.local_size[0] = 64;
      p.lanes = 64;
      worker->group_begin(p);
      AccessBatch b;
      b.size = 4;
      b.alignment = 4;
      b.lanes = lanes.data();
      b.count = 64;
      b.addresses = addresses.data();
      b.site.line = 20;
      for (std::uint32_t l = 0; l < 64; ++l)
        addresses[l] = reinterpret_cast<std::uint64_t>(&buffer[g * 64 + l]);
      b.kind = Access::Write;
      b.values = reinterpret_cast<const std::byte*>(values.data());
      b.value_stride = 4;
      worker->memory(b);
      b.kind = Access::Read;
      b.values = nullptr;
      b.site.line = 21;
      for (std::uint32_t l = 0; l < 64; ++l)
        addresses[l] = reinterpret_cast<std::uint64_t>(&buffer[0]);
      worker->memory(b);
      worker->group_end();
    }
  };
  {
    std::thread a(run, 0), b(run, 1);
    a.join();
    b.join();
  }
  checker.launch_end();
  std::set<std::tuple<std::string, std::uint32_t, std::uint32_t>> found;
  for (const auto& f : checker.take_findings())
    found.insert({std::string(to_string(f.kernel->kind)), f.kernel->at.line, f.kernel->other ? f.kernel->other->line : 0});
  EXPECT_TRUE(found.count({"race-read-write", 20, 21}));
  EXPECT_EQ(found.size(), 1u);
}

}  // namespace
