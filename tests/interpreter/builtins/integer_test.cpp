// The integer built-ins (OpenCL C 1.2 §6.12.3, tables 6.10 and 6.11; ctz from 2.0) resolved from
// Clang's mangled names and run over synthetic lanes, against host computations in 128 bits.
#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <string>
#include <tuple>
#include <type_traits>
#include <vector>

#include "componentwise_call.h"

using namespace clvet::interp;
using namespace clvet::interp::componentwise_test;

namespace {

__extension__ typedef __int128 Int128;
__extension__ typedef unsigned __int128 UInt128;

template <class T>
constexpr int kBits = int(sizeof(T) * 8);

unsigned width_of(const std::string& mangled) {
  Demangled d;
  EXPECT_TRUE(demangle(mangled, d));
  return d.params.empty() ? 1 : d.params[0].width;
}

// The values where integer built-ins go wrong: the ends of the range, zero, one, powers of two
// and a few from the middle.
template <class T>
std::vector<T> edges() {
  using L = std::numeric_limits<T>;
  std::vector<T> v = {L::min(),
                      T(L::min() + 1),
                      T(0),
                      T(1),
                      T(2),
                      T(3),
                      T(0x5a),
                      T(L::max() / 2),
                      T(L::max() / 2 + 1),
                      T(L::max() - 1),
                      L::max()};
  if constexpr (std::is_signed_v<T>)
    for (T x : {T(-1), T(-2), T(-3), T(-0x5a), T(L::min() / 2), T(L::min() / 2 - 1)})
      v.push_back(x);
  return v;
}

// Pads every argument list to whole vectors of `width` by repeating its first entries.
template <class... V>
void pad_to(unsigned width, V&... lists) {
  const std::size_t n = std::get<0>(std::tie(lists...)).size();
  const std::size_t padded = (n + width - 1) / width * width;
  ((void)([&] {
     for (std::size_t i = n; i < padded; ++i) lists.push_back(lists[i - n]);
   }()),
   ...);
}

template <class T>
std::string show(T v) {
  if constexpr (sizeof(T) == 1) return std::to_string(int(v));
  return std::to_string(v);
}

// Every ordered pair of edge values, as components of the call's width.
template <class R, class T, class Ref>
void expect_binary(const std::string& mangled, Scalar result, Ref ref,
                   std::vector<T> values = edges<T>()) {
  std::vector<T> x, y;
  for (T a : values)
    for (T b : values) x.push_back(a), y.push_back(b);
  const unsigned width = width_of(mangled);
  pad_to(width, x, y);
  const std::vector<R> got = compute<R>(mangled, result, width, x, y);
  ASSERT_EQ(got.size(), x.size()) << mangled;
  for (std::size_t i = 0; i < x.size(); ++i)
    EXPECT_EQ(got[i], ref(x[i], y[i])) << mangled << "(" << show(x[i]) << ", " << show(y[i]) << ")";
}

template <class R, class T, class Ref>
void expect_unary(const std::string& mangled, Scalar result, Ref ref, std::vector<T> x) {
  const unsigned width = width_of(mangled);
  pad_to(width, x);
  const std::vector<R> got = compute<R>(mangled, result, width, x);
  ASSERT_EQ(got.size(), x.size()) << mangled;
  for (std::size_t i = 0; i < x.size(); ++i)
    EXPECT_EQ(got[i], ref(x[i])) << mangled << "(" << show(x[i]) << ")";
}

template <class T, class Ref>
void expect_ternary(const std::string& mangled, Scalar result, Ref ref,
                    std::vector<T> values = edges<T>()) {
  std::vector<T> a, b, c;
  for (T x : values)
    for (T y : values)
      for (T z : values) a.push_back(x), b.push_back(y), c.push_back(z);
  const unsigned width = width_of(mangled);
  pad_to(width, a, b, c);
  const std::vector<T> got = compute<T>(mangled, result, width, a, b, c);
  ASSERT_EQ(got.size(), a.size()) << mangled;
  for (std::size_t i = 0; i < a.size(); ++i)
    EXPECT_EQ(got[i], ref(a[i], b[i], c[i]))
        << mangled << "(" << show(a[i]) << ", " << show(b[i]) << ", " << show(c[i]) << ")";
}

// Saturates an exact result to T's range.
template <class T>
T saturate(Int128 v) {
  if (v > Int128(std::numeric_limits<T>::max())) return std::numeric_limits<T>::max();
  if (v < Int128(std::numeric_limits<T>::min())) return std::numeric_limits<T>::min();
  return T(v);
}

// Exact values and magnitudes of every element type fit in 128 bits; the unsigned 64-bit
// products do not fit in Int128 and are taken apart where needed.
template <class T>
auto magnitude(T x) {
  const Int128 v = x;
  return std::make_unsigned_t<T>(v < 0 ? -v : v);
}

template <class T>
std::vector<T> bit_patterns() {
  std::vector<T> v = edges<T>();
  for (int b = 0; b < kBits<T>; ++b) {
    using U = std::make_unsigned_t<T>;
    v.push_back(T(U(U(1) << b)));
    v.push_back(T(U(~U(0)) >> b));
    v.push_back(T(U(U(~U(0)) << b)));
  }
  return v;
}

}  // namespace

TEST(IntegerBuiltins, AbsIsTheUnsignedMagnitude_6_12_3) {
  auto ref = [](auto x) { return magnitude(x); };
  expect_unary<std::uint8_t, std::int8_t>("_Z3absc", Scalar::UChar, ref, edges<std::int8_t>());
  expect_unary<std::uint32_t, std::int32_t>("_Z3absDv4_i", Scalar::UInt, ref,
                                            edges<std::int32_t>());
  expect_unary<std::uint64_t, std::int64_t>("_Z3absl", Scalar::ULong, ref, edges<std::int64_t>());
  expect_unary<std::uint16_t, std::uint16_t>("_Z3absDv3_t", Scalar::UShort, ref,
                                             edges<std::uint16_t>());
}

TEST(IntegerBuiltins, AbsDiffHasNoModuloOverflow_6_12_3) {
  auto ref = [](auto x, auto y) {
    const Int128 d = Int128(x) - Int128(y);
    return std::make_unsigned_t<decltype(x)>(d < 0 ? -d : d);
  };
  expect_binary<std::uint16_t, std::int16_t>("_Z8abs_diffDv3_sS_", Scalar::UShort, ref);
  expect_binary<std::uint64_t, std::int64_t>("_Z8abs_diffll", Scalar::ULong, ref);
  expect_binary<std::uint32_t, std::uint32_t>("_Z8abs_diffjj", Scalar::UInt, ref);
  expect_binary<std::uint8_t, std::int8_t>("_Z8abs_diffDv16_cS_", Scalar::UChar, ref);
}

TEST(IntegerBuiltins, AddSatAndSubSatSaturate_6_12_3) {
  auto add = [](auto x, auto y) { return saturate<decltype(x)>(Int128(x) + Int128(y)); };
  auto sub = [](auto x, auto y) { return saturate<decltype(x)>(Int128(x) - Int128(y)); };
  expect_binary<std::int8_t, std::int8_t>("_Z7add_satcc", Scalar::Char, add);
  expect_binary<std::uint32_t, std::uint32_t>("_Z7add_satDv4_jS_", Scalar::UInt, add);
  expect_binary<std::int64_t, std::int64_t>("_Z7add_satll", Scalar::Long, add);
  expect_binary<std::uint64_t, std::uint64_t>("_Z7add_satmm", Scalar::ULong, add);
  expect_binary<std::int64_t, std::int64_t>("_Z7sub_satll", Scalar::Long, sub);
  expect_binary<std::uint8_t, std::uint8_t>("_Z7sub_satDv3_hS_", Scalar::UChar, sub);
  expect_binary<std::int16_t, std::int16_t>("_Z7sub_satss", Scalar::Short, sub);
  expect_binary<std::uint64_t, std::uint64_t>("_Z7sub_satDv8_mS_", Scalar::ULong, sub);
}

TEST(IntegerBuiltins, HaddAndRhaddKeepTheCarry_6_12_3) {
  // Int128's >> is arithmetic: the floor of the exact half sum.
  auto h = [](auto x, auto y) { return decltype(x)((Int128(x) + Int128(y)) >> 1); };
  auto rh = [](auto x, auto y) { return decltype(x)((Int128(x) + Int128(y) + 1) >> 1); };
  expect_binary<std::int32_t, std::int32_t>("_Z4haddii", Scalar::Int, h);
  expect_binary<std::int8_t, std::int8_t>("_Z4haddDv3_cS_", Scalar::Char, h);
  expect_binary<std::uint64_t, std::uint64_t>("_Z4haddmm", Scalar::ULong, h);
  expect_binary<std::int64_t, std::int64_t>("_Z4haddll", Scalar::Long, h);
  expect_binary<std::uint64_t, std::uint64_t>("_Z5rhaddDv2_mS_", Scalar::ULong, rh);
  expect_binary<std::uint32_t, std::uint32_t>("_Z5rhaddjj", Scalar::UInt, rh);
  expect_binary<std::int64_t, std::int64_t>("_Z5rhaddll", Scalar::Long, rh);
  expect_binary<std::int8_t, std::int8_t>("_Z5rhaddcc", Scalar::Char, rh);
}

TEST(IntegerBuiltins, MinMaxWithVectorAndScalarOperands_6_12_3) {
  auto mx = [](auto x, auto y) { return Int128(x) < Int128(y) ? y : x; };
  auto mn = [](auto x, auto y) { return Int128(y) < Int128(x) ? y : x; };
  expect_binary<std::int16_t, std::int16_t>("_Z3minss", Scalar::Short, mn);
  expect_binary<std::uint64_t, std::uint64_t>("_Z3maxDv2_mS_", Scalar::ULong, mx);
  expect_binary<std::uint8_t, std::uint8_t>("_Z3maxhh", Scalar::UChar, mx);
  expect_binary<std::int64_t, std::int64_t>("_Z3minDv16_lS_", Scalar::Long, mn);

  // max(int4, int): the scalar of each lane is widened to every component.
  const std::vector<std::int32_t> x = {-5, 0, 7, INT32_MIN, 100, -100, 3, INT32_MAX};
  const std::vector<std::int32_t> y = {3, INT32_MIN};
  EXPECT_EQ(compute<std::int32_t>("_Z3maxDv4_ii", Scalar::Int, 4, x, y),
            (std::vector<std::int32_t>{3, 3, 7, 3, 100, -100, 3, INT32_MAX}));
  // min(char3, char)
  const std::vector<std::int8_t> c = {-128, 127, 0, 5, -6, 1};
  const std::vector<std::int8_t> s = {1, -7};
  EXPECT_EQ(compute<std::int8_t>("_Z3minDv3_cc", Scalar::Char, 3, c, s),
            (std::vector<std::int8_t>{-128, 1, 0, -7, -7, -7}));
}

TEST(IntegerBuiltins, ClampWithVectorAndScalarBounds_6_12_3) {
  // clamp(x, lo, hi) for every x and every lo <= hi (the others are undefined).
  auto check = []<class T>(const std::string& mangled, Scalar scalar) {
    std::vector<T> x, lo, hi;
    for (T a : edges<T>())
      for (T b : edges<T>())
        for (T c : edges<T>())
          if (b <= c) x.push_back(a), lo.push_back(b), hi.push_back(c);
    const unsigned width = width_of(mangled);
    pad_to(width, x, lo, hi);
    const std::vector<T> got = compute<T>(mangled, scalar, width, x, lo, hi);
    ASSERT_EQ(got.size(), x.size());
    for (std::size_t i = 0; i < x.size(); ++i)
      EXPECT_EQ(got[i], x[i] < lo[i]   ? lo[i]
                        : x[i] > hi[i] ? hi[i]
                                       : x[i])
          << mangled << "(" << show(x[i]) << ", " << show(lo[i]) << ", " << show(hi[i]) << ")";
  };
  check.operator()<std::uint8_t>("_Z5clampDv3_hS_S_", Scalar::UChar);
  check.operator()<std::int64_t>("_Z5clamplll", Scalar::Long);
  check.operator()<std::int32_t>("_Z5clampiii", Scalar::Int);

  // clamp(int4, int, int): one pair of bounds per lane, for all four components.
  const std::vector<std::int32_t> x = {-10, 0, 10, 20, INT32_MIN, -1, 1, INT32_MAX};
  const std::vector<std::int32_t> lo = {0, -1};
  const std::vector<std::int32_t> hi = {15, 1};
  EXPECT_EQ(compute<std::int32_t>("_Z5clampDv4_iii", Scalar::Int, 4, x, lo, hi),
            (std::vector<std::int32_t>{0, 0, 10, 15, -1, -1, 1, 1}));
}

TEST(IntegerBuiltins, ClzCtzPopcountCountBits_6_12_3) {
  // Bit by bit, from the top or the bottom; clz(0) and ctz(0) are the width in bits.
  auto clz = [](auto x) {
    using U = std::make_unsigned_t<decltype(x)>;
    int n = 0;
    for (int b = kBits<U> - 1; b >= 0 && !((U(x) >> b) & 1); --b) ++n;
    return decltype(x)(n);
  };
  auto ctz = [](auto x) {
    using U = std::make_unsigned_t<decltype(x)>;
    int n = 0;
    for (int b = 0; b < kBits<U> && !((U(x) >> b) & 1); ++b) ++n;
    return decltype(x)(n);
  };
  auto popcount = [](auto x) {
    using U = std::make_unsigned_t<decltype(x)>;
    int n = 0;
    for (int b = 0; b < kBits<U>; ++b) n += int((U(x) >> b) & 1);
    return decltype(x)(n);
  };
  expect_unary<std::uint32_t, std::uint32_t>("_Z3clzj", Scalar::UInt, clz,
                                             bit_patterns<std::uint32_t>());
  expect_unary<std::uint8_t, std::uint8_t>("_Z3clzDv8_h", Scalar::UChar, clz,
                                           bit_patterns<std::uint8_t>());
  expect_unary<std::int64_t, std::int64_t>("_Z3clzl", Scalar::Long, clz,
                                           bit_patterns<std::int64_t>());
  expect_unary<std::int16_t, std::int16_t>("_Z3clzs", Scalar::Short, clz,
                                           bit_patterns<std::int16_t>());
  expect_unary<std::int32_t, std::int32_t>("_Z3ctzi", Scalar::Int, ctz,
                                           bit_patterns<std::int32_t>());
  expect_unary<std::uint64_t, std::uint64_t>("_Z3ctzDv2_m", Scalar::ULong, ctz,
                                             bit_patterns<std::uint64_t>());
  expect_unary<std::int8_t, std::int8_t>("_Z3ctzc", Scalar::Char, ctz, bit_patterns<std::int8_t>());
  expect_unary<std::uint64_t, std::uint64_t>("_Z8popcountm", Scalar::ULong, popcount,
                                             bit_patterns<std::uint64_t>());
  expect_unary<std::int8_t, std::int8_t>("_Z8popcountc", Scalar::Char, popcount,
                                         bit_patterns<std::int8_t>());
  expect_unary<std::uint16_t, std::uint16_t>("_Z8popcountDv3_t", Scalar::UShort, popcount,
                                             bit_patterns<std::uint16_t>());
  // The obvious ones, spelled out.
  EXPECT_EQ(compute<std::int32_t>("_Z3clzi", Scalar::Int, 1, std::vector<std::int32_t>{0, -1, 1}),
            (std::vector<std::int32_t>{32, 0, 31}));
  EXPECT_EQ(
      compute<std::uint8_t>("_Z3clzh", Scalar::UChar, 1, std::vector<std::uint8_t>{0, 0x80, 1}),
      (std::vector<std::uint8_t>{8, 0, 7}));
}

TEST(IntegerBuiltins, MulHiIsTheHighHalfOfTheFullProduct_6_12_3) {
  auto hi = [](auto x, auto y) {
    using T = decltype(x);
    if constexpr (std::is_same_v<T, std::uint64_t>)
      return T((UInt128(x) * UInt128(y)) >> 64);
    else
      return T((Int128(x) * Int128(y)) >> kBits<T>);
  };
  expect_binary<std::int64_t, std::int64_t>("_Z6mul_hiDv2_lS_", Scalar::Long, hi);
  expect_binary<std::uint64_t, std::uint64_t>("_Z6mul_himm", Scalar::ULong, hi);
  expect_binary<std::int32_t, std::int32_t>("_Z6mul_hiii", Scalar::Int, hi);
  expect_binary<std::uint32_t, std::uint32_t>("_Z6mul_hijj", Scalar::UInt, hi);
  expect_binary<std::uint16_t, std::uint16_t>("_Z6mul_hitt", Scalar::UShort, hi);
  expect_binary<std::int8_t, std::int8_t>("_Z6mul_hiDv3_cS_", Scalar::Char, hi);
  // INT_MIN * INT_MIN = 2^62: high half 2^30.
  EXPECT_EQ(
      compute<std::int32_t>("_Z6mul_hiii", Scalar::Int, 1, std::vector<std::int32_t>{INT32_MIN},
                            std::vector<std::int32_t>{INT32_MIN}),
      (std::vector<std::int32_t>{1 << 30}));
}

TEST(IntegerBuiltins, MadHiAddsToTheHighHalf_6_12_3) {
  auto ref = [](auto a, auto b, auto c) {
    using T = decltype(a);
    using U = std::make_unsigned_t<T>;
    T h;
    if constexpr (std::is_same_v<T, std::uint64_t>)
      h = T((UInt128(a) * UInt128(b)) >> 64);
    else
      h = T((Int128(a) * Int128(b)) >> kBits<T>);
    return T(U(U(h) + U(c)));
  };
  expect_ternary<std::int32_t>("_Z6mad_hiiii", Scalar::Int, ref);
  expect_ternary<std::uint64_t>("_Z6mad_himmm", Scalar::ULong, ref);
  expect_ternary<std::int16_t>("_Z6mad_hiDv4_sS_S_", Scalar::Short, ref);
}

TEST(IntegerBuiltins, MadSatSaturatesTheExactResult_6_12_3) {
  auto ref = [](auto a, auto b, auto c) {
    using T = decltype(a);
    if constexpr (std::is_same_v<T, std::uint64_t>) {
      // (2^64 - 1)^2 + 2^64 - 1 < 2^128: exact in UInt128.
      const UInt128 r = UInt128(a) * UInt128(b) + UInt128(c);
      return r > UInt128(UINT64_MAX) ? UINT64_MAX : T(r);
    } else {
      return saturate<T>(Int128(a) * Int128(b) + Int128(c));
    }
  };
  expect_ternary<std::int64_t>("_Z7mad_satlll", Scalar::Long, ref);
  expect_ternary<std::uint32_t>("_Z7mad_satjjj", Scalar::UInt, ref);
  expect_ternary<std::int8_t>("_Z7mad_satccc", Scalar::Char, ref);
  expect_ternary<std::uint64_t>("_Z7mad_satmmm", Scalar::ULong, ref);
  expect_ternary<std::int16_t>("_Z7mad_satDv3_sS_S_", Scalar::Short, ref);
  expect_ternary<std::int32_t>("_Z7mad_satiii", Scalar::Int, ref);
}

TEST(IntegerBuiltins, RotateTakesTheCountModuloTheWidth_6_12_3_and_6_3) {
  // One bit at a time, as many times as the count modulo the width (a negative count wraps).
  auto ref = [](auto v, auto i) {
    using T = decltype(v);
    using U = std::make_unsigned_t<T>;
    const int n = int(((Int128(i) % kBits<T>)+kBits<T>) % kBits<T>);
    U r = U(v);
    for (int k = 0; k < n; ++k) r = U(U(r << 1) | U(r >> (kBits<T> - 1)));
    return T(r);
  };
  std::vector<std::int8_t> counts8 = edges<std::int8_t>();
  for (int k = -20; k <= 20; ++k) counts8.push_back(std::int8_t(k));
  expect_binary<std::int8_t, std::int8_t>("_Z6rotateDv3_cS_", Scalar::Char, ref, counts8);
  std::vector<std::uint64_t> counts64 = edges<std::uint64_t>();
  for (std::uint64_t k = 0; k <= 130; k += 7) counts64.push_back(k);
  expect_binary<std::uint64_t, std::uint64_t>("_Z6rotatemm", Scalar::ULong, ref, counts64);
  std::vector<std::int32_t> counts32 = edges<std::int32_t>();
  for (int k = -40; k <= 40; k += 3) counts32.push_back(k);
  expect_binary<std::int32_t, std::int32_t>("_Z6rotateii", Scalar::Int, ref, counts32);
  expect_binary<std::uint16_t, std::uint16_t>("_Z6rotateDv16_tS_", Scalar::UShort, ref);
  EXPECT_EQ(compute<std::uint32_t>("_Z6rotatejj", Scalar::UInt, 1,
                                   std::vector<std::uint32_t>{0x80000001u, 0x12345678u},
                                   std::vector<std::uint32_t>{1, 36}),
            (std::vector<std::uint32_t>{0x00000003u, 0x23456781u}));
}

TEST(IntegerBuiltins, UpsampleJoinsHighAndLowHalves_6_12_3) {
  auto check = []<class H, class R>(const std::string& mangled, Scalar result) {
    using L = std::make_unsigned_t<H>;
    std::vector<H> hi;
    std::vector<L> lo;
    for (H h : edges<H>())
      for (L l : edges<L>()) hi.push_back(h), lo.push_back(l);
    const unsigned width = width_of(mangled);
    pad_to(width, hi, lo);
    const std::vector<R> got = compute<R>(mangled, result, width, hi, lo);
    ASSERT_EQ(got.size(), hi.size());
    for (std::size_t i = 0; i < hi.size(); ++i) {
      // hi * 2^bits + lo, reduced to R's range (wrapping R's sign as a two's complement does).
      const Int128 exact = Int128(hi[i]) * (Int128(1) << kBits<H>)+Int128(lo[i]);
      const UInt128 modulo = UInt128(exact) & ((UInt128(1) << kBits<R>)-1);
      EXPECT_EQ(got[i], R(std::make_unsigned_t<R>(modulo)))
          << mangled << "(" << show(hi[i]) << ", " << show(lo[i]) << ")";
    }
  };
  check.operator()<std::int8_t, std::int16_t>("_Z8upsamplech", Scalar::Short);
  check.operator()<std::uint8_t, std::uint16_t>("_Z8upsampleDv3_hS_", Scalar::UShort);
  check.operator()<std::int16_t, std::int32_t>("_Z8upsamplest", Scalar::Int);
  check.operator()<std::uint16_t, std::uint32_t>("_Z8upsamplett", Scalar::UInt);
  check.operator()<std::int32_t, std::int64_t>("_Z8upsampleij", Scalar::Long);
  check.operator()<std::uint32_t, std::uint64_t>("_Z8upsampleDv2_jS_", Scalar::ULong);
  EXPECT_EQ(compute<std::int16_t>("_Z8upsamplech", Scalar::Short, 1, std::vector<std::int8_t>{-1},
                                  std::vector<std::uint8_t>{0x80}),
            (std::vector<std::int16_t>{std::int16_t(0xff80)}));
}

TEST(IntegerBuiltins, Mul24AndMad24WithinTheir24BitRange_Table_6_11) {
  std::vector<std::int32_t> s = {0,     1,        -1,        2,        -2,       1000,
                                 -1000, 0x7fffff, -0x800000, 0x123456, -0x654321};
  auto mul = [](std::int32_t x, std::int32_t y) {
    return std::int32_t(std::uint32_t(std::uint64_t(Int128(x) * Int128(y))));
  };
  expect_binary<std::int32_t, std::int32_t>("_Z5mul24ii", Scalar::Int, mul, s);
  expect_binary<std::int32_t, std::int32_t>("_Z5mul24Dv3_iS_", Scalar::Int, mul, s);
  std::vector<std::uint32_t> u = {0, 1, 2, 1000, 0xffffff, 0x800000, 0x123456};
  auto umul = [](std::uint32_t x, std::uint32_t y) { return std::uint32_t(std::uint64_t(x) * y); };
  expect_binary<std::uint32_t, std::uint32_t>("_Z5mul24Dv2_jS_", Scalar::UInt, umul, u);
  auto mad = [](std::int32_t x, std::int32_t y, std::int32_t z) {
    return std::int32_t(std::uint32_t(std::uint64_t(Int128(x) * Int128(y) + z)));
  };
  std::vector<std::int32_t> z = s;
  z.push_back(INT32_MAX);
  z.push_back(INT32_MIN);
  std::vector<std::int32_t> a, b, c;
  for (std::int32_t x : s)
    for (std::int32_t y : s)
      for (std::int32_t w : z) a.push_back(x), b.push_back(y), c.push_back(w);
  const std::vector<std::int32_t> got =
      compute<std::int32_t>("_Z5mad24iii", Scalar::Int, 1, a, b, c);
  for (std::size_t i = 0; i < a.size(); ++i) EXPECT_EQ(got[i], mad(a[i], b[i], c[i]));
  // Outside the range the result is implementation-defined; clvet uses the low 24 bits, as
  // hardware with 24-bit multipliers does.
  EXPECT_EQ(compute<std::uint32_t>("_Z5mad24jjj", Scalar::UInt, 1,
                                   std::vector<std::uint32_t>{0x01000003u},
                                   std::vector<std::uint32_t>{2}, std::vector<std::uint32_t>{1}),
            (std::vector<std::uint32_t>{7}));
}

TEST(IntegerBuiltins, OnlyActiveLanesAreWritten_6_12_3) {
  Call call("_Z7add_satDv3_iS_", Scalar::Int, 3, 4);
  call.set<std::int32_t>(0, {1, 2, 3, 4, 5, 6, 7, 8, 9, INT32_MAX, 0, 0});
  call.set<std::int32_t>(1, {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0});
  call.run({0, 3});
  EXPECT_FALSE(call.lane_untouched(0));
  EXPECT_TRUE(call.lane_untouched(1));
  EXPECT_TRUE(call.lane_untouched(2));
  EXPECT_TRUE(call.padding_untouched());
  const std::vector<std::int32_t> r = call.result<std::int32_t>();
  EXPECT_EQ(r[0], 2);
  EXPECT_EQ(r[2], 4);
  EXPECT_EQ(r[9], INT32_MAX);
  EXPECT_EQ(r[10], 0);
}

TEST(IntegerBuiltins, FloatingPointAndLongMul24AreNotIntegerBuiltins_6_12_3) {
  auto resolves = [](const char* mangled) {
    Demangled d;
    EXPECT_TRUE(demangle(mangled, d));
    Signature s;
    s.name = d.name;
    s.params = d.params;
    return BuiltinRegistry::instance().resolve(s) != nullptr;
  };
  EXPECT_FALSE(resolves("_Z3clzf"));
  EXPECT_FALSE(resolves("_Z5mul24ll"));
  EXPECT_FALSE(resolves("_Z5mad24sss"));
  EXPECT_FALSE(resolves("_Z8upsamplell"));
  EXPECT_FALSE(resolves("_Z8upsamplecc"));  // lo must be unsigned
  EXPECT_FALSE(resolves("_Z7add_satij"));
  EXPECT_FALSE(resolves("_Z3minDv4_iDv2_i"));
}
