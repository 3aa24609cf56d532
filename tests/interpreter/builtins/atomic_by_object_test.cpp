// The atomic functions where no checker hears the accesses: a run of lanes on one object made as
// one host atomic gives every lane, every object and every *expected what the lanes one after
// another in lane order give (OpenCL C 2.0 §6.13.11, 1.2 §6.12.11), computed here on the host.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <numeric>
#include <thread>

#include "fake_work_group.h"

using namespace clvet::interp;
using namespace clvet::interp::testing;

namespace {

constexpr std::uint32_t kLanes = 64;

// A reproducible stream of operands.
struct Random {
  std::uint64_t state = 0x243f6a8885a308d3ull;
  std::uint32_t next() {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return static_cast<std::uint32_t>(state >> 33);
  }
};

// Lane l's object among three: runs of eight lanes, then lanes 40..47 alternating, so that runs
// of one lane lie between longer ones.
std::uint32_t object_of_lane(std::uint32_t l) { return l >= 40 && l < 48 ? l % 3 : (l / 8) % 3; }

// Every lane but the multiples of five: the call's lanes are not all the group's.
std::vector<std::uint32_t> active_lanes() {
  std::vector<std::uint32_t> ids;
  for (std::uint32_t l = 0; l < kLanes; ++l)
    if (l % 5 != 0) ids.push_back(l);
  return ids;
}

struct Case {
  const char* mangled;
  bool with_operand;
  // The object's new value from its old one and the lane's operand.
  std::function<std::int32_t(std::int32_t, std::int32_t)> next;
};

}  // namespace

// Each read-modify-write on int, lane by lane and as runs (checkers off): both give what the host
// gives running the lanes in lane order, results and objects.
TEST(AtomicByObject, ReadModifyWritesMatchLaneOrder_6_12_11) {
  const Case cases[] = {
      {"_Z11atomic_xchgPU3AS1Vii", true, [](std::int32_t, std::int32_t v) { return v; }},
      {"_Z10atomic_addPU3AS1Vii", true,
       [](std::int32_t o, std::int32_t v) { return std::int32_t(std::uint32_t(o) + std::uint32_t(v)); }},
      {"_Z10atomic_subPU3AS1Vii", true,
       [](std::int32_t o, std::int32_t v) { return std::int32_t(std::uint32_t(o) - std::uint32_t(v)); }},
      {"_Z10atomic_incPU3AS1Vi", false,
       [](std::int32_t o, std::int32_t) { return std::int32_t(std::uint32_t(o) + 1); }},
      {"_Z10atomic_decPU3AS1Vi", false,
       [](std::int32_t o, std::int32_t) { return std::int32_t(std::uint32_t(o) - 1); }},
      {"_Z10atomic_andPU3AS1Vii", true, [](std::int32_t o, std::int32_t v) { return o & v; }},
      {"_Z9atomic_orPU3AS1Vii", true, [](std::int32_t o, std::int32_t v) { return o | v; }},
      {"_Z10atomic_xorPU3AS1Vii", true, [](std::int32_t o, std::int32_t v) { return o ^ v; }},
      {"_Z10atomic_minPU3AS1Vii", true, [](std::int32_t o, std::int32_t v) { return std::min(o, v); }},
      {"_Z10atomic_maxPU3AS1Vii", true, [](std::int32_t o, std::int32_t v) { return std::max(o, v); }},
      {"_Z15atomic_exchangePU3AS1VU7_Atomicii", true, [](std::int32_t, std::int32_t v) { return v; }},
      {"_Z15atomic_fetch_orPU3AS1VU7_Atomicii", true, [](std::int32_t o, std::int32_t v) { return o | v; }},
  };
  const std::vector<std::uint32_t> ids = active_lanes();
  for (const Case& c : cases)
    for (bool unobserved : {true, false}) {
      SCOPED_TRACE(std::string(c.mangled) + (unobserved ? " as runs" : " lane by lane"));
      Random random;
      std::int32_t objects[3], host[3];
      for (int i = 0; i < 3; ++i) objects[i] = host[i] = std::int32_t(random.next());
      FakeWorkGroup g(kLanes);
      g.unobserved = unobserved;
      LanePointers p(kLanes, &objects[0], kGlobal);
      LaneValues<std::int32_t> v(kLanes, Scalar::Int), r(kLanes, Scalar::Int);
      for (std::uint32_t l = 0; l < kLanes; ++l) {
        p.set(l, &objects[object_of_lane(l)]);
        // Few bits set or cleared by each lane, so that and, or and xor leave something to see.
        const std::uint32_t bits = random.next() & random.next();
        v.at(l) = std::int32_t(l % 2 ? bits : ~bits);
      }
      r.fill(-7);
      std::vector<std::int32_t> expected(kLanes, -7);
      for (std::uint32_t l : ids) {
        std::int32_t& object = host[object_of_lane(l)];
        expected[l] = object;
        object = c.next(object, v.at(l));
      }
      Operand result = r.operand();
      std::vector<Operand> args{p.operand()};
      if (c.with_operand) args.push_back(v.operand());
      call(resolve(c.mangled, 4), g, ids, &result, args);
      EXPECT_EQ(r.values, expected);
      EXPECT_TRUE(std::equal(objects, objects + 3, host));
      // Runs made at once do not ask for each lane's access; lane by lane every lane asks.
      EXPECT_EQ(g.accesses.size(), unobserved ? 0u : ids.size());
    }
}

// 1.x atomic_cmpxchg and C11 atomic_compare_exchange_strong with *expected in each lane's own
// private variable: results, objects and every *expected as in lane order.
TEST(AtomicByObject, CompareExchangesMatchLaneOrder_2_0_6_13_11) {
  const std::vector<std::uint32_t> ids = active_lanes();
  for (bool unobserved : {true, false}) {
    SCOPED_TRACE(unobserved ? "as runs" : "lane by lane");
    // Lane l compares with the value lane l - 1 stores when it succeeds (the second lane of a run
    // of eight with the object's first value), or with a value no lane stores: some succeed, some
    // fail, as only lane order decides.
    std::int32_t objects[3] = {100, 101, 102}, host[3] = {100, 101, 102};
    FakeWorkGroup g(kLanes);
    g.unobserved = unobserved;
    LanePointers p(kLanes, &objects[0], kGlobal);
    std::vector<std::int32_t> privates(kLanes * 4);  // lane l's *expected at privates[4 l]
    LanePointers e(kLanes, privates.data(), kPrivate);
    LaneValues<std::int32_t> compare(kLanes, Scalar::Int), desired(kLanes, Scalar::Int),
        old(kLanes, Scalar::Int);
    LaneValues<std::uint8_t> exchanged(kLanes, Scalar::Bool);
    for (std::uint32_t l = 0; l < kLanes; ++l) {
      p.set(l, &objects[object_of_lane(l)]);
      e.set(l, &privates[4 * l]);
      compare.at(l) = l % 3 == 0   ? 5000
                      : l % 8 == 1 ? 100 + std::int32_t(object_of_lane(l))
                                   : std::int32_t(l) - 1 + 1000;
      privates[4 * l] = compare.at(l);
      desired.at(l) = std::int32_t(l) + 1000;
    }
    std::vector<std::int32_t> expected_old(kLanes, 0), expected_private = privates;
    std::vector<std::uint8_t> expected_exchanged(kLanes, 9);
    std::int32_t host_objects[3] = {host[0], host[1], host[2]};
    for (std::uint32_t l : ids) {
      std::int32_t& object = host_objects[object_of_lane(l)];
      expected_old[l] = object;
      expected_exchanged[l] = object == compare.at(l);
      if (object == compare.at(l)) object = desired.at(l);
      else expected_private[4 * l] = object;
    }
    // 1.x: returns the old value.
    Operand result = old.operand();
    call(resolve("_Z14atomic_cmpxchgPU3AS1Viii", 4), g, ids, &result,
         {p.operand(), compare.operand(), desired.operand()});
    for (std::uint32_t l : ids) EXPECT_EQ(old.at(l), expected_old[l]) << "lane " << l;
    EXPECT_TRUE(std::equal(objects, objects + 3, host_objects));
    // C11: the same comparisons from the same start, through *expected.
    std::copy(host, host + 3, objects);
    exchanged.fill(9);
    result = exchanged.operand();
    call(resolve("_Z30atomic_compare_exchange_strongPU3AS1VU7_AtomiciPii", 1), g, ids, &result,
         {p.operand(), e.operand(), desired.operand()});
    EXPECT_EQ(exchanged.values, expected_exchanged);
    EXPECT_EQ(privates, expected_private);
    EXPECT_TRUE(std::equal(objects, objects + 3, host_objects));
    if (unobserved) {
      EXPECT_TRUE(g.accesses.empty());
    }
  }
}

// Lanes whose *expected is one shared variable read what the lane before wrote there: such a run
// goes lane by lane, and gives what lane order gives.
TEST(AtomicByObject, SharedExpectedGoesLaneByLane_2_0_6_13_11) {
  FakeWorkGroup g(8);
  g.unobserved = true;
  std::int32_t object = 10, shared = 10;
  LanePointers p(8, &object, kGlobal), e(8, &shared, kLocal);
  LaneValues<std::int32_t> desired(8, Scalar::Int);
  LaneValues<std::uint8_t> r(8, Scalar::Bool);
  for (std::uint32_t l = 0; l < 8; ++l) desired.at(l) = 20 + std::int32_t(l);
  // Lane order: lane 0 finds 10 and stores 20; lane 1 fails and writes 20 to *expected; lane 2
  // then finds 20 and stores 22; lane 3 fails (writes 22); and so on.
  Operand result = r.operand();
  call(resolve("_Z30atomic_compare_exchange_strongPU3AS1VU7_AtomiciPii", 1), g, all_lanes(8),
       &result, {p.operand(), e.operand(), desired.operand()});
  EXPECT_EQ(r.values, (std::vector<std::uint8_t>{1, 0, 1, 0, 1, 0, 1, 0}));
  EXPECT_EQ(object, 26);
  EXPECT_EQ(shared, 26);
}

// Each lane's *expected is asked for alone where the span from the first lane's to the last's is
// not one object (red zones make each work-item's private variables objects of their own): the
// run is still made as one host atomic when each is reachable, with lane order's results; one
// that is not sends the run lane by lane, where that lane's access is refused and reported.
TEST(AtomicByObject, ExpectedVariablesOutsideOneObjectAreAskedOneByOne_2_0_6_13_11) {
  for (bool one_refused : {false, true}) {
    SCOPED_TRACE(one_refused ? "lane 5's *expected unreachable" : "every *expected reachable");
    FakeWorkGroup g(8);
    g.unobserved = true;
    std::int32_t object = 10;
    std::int32_t privates[8 * 4] = {};  // lane l's *expected at privates[4 l]
    // Only accesses of at most one int are allowed: a span of several lanes' variables is not.
    g.allow = [&](const void* a, std::size_t size) {
      return size <= sizeof(std::int32_t) && !(one_refused && a == &privates[4 * 5]);
    };
    LanePointers p(8, &object, kGlobal), e(8, privates, kPrivate);
    LaneValues<std::int32_t> desired(8, Scalar::Int);
    LaneValues<std::uint8_t> r(8, Scalar::Bool);
    for (std::uint32_t l = 0; l < 8; ++l) {
      e.set(l, &privates[4 * l]);
      privates[4 * l] = l % 2 == 0 ? 10 + std::int32_t(l) : 99;  // even lanes find their turn
      desired.at(l) = 10 + std::int32_t(l) + 2;
    }
    // The host in lane order: lane 0 finds 10, stores 12; lane 1 fails and reads 12; lane 2
    // finds 12, stores 14; ... lane 6 stores 18; lane 7 reads 18. A refused lane 5 reads nothing,
    // keeps its *expected and returns false.
    std::int32_t host = 10;
    std::int32_t expected_private[8 * 4] = {};
    std::vector<std::uint8_t> expected_r(8);
    for (std::uint32_t l = 0; l < 8; ++l) {
      expected_private[4 * l] = privates[4 * l];
      if (one_refused && l == 5) continue;
      expected_r[l] = host == privates[4 * l];
      if (expected_r[l]) host = desired.at(l);
      else expected_private[4 * l] = host;
    }
    Operand result = r.operand();
    call(resolve("_Z30atomic_compare_exchange_strongPU3AS1VU7_AtomiciPii", 1), g, all_lanes(8),
         &result, {p.operand(), e.operand(), desired.operand()});
    EXPECT_EQ(r.values, expected_r);
    EXPECT_EQ(object, host);
    EXPECT_TRUE(std::equal(privates, privates + 32, expected_private));
    if (!one_refused) {
      EXPECT_TRUE(g.accesses.empty());  // made as a run: no lane asked alone
      continue;
    }
    // Lane by lane: every lane's accesses asked; lane 5's *expected among them, refused.
    EXPECT_TRUE(std::any_of(g.accesses.begin(), g.accesses.end(), [&](const auto& a) {
      return a.lane == 5 && a.address == &privates[4 * 5];
    }));
  }
}

// A run whose object is outside every object the kernel can reach goes lane by lane: each of its
// lanes is refused through access() (so the engine reports it), reads 0 and stores nothing; the
// other runs are made.
TEST(AtomicByObject, RefusedObjectGoesLaneByLane_6_12_11) {
  FakeWorkGroup g(16);
  g.unobserved = true;
  std::int32_t objects[2] = {1, 1};
  g.allow = [&](const void* a, std::size_t) { return a != &objects[1]; };
  LanePointers p(16, &objects[0], kGlobal);
  for (std::uint32_t l = 8; l < 16; ++l) p.set(l, &objects[1]);
  LaneValues<std::int32_t> v(16, Scalar::Int), r(16, Scalar::Int);
  v.fill(2);
  Operand result = r.operand();
  call(resolve("_Z10atomic_addPU3AS1Vii", 4), g, all_lanes(16), &result,
       {p.operand(), v.operand()});
  EXPECT_EQ(objects[0], 17);
  EXPECT_EQ(objects[1], 1);
  for (std::uint32_t l = 0; l < 8; ++l) EXPECT_EQ(r.at(l), 1 + 2 * std::int32_t(l));
  for (std::uint32_t l = 8; l < 16; ++l) EXPECT_EQ(r.at(l), 0);
  ASSERT_EQ(g.accesses.size(), 8u);
  for (const auto& a : g.accesses) EXPECT_EQ(a.address, &objects[1]);
}

// cl_ext_float_atomics' fetch_add on atomic_float as a run: each lane reads the sum rounded after
// every earlier lane's addition, as in lane order (float addition does not associate).
TEST(AtomicByObject, FloatFetchAddRoundsInLaneOrder_cl_ext_float_atomics) {
  FakeWorkGroup g(kLanes);
  g.unobserved = true;
  float object = 1e8f, host = 1e8f;
  LanePointers p(kLanes, &object, kGlobal);
  LaneValues<float> v(kLanes, Scalar::Float), r(kLanes, Scalar::Float);
  std::vector<float> expected(kLanes);
  for (std::uint32_t l = 0; l < kLanes; ++l) {
    // Each below half an ulp of 1e8 (8): in lane order every addition rounds back to 1e8, where
    // the lanes' sum (32) added at once would not.
    v.at(l) = l % 2 ? 3.0f : -1.0f;
    expected[l] = host;
    host += v.at(l);
  }
  Operand result = r.operand();
  call(resolve("_Z16atomic_fetch_addPU3AS1VU7_Atomicff", 4, true), g, all_lanes(kLanes), &result,
       {p.operand(), v.operand()});
  EXPECT_EQ(r.values, expected);
  EXPECT_EQ(object, host);
}

// Exchange chains from eight groups on concurrent host threads, each lane passing on what it
// read: the values left in the lanes and the object are a permutation of those put in.
TEST(AtomicByObject, ExchangeChainsFromConcurrentGroupsArePermutations_2_0_6_13_11) {
  constexpr int kGroups = 8, kRounds = 200;
  std::int32_t object = -1;
  std::vector<std::vector<std::int32_t>> held(kGroups);
  std::vector<std::thread> threads;
  for (int t = 0; t < kGroups; ++t)
    threads.emplace_back([&, t] {
      FakeWorkGroup g(kLanes);
      g.unobserved = true;
      LanePointers p(kLanes, &object, kGlobal);
      LaneValues<std::int32_t> v(kLanes, Scalar::Int), r(kLanes, Scalar::Int);
      for (std::uint32_t l = 0; l < kLanes; ++l) v.at(l) = t * std::int32_t(kLanes) + std::int32_t(l);
      const BuiltinFn exchange = resolve("_Z15atomic_exchangePU3AS1VU7_Atomicii", 4);
      const std::vector<std::uint32_t> ids = all_lanes(kLanes);
      for (int i = 0; i < kRounds; ++i) {
        Operand result = r.operand();
        call(exchange, g, ids, &result, {p.operand(), v.operand()});
        v.values = r.values;
      }
      held[t] = v.values;
    });
  for (std::thread& t : threads) t.join();
  std::vector<std::int32_t> all{object};
  for (const auto& h : held) all.insert(all.end(), h.begin(), h.end());
  std::sort(all.begin(), all.end());
  std::vector<std::int32_t> expected(kGroups * kLanes + 1);
  std::iota(expected.begin(), expected.end(), -1);
  EXPECT_EQ(all, expected);
}
