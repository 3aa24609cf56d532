// The layer's object table under threads (checker/lifetime/object_table.cpp): lock-free
// look-ups and reference counts, locked creations and last releases, all at once, as an
// application's threads drive them (1.2 Appendix A.2: every API call but clSetKernelArg is
// thread-safe, so the layer's bookkeeping of retains and releases must be too). Built again
// with ThreadSanitizer (make tsan) and run there as Threads*; the counts and leaks checked
// afterwards are what a single thread doing the same calls would leave.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdint>
#include <latch>
#include <set>
#include <thread>
#include <vector>

#include "clvet/checker/object_table.h"
#include "object_table_test_support.h"

namespace clvet::checker {
namespace {

using testing::handle;

constexpr int kThreads = 8;

// Runs `body(thread_index)` on kThreads threads released at the same moment.
template <class Body>
void run_together(Body body) {
  std::latch start(kThreads);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&, t] {
      start.arrive_and_wait();
      body(t);
    });
  for (std::thread& thread : threads) thread.join();
}

ObjectTable::Creation mem_created(std::uint64_t call) {
  return testing::creation(api::ObjectKind::Mem, "clCreateBuffer", call);
}

// Each thread creates its own objects, retains and releases them, and keeps every tenth (a
// leak), while looking up the other threads' handles; the leaks are exactly the kept ones.
TEST(ThreadsObjectTable, CreateRetainReleaseAndLookUpAtOnce) {
  ObjectTable table;
  constexpr int kEach = 500;
  std::atomic<int> seen_live{0};
  run_together([&](int t) {
    for (int i = 0; i < kEach; ++i) {
      const void* h = handle(t * kEach + i);
      table.created(h, mem_created(t * kEach + i + 1));
      ASSERT_EQ(table.retained(h), 2u);
      ASSERT_EQ(table.retained(h), 3u);
      ASSERT_EQ(table.released(h, 1, "clReleaseMemObject"), 2u);
      // Another thread's object, which may be anywhere in its life: a look-up never fails
      // in any other way than "not live".
      const void* other = handle(((t + 1) % kThreads) * kEach + i);
      const api::ObjectKind kind = table.kind_of(other);
      EXPECT_TRUE(kind == api::ObjectKind::Mem || kind == api::ObjectKind::None);
      if (table.brief(other).kind == api::ObjectKind::Mem) seen_live.fetch_add(1);
      (void)table.identity(other);
      (void)table.find(other);
      ASSERT_EQ(table.released(h, 2, "clReleaseMemObject"), 1u);
      if (i % 10 != 0) {
        ASSERT_EQ(table.released(h, 3, "clReleaseMemObject"), 0u);
      }
    }
  });
  const std::vector<ObjectRecord> leaks = table.live_counted();
  ASSERT_EQ(leaks.size(), static_cast<std::size_t>(kThreads * kEach / 10));
  std::set<std::uint64_t> ids;
  for (const ObjectRecord& leak : leaks) {
    EXPECT_EQ(leak.refcount, 1u);
    EXPECT_EQ(leak.state, HandleState::Live);
    EXPECT_EQ((leak.created_call - 1) % 10, 0u) << "object of call " << leak.created_call;
    ids.insert(leak.id);
  }
  EXPECT_EQ(ids.size(), leaks.size()) << "two objects share an id";
  EXPECT_EQ(table.size(), static_cast<std::size_t>(kThreads * kEach));
}

// Every thread retains and releases the same objects: the lock-free counts lose nothing.
TEST(ThreadsObjectTable, SharedObjectsCountsExact) {
  ObjectTable table;
  constexpr int kShared = 16;
  constexpr int kRounds = 2000;
  for (int i = 0; i < kShared; ++i) table.created(handle(i), mem_created(i + 1));
  run_together([&](int t) {
    for (int r = 0; r < kRounds; ++r) {
      const void* h = handle((t + r) % kShared);
      ASSERT_TRUE(table.retained(h).has_value());
      ASSERT_TRUE(table.released(h, 1, "clReleaseMemObject").has_value());
    }
  });
  for (int i = 0; i < kShared; ++i) {
    const auto record = table.find(handle(i));
    ASSERT_TRUE(record.has_value());
    EXPECT_EQ(record->refcount, 1u) << "object " << i;
  }
  // The last reference of each, dropped by two threads racing: one gets 0, the other finds it
  // released (nullopt), never both 0.
  for (int i = 0; i < kShared; ++i) table.retained(handle(i));
  std::atomic<int> zeros{0}, refused{0};
  run_together([&](int t) {
    for (int i = 0; i < kShared; ++i) {
      if (t >= 3) {
        (void)table.kind_of(handle(i));
        continue;
      }
      const auto count = table.released(handle(i), 9, "clReleaseMemObject");
      if (!count) refused.fetch_add(1);
      else if (*count == 0) zeros.fetch_add(1);
    }
  });
  EXPECT_EQ(zeros.load(), kShared);
  EXPECT_EQ(refused.load(), kShared);
  EXPECT_TRUE(table.live_counted().empty());
}

// Drivers reuse addresses: threads create, release and create again at their own addresses
// while others ask who each address is. Each creation is a new object with a new id.
TEST(ThreadsObjectTable, AddressReuseWhileLookingUp) {
  ObjectTable table;
  constexpr int kAddresses = 32;
  constexpr int kLives = 50;
  std::vector<std::vector<std::uint64_t>> ids(kThreads);
  run_together([&](int t) {
    for (int life = 0; life < kLives; ++life)
      for (int i = 0; i < kAddresses; ++i) {
        const void* h = handle(t * kAddresses + i);
        ids[t].push_back(table.created(h, mem_created(life + 1)).id);
        (void)table.identity(handle(((t + 3) % kThreads) * kAddresses + i));
        ASSERT_EQ(table.released(h, 2, "clReleaseMemObject"), 0u);
        EXPECT_EQ(table.kind_of(h), api::ObjectKind::None);
      }
  });
  std::set<std::uint64_t> all;
  for (const auto& list : ids) all.insert(list.begin(), list.end());
  EXPECT_EQ(all.size(), static_cast<std::size_t>(kThreads * kAddresses * kLives));
  const auto record = table.find(handle(0));
  ASSERT_TRUE(record.has_value());
  EXPECT_EQ(record->generation, static_cast<std::uint32_t>(kLives - 1));
  EXPECT_TRUE(table.live_counted().empty());
}

// A driver that hands out a new address for each object: past ObjectTable::kReleasedKept
// released, each new object takes the record of the one released longest ago, which moves to
// another bucket while other threads look up their own live objects, which are never missed
// (a look-up that misses while records move looks again under the lock) nor taken.
TEST(ThreadsObjectTable, RecycledRecordsNeverHideALiveObject) {
  ObjectTable table;
  constexpr int kEach = static_cast<int>(ObjectTable::kReleasedKept) / 2;
  constexpr int kLive = 64;
  run_together([&](int t) {
    // Each thread's long-lived objects, looked up between its churn's calls.
    const std::uintptr_t base = std::uintptr_t{1} << 24;
    for (int i = 0; i < kLive; ++i) table.created(handle(base + t * kLive + i), mem_created(1));
    for (int i = 0; i < kEach; ++i) {
      const void* h = handle(t * kEach + i);
      table.created(h, mem_created(i + 2));
      ASSERT_EQ(table.released(h, 3, "clReleaseMemObject"), 0u);
      const void* kept = handle(base + t * kLive + i % kLive);
      ASSERT_EQ(table.kind_of(kept), api::ObjectKind::Mem) << "thread " << t << ", step " << i;
      ASSERT_TRUE(table.state(kept).live);
    }
  });
  EXPECT_EQ(table.live_counted().size(), static_cast<std::size_t>(kThreads * kLive));
  EXPECT_LE(table.size(), ObjectTable::kReleasedKept + kThreads * kLive + kThreads);
}

}  // namespace
}  // namespace clvet::checker
