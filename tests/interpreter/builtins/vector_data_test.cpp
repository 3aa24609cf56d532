// Vector data loads and stores (OpenCL C 1.2 §6.12.7) and shuffles (§6.12.12) resolved from
// Clang's mangled names and run over synthetic lanes: addresses, sizes and kinds seen by the
// context, refused accesses, and half rounding against a table-based reference.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "half_reference.h"
#include "lane_harness.h"

using namespace clvet::interp;
using namespace clvet::interp::test;

namespace {

struct ElementType {
  Scalar scalar;
  const char* code;
};
constexpr ElementType kElements[] = {
    {Scalar::Char, "c"},  {Scalar::UChar, "h"}, {Scalar::Short, "s"}, {Scalar::UShort, "t"},
    {Scalar::Int, "i"},   {Scalar::UInt, "j"},  {Scalar::Long, "l"},  {Scalar::ULong, "m"},
    {Scalar::Half, "Dh"}, {Scalar::Float, "f"}, {Scalar::Double, "d"}};
constexpr unsigned kWidths[] = {2, 3, 4, 8, 16};
constexpr std::uint8_t kSpaces[] = {kPrivate, kGlobal, kConstant, kLocal};

std::string length_prefixed(const std::string& name) {
  return "_Z" + std::to_string(name.size()) + name;
}

// "P", the address-space qualifier (none for private), "K" when const, the pointee.
std::string pointer_code(const std::string& element, std::uint8_t space, bool is_const) {
  std::string s = "P";
  if (space != kPrivate) s += "U3AS" + std::to_string(space);
  if (is_const) s += "K";
  return s + element;
}

std::string vector_code(const std::string& element, unsigned width) {
  return width == 1 ? element : "Dv" + std::to_string(width) + "_" + element;
}

std::vector<std::byte> pattern(std::size_t bytes, unsigned seed) {
  std::vector<std::byte> v(bytes);
  for (std::size_t i = 0; i < bytes; ++i) v[i] = std::byte((i * 131 + seed * 7 + 3) & 0xff);
  return v;
}

}  // namespace

TEST(VectorData_6_12_7, VloadnReadsNElementsAtOffsetTimesN) {
  constexpr std::uint32_t kLanes = 5;
  for (const ElementType& e : kElements)
    for (unsigned n : kWidths)
      for (std::uint8_t space : kSpaces) {
        const std::string name = "vload" + std::to_string(n);
        const std::string mangled = length_prefixed(name) + "m" + pointer_code(e.code, space, true);
        SCOPED_TRACE(mangled);
        BuiltinFn fn = resolve_mangled(mangled);
        ASSERT_NE(fn, nullptr);
        const std::size_t size = scalar_size(e.scalar);
        const auto memory = pattern(size * n * (kLanes + 1) + 16, n);
        LaneValues offset(Scalar::ULong, 1, kLanes), pointer(e.scalar, 1, kLanes, true, space);
        LaneValues out(e.scalar, n, kLanes);
        // Lane l loads at offset 4 - l through a pointer one element into the memory.
        for (std::uint32_t l = 0; l < kLanes; ++l) {
          offset.set<std::uint64_t>(l, 0, kLanes - 1 - l);
          pointer.set_pointer(l, memory.data() + size);
        }
        Call call;
        call.args = {offset.operand(), pointer.operand()};
        call.ids = {0, 1, 3, 4};
        call.run(fn, &out.operand());
        ASSERT_EQ(call.context.accesses.size(), call.ids.size());
        for (std::size_t i = 0; i < call.ids.size(); ++i) {
          const std::uint32_t l = call.ids[i];
          const std::byte* address = memory.data() + size + (kLanes - 1 - l) * n * size;
          const auto& a = call.context.accesses[i];
          EXPECT_EQ(a.lane, l);
          EXPECT_EQ(a.address, address);
          EXPECT_EQ(a.size, n * size);
          EXPECT_EQ(a.kind, Access::Read);
          EXPECT_EQ(a.address_space, space);
          EXPECT_EQ(std::memcmp(out.operand().lane<std::byte>(l), address, n * size), 0) << l;
          EXPECT_TRUE(out.intact(l));
        }
        EXPECT_TRUE(out.intact(2, true)) << "an inactive lane was written";
      }
}

TEST(VectorData_6_12_7, VstorenWritesNElementsAtOffsetTimesN) {
  constexpr std::uint32_t kLanes = 4;
  for (const ElementType& e : kElements)
    for (unsigned n : kWidths)
      for (std::uint8_t space : {kPrivate, kGlobal, kLocal}) {
        const std::string name = "vstore" + std::to_string(n);
        const std::string mangled = length_prefixed(name) + vector_code(e.code, n) + "m" +
                                    pointer_code(e.code, space, false);
        SCOPED_TRACE(mangled);
        BuiltinFn fn = resolve_mangled(mangled);
        ASSERT_NE(fn, nullptr);
        const std::size_t size = scalar_size(e.scalar);
        std::vector<std::byte> memory(size * n * kLanes, std::byte{0});
        LaneValues data(e.scalar, n, kLanes), offset(Scalar::ULong, 1, kLanes),
            pointer(e.scalar, 1, kLanes, true, space);
        const auto values = pattern(size * n * kLanes, 9 + n);
        for (std::uint32_t l = 0; l < kLanes; ++l) {
          std::memcpy(data.operand().lane<std::byte>(l), values.data() + l * n * size, n * size);
          offset.set<std::uint64_t>(l, 0, l);
          pointer.set_pointer(l, memory.data());
        }
        Call call;
        call.args = {data.operand(), offset.operand(), pointer.operand()};
        call.ids = {0, 2, 3};
        call.run(fn, nullptr);
        ASSERT_EQ(call.context.accesses.size(), 3u);
        for (std::size_t i = 0; i < 3; ++i) {
          const auto& a = call.context.accesses[i];
          EXPECT_EQ(a.address, memory.data() + call.ids[i] * n * size);
          EXPECT_EQ(a.size, n * size);
          EXPECT_EQ(a.kind, Access::Write);
          EXPECT_EQ(a.address_space, space);
        }
        for (std::uint32_t l = 0; l < kLanes; ++l) {
          const std::byte* stored = memory.data() + l * n * size;
          if (l == 1) {
            for (std::size_t b = 0; b < n * size; ++b)
              ASSERT_EQ(stored[b], std::byte{0}) << "inactive lane 1 stored";
          } else {
            EXPECT_EQ(std::memcmp(stored, values.data() + l * n * size, n * size), 0) << l;
          }
        }
      }
  // vstoren to __constant does not exist; a mismatched data width is not vstoren.
  EXPECT_EQ(resolve_mangled("_Z7vstore4Dv2_fmPf"), nullptr);
  EXPECT_EQ(resolve_mangled("_Z7vstore4Dv4_fmPi"), nullptr);
  EXPECT_NE(resolve_mangled("_Z7vstore4Dv4_fjPf"), nullptr);  // spir: size_t is uint
}

TEST(VectorData_6_12_7, RefusedAccessesAreNotMade) {
  constexpr std::uint32_t kLanes = 3;
  std::vector<float> memory(16, -1.0f);
  LaneValues data(Scalar::Float, 4, kLanes), offset(Scalar::ULong, 1, kLanes),
      pointer(Scalar::Float, 1, kLanes, true, kGlobal);
  for (std::uint32_t l = 0; l < kLanes; ++l) {
    for (unsigned c = 0; c < 4; ++c) data.set<float>(l, c, float(l * 10 + c));
    offset.set<std::uint64_t>(l, 0, l);
    pointer.set_pointer(l, memory.data());
  }
  auto refuse_lane_1 = [](const FakeContext::Record& r) { return r.lane != 1; };

  Call store;
  store.args = {data.operand(), offset.operand(), pointer.operand()};
  store.ids = Call::all(kLanes);
  store.context.allow = refuse_lane_1;
  store.run(resolve_mangled("_Z7vstore4Dv4_fmPU3AS1f"), nullptr);
  EXPECT_EQ(store.context.accesses.size(), 3u);
  for (unsigned i = 0; i < 4; ++i) {
    EXPECT_EQ(memory[i], float(i));
    EXPECT_EQ(memory[4 + i], -1.0f) << "the refused store was made";
    EXPECT_EQ(memory[8 + i], float(20 + i));
  }

  LaneValues loaded(Scalar::Float, 4, kLanes);
  Call load;
  load.args = {offset.operand(), pointer.operand()};
  load.ids = Call::all(kLanes);
  load.context.allow = refuse_lane_1;
  load.run(resolve_mangled("_Z6vload4mPU3AS1Kf"), &loaded.operand());
  for (unsigned c = 0; c < 4; ++c) {
    EXPECT_EQ(loaded.get<float>(0, c), float(c));
    EXPECT_EQ(loaded.get<float>(1, c), 0.0f) << "a refused load reads as zero";
  }

  // A wild offset reaches access() as the address it names, and nothing is read there.
  LaneValues wild(Scalar::ULong, 1, 1);
  wild.set<std::uint64_t>(0, 0, std::uint64_t(1) << 58);
  Call stray;
  stray.args = {wild.operand(), pointer.operand()};
  stray.ids = {0};
  stray.context.allow = [](const FakeContext::Record&) { return false; };
  stray.run(resolve_mangled("_Z6vload4mPU3AS1Kf"), &loaded.operand());
  ASSERT_EQ(stray.context.accesses.size(), 1u);
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(stray.context.accesses[0].address),
            reinterpret_cast<std::uintptr_t>(memory.data()) + (std::uintptr_t(1) << 62));
  EXPECT_EQ(loaded.get<float>(0, 3), 0.0f);

  std::vector<std::uint16_t> halves(16, 0xdead);
  LaneValues half_pointer(Scalar::Half, 1, kLanes, true, kGlobal);
  for (std::uint32_t l = 0; l < kLanes; ++l) half_pointer.set_pointer(l, halves.data());
  Call store_half;
  store_half.args = {data.operand(), offset.operand(), half_pointer.operand()};
  store_half.ids = Call::all(kLanes);
  store_half.context.allow = refuse_lane_1;
  store_half.run(resolve_mangled("_Z16vstore_half4_rtzDv4_fmPU3AS1Dh"), nullptr);
  EXPECT_EQ(halves[0], 0x0000);  // 0.0
  EXPECT_EQ(halves[1], 0x3c00);  // 1.0
  for (unsigned c = 4; c < 8; ++c) EXPECT_EQ(halves[c], 0xdead) << "the refused store was made";
  EXPECT_EQ(halves[8], 0x4d00);  // 20.0

  LaneValues widened(Scalar::Float, 4, kLanes);
  Call load_half;
  load_half.args = {offset.operand(), half_pointer.operand()};
  load_half.ids = Call::all(kLanes);
  load_half.context.allow = refuse_lane_1;
  load_half.run(resolve_mangled("_Z11vload_half4mPU3AS1KDh"), &widened.operand());
  EXPECT_EQ(widened.get<float>(0, 1), 1.0f);
  EXPECT_EQ(widened.get<float>(1, 0), 0.0f);
  EXPECT_EQ(widened.get<float>(2, 0), 20.0f);
}

TEST(VectorData_6_12_7, VloadHalfWidensEveryHalfExactly) {
  constexpr std::uint32_t kLanes = 0x10000;
  std::vector<std::uint16_t> memory(kLanes);
  for (std::uint32_t h = 0; h < kLanes; ++h) memory[h] = std::uint16_t(h);
  LaneValues offset(Scalar::ULong, 1, kLanes), pointer(Scalar::Half, 1, kLanes, true, kConstant);
  LaneValues out(Scalar::Float, 1, kLanes);
  for (std::uint32_t l = 0; l < kLanes; ++l) {
    offset.set<std::uint64_t>(l, 0, l);
    pointer.set_pointer(l, memory.data());
  }
  Call call;
  call.args = {offset.operand(), pointer.operand()};
  call.ids = Call::all(kLanes);
  call.run(resolve_mangled("_Z10vload_halfmPU3AS2KDh"), &out.operand());
  ASSERT_EQ(call.context.accesses.size(), kLanes);
  for (std::uint32_t h = 0; h < kLanes; ++h) {
    ASSERT_EQ(call.context.accesses[h].size, 2u);
    ASSERT_EQ(call.context.accesses[h].address, memory.data() + h);
    ASSERT_EQ(call.context.accesses[h].address_space, kConstant);
    const float got = out.get<float>(h);
    const double want = half_value(std::uint16_t(h));
    if (std::isnan(want))
      ASSERT_TRUE(std::isnan(got)) << std::hex << h;
    else
      ASSERT_TRUE(got == want && std::signbit(got) == std::signbit(want)) << std::hex << h;
  }
}

TEST(VectorData_6_12_7, VloadaHalf3AndVstoreaHalf3UseFourElementAlignment) {
  std::vector<std::uint16_t> memory(12);
  for (unsigned i = 0; i < 12; ++i) memory[i] = std::uint16_t(0x3c00 + (i << 6));  // 1 + i/16
  LaneValues offset(Scalar::ULong, 1, 1), pointer(Scalar::Half, 1, 1, true, kGlobal);
  offset.set<std::uint64_t>(0, 0, 2);
  pointer.set_pointer(0, memory.data());
  struct Case {
    const char* mangled;
    unsigned n;
    unsigned first;  // first half read: offset 2 times the step
  };
  for (const Case& c :
       {Case{"_Z12vloada_half3mPU3AS1KDh", 3, 8}, Case{"_Z11vload_half3mPU3AS1KDh", 3, 6},
        Case{"_Z12vloada_half4mPU3AS1KDh", 4, 8}}) {
    SCOPED_TRACE(c.mangled);
    const unsigned n = c.n;
    LaneValues out(Scalar::Float, n, 1);
    Call call;
    call.args = {offset.operand(), pointer.operand()};
    call.ids = {0};
    call.run(resolve_mangled(c.mangled), &out.operand());
    ASSERT_EQ(call.context.accesses.size(), 1u);
    EXPECT_EQ(call.context.accesses[0].address, memory.data() + c.first);
    EXPECT_EQ(call.context.accesses[0].size, 2u * n) << "exactly n halves are read";
    for (unsigned k = 0; k < n; ++k) EXPECT_EQ(out.get<float>(0, k), 1.0f + (c.first + k) / 16.0f);
    EXPECT_TRUE(out.intact(0));
  }
  EXPECT_EQ(resolve_mangled("_Z11vloada_halfmPU3AS1KDh"), nullptr) << "vloada_half has no n = 1";

  LaneValues data(Scalar::Double, 3, 1);
  for (unsigned k = 0; k < 3; ++k) data.set<double>(0, k, 2.0 + k);
  for (const Case& c : {Case{"_Z17vstorea_half3_rtpDv3_dmPU3AS1Dh", 3, 8},
                        Case{"_Z16vstore_half3_rtpDv3_dmPU3AS1Dh", 3, 6}}) {
    SCOPED_TRACE(c.mangled);
    std::fill(memory.begin(), memory.end(), 0xffff);
    Call call;
    call.args = {data.operand(), offset.operand(), pointer.operand()};
    call.ids = {0};
    call.run(resolve_mangled(c.mangled), nullptr);
    ASSERT_EQ(call.context.accesses.size(), 1u);
    EXPECT_EQ(call.context.accesses[0].address, memory.data() + c.first);
    EXPECT_EQ(call.context.accesses[0].size, 6u) << "a half3 store writes three halves";
    constexpr std::uint16_t kStored[] = {0x4000, 0x4200, 0x4400};  // 2.0, 3.0, 4.0
    for (unsigned i = 0; i < 12; ++i) {
      const bool written = i >= c.first && i < c.first + 3;
      EXPECT_EQ(memory[i], written ? kStored[i - c.first] : 0xffff) << i;
    }
  }
}

namespace {

constexpr const char* kSuffixes[] = {"_rte", "_rtz", "_rtp", "_rtn", ""};
constexpr Mode kSuffixModes[] = {Mode::Rte, Mode::Rtz, Mode::Rtp, Mode::Rtn, Mode::Rte};

// Stores values[l] with vstore_half<suffix> at offset l through one call over all lanes.
template <class Source>
std::vector<std::uint16_t> store_half(const char* suffix, const std::vector<Source>& values) {
  const auto lanes = std::uint32_t(values.size());
  const Scalar scalar = sizeof(Source) == 4 ? Scalar::Float : Scalar::Double;
  const std::string mangled = length_prefixed(std::string("vstore_half") + suffix) +
                              (sizeof(Source) == 4 ? "f" : "d") + "m" +
                              pointer_code("Dh", kGlobal, false);
  BuiltinFn fn = resolve_mangled(mangled);
  EXPECT_NE(fn, nullptr) << mangled;
  if (!fn) return {};
  std::vector<std::uint16_t> memory(lanes, 0xdead);
  LaneValues data(scalar, 1, lanes), offset(Scalar::ULong, 1, lanes),
      pointer(Scalar::Half, 1, lanes, true, kGlobal);
  for (std::uint32_t l = 0; l < lanes; ++l) {
    data.set<Source>(l, 0, values[l]);
    offset.set<std::uint64_t>(l, 0, l);
    pointer.set_pointer(l, memory.data());
  }
  Call call;
  call.args = {data.operand(), offset.operand(), pointer.operand()};
  call.ids = Call::all(lanes);
  call.context.record = false;
  call.run(fn, nullptr);
  return memory;
}

template <class Source>
void check_store_half(const std::vector<Source>& values) {
  for (int m = 0; m < 5; ++m) {
    const auto got = store_half(kSuffixes[m], values);
    ASSERT_EQ(got.size(), values.size());
    for (std::size_t i = 0; i < values.size(); ++i) {
      const std::uint16_t want = reference_half(double(values[i]), kSuffixModes[m]);
      if (is_half_nan(want)) {
        ASSERT_TRUE(is_half_nan(got[i])) << std::hex << got[i];
        continue;
      }
      ASSERT_EQ(got[i], want) << "vstore_half" << kSuffixes[m] << "(" << std::hexfloat << values[i]
                              << ")";
    }
  }
}

// Values next to every midpoint between neighbouring halves, both signs: the ties and the
// values one step either side of them, where rounding mistakes show.
template <class Source>
std::vector<Source> near_midpoints() {
  std::vector<Source> v;
  for (unsigned h = 0; h < 0x7c00; ++h) {
    const double low = half_value(std::uint16_t(h));
    const double high = h == 0x7bff ? 65536.0 : half_value(std::uint16_t(h + 1));
    const auto mid = Source((low + high) / 2);
    for (Source x : {mid, std::nextafter(mid, Source(0)), std::nextafter(mid, Source(INFINITY)),
                     Source(low)}) {
      v.push_back(x);
      v.push_back(-x);
    }
  }
  return v;
}

}  // namespace

TEST(VectorData_6_12_7, VstoreHalfRoundsFloatInEachMode) {
  check_store_half(near_midpoints<float>());
  // Every 22-bit prefix of a float, with random low bits: all exponents, subnormal halves,
  // overflow, infinities and NaNs.
  std::mt19937 rng(0x12f);
  std::vector<float> batch;
  for (std::uint32_t prefix = 0; prefix < (1u << 22); ++prefix) {
    batch.push_back(std::bit_cast<float>(std::uint32_t((prefix << 10) | (rng() & 0x3ff))));
    if (batch.size() == (1u << 18)) {
      check_store_half(batch);
      if (testing::Test::HasFatalFailure()) return;
      batch.clear();
    }
  }
}

TEST(VectorData_6_12_7, VstoreHalfRoundsDoubleInEachMode) {
  check_store_half(near_midpoints<double>());
  std::mt19937_64 rng(0xd0b1e);
  std::vector<double> values;
  for (int i = 0; i < 400000; ++i) {
    std::uint64_t bits = rng();
    // Exponents from below the smallest subnormal half to beyond the largest.
    const std::uint64_t exponent = 1023 - 30 + rng() % 50;
    if (i % 4) bits = (bits & 0x800fffffffffffffull) | (exponent << 52);
    // A double that is a tie for half except for a bit far below float precision.
    if (i % 16 == 5) bits = (bits & ~0x3ffffffffffull) | 0x20000000000ull | (rng() & 1);
    values.push_back(std::bit_cast<double>(bits));
  }
  check_store_half(values);
}

TEST(VectorData_6_12_7, VstoreHalfSpecialValues) {
  struct Row {
    float x;
    std::uint16_t rte, rtz, rtp, rtn;
  };
  const Row rows[] = {
      {65520.0f, 0x7c00, 0x7bff, 0x7c00, 0x7bff},      // max + half an ulp
      {65519.996f, 0x7bff, 0x7bff, 0x7c00, 0x7bff},    // just below
      {1e10f, 0x7c00, 0x7bff, 0x7c00, 0x7bff},         // overflow
      {-1e10f, 0xfc00, 0xfbff, 0xfbff, 0xfc00},        // negative overflow
      {0x1p-24f, 0x0001, 0x0001, 0x0001, 0x0001},      // smallest subnormal half
      {0x1p-25f, 0x0000, 0x0000, 0x0001, 0x0000},      // half of it: tie to even zero
      {0x1.8p-25f, 0x0001, 0x0000, 0x0001, 0x0000},    // above the tie
      {-0x1p-30f, 0x8000, 0x8000, 0x8000, 0x8001},     // tiny negative
      {0x1.ffcp-15f, 0x0400, 0x03ff, 0x0400, 0x03ff},  // tie: up to the smallest normal
      {-0.0f, 0x8000, 0x8000, 0x8000, 0x8000},        {INFINITY, 0x7c00, 0x7c00, 0x7c00, 0x7c00},
      {-INFINITY, 0xfc00, 0xfc00, 0xfc00, 0xfc00},
  };
  std::vector<float> values;
  for (const Row& r : rows) values.push_back(r.x);
  const auto rte = store_half("_rte", values), rtz = store_half("_rtz", values),
             rtp = store_half("_rtp", values), rtn = store_half("_rtn", values);
  for (std::size_t i = 0; i < std::size(rows); ++i) {
    SCOPED_TRACE(testing::Message() << std::hexfloat << rows[i].x);
    EXPECT_EQ(rte[i], rows[i].rte);
    EXPECT_EQ(rtz[i], rows[i].rtz);
    EXPECT_EQ(rtp[i], rows[i].rtp);
    EXPECT_EQ(rtn[i], rows[i].rtn);
  }
  EXPECT_TRUE(is_half_nan(store_half("", std::vector<float>{NAN})[0]));
  EXPECT_TRUE(is_half_nan(store_half("_rtz", std::vector<double>{-NAN})[0]));
}

TEST(VectorData_6_12_7, VstoreHalfnAndVloadHalfnEveryWidth) {
  for (unsigned n : {2u, 3u, 4u, 8u, 16u})
    for (const char* source : {"f", "d"})
      for (bool aligned : {false, true}) {
        const std::string name =
            std::string(aligned ? "vstorea_half" : "vstore_half") + std::to_string(n) + "_rtn";
        const std::string mangled = length_prefixed(name) + vector_code(source, n) + "m" +
                                    pointer_code("Dh", kLocal, false);
        SCOPED_TRACE(mangled);
        BuiltinFn fn = resolve_mangled(mangled);
        ASSERT_NE(fn, nullptr);
        const bool is_double = *source == 'd';
        const unsigned step = aligned && n == 3 ? 4 : n;
        LaneValues data(is_double ? Scalar::Double : Scalar::Float, n, 2),
            offset(Scalar::ULong, 1, 2), pointer(Scalar::Half, 1, 2, true, kLocal);
        std::vector<std::uint16_t> memory(2 * 16 + 4, 0xdead);
        for (std::uint32_t l = 0; l < 2; ++l) {
          for (unsigned c = 0; c < n; ++c) {
            const double x = (c + 1) * (l ? -1.0 : 1.0) / 3.0;  // inexact in half
            if (is_double)
              data.set<double>(l, c, x);
            else
              data.set<float>(l, c, float(x));
          }
          offset.set<std::uint64_t>(l, 0, l);
          pointer.set_pointer(l, memory.data());
        }
        Call call;
        call.args = {data.operand(), offset.operand(), pointer.operand()};
        call.ids = {0, 1};
        call.run(fn, nullptr);
        ASSERT_EQ(call.context.accesses.size(), 2u);
        EXPECT_EQ(call.context.accesses[1].address, memory.data() + step);
        EXPECT_EQ(call.context.accesses[1].size, 2u * n);
        EXPECT_EQ(call.context.accesses[1].address_space, kLocal);
        for (std::uint32_t l = 0; l < 2; ++l)
          for (unsigned c = 0; c < n; ++c) {
            const double x = is_double ? data.get<double>(l, c) : double(data.get<float>(l, c));
            EXPECT_EQ(memory[l * step + c], reference_half(x, Mode::Rtn)) << l << " " << c;
          }
        if (step > n) {
          EXPECT_EQ(memory[3], 0xdead) << "the fourth half of a half3 is not written";
        }

        // Loading back with the matching vload(a)_halfn gives the stored halves widened.
        const std::string load =
            std::string(aligned ? "vloada_half" : "vload_half") + std::to_string(n);
        BuiltinFn loader =
            resolve_mangled(length_prefixed(load) + "m" + pointer_code("Dh", kLocal, true));
        ASSERT_NE(loader, nullptr) << load;
        LaneValues widened(Scalar::Float, n, 2);
        Call back;
        back.args = {offset.operand(), pointer.operand()};
        back.ids = {0, 1};
        back.run(loader, &widened.operand());
        for (std::uint32_t l = 0; l < 2; ++l)
          for (unsigned c = 0; c < n; ++c)
            EXPECT_EQ(widened.get<float>(l, c), float(half_value(memory[l * step + c])));
      }
}

namespace {

std::string shuffle_mangled(const ElementType& e, unsigned m, unsigned n, bool two) {
  static const std::map<Scalar, std::string> kMaskCode = {
      {Scalar::Char, "h"}, {Scalar::UChar, "h"}, {Scalar::Short, "t"}, {Scalar::UShort, "t"},
      {Scalar::Int, "j"},  {Scalar::UInt, "j"},  {Scalar::Long, "m"},  {Scalar::ULong, "m"},
      {Scalar::Half, "t"}, {Scalar::Float, "j"}, {Scalar::Double, "m"}};
  const std::string x = vector_code(e.code, m);
  const std::string mask = vector_code(kMaskCode.at(e.scalar), n);
  // The input vector type is substitution S_; a mask of the same type is spelled S_ too.
  std::string s = length_prefixed(two ? "shuffle2" : "shuffle") + x;
  if (two) s += "S_";
  return s + (mask == x ? "S_" : mask);
}

}  // namespace

TEST(Shuffle_6_12_12, ShuffleAndShuffle2SelectByTheLowMaskBits) {
  std::mt19937_64 rng(1212);
  constexpr std::uint32_t kLanes = 3;
  for (const ElementType& e : kElements)
    for (unsigned m : {2u, 4u, 8u, 16u})
      for (unsigned n : {2u, 4u, 8u, 16u})
        for (bool two : {false, true}) {
          const std::string mangled = shuffle_mangled(e, m, n, two);
          SCOPED_TRACE(mangled);
          BuiltinFn fn = resolve_mangled(mangled);
          ASSERT_NE(fn, nullptr);
          const std::size_t size = scalar_size(e.scalar);
          LaneValues x(e.scalar, m, kLanes), y(e.scalar, m, kLanes), out(e.scalar, n, kLanes);
          LaneValues mask(e.scalar, n, kLanes);  // same element size, unsigned
          for (std::uint32_t l = 0; l < kLanes; ++l) {
            for (unsigned k = 0; k < m * size; ++k) {
              x.operand().lane<std::uint8_t>(l)[k] = std::uint8_t(rng());
              y.operand().lane<std::uint8_t>(l)[k] = std::uint8_t(rng());
            }
            for (unsigned k = 0; k < n * size; ++k)  // high bits set at random
              mask.operand().lane<std::uint8_t>(l)[k] = std::uint8_t(rng());
          }
          Call call;
          call.args = two ? std::vector<Operand>{x.operand(), y.operand(), mask.operand()}
                          : std::vector<Operand>{x.operand(), mask.operand()};
          call.ids = {0, 2};
          call.run(fn, &out.operand());
          EXPECT_TRUE(out.intact(1, true));
          for (std::uint32_t l : {0u, 2u}) {
            EXPECT_TRUE(out.intact(l));
            for (unsigned c = 0; c < n; ++c) {
              // The mask element's value modulo the number of input components.
              std::uint64_t selector = 0;
              std::memcpy(&selector, mask.operand().lane<std::uint8_t>(l) + c * size, size);
              const unsigned index = unsigned(selector % (two ? 2 * m : m));
              const std::uint8_t* from =
                  index < m ? x.operand().lane<std::uint8_t>(l) + index * size
                            : y.operand().lane<std::uint8_t>(l) + (index - m) * size;
              EXPECT_EQ(std::memcmp(out.operand().lane<std::uint8_t>(l) + c * size, from, size), 0)
                  << "lane " << l << " component " << c;
            }
          }
        }
  // Three-component vectors and signed masks are not shuffles.
  EXPECT_EQ(resolve_mangled("_Z7shuffleDv3_fDv2_j"), nullptr);
  EXPECT_EQ(resolve_mangled("_Z7shuffleDv4_fDv2_i"), nullptr);
  EXPECT_EQ(resolve_mangled("_Z7shuffleDv4_fDv2_m"), nullptr);
  EXPECT_NE(resolve_mangled("_Z8shuffle2Dv4_jS_S_"), nullptr);  // as Clang 15 spells it
}
