// The atomic functions (OpenCL C 1.2 §6.12.11, the cl_khr_*_atomics atom_* forms, OpenCL C 2.0
// §6.13.11) resolved from Clang 15's names: work-groups as concurrent host threads, lanes in order.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <thread>

#include "fake_work_group.h"

using namespace clvet::interp;
using namespace clvet::interp::testing;

namespace {

constexpr std::uint32_t kLanes = 64;
constexpr int kGroups = 8;
constexpr int kCallsPerGroup = 50;

// Runs `fn` on `object` for all the group's lanes, with a second argument `operand` (omitted when
// `with_operand` is false), and returns the lanes' results.
template <class T>
std::vector<T> on_all_lanes(BuiltinFn fn, FakeWorkGroup& g, T* object, std::uint8_t as, Scalar s,
                            bool with_operand, T operand = T{}) {
  const std::uint32_t lanes = g.lane_count();
  LanePointers p(lanes, object, as);
  LaneValues<T> v(lanes, s);
  v.fill(operand);
  LaneValues<T> r(lanes, s);
  Operand result = r.operand();
  std::vector<Operand> args{p.operand()};
  if (with_operand) args.push_back(v.operand());
  call(fn, g, all_lanes(lanes), &result, args);
  return r.values;
}

}  // namespace

// atomic_inc from eight work-groups at once: the returned old values are exactly 0 .. N-1, each
// once, and the counter ends at N.
TEST(Atomic, IncFromConcurrentGroupsIsAPermutation_6_12_11) {
  BuiltinFn inc = resolve("_Z10atomic_incPU3AS1Vi", 4);
  std::int32_t counter = 0;
  std::vector<std::vector<std::int32_t>> olds(kGroups);
  std::vector<std::thread> threads;
  for (int t = 0; t < kGroups; ++t)
    threads.emplace_back([&, t] {
      FakeWorkGroup g(kLanes);
      for (int i = 0; i < kCallsPerGroup; ++i) {
        std::vector<std::int32_t> r =
            on_all_lanes<std::int32_t>(inc, g, &counter, kGlobal, Scalar::Int, false);
        olds[t].insert(olds[t].end(), r.begin(), r.end());
      }
    });
  for (std::thread& t : threads) t.join();
  const int n = kGroups * kCallsPerGroup * int(kLanes);
  EXPECT_EQ(counter, n);
  std::vector<std::int32_t> all;
  for (const auto& o : olds) all.insert(all.end(), o.begin(), o.end());
  std::sort(all.begin(), all.end());
  std::vector<std::int32_t> expected(n);
  std::iota(expected.begin(), expected.end(), 0);
  EXPECT_EQ(all, expected);
}

// atom_add on a 64-bit counter (cl_khr_int64_base_atomics) crossing 2^32 from concurrent groups.
TEST(Atomic, Atom64AddConcurrent_cl_khr_int64_base_atomics) {
  BuiltinFn add = resolve("_Z8atom_addPU3AS1Vll", 8);
  std::int64_t counter = 0;
  const std::int64_t step = std::int64_t(1) << 31;
  std::vector<std::thread> threads;
  for (int t = 0; t < kGroups; ++t)
    threads.emplace_back([&] {
      FakeWorkGroup g(kLanes);
      for (int i = 0; i < kCallsPerGroup; ++i)
        on_all_lanes<std::int64_t>(add, g, &counter, kGlobal, Scalar::Long, true, step);
    });
  for (std::thread& t : threads) t.join();
  EXPECT_EQ(counter, step * kGroups * kCallsPerGroup * kLanes);
}

// atomic_sub and atomic_dec return the old value; lanes run in lane order.
TEST(Atomic, SubAndDecReturnOld_6_12_11) {
  FakeWorkGroup g(kLanes);
  std::uint32_t x = 1000;
  std::vector<std::uint32_t> r = on_all_lanes<std::uint32_t>(resolve("_Z10atomic_subPU3AS3Vjj", 4),
                                                             g, &x, kLocal, Scalar::UInt, true, 3u);
  for (std::uint32_t l = 0; l < kLanes; ++l) EXPECT_EQ(r[l], 1000 - 3 * l);
  EXPECT_EQ(x, 1000 - 3 * kLanes);
  std::int32_t y = 0;
  std::vector<std::int32_t> d = on_all_lanes<std::int32_t>(resolve("_Z10atomic_decPU3AS1Vi", 4), g,
                                                           &y, kGlobal, Scalar::Int, false);
  EXPECT_EQ(d[0], 0);
  EXPECT_EQ(d[1], -1);
  EXPECT_EQ(y, -std::int32_t(kLanes));
}

// atomic_cmpxchg: "(old == cmp) ? val : old" stored, old returned.
TEST(Atomic, CmpXchgSemantics_6_12_11) {
  FakeWorkGroup g(4);
  std::int32_t x = 0;
  LanePointers p(4, &x, kGlobal);
  LaneValues<std::int32_t> cmp(4, Scalar::Int), val(4, Scalar::Int), r(4, Scalar::Int);
  // Lane 0 swaps 0 -> 1, lane 1 swaps 1 -> 2, lane 2 expects 7 and fails, lane 3 swaps 2 -> 9.
  cmp.values = {0, 1, 7, 2};
  val.values = {1, 2, 5, 9};
  Operand result = r.operand();
  call(resolve("_Z14atomic_cmpxchgPU3AS1Viii", 4), g, all_lanes(4), &result,
       {p.operand(), cmp.operand(), val.operand()});
  EXPECT_EQ(r.values, (std::vector<std::int32_t>{0, 1, 2, 2}));
  EXPECT_EQ(x, 9);
  // The lane whose comparison failed stored nothing: an atomic read for the race checker.
  ASSERT_EQ(g.accesses.size(), 4u);
  for (std::uint32_t l = 0; l < 4; ++l)
    EXPECT_EQ(g.accesses[l].kind, l == 2 ? Access::AtomicRead : Access::Atomic) << l;
}

// A refused object: reported once (as the update the call would make) and left alone.
TEST(Atomic, CmpXchgRefusedObjectIsNotExchanged_6_12_11) {
  FakeWorkGroup g(2);
  std::int32_t x[2] = {3, 3};
  LanePointers p(2, &x[0], kGlobal);
  p.set(1, &x[1]);
  LaneValues<std::int32_t> cmp(2, Scalar::Int), val(2, Scalar::Int), r(2, Scalar::Int);
  cmp.fill(3);
  val.fill(8);
  g.allow = [&](const void* a, std::size_t) { return a != &x[1]; };
  Operand result = r.operand();
  call(resolve("_Z14atomic_cmpxchgPU3AS1Viii", 4), g, all_lanes(2), &result,
       {p.operand(), cmp.operand(), val.operand()});
  EXPECT_EQ(x[0], 8);
  EXPECT_EQ(x[1], 3);
  EXPECT_EQ(r.values, (std::vector<std::int32_t>{3, 0}));
  ASSERT_EQ(g.accesses.size(), 2u);
  EXPECT_EQ(g.accesses[1].address, &x[1]);
  EXPECT_EQ(g.accesses[1].kind, Access::Atomic);
}

// atom_cmpxchg on a local ulong (cl_khr_int64_base_atomics).
TEST(Atomic, Atom64CmpXchg_cl_khr_int64_base_atomics) {
  FakeWorkGroup g(2);
  std::uint64_t x = 0x100000000ull;
  LanePointers p(2, &x, kLocal);
  LaneValues<std::uint64_t> cmp(2, Scalar::ULong), val(2, Scalar::ULong), r(2, Scalar::ULong);
  cmp.values = {0, 0x100000000ull};
  val.values = {1, 0x200000005ull};
  Operand result = r.operand();
  call(resolve("_Z12atom_cmpxchgPU3AS3Vmmm", 8), g, all_lanes(2), &result,
       {p.operand(), cmp.operand(), val.operand()});
  EXPECT_EQ(r.values, (std::vector<std::uint64_t>{0x100000000ull, 0x100000000ull}));
  EXPECT_EQ(x, 0x200000005ull);
}

// min/max compare as the pointee's signedness says: -1 is the smallest int, the largest uint.
TEST(Atomic, MinMaxSignedness_6_12_11) {
  FakeWorkGroup g(1);
  std::int32_t s = 5;
  on_all_lanes<std::int32_t>(resolve("_Z10atomic_minPU3AS1Vii", 4), g, &s, kGlobal, Scalar::Int,
                             true, -1);
  EXPECT_EQ(s, -1);
  std::uint32_t u = 5;
  on_all_lanes<std::uint32_t>(resolve("_Z10atomic_minPU3AS1Vjj", 4), g, &u, kGlobal, Scalar::UInt,
                              true, 0xffffffffu);
  EXPECT_EQ(u, 5u);
  on_all_lanes<std::uint32_t>(resolve("_Z10atomic_maxPU3AS1Vjj", 4), g, &u, kGlobal, Scalar::UInt,
                              true, 0xffffffffu);
  EXPECT_EQ(u, 0xffffffffu);
  std::int64_t l = -7;
  on_all_lanes<std::int64_t>(resolve("_Z8atom_maxPU3AS1Vll", 8), g, &l, kGlobal, Scalar::Long, true,
                             -9);
  EXPECT_EQ(l, -7);
}

TEST(Atomic, BitwiseOps_6_12_11) {
  FakeWorkGroup g(1);
  std::uint32_t x = 0xf0f0;
  auto r = on_all_lanes<std::uint32_t>(resolve("_Z10atomic_andPU3AS1Vjj", 4), g, &x, kGlobal,
                                       Scalar::UInt, true, 0xff00u);
  EXPECT_EQ(r[0], 0xf0f0u);
  EXPECT_EQ(x, 0xf000u);
  on_all_lanes<std::uint32_t>(resolve("_Z9atomic_orPU3AS1Vjj", 4), g, &x, kGlobal, Scalar::UInt,
                              true, 0x000fu);
  EXPECT_EQ(x, 0xf00fu);
  on_all_lanes<std::uint32_t>(resolve("_Z10atomic_xorPU3AS1Vjj", 4), g, &x, kGlobal, Scalar::UInt,
                              true, 0xffffu);
  EXPECT_EQ(x, 0x0ff0u);
}

// "Only the atomic_xchg operation is supported for single precision floating-point".
TEST(Atomic, FloatXchgOnly_6_12_11) {
  FakeWorkGroup g(3);
  float f = 0.5f;
  LanePointers p(3, &f, kGlobal);
  LaneValues<float> v(3, Scalar::Float), r(3, Scalar::Float);
  v.values = {1.5f, 2.5f, 3.5f};
  Operand result = r.operand();
  call(resolve("_Z11atomic_xchgPU3AS1Vff", 4, true), g, all_lanes(3), &result,
       {p.operand(), v.operand()});
  EXPECT_EQ(r.values, (std::vector<float>{0.5f, 1.5f, 2.5f}));
  EXPECT_EQ(f, 3.5f);
  EXPECT_EQ(BuiltinRegistry::instance().resolve(signature("_Z10atomic_addPU3AS1Vff", 4, true)),
            nullptr);
}

// The 1.x functions are 32-bit; 64-bit objects need the atom_* forms of cl_khr_int64_*.
TEST(Atomic, LegacyFunctionsAreThirtyTwoBit_6_12_11) {
  EXPECT_EQ(BuiltinRegistry::instance().resolve(signature("_Z10atomic_addPU3AS1Vll", 8)), nullptr);
  EXPECT_NE(BuiltinRegistry::instance().resolve(signature("_Z8atom_addPU3AS1Vll", 8)), nullptr);
  EXPECT_NE(BuiltinRegistry::instance().resolve(signature("_Z8atom_incPU3AS3Vl", 8)), nullptr);
}

// Every object access is an atomic access of the object's size in its address space; a refused
// access leaves memory alone and yields 0.
TEST(Atomic, AccessIsCheckedAndRefusalSkips) {
  FakeWorkGroup g(2);
  std::int32_t x[2] = {10, 20};
  LanePointers p(2, &x[0], kLocal);
  p.set(1, &x[1]);
  LaneValues<std::int32_t> v(2, Scalar::Int), r(2, Scalar::Int);
  v.fill(1);
  r.fill(-5);
  g.allow = [&](const void* a, std::size_t) { return a != &x[1]; };
  Operand result = r.operand();
  call(resolve("_Z10atomic_addPU3AS3Vii", 4), g, all_lanes(2), &result, {p.operand(), v.operand()});
  EXPECT_EQ(x[0], 11);
  EXPECT_EQ(x[1], 20);
  EXPECT_EQ(r.values, (std::vector<std::int32_t>{10, 0}));
  ASSERT_EQ(g.accesses.size(), 2u);
  for (std::uint32_t l = 0; l < 2; ++l) {
    EXPECT_EQ(g.accesses[l].lane, l);
    EXPECT_EQ(g.accesses[l].address, &x[l]);
    EXPECT_EQ(g.accesses[l].size, 4u);
    EXPECT_EQ(g.accesses[l].kind, Access::Atomic);
    EXPECT_EQ(g.accesses[l].address_space, kLocal);
  }
}

// OpenCL C 2.0 §6.13.11.7.5: compare-exchange returns whether it exchanged and on failure
// writes the value it found to *expected.
TEST(Atomic, C11CompareExchangeStrong_2_0_6_13_11) {
  FakeWorkGroup g(2);
  std::int32_t object = 4;
  std::int32_t expected[2] = {4, 4};  // lane 0 succeeds (4 -> 8); lane 1 then finds 8
  LanePointers p(2, &object, kGlobal), e(2, &expected[0], kPrivate);
  e.set(1, &expected[1]);
  LaneValues<std::int32_t> desired(2, Scalar::Int);
  desired.values = {8, 9};
  LaneValues<std::uint8_t> r(2, Scalar::Bool);
  r.fill(7);
  Operand result = r.operand();
  call(resolve("_Z30atomic_compare_exchange_strongPU3AS1VU7_AtomiciPii", 1), g, all_lanes(2),
       &result, {p.operand(), e.operand(), desired.operand()});
  EXPECT_EQ(r.values, (std::vector<std::uint8_t>{1, 0}));
  EXPECT_EQ(object, 8);
  EXPECT_EQ(expected[0], 4);
  EXPECT_EQ(expected[1], 8);
  // Object (an atomic update), expected read; object (an atomic read: the comparison failed
  // and nothing was stored), expected read, expected written on failure.
  ASSERT_EQ(g.accesses.size(), 5u);
  EXPECT_EQ(g.accesses[0].kind, Access::Atomic);
  EXPECT_EQ(g.accesses[1].kind, Access::Read);
  EXPECT_EQ(g.accesses[1].address_space, kPrivate);
  EXPECT_EQ(g.accesses[2].kind, Access::AtomicRead);
  EXPECT_EQ(g.accesses[3].kind, Access::Read);
  EXPECT_EQ(g.accesses[4].kind, Access::Write);
  EXPECT_EQ(g.accesses[4].address, &expected[1]);
}

// The _explicit forms with a memory order, and with an order and a scope, on a generic pointer.
TEST(Atomic, C11ExplicitFormsResolve_2_0_6_13_11) {
  struct {
    const char* name;
    std::uint8_t result_size;
  } cases[] = {
      {"_Z21atomic_store_explicitPU3AS1VU7_Atomicii12memory_order", 0},
      {"_Z21atomic_store_explicitPU3AS1VU7_Atomicii12memory_order12memory_scope", 0},
      {"_Z26atomic_flag_clear_explicitPU3AS1VU7_Atomici12memory_order", 0},
      {"_Z11atomic_initPU3AS1VU7_Atomicii", 0},
      {"_Z25atomic_fetch_max_explicitPU3AS1VU7_Atomicll12memory_order", 8},
  };
  for (const auto& c : cases)
    EXPECT_NE(BuiltinRegistry::instance().resolve(signature(c.name, c.result_size)), nullptr)
        << c.name;
  // atomic_compare_exchange_weak_explicit(volatile global atomic_int*, private int*, int,
  // memory_order, memory_order, memory_scope), built by hand: Clang numbers its substitutions
  // in a way the demangler does not follow yet (_Atomic and private pointees take slots).
  Signature weak{"atomic_compare_exchange_weak_explicit",
                 {ParamType{Scalar::Int, 1, true, kGlobal, false, true},
                  ParamType{Scalar::Int, 1, true, kPrivate}, ParamType{Scalar::Int},
                  ParamType{Scalar::Other}, ParamType{Scalar::Other}, ParamType{Scalar::Other}},
                 1,
                 1};
  EXPECT_NE(BuiltinRegistry::instance().resolve(weak), nullptr);
  weak.params.pop_back();
  EXPECT_NE(BuiltinRegistry::instance().resolve(weak), nullptr);
  weak.params.pop_back();  // one memory order is not enough
  EXPECT_EQ(BuiltinRegistry::instance().resolve(weak), nullptr);
  EXPECT_NE(BuiltinRegistry::instance().resolve(
                signature("_Z22atomic_work_item_fencej12memory_order12memory_scope", 0)),
            nullptr);
  // No bitwise operations on atomic_float.
  EXPECT_EQ(BuiltinRegistry::instance().resolve(
                signature("_Z16atomic_fetch_andPU3AS1VU7_Atomicff", 4, true)),
            nullptr);
}

TEST(Atomic, C11LoadStoreExchangeGeneric_2_0_6_13_11) {
  FakeWorkGroup g(1);
  std::uint64_t x = 0;
  LanePointers p(1, &x, kGeneric);
  LaneValues<std::uint64_t> v(1, Scalar::ULong), r(1, Scalar::ULong);
  v.values = {0x123456789ull};
  call(resolve("_Z12atomic_storePU3AS4VU7_Atomicmm", 0), g, {0}, nullptr,
       {p.operand(), v.operand()});
  EXPECT_EQ(x, 0x123456789ull);
  Operand result = r.operand();
  call(resolve("_Z11atomic_loadPU3AS4VU7_Atomicm", 8), g, {0}, &result, {p.operand()});
  EXPECT_EQ(r.values[0], 0x123456789ull);
  v.values = {42};
  call(resolve("_Z15atomic_exchangePU3AS4VU7_Atomicmm", 8), g, {0}, &result,
       {p.operand(), v.operand()});
  EXPECT_EQ(r.values[0], 0x123456789ull);
  EXPECT_EQ(x, 42u);
  EXPECT_EQ(g.accesses.back().address_space, kGeneric);
}

// cl_ext_float_atomics' atomic_fetch_add on atomic_float from concurrent groups: all sums of
// ones below 2^24 are exact.
TEST(Atomic, C11FloatFetchAddConcurrent_cl_ext_float_atomics) {
  BuiltinFn add = resolve("_Z16atomic_fetch_addPU3AS1VU7_Atomicff", 4, true);
  float sum = 0;
  std::vector<std::thread> threads;
  for (int t = 0; t < kGroups; ++t)
    threads.emplace_back([&] {
      FakeWorkGroup g(kLanes);
      for (int i = 0; i < kCallsPerGroup; ++i)
        on_all_lanes<float>(add, g, &sum, kGlobal, Scalar::Float, true, 1.0f);
    });
  for (std::thread& t : threads) t.join();
  EXPECT_EQ(sum, float(kGroups * kCallsPerGroup * kLanes));
}

TEST(Atomic, C11FetchSubMinOnLongAndDouble_2_0_6_13_11) {
  FakeWorkGroup g(1);
  std::int64_t l = 5;
  auto r = on_all_lanes<std::int64_t>(resolve("_Z16atomic_fetch_minPU3AS1VU7_Atomicll", 8), g, &l,
                                      kGlobal, Scalar::Long, true, -3);
  EXPECT_EQ(r[0], 5);
  EXPECT_EQ(l, -3);
  double d = 2.5;
  auto rd = on_all_lanes<double>(resolve("_Z16atomic_fetch_subPU3AS1VU7_Atomicdd", 8, true), g, &d,
                                 kGlobal, Scalar::Double, true, 0.25);
  EXPECT_EQ(rd[0], 2.5);
  EXPECT_EQ(d, 2.25);
}

// atomic_flag_test_and_set returns the previous state: the first lane finds it clear.
TEST(Atomic, FlagTestAndSetAndClear_2_0_6_13_11_8) {
  FakeWorkGroup g(4);
  std::int32_t flag = 0;
  LanePointers p(4, &flag, kGlobal);
  LaneValues<std::uint8_t> r(4, Scalar::Bool);
  Operand result = r.operand();
  call(resolve("_Z24atomic_flag_test_and_setPU3AS1VU7_Atomici", 1), g, all_lanes(4), &result,
       {p.operand()});
  EXPECT_EQ(r.values, (std::vector<std::uint8_t>{0, 1, 1, 1}));
  EXPECT_NE(flag, 0);
  call(resolve("_Z17atomic_flag_clearPU3AS1VU7_Atomici", 0), g, {2}, nullptr, {p.operand()});
  EXPECT_EQ(flag, 0);
}
