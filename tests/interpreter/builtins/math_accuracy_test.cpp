// The math built-ins against long double references, within the ulp limits of OpenCL 1.2 §7.4
// (tables 7.1 and 7.2; half_ functions: 8192 ulp, which clvet also holds native_ functions to):
// random bit patterns (every binade, subnormals, infinities, NaNs), a dense range where the
// function is interesting, and the usual special values.
#include <bit>
#include <cmath>
#include <cstdint>
#include <functional>
#include <iostream>
#include <random>
#include <string>
#include <vector>

#include "math_harness.h"

using namespace clvet::interp;
using namespace clvet::interp::mathtest;

namespace {

constexpr long double kPiL = 3.14159265358979323846264338327950288419716939937510L;
constexpr long double kNaNL = std::numeric_limits<long double>::quiet_NaN();
// "Correctly rounded": half an ulp, and a little more for the reference's own rounding.
constexpr double kRounded = 0.5 + 1.0 / 1024;

template <class T>
constexpr Scalar scalar_of = std::is_same_v<T, float> ? Scalar::Float : Scalar::Double;

template <class T>
std::vector<T> specials() {
  using L = std::numeric_limits<T>;
  std::vector<T> v = {T(0), T(1), T(2), T(3), T(0.5), T(0.25), T(1.5), T(10), T(100),
                      T(1e-5), T(0.75), T(7), T(1e10), T(1e-10), T(2.5), T(-0.0)};
  const std::size_t n = v.size();
  for (std::size_t i = 0; i < n; ++i) v.push_back(-v[i]);
  for (T t : {L::infinity(), L::quiet_NaN(), L::denorm_min(), L::min(), L::max(), L::epsilon(),
              T(1) - L::epsilon() / 2, T(1) + L::epsilon(), L::min() / 2})
    v.insert(v.end(), {t, -t});
  return v;
}

template <class T>
T random_bits(std::mt19937_64& rng) {
  if constexpr (std::is_same_v<T, float>) return std::bit_cast<float>(std::uint32_t(rng()));
  else return std::bit_cast<double>(rng());
}

// Specials, random bit patterns, and uniform samples of [lo, hi].
template <class T>
std::vector<T> inputs(const std::string& name, long double lo, long double hi) {
  std::mt19937_64 rng(std::hash<std::string>{}(name + typeid(T).name()));
  std::vector<T> v = specials<T>();
  for (int i = 0; i < 12000; ++i) v.push_back(random_bits<T>(rng));
  std::uniform_real_distribution<double> u{double(lo), double(hi)};
  if (lo < hi)
    for (int i = 0; i < 12000; ++i) v.push_back(T(u(rng)));
  return v;
}

struct Worst {
  double ulp = 0;
  std::string where;
  template <class T>
  void note(double e, const std::string& what) {
    if (e > ulp || (std::isnan(e) && !std::isnan(ulp))) {
      ulp = e;
      where = what;
    }
  }
};

template <class T>
std::string show(T x) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%a", double(x));
  return buf;
}

void report(const std::string& name, const char* type, const Worst& w) {
  std::cout << "[ulp] " << name << " " << type << " max " << w.ulp << " at " << w.where << "\n";
}

// ---------------------------------------------------------------------------------------------
// Reference functions that glibc lacks.

bool odd_integer(long double n) { return std::fmod(n, 2.0L) != 0; }
// sin(πx) with the exact reduction x = n + d, |d| <= 1/2.
long double ref_sinpi(long double x) {
  if (std::isinf(x)) return kNaNL;
  const long double n = std::nearbyint(x), d = x - n;
  long double s = std::sin(kPiL * d);
  if (odd_integer(n)) s = -s;
  return s == 0 ? std::copysign(0.0L, x) : s;
}
long double ref_cospi(long double x) {
  if (std::isinf(x)) return kNaNL;
  const long double n = std::nearbyint(x), d = std::fabs(x - n);
  const long double c = std::sin(kPiL * (0.5L - d));
  return odd_integer(n) ? -c : c;
}
long double ref_tanpi(long double x) { return ref_sinpi(x) / ref_cospi(x); }

long double ref_powr(long double x, long double y) {
  if (std::isnan(x) || std::isnan(y) || x < 0) return kNaNL;
  if (x == 0) return y == 0 ? kNaNL : y < 0 ? INFINITY : 0.0L;
  if (std::isinf(x)) return y == 0 ? kNaNL : y < 0 ? 0.0L : INFINITY;
  if (x == 1) return std::isinf(y) ? kNaNL : 1.0L;
  return std::pow(x, y);
}
long double ref_maxmag(long double x, long double y) {
  if (std::fabs(x) > std::fabs(y)) return x;
  if (std::fabs(y) > std::fabs(x)) return y;
  return std::fmax(x, y);
}
long double ref_minmag(long double x, long double y) {
  if (std::fabs(x) < std::fabs(y)) return x;
  if (std::fabs(y) < std::fabs(x)) return y;
  return std::fmin(x, y);
}
long double ref_fdim(long double x, long double y) {
  if (std::isnan(x) || std::isnan(y)) return kNaNL;
  return x > y ? x - y : 0.0L;
}

// ---------------------------------------------------------------------------------------------
// gentype f(gentype)

struct UnaryCase {
  const char* name;
  double float_ulp;
  double double_ulp;  // < 0: float only (half_, native_)
  std::function<long double(long double)> reference;
  long double lo = 0, hi = 0;  // a range worth sampling densely
  long double max_abs = 0;     // > 0: only inputs within ±max_abs (half_sin: ±2^16)
};

std::ostream& operator<<(std::ostream& o, const UnaryCase& c) { return o << c.name; }

template <class T>
void check_unary(const UnaryCase& c) {
  const double limit = std::is_same_v<T, float> ? c.float_ulp : c.double_ulp;
  std::vector<T> xs;
  for (T x : inputs<T>(c.name, c.lo, c.hi))
    if (c.max_abs == 0 || std::fabs(x) <= c.max_abs) xs.push_back(x);
  const Scalar s = scalar_of<T>;
  LaneCall call(mangle(c.name, {value(s)}), s, 1, std::uint32_t(xs.size()));
  ASSERT_TRUE(call.resolved()) << call.mangled();
  call.value_arg(s, 1, xs);
  call.run();
  Worst worst;
  for (std::uint32_t l = 0; l < xs.size(); ++l) {
    const T got = call.result<T>(l);
    const long double want = c.reference(xs[l]);
    const double e = ulp_error(got, want);
    worst.note<T>(e, c.name + std::string("(") + show(xs[l]) + ") = " + show(got) +
                         ", reference " + show(want));
  }
  report(c.name, std::is_same_v<T, float> ? "float" : "double", worst);
  EXPECT_LE(worst.ulp, limit) << "worst: " << worst.where;
}

class MathUlpSection7_4Unary : public ::testing::TestWithParam<UnaryCase> {};

// Each case runs for float, and for double unless it is float only (table 6.9).
TEST_P(MathUlpSection7_4Unary, WithinTables7_1And7_2) {
  check_unary<float>(GetParam());
  if (GetParam().double_ulp >= 0) check_unary<double>(GetParam());
}

std::vector<UnaryCase> unary_cases() {
  using F = std::function<long double(long double)>;
  auto lib = [](long double (*f)(long double)) { return F(f); };
  const long double k16 = 65536;
  return {
      {"acos", 4, 4, lib(acosl), -1, 1},
      {"acosh", 4, 4, lib(acoshl), 1, 10},
      {"acospi", 5, 5, [](long double x) { return acosl(x) / kPiL; }, -1, 1},
      {"asin", 4, 4, lib(asinl), -1, 1},
      {"asinh", 4, 4, lib(asinhl), -10, 10},
      {"asinpi", 5, 5, [](long double x) { return asinl(x) / kPiL; }, -1, 1},
      {"atan", 5, 5, lib(atanl), -10, 10},
      {"atanh", 5, 5, lib(atanhl), -1, 1},
      {"atanpi", 5, 5, [](long double x) { return atanl(x) / kPiL; }, -10, 10},
      {"cbrt", 2, 2, lib(cbrtl), -10, 10},
      {"ceil", 0, 0, lib(ceill), -10, 10},
      {"cos", 4, 4, lib(cosl), -10, 10},
      {"cosh", 4, 4, lib(coshl), -90, 90},
      {"cospi", 4, 4, ref_cospi, -4, 4},
      {"erfc", 16, 16, lib(erfcl), -5, 30},
      {"erf", 16, 16, lib(erfl), -5, 5},
      {"exp", 3, 3, lib(expl), -100, 100},
      {"exp2", 3, 3, lib(exp2l), -150, 130},
      {"exp10", 3, 3, lib(exp10l), -40, 40},
      {"expm1", 3, 3, lib(expm1l), -2, 2},
      {"fabs", 0, 0, lib(fabsl), -10, 10},
      {"floor", 0, 0, lib(floorl), -10, 10},
      {"log", 3, 3, lib(logl), 0, 10},
      {"log2", 3, 3, lib(log2l), 0, 10},
      {"log10", 3, 3, lib(log10l), 0, 10},
      {"log1p", 2, 2, lib(log1pl), -1, 2},
      {"logb", 0, 0, lib(logbl), -10, 10},
      {"rint", 0, 0, lib(nearbyintl), -10, 10},
      {"round", 0, 0, lib(roundl), -10, 10},
      {"rsqrt", 2, 2, [](long double x) { return 1 / sqrtl(x); }, 0, 10},
      {"sin", 4, 4, lib(sinl), -10, 10},
      {"sinh", 4, 4, lib(sinhl), -90, 90},
      {"sinpi", 4, 4, ref_sinpi, -4, 4},
      {"sqrt", 3, kRounded, lib(sqrtl), 0, 10},
      {"tan", 5, 5, lib(tanl), -10, 10},
      {"tanh", 5, 5, lib(tanhl), -10, 10},
      {"tanpi", 6, 6, ref_tanpi, -4, 4},
      {"tgamma", 16, 16, lib(tgammal), -30, 40},
      {"trunc", 0, 0, lib(truncl), -10, 10},
      {"half_cos", 8192, -1, lib(cosl), -k16, k16, k16},
      {"half_exp", 8192, -1, lib(expl), -100, 100},
      {"half_exp2", 8192, -1, lib(exp2l), -150, 130},
      {"half_exp10", 8192, -1, lib(exp10l), -40, 40},
      {"half_log", 8192, -1, lib(logl), 0, 10},
      {"half_log2", 8192, -1, lib(log2l), 0, 10},
      {"half_log10", 8192, -1, lib(log10l), 0, 10},
      {"half_recip", 8192, -1, [](long double x) { return 1 / x; }, -10, 10},
      {"half_rsqrt", 8192, -1, [](long double x) { return 1 / sqrtl(x); }, 0, 10},
      {"half_sin", 8192, -1, lib(sinl), -k16, k16, k16},
      {"half_sqrt", 8192, -1, lib(sqrtl), 0, 10},
      {"half_tan", 8192, -1, lib(tanl), -k16, k16, k16},
      {"native_cos", 8192, -1, lib(cosl), -k16, k16, k16},
      {"native_exp", 8192, -1, lib(expl), -100, 100},
      {"native_exp2", 8192, -1, lib(exp2l), -150, 130},
      {"native_exp10", 8192, -1, lib(exp10l), -40, 40},
      {"native_log", 8192, -1, lib(logl), 0, 10},
      {"native_log2", 8192, -1, lib(log2l), 0, 10},
      {"native_log10", 8192, -1, lib(log10l), 0, 10},
      {"native_recip", 8192, -1, [](long double x) { return 1 / x; }, -10, 10},
      {"native_rsqrt", 8192, -1, [](long double x) { return 1 / sqrtl(x); }, 0, 10},
      {"native_sin", 8192, -1, lib(sinl), -k16, k16, k16},
      {"native_sqrt", 8192, -1, lib(sqrtl), 0, 10},
      {"native_tan", 8192, -1, lib(tanl), -k16, k16, k16},
  };
}

std::string case_name(const ::testing::TestParamInfo<UnaryCase>& info) { return info.param.name; }

INSTANTIATE_TEST_SUITE_P(Math, MathUlpSection7_4Unary, ::testing::ValuesIn(unary_cases()),
                         case_name);

// ---------------------------------------------------------------------------------------------
// gentype f(gentype, gentype)

struct BinaryCase {
  const char* name;
  double float_ulp;
  double double_ulp;  // < 0: float only
  std::function<long double(long double, long double)> reference;
  long double lo = 0, hi = 0;
};

std::ostream& operator<<(std::ostream& o, const BinaryCase& c) { return o << c.name; }

template <class T>
void check_binary(const BinaryCase& c) {
  const double limit = std::is_same_v<T, float> ? c.float_ulp : c.double_ulp;
  // Every pair of specials, then pairs of random inputs.
  const std::vector<T> sp = specials<T>();
  std::vector<T> xs, ys;
  for (T x : sp)
    for (T y : sp) {
      xs.push_back(x);
      ys.push_back(y);
    }
  const std::vector<T> a = inputs<T>(std::string(c.name) + "x", c.lo, c.hi);
  const std::vector<T> b = inputs<T>(std::string(c.name) + "y", c.lo, c.hi);
  for (std::size_t i = 0; i < a.size(); ++i) {
    xs.push_back(a[i]);
    ys.push_back(b[i]);
  }
  const Scalar s = scalar_of<T>;
  LaneCall call(mangle(c.name, {value(s), value(s)}), s, 1, std::uint32_t(xs.size()));
  ASSERT_TRUE(call.resolved()) << call.mangled();
  call.value_arg(s, 1, xs);
  call.value_arg(s, 1, ys);
  call.run();
  Worst worst;
  for (std::uint32_t l = 0; l < xs.size(); ++l) {
    const T got = call.result<T>(l);
    const long double want = c.reference(xs[l], ys[l]);
    worst.note<T>(ulp_error(got, want), c.name + std::string("(") + show(xs[l]) + ", " +
                                            show(ys[l]) + ") = " + show(got) + ", reference " +
                                            show(want));
  }
  report(c.name, std::is_same_v<T, float> ? "float" : "double", worst);
  EXPECT_LE(worst.ulp, limit) << "worst: " << worst.where;
}

class MathUlpSection7_4Binary : public ::testing::TestWithParam<BinaryCase> {};

TEST_P(MathUlpSection7_4Binary, WithinTables7_1And7_2) {
  check_binary<float>(GetParam());
  if (GetParam().double_ulp >= 0) check_binary<double>(GetParam());
}

std::vector<BinaryCase> binary_cases() {
  using F = std::function<long double(long double, long double)>;
  auto lib = [](long double (*f)(long double, long double)) { return F(f); };
  auto divide = [](long double x, long double y) { return x / y; };
  return {
      {"atan2", 6, 6, lib(atan2l), -10, 10},
      {"atan2pi", 6, 6, [](long double y, long double x) { return atan2l(y, x) / kPiL; }, -10,
       10},
      {"copysign", 0, 0, lib(copysignl), -10, 10},
      {"fdim", kRounded, kRounded, ref_fdim, -10, 10},
      {"fmax", 0, 0, lib(fmaxl), -10, 10},
      {"fmin", 0, 0, lib(fminl), -10, 10},
      {"fmod", 0, 0, lib(fmodl), -10, 10},
      {"hypot", 4, 4, lib(hypotl), -10, 10},
      {"maxmag", 0, 0, ref_maxmag, -10, 10},
      {"minmag", 0, 0, ref_minmag, -10, 10},
      {"pow", 16, 16, lib(powl), 0, 8},
      {"powr", 16, 16, ref_powr, 0, 8},
      {"remainder", 0, 0, lib(remainderl), -10, 10},
      {"half_divide", 8192, -1, divide, -10, 10},
      {"half_powr", 8192, -1, ref_powr, 0, 8},
      {"native_divide", 8192, -1, divide, -10, 10},
      {"native_powr", 8192, -1, ref_powr, 0, 8},
  };
}

std::string binary_name(const ::testing::TestParamInfo<BinaryCase>& info) {
  return info.param.name;
}

INSTANTIATE_TEST_SUITE_P(Math, MathUlpSection7_4Binary, ::testing::ValuesIn(binary_cases()),
                         binary_name);

// ---------------------------------------------------------------------------------------------
// gentype f(gentype, intn): pown and rootn (16 ulp), ldexp (correctly rounded).

template <class T>
void check_with_int(const char* name, double limit,
                    const std::function<long double(long double, int)>& reference) {
  std::mt19937_64 rng(std::hash<std::string>{}(name));
  std::vector<T> xs;
  std::vector<std::int32_t> ks;
  const std::vector<std::int32_t> special_k = {0, 1, -1, 2, -2, 3, -3, 4, 5, -5, 7, 10, -10,
                                               31, 100, -100, 1000, INT32_MAX, INT32_MIN};
  for (T x : specials<T>())
    for (std::int32_t k : special_k) {
      xs.push_back(x);
      ks.push_back(k);
    }
  const std::vector<T> a = inputs<T>(name, -4, 4);
  std::uniform_int_distribution<int> small(-40, 40);
  for (T x : a) {
    xs.push_back(x);
    ks.push_back(rng() % 4 == 0 ? std::int32_t(rng()) : small(rng));
  }
  const Scalar s = scalar_of<T>;
  LaneCall call(mangle(name, {value(s), value(Scalar::Int)}), s, 1, std::uint32_t(xs.size()));
  ASSERT_TRUE(call.resolved()) << call.mangled();
  call.value_arg(s, 1, xs);
  call.value_arg(Scalar::Int, 1, ks);
  call.run();
  Worst worst;
  for (std::uint32_t l = 0; l < xs.size(); ++l) {
    const T got = call.result<T>(l);
    const long double want = reference(xs[l], ks[l]);
    worst.note<T>(ulp_error(got, want), std::string(name) + "(" + show(xs[l]) + ", " +
                                            std::to_string(ks[l]) + ") = " + show(got) +
                                            ", reference " + show(want));
  }
  report(name, std::is_same_v<T, float> ? "float" : "double", worst);
  EXPECT_LE(worst.ulp, limit) << "worst: " << worst.where;
}

long double ref_rootn(long double x, int n) {
  if (n == 0 || std::isnan(x)) return kNaNL;
  const bool odd = n % 2 != 0;
  if (x < 0 && !odd) return kNaNL;
  // exp(log|x| / n): a different route than x^(1/n).
  long double r;
  if (x == 0) r = n > 0 ? 0.0L : INFINITY;
  else if (std::isinf(x)) r = n > 0 ? INFINITY : 0.0L;
  else r = std::exp(std::log(std::fabs(x)) / n);
  return odd ? std::copysign(r, x) : r;
}

TEST(MathUlpSection7_4, PownWithin16Ulp) {
  auto ref = [](long double x, int n) { return std::pow(x, (long double)n); };
  check_with_int<float>("pown", 16, ref);
  check_with_int<double>("pown", 16, ref);
}
TEST(MathUlpSection7_4, RootnWithin16Ulp) {
  check_with_int<float>("rootn", 16, ref_rootn);
  check_with_int<double>("rootn", 16, ref_rootn);
}
TEST(MathUlpSection7_4, LdexpCorrectlyRounded) {
  auto ref = [](long double x, int k) { return std::ldexp(x, k); };
  check_with_int<float>("ldexp", 0, ref);
  check_with_int<double>("ldexp", 0, ref);
}

// ---------------------------------------------------------------------------------------------
// fma (correctly rounded, no intermediate rounding) and mad (any value).

template <class T>
void check_fma() {
  const Scalar s = scalar_of<T>;
  std::mt19937_64 rng(7);
  std::vector<T> a, b, c;
  const std::vector<T> sp = specials<T>();
  for (T x : sp)
    for (T y : sp) {
      a.push_back(x);
      b.push_back(y);
      c.push_back(sp[(a.size() * 7) % sp.size()]);
    }
  std::uniform_real_distribution<double> u(-4, 4);
  for (int i = 0; i < 20000; ++i) {
    a.push_back(T(u(rng)));
    b.push_back(T(u(rng)));
    c.push_back(i % 2 ? T(-a.back() * b.back()) : T(u(rng)));  // cancellation exposes rounding
  }
  LaneCall call(mangle("fma", {value(s), value(s), value(s)}), s, 1, std::uint32_t(a.size()));
  ASSERT_TRUE(call.resolved());
  call.value_arg(s, 1, a);
  call.value_arg(s, 1, b);
  call.value_arg(s, 1, c);
  call.run();
  Worst worst;
  for (std::uint32_t l = 0; l < a.size(); ++l) {
    const T got = call.result<T>(l);
    const long double want = std::fma((long double)a[l], (long double)b[l], (long double)c[l]);
    worst.note<T>(ulp_error(got, want), "fma(" + show(a[l]) + ", " + show(b[l]) + ", " +
                                            show(c[l]) + ") = " + show(got));
  }
  report("fma", std::is_same_v<T, float> ? "float" : "double", worst);
  EXPECT_LE(worst.ulp, kRounded) << worst.where;
}

TEST(MathUlpSection7_4, FmaCorrectlyRounded) {
  check_fma<float>();
  check_fma<double>();
  // The product is not rounded: (1 + 2^-30)(1 - 2^-30) - 1 is -2^-60 exactly, not 0.
  LaneCall d(mangle("fma", {value(Scalar::Double), value(Scalar::Double), value(Scalar::Double)}),
             Scalar::Double, 1, 1);
  d.value_arg(Scalar::Double, 1, std::vector<double>{1 + 0x1p-30});
  d.value_arg(Scalar::Double, 1, std::vector<double>{1 - 0x1p-30});
  d.value_arg(Scalar::Double, 1, std::vector<double>{-1.0});
  d.run();
  EXPECT_EQ(d.result<double>(0), -0x1p-60);
  LaneCall f(mangle("fma", {value(Scalar::Float), value(Scalar::Float), value(Scalar::Float)}),
             Scalar::Float, 1, 1);
  f.value_arg(Scalar::Float, 1, std::vector<float>{1 + 0x1p-13f});
  f.value_arg(Scalar::Float, 1, std::vector<float>{1 - 0x1p-13f});
  f.value_arg(Scalar::Float, 1, std::vector<float>{-1.0f});
  f.run();
  EXPECT_EQ(f.result<float>(0), -0x1p-26f);
}

TEST(MathUlpSection7_4, MadApproximatesProductPlusSum) {
  LaneCall m(mangle("mad", {value(Scalar::Float, 4), value(Scalar::Float, 4),
                            value(Scalar::Float, 4)}),
             Scalar::Float, 4, 1);
  m.value_arg(Scalar::Float, 4, std::vector<float>{1, 2, 3, -4});
  m.value_arg(Scalar::Float, 4, std::vector<float>{5, 6, 0.5f, 8});
  m.value_arg(Scalar::Float, 4, std::vector<float>{1, -12, 0, 0.25f});
  m.run();
  EXPECT_EQ(m.result<float>(0, 0), 6.0f);
  EXPECT_EQ(m.result<float>(0, 1), 0.0f);
  EXPECT_EQ(m.result<float>(0, 2), 1.5f);
  EXPECT_EQ(m.result<float>(0, 3), -31.75f);
}

// ---------------------------------------------------------------------------------------------
// sincos (4 ulp for both values), lgamma (undefined ulp: checked loosely, sign exactly).

template <class T>
void check_sincos() {
  const Scalar s = scalar_of<T>;
  const std::vector<T> xs = inputs<T>("sincos", -10, 10);
  LaneCall call(mangle("sincos", {value(s), pointer(s, 1, kGlobal)}), s, 1,
                std::uint32_t(xs.size()));
  ASSERT_TRUE(call.resolved());
  call.value_arg(s, 1, xs);
  call.pointer_arg(s, 1, kGlobal);
  call.run();
  Worst sine, cosine;
  for (std::uint32_t l = 0; l < xs.size(); ++l) {
    sine.note<T>(ulp_error(call.result<T>(l), sinl(xs[l])), "sin " + show(xs[l]));
    cosine.note<T>(ulp_error(call.stored<T>(0, l), cosl(xs[l])), "cos " + show(xs[l]));
  }
  report("sincos(sin)", std::is_same_v<T, float> ? "float" : "double", sine);
  report("sincos(cos)", std::is_same_v<T, float> ? "float" : "double", cosine);
  EXPECT_LE(sine.ulp, 4) << sine.where;
  EXPECT_LE(cosine.ulp, 4) << cosine.where;
}

TEST(MathUlpSection7_4, SincosWithin4UlpForBoth) {
  check_sincos<float>();
  check_sincos<double>();
}

template <class T>
void check_lgamma_r() {
  const Scalar s = scalar_of<T>;
  const std::vector<T> xs = inputs<T>("lgamma_r", -20, 30);
  LaneCall call(mangle("lgamma_r", {value(s), pointer(Scalar::Int, 1, kPrivate)}), s, 1,
                std::uint32_t(xs.size()));
  ASSERT_TRUE(call.resolved());
  call.value_arg(s, 1, xs);
  call.pointer_arg(Scalar::Int, 1, kPrivate);
  call.run();
  LaneCall plain(mangle("lgamma", {value(s)}), s, 1, std::uint32_t(xs.size()));
  plain.value_arg(s, 1, xs);
  plain.run();
  Worst worst;
  for (std::uint32_t l = 0; l < xs.size(); ++l) {
    const T x = xs[l];
    const T got = call.result<T>(l);
    ASSERT_TRUE(same(got, plain.result<T>(l))) << "lgamma and lgamma_r differ at " << show(x);
    const long double want = lgammal(x);
    // No ulp limit is defined (§7.4 note 69); near its zeros lgamma loses relative accuracy,
    // so the error is also measured against the magnitude of the argument's logarithm.
    const double e = ulp_error(got, want);
    const long double scale = std::fmax(1.0L, std::fabs(std::log(std::fabs((long double)x))));
    const double loose = std::isfinite(e) ? double(std::fabs(got - want) / ulp_of<T>(scale)) : e;
    worst.note<T>(std::fmin(e, loose), "lgamma " + show(x) + " = " + show(got));
    const bool pole = x == 0 || (x < 0 && std::isfinite(x) && x == std::floor(x));
    const int sign = call.stored<std::int32_t>(0, l);
    if (pole) {
      EXPECT_EQ(sign, 0) << "lgamma_r(" << show(x) << ") sign at a pole (§7.5.1)";
    } else if (std::isfinite(x)) {
      // Γ is positive above 0, and below it alternates: negative on (-1, 0), (-3, -2), ...
      const int want_sign = x > 0 || !odd_integer(std::floor((long double)x)) ? 1 : -1;
      EXPECT_EQ(sign, want_sign) << "lgamma_r(" << show(x) << ")";
    }
  }
  report("lgamma", std::is_same_v<T, float> ? "float" : "double", worst);
  EXPECT_LE(worst.ulp, 16) << worst.where;
}

TEST(MathUlpSection7_4, LgammaRSignAndValue) {
  check_lgamma_r<float>();
  check_lgamma_r<double>();
}

}  // namespace
