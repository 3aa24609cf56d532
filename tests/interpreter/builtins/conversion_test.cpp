// Explicit conversions (OpenCL C 1.2 §6.2.3) resolved from Clang's mangled names and run over
// synthetic lanes, against the host: its hardware rounding under fesetround, long double
// comparisons, and hand-written boundary tables.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cfenv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "half_reference.h"
#include "lane_harness.h"

using namespace clvet::interp;
using namespace clvet::interp::test;

namespace {

std::string code(Scalar s) {
  switch (s) {
    case Scalar::Char:
      return "c";
    case Scalar::UChar:
      return "h";
    case Scalar::Short:
      return "s";
    case Scalar::UShort:
      return "t";
    case Scalar::Int:
      return "i";
    case Scalar::UInt:
      return "j";
    case Scalar::Long:
      return "l";
    case Scalar::ULong:
      return "m";
    case Scalar::Half:
      return "Dh";
    case Scalar::Float:
      return "f";
    case Scalar::Double:
      return "d";
    default:
      return "?";
  }
}

std::string type_code(Scalar s, unsigned width) {
  return width == 1 ? code(s) : "Dv" + std::to_string(width) + "_" + code(s);
}

// _Z<length><name><parameter>: how Clang mangles a one-parameter overloadable built-in.
std::string mangle(const std::string& name, Scalar param, unsigned width) {
  return "_Z" + std::to_string(name.size()) + name + type_code(param, width);
}

constexpr Scalar kAll[] = {Scalar::Char, Scalar::UChar, Scalar::Short, Scalar::UShort,
                           Scalar::Int,  Scalar::UInt,  Scalar::Long,  Scalar::ULong,
                           Scalar::Half, Scalar::Float, Scalar::Double};
constexpr const char* kModes[] = {"_rte", "_rtz", "_rtp", "_rtn"};

template <class T>
constexpr Scalar scalar_of() {
  if constexpr (std::is_same_v<T, std::int8_t>)
    return Scalar::Char;
  else if constexpr (std::is_same_v<T, std::uint8_t>)
    return Scalar::UChar;
  else if constexpr (std::is_same_v<T, std::int16_t>)
    return Scalar::Short;
  else if constexpr (std::is_same_v<T, std::uint16_t>)
    return Scalar::UShort;
  else if constexpr (std::is_same_v<T, std::int32_t>)
    return Scalar::Int;
  else if constexpr (std::is_same_v<T, std::uint32_t>)
    return Scalar::UInt;
  else if constexpr (std::is_same_v<T, std::int64_t>)
    return Scalar::Long;
  else if constexpr (std::is_same_v<T, std::uint64_t>)
    return Scalar::ULong;
  else if constexpr (std::is_same_v<T, float>)
    return Scalar::Float;
  else
    return Scalar::Double;
}

// Runs `name` (e.g. "convert_int_sat_rte") on one scalar value per lane. D and S are the
// C++ types of the destination and source; halves travel as uint16_t with Scalar::Half.
template <class D, class S>
std::vector<D> convert(const std::string& name, const std::vector<S>& inputs,
                       Scalar source = scalar_of<S>(), Scalar destination = scalar_of<D>()) {
  BuiltinFn fn = resolve_mangled(mangle(name, source, 1));
  EXPECT_NE(fn, nullptr) << name;
  if (!fn) return {};
  const auto lanes = std::uint32_t(inputs.size());
  LaneValues in(source, 1, lanes), out(destination, 1, lanes);
  for (std::uint32_t l = 0; l < lanes; ++l) in.set<S>(l, 0, inputs[l]);
  Call call;
  call.args = {in.operand()};
  call.ids = Call::all(lanes);
  call.run(fn, &out.operand());
  std::vector<D> results(lanes);
  for (std::uint32_t l = 0; l < lanes; ++l) {
    results[l] = out.get<D>(l);
    EXPECT_TRUE(out.intact(l)) << name << " wrote past lane " << l;
  }
  EXPECT_TRUE(call.context.accesses.empty());
  return results;
}

// The host's rounding mode for the duration of a reference computation.
class HostRounding {
 public:
  explicit HostRounding(int mode) : saved_(std::fegetround()) { std::fesetround(mode); }
  ~HostRounding() { std::fesetround(saved_); }

 private:
  int saved_;
};
constexpr int kHostModes[] = {FE_TONEAREST, FE_TOWARDZERO, FE_UPWARD, FE_DOWNWARD};

// Float to integer with saturation, by the host: nearbyint under the mode, then a clamp in
// long double (exact for every 64-bit bound).
template <class D, class F>
D reference_to_integer(F x, int host_mode) {
  if (std::isnan(x)) return 0;
  volatile F in = x;
  F r;
  {
    HostRounding mode(host_mode);
    r = std::nearbyint(in);
  }
  const long double lr = r;
  if (lr < (long double)std::numeric_limits<D>::min()) return std::numeric_limits<D>::min();
  if (lr > (long double)std::numeric_limits<D>::max()) return std::numeric_limits<D>::max();
  return D(lr);
}

// Integer or double to float or double by the host's conversion instruction under the mode.
template <class D, class S>
D reference_to_float(S x, int host_mode) {
  volatile S in = x;
  volatile D out;
  {
    HostRounding mode(host_mode);
    out = D(in);
  }
  return out;
}

template <class T>
bool same_bits(T a, T b) {
  return std::memcmp(&a, &b, sizeof(T)) == 0;
}

}  // namespace

TEST(Conversions_6_2_3, EveryNameAndTypeResolves) {
  for (Scalar d : kAll)
    for (Scalar s : kAll)
      for (unsigned w : {1u, 2u, 3u, 4u, 8u, 16u})
        for (int sat = 0; sat < 2; ++sat)
          for (int r = -1; r < 4; ++r) {
            std::string name = "convert_" + std::string(scalar_name(d));
            if (w > 1) name += std::to_string(w);
            if (sat) name += "_sat";
            if (r >= 0) name += kModes[r];
            BuiltinFn fn = resolve_mangled(mangle(name, s, w));
            // §6.2.3.3: _sat is not defined for floating-point destinations.
            if (sat && is_float(d))
              EXPECT_EQ(fn, nullptr) << name;
            else
              EXPECT_NE(fn, nullptr) << name << "(" << scalar_name(s) << w << ")";
            // The source must have the destination's width.
            const unsigned other = w == 4 ? 8 : 4;
            EXPECT_EQ(resolve_mangled(mangle(name, s, other)), nullptr) << name;
          }
  // Names exactly as Clang 15 emits them.
  EXPECT_NE(resolve_mangled("_Z19convert_int_sat_rtef"), nullptr);
  EXPECT_NE(resolve_mangled("_Z18convert_uchar3_satDv3_f"), nullptr);
  EXPECT_NE(resolve_mangled("_Z19convert_double3_rtpDv3_m"), nullptr);
  EXPECT_EQ(resolve_mangled("_Z15convert_int_rtqf"), nullptr);
  EXPECT_EQ(resolve_mangled("_Z13convert_bool4Dv4_i"), nullptr);
}

TEST(Conversions_6_2_3_2, FloatToIntBoundaryValuesInEachRoundingMode) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const float inf = std::numeric_limits<float>::infinity();
  const float denormal = std::numeric_limits<float>::denorm_min();
  constexpr std::int32_t kMax = INT32_MAX, kMin = INT32_MIN;
  struct Row {
    float x;
    std::int32_t rte, rtz, rtp, rtn;
  };
  const Row rows[] = {
      {0.5f, 0, 0, 1, 0},
      {1.5f, 2, 1, 2, 1},
      {2.5f, 2, 2, 3, 2},
      {-0.5f, 0, 0, 0, -1},
      {-1.5f, -2, -1, -1, -2},
      {-2.5f, -2, -2, -2, -3},
      {0.49999997f, 0, 0, 1, 0},
      {8388607.5f, 8388608, 8388607, 8388608, 8388607},
      {-8388607.5f, -8388608, -8388607, -8388607, -8388608},
      {-0.0f, 0, 0, 0, 0},
      {denormal, 0, 0, 1, 0},
      {-denormal, 0, 0, 0, -1},
      {2147483520.0f, 2147483520, 2147483520, 2147483520, 2147483520},
      {2147483648.0f, kMax, kMax, kMax, kMax},
      {-2147483648.0f, kMin, kMin, kMin, kMin},
      {-2147483904.0f, kMin, kMin, kMin, kMin},
      {nan, 0, 0, 0, 0},
      {inf, kMax, kMax, kMax, kMax},
      {-inf, kMin, kMin, kMin, kMin},
  };
  std::vector<float> inputs;
  for (const Row& r : rows) inputs.push_back(r.x);
  const auto rte = convert<std::int32_t>("convert_int_sat_rte", inputs);
  const auto rtz = convert<std::int32_t>("convert_int_sat_rtz", inputs);
  const auto rtp = convert<std::int32_t>("convert_int_sat_rtp", inputs);
  const auto rtn = convert<std::int32_t>("convert_int_sat_rtn", inputs);
  const auto plain = convert<std::int32_t>("convert_int_sat", inputs);
  for (std::size_t i = 0; i < std::size(rows); ++i) {
    SCOPED_TRACE(testing::Message() << "x = " << rows[i].x);
    EXPECT_EQ(rte[i], rows[i].rte);
    EXPECT_EQ(rtz[i], rows[i].rtz);
    EXPECT_EQ(rtp[i], rows[i].rtp);
    EXPECT_EQ(rtn[i], rows[i].rtn);
    EXPECT_EQ(plain[i], rows[i].rtz) << "integer destinations round toward zero by default";
  }
}

TEST(Conversions_6_2_3_3, FloatToNarrowAndUnsignedSaturates) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const std::vector<float> in = {127.5f, -128.5f, 200.0f, -1e30f, nan, -0.5f, 255.5f};
  EXPECT_EQ(convert<std::int8_t>("convert_char_sat_rte", in),
            (std::vector<std::int8_t>{127, -128, 127, -128, 0, 0, 127}));
  EXPECT_EQ(convert<std::int8_t>("convert_char_sat_rtn", in),
            (std::vector<std::int8_t>{127, -128, 127, -128, 0, -1, 127}));
  EXPECT_EQ(convert<std::uint8_t>("convert_uchar_sat_rte", in),
            (std::vector<std::uint8_t>{128, 0, 200, 0, 0, 0, 255}));
  EXPECT_EQ(convert<std::uint8_t>("convert_uchar_sat_rtn", in),
            (std::vector<std::uint8_t>{127, 0, 200, 0, 0, 0, 255}));
  EXPECT_EQ(convert<std::uint8_t>("convert_uchar_sat_rtp", in),
            (std::vector<std::uint8_t>{128, 0, 200, 0, 0, 0, 255}));
  const std::vector<float> big = {4294967040.0f, 4294967296.0f, -1.0f, 0.75f};
  EXPECT_EQ(convert<std::uint32_t>("convert_uint_sat_rtp", big),
            (std::vector<std::uint32_t>{4294967040u, UINT32_MAX, 0, 1}));
  EXPECT_EQ(convert<std::uint16_t>("convert_ushort_sat", std::vector<float>{65535.9f, 65536.0f}),
            (std::vector<std::uint16_t>{65535, 65535}));
}

TEST(Conversions_6_2_3_3, DoubleTo64BitLimits) {
  const std::vector<double> in = {9223372036854774784.0,  9223372036854775808.0,
                                  -9223372036854775808.0, -9223372036854777856.0,
                                  4503599627370495.5,     -4503599627370495.5};
  EXPECT_EQ(convert<std::int64_t>("convert_long_sat_rte", in),
            (std::vector<std::int64_t>{9223372036854774784, INT64_MAX, INT64_MIN, INT64_MIN,
                                       4503599627370496, -4503599627370496}));
  EXPECT_EQ(convert<std::int64_t>("convert_long_rtz", in),
            (std::vector<std::int64_t>{9223372036854774784, INT64_MAX, INT64_MIN, INT64_MIN,
                                       4503599627370495, -4503599627370495}));
  const std::vector<double> u = {18446744073709549568.0, 18446744073709551616.0, -0.9, 1e300};
  EXPECT_EQ(convert<std::uint64_t>("convert_ulong_sat_rtz", u),
            (std::vector<std::uint64_t>{18446744073709549568ull, UINT64_MAX, 0, UINT64_MAX}));
}

TEST(Conversions_6_2_3_2, DefaultRoundingIsTowardZeroToIntegersAndNearestEvenToFloats) {
  EXPECT_EQ(convert<std::int32_t>("convert_int", std::vector<float>{-1.7f, 2.9f}),
            (std::vector<std::int32_t>{-1, 2}));
  const auto f = convert<float>(
      "convert_float", std::vector<std::int32_t>{16777217, 16777219, -16777217, INT32_MAX});
  EXPECT_EQ(f, (std::vector<float>{16777216.0f, 16777220.0f, -16777216.0f, 2147483648.0f}));
  const auto d = convert<double>("convert_double",
                                 std::vector<std::uint64_t>{(1ull << 53) + 1, (1ull << 53) + 3});
  EXPECT_EQ(d, (std::vector<double>{9007199254740992.0, 9007199254740996.0}));
}

namespace {

// Random floats of every magnitude that matters for an integer destination of `bits` bits:
// small values with fractions, values near each power of two up to beyond the range, halves.
template <class F>
std::vector<F> float_samples(std::mt19937_64& rng, int bits, std::size_t count) {
  std::vector<F> v;
  std::uniform_int_distribution<int> exponent(-30, bits + 3);
  std::uniform_real_distribution<F> unit(F(1), F(2));
  for (std::size_t i = 0; i < count; ++i) {
    F x = std::ldexp(unit(rng), exponent(rng));
    if (i % 4 == 1) x = std::floor(x) + F(0.5);  // ties
    if (i % 2) x = -x;
    v.push_back(x);
  }
  for (int e = 0; e <= bits + 1; ++e)
    for (F x : {std::ldexp(F(1), e), std::nextafter(std::ldexp(F(1), e), F(0)),
                std::nextafter(std::ldexp(F(1), e), F(INFINITY))}) {
      v.push_back(x);
      v.push_back(-x);
    }
  v.push_back(std::numeric_limits<F>::quiet_NaN());
  v.push_back(std::numeric_limits<F>::infinity());
  v.push_back(-std::numeric_limits<F>::infinity());
  v.push_back(std::numeric_limits<F>::denorm_min());
  v.push_back(-std::numeric_limits<F>::denorm_min());
  return v;
}

template <class D, class F>
void check_float_to_integer(std::mt19937_64& rng) {
  const auto inputs = float_samples<F>(rng, std::numeric_limits<D>::digits, 20000);
  const std::string type(scalar_name(scalar_of<D>()));
  for (int m = 0; m < 4; ++m) {
    const auto got = convert<D>("convert_" + type + "_sat" + kModes[m], inputs);
    ASSERT_EQ(got.size(), inputs.size());
    for (std::size_t i = 0; i < inputs.size(); ++i)
      ASSERT_EQ(got[i], (reference_to_integer<D, F>(inputs[i], kHostModes[m])))
          << "convert_" << type << "_sat" << kModes[m] << "(" << scalar_name(scalar_of<F>()) << " "
          << std::hexfloat << inputs[i] << ")";
  }
}

}  // namespace

TEST(Conversions_6_2_3_2, RandomFloatToIntegerMatchesHostInEachMode) {
  std::mt19937_64 rng(62321);
  check_float_to_integer<std::int8_t, float>(rng);
  check_float_to_integer<std::uint8_t, float>(rng);
  check_float_to_integer<std::int16_t, float>(rng);
  check_float_to_integer<std::uint16_t, double>(rng);
  check_float_to_integer<std::int32_t, float>(rng);
  check_float_to_integer<std::int32_t, double>(rng);
  check_float_to_integer<std::uint32_t, float>(rng);
  check_float_to_integer<std::uint32_t, double>(rng);
  check_float_to_integer<std::int64_t, float>(rng);
  check_float_to_integer<std::int64_t, double>(rng);
  check_float_to_integer<std::uint64_t, float>(rng);
  check_float_to_integer<std::uint64_t, double>(rng);
}

namespace {

template <class D, class S>
void check_to_float(const std::vector<S>& inputs) {
  const std::string type(scalar_name(scalar_of<D>()));
  for (int m = 0; m < 4; ++m) {
    const auto got = convert<D>("convert_" + type + kModes[m], inputs);
    ASSERT_EQ(got.size(), inputs.size());
    for (std::size_t i = 0; i < inputs.size(); ++i) {
      const D want = reference_to_float<D, S>(inputs[i], kHostModes[m]);
      if (std::isnan(want)) {
        ASSERT_TRUE(std::isnan(got[i]));
        continue;
      }
      ASSERT_TRUE(same_bits(got[i], want))
          << "convert_" << type << kModes[m] << "(" << scalar_name(scalar_of<S>()) << " "
          << std::hexfloat << +inputs[i] << "): " << got[i] << ", expected " << want;
    }
  }
}

template <class S>
std::vector<S> integer_samples(std::mt19937_64& rng, std::size_t count) {
  std::vector<S> v = {0,
                      1,
                      std::numeric_limits<S>::min(),
                      std::numeric_limits<S>::max(),
                      S(std::numeric_limits<S>::max() - 1),
                      S(std::numeric_limits<S>::min() + 1)};
  for (int bits = 1; bits < std::numeric_limits<S>::digits; ++bits) {
    // Values with 1 + bits significant bits, ending in a tie or one off it.
    const auto base = S((S(1) << bits) | 1);
    for (S delta : {S(0), S(1), S(2)}) {
      v.push_back(S(base << (std::numeric_limits<S>::digits - bits - 1)) | delta);
      if constexpr (std::is_signed_v<S>) v.push_back(S(-v.back()));
    }
  }
  for (std::size_t i = 0; i < count; ++i) {
    auto bits = rng();
    bits >>= rng() % 64;  // every magnitude
    v.push_back(S(bits));
  }
  return v;
}

}  // namespace

TEST(Conversions_6_2_3_2, IntegerToFloatRoundsInEachMode) {
  std::mt19937_64 rng(1223);
  check_to_float<float>(integer_samples<std::int32_t>(rng, 20000));
  check_to_float<float>(integer_samples<std::uint32_t>(rng, 20000));
  check_to_float<float>(integer_samples<std::int64_t>(rng, 20000));
  check_to_float<float>(integer_samples<std::uint64_t>(rng, 20000));
  check_to_float<double>(integer_samples<std::int64_t>(rng, 20000));
  check_to_float<double>(integer_samples<std::uint64_t>(rng, 20000));
  check_to_float<double>(integer_samples<std::int32_t>(rng, 2000));
  check_to_float<float>(integer_samples<std::int16_t>(rng, 2000));
}

TEST(Conversions_6_2_3_2, DoubleToFloatRoundsInEachMode) {
  std::mt19937_64 rng(77);
  std::vector<double> inputs;
  for (int i = 0; i < 50000; ++i) {
    std::uint64_t bits = rng();
    if (i % 2) {
      // Exponents near float's range, subnormals and overflow included.
      const std::uint64_t exponent = 1023 - 160 + rng() % 300;
      bits = (bits & 0x800fffffffffffffull) | (exponent << 52);
    }
    if (i % 8 == 3) bits &= ~0x0fffffffull, bits |= 0x10000000ull;  // a tie for float
    inputs.push_back(std::bit_cast<double>(bits));
  }
  for (double x : {3.5e38, -3.5e38, 3.4028235677973366e38, 3.4028235677973362e38, 1e-46, -1e-46,
                   7.006492321624085e-46, 1.401298464324817e-45, 0.0, -0.0, double(INFINITY),
                   double(-INFINITY), double(NAN)})
    inputs.push_back(x);
  check_to_float<float>(inputs);
  // Widening is exact and ignores the rounding suffix.
  check_to_float<double>(std::vector<float>{1.1f, -3e38f, 1e-45f, INFINITY, NAN});
}

namespace {

template <class D, class S>
void check_integer_to_integer(std::mt19937_64& rng) {
  const std::string type(scalar_name(scalar_of<D>()));
  const auto inputs = integer_samples<S>(rng, 2000);
  const auto sat = convert<D>("convert_" + type + "_sat", inputs);
  const auto plain = convert<D>("convert_" + type + "_rtp", inputs);  // rounding is moot
  ASSERT_EQ(sat.size(), inputs.size());
  ASSERT_EQ(plain.size(), inputs.size());
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    // long double holds every 64-bit integer exactly (x86-64: 64-bit significand).
    static_assert(std::numeric_limits<long double>::digits >= 64);
    const long double x = inputs[i];
    const long double low = std::numeric_limits<D>::min(), high = std::numeric_limits<D>::max();
    const long double clamped = x < low ? low : x > high ? high : x;
    ASSERT_EQ(sat[i], D(clamped)) << scalar_name(scalar_of<S>()) << " " << +inputs[i];
    // Without _sat: the low bits, as two's complement (§6.2.3.3 modulo behaviour).
    const auto modulo =
        std::uint64_t(inputs[i]) & (sizeof(D) == 8 ? ~0ull : (1ull << (8 * sizeof(D))) - 1);
    D want;
    std::memcpy(&want, &modulo, sizeof(D));  // little-endian host
    ASSERT_EQ(plain[i], want) << scalar_name(scalar_of<S>()) << " " << +inputs[i];
  }
}

template <class D>
void check_from_every_integer(std::mt19937_64& rng) {
  check_integer_to_integer<D, std::int8_t>(rng);
  check_integer_to_integer<D, std::uint8_t>(rng);
  check_integer_to_integer<D, std::int16_t>(rng);
  check_integer_to_integer<D, std::uint16_t>(rng);
  check_integer_to_integer<D, std::int32_t>(rng);
  check_integer_to_integer<D, std::uint32_t>(rng);
  check_integer_to_integer<D, std::int64_t>(rng);
  check_integer_to_integer<D, std::uint64_t>(rng);
}

}  // namespace

TEST(Conversions_6_2_3_3, IntegerSaturationAndModulo) {
  std::mt19937_64 rng(5);
  check_from_every_integer<std::int8_t>(rng);
  check_from_every_integer<std::uint8_t>(rng);
  check_from_every_integer<std::int16_t>(rng);
  check_from_every_integer<std::uint16_t>(rng);
  check_from_every_integer<std::int32_t>(rng);
  check_from_every_integer<std::uint32_t>(rng);
  check_from_every_integer<std::int64_t>(rng);
  check_from_every_integer<std::uint64_t>(rng);
}

TEST(Conversions_6_2_3, VectorComponentsOnActiveLanesOnly) {
  BuiltinFn fn = resolve_mangled("_Z18convert_short3_satDv3_i");
  ASSERT_NE(fn, nullptr);
  constexpr std::uint32_t kLanes = 6;
  LaneValues in(Scalar::Int, 3, kLanes), out(Scalar::Short, 3, kLanes);
  for (std::uint32_t l = 0; l < kLanes; ++l)
    for (unsigned c = 0; c < 3; ++c)
      in.set<std::int32_t>(l, c, std::int32_t(l * 30000 - c * 70000));
  Call call;
  call.args = {in.operand()};
  call.ids = {0, 2, 5};
  call.run(fn, &out.operand());
  for (std::uint32_t l = 0; l < kLanes; ++l) {
    const bool active = l == 0 || l == 2 || l == 5;
    if (!active) {
      EXPECT_TRUE(out.intact(l, true)) << "inactive lane " << l << " was written";
      continue;
    }
    EXPECT_TRUE(out.intact(l)) << l;
    for (unsigned c = 0; c < 3; ++c) {
      const std::int64_t x = std::int64_t(l) * 30000 - std::int64_t(c) * 70000;
      EXPECT_EQ(out.get<std::int16_t>(l, c),
                std::int16_t(std::clamp<std::int64_t>(x, -32768, 32767)))
          << "lane " << l << " component " << c;
    }
  }
}

TEST(Conversions_6_2_3_2, HalfConversionsRoundInEachMode) {
  std::mt19937 rng(8);
  std::vector<float> floats;
  for (int i = 0; i < 200000; ++i) floats.push_back(std::bit_cast<float>(std::uint32_t(rng())));
  for (std::uint32_t h = 0; h < 0x7c00; h += 7) {  // ties and near-ties between halves
    const double mid = (half_value(std::uint16_t(h)) + half_value(std::uint16_t(h + 1))) / 2;
    floats.push_back(float(mid));
    floats.push_back(-std::nextafter(float(mid), 0.0f));
  }
  const Mode modes[] = {Mode::Rte, Mode::Rtz, Mode::Rtp, Mode::Rtn};
  for (int m = 0; m < 4; ++m) {
    const auto got = convert<std::uint16_t>(std::string("convert_half") + kModes[m], floats,
                                            Scalar::Float, Scalar::Half);
    ASSERT_EQ(got.size(), floats.size());
    for (std::size_t i = 0; i < floats.size(); ++i) {
      const std::uint16_t want = reference_half(floats[i], modes[m]);
      if (is_half_nan(want))
        ASSERT_TRUE(is_half_nan(got[i]));
      else
        ASSERT_EQ(got[i], want) << kModes[m] << " " << std::hexfloat << floats[i];
    }
  }
  // Half to float is exact; half to int rounds like float.
  std::vector<std::uint16_t> halves;
  for (unsigned h = 0; h < 0x10000; ++h) halves.push_back(std::uint16_t(h));
  const auto widened = convert<float>("convert_float", halves, Scalar::Half, Scalar::Float);
  ASSERT_EQ(widened.size(), halves.size());
  for (unsigned h = 0; h < 0x10000; ++h) {
    if (is_half_nan(std::uint16_t(h)))
      ASSERT_TRUE(std::isnan(widened[h]));
    else
      ASSERT_EQ(widened[h], float(half_value(std::uint16_t(h)))) << std::hex << h;
  }
  EXPECT_EQ(convert<std::int32_t>("convert_int_rte", std::vector<std::uint16_t>{0x3e00, 0x4100},
                                  Scalar::Half, Scalar::Int),
            (std::vector<std::int32_t>{2, 2}));  // 1.5 → 2, 2.5 → 2
  EXPECT_EQ(
      convert<std::uint16_t>("convert_half_rtz", std::vector<std::int32_t>{65535, -70000, 2049},
                             Scalar::Int, Scalar::Half),
      (std::vector<std::uint16_t>{0x7bff, 0xfbff, 0x6800}));
  EXPECT_EQ(convert<std::uint16_t>("convert_half", std::vector<std::int32_t>{65520, 2049, 2051},
                                   Scalar::Int, Scalar::Half),
            (std::vector<std::uint16_t>{0x7c00, 0x6800, 0x6802}));
}

TEST(Conversions_6_2_3, ResultInTheArgumentsOwnStorage) {
  // A widening conversion whose result overwrites its argument: every component is read
  // before any is written.
  BuiltinFn fn = resolve_mangled("_Z14convert_long4_Dv4_c");
  EXPECT_EQ(fn, nullptr) << "not a conversion name";
  fn = resolve_mangled("_Z13convert_long4Dv4_c");
  ASSERT_NE(fn, nullptr);
  LaneValues storage(Scalar::Long, 4, 2);
  Operand in = storage.operand();
  in.scalar = Scalar::Char;
  for (std::uint32_t l = 0; l < 2; ++l)
    for (unsigned c = 0; c < 4; ++c)
      storage.set<std::int8_t>(l, c, std::int8_t(-1 - int(c + 4 * l)));
  Call call;
  call.args = {in};
  call.ids = Call::all(2);
  call.run(fn, &storage.operand());
  for (std::uint32_t l = 0; l < 2; ++l)
    for (unsigned c = 0; c < 4; ++c)
      EXPECT_EQ(storage.get<std::int64_t>(l, c), -1 - std::int64_t(c + 4 * l)) << l << " " << c;
}
