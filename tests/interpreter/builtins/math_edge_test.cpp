// The math built-ins' edge cases, exactly as prescribed (OpenCL 1.2 §7.5: C99 TC2 F.9, with the
// additions of §7.5.1 and the changes of §7.5.2; no flushing: denormals are supported), for
// float and double; half_ and native_ functions keep their full-precision edge cases.
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "math_harness.h"

using namespace clvet::interp;
using namespace clvet::interp::mathtest;

namespace {

template <class T>
constexpr Scalar scalar_of = std::is_same_v<T, float> ? Scalar::Float : Scalar::Double;

// f(args...) for one lane, args all of type T.
template <class T>
T call(const char* name, std::vector<T> args) {
  const Scalar s = scalar_of<T>;
  std::vector<ParamType> params(args.size(), value(s));
  LaneCall c(mangle(name, params), s, 1, 1);
  EXPECT_TRUE(c.resolved()) << c.mangled();
  if (!c.resolved()) return std::numeric_limits<T>::signaling_NaN();
  for (T a : args) c.value_arg(s, 1, std::vector<T>{a});
  c.run();
  return c.result<T>(0);
}

// f(x, k) with an int k (pown, rootn, ldexp).
template <class T>
T call_int(const char* name, T x, std::int32_t k) {
  const Scalar s = scalar_of<T>;
  LaneCall c(mangle(name, {value(s), value(Scalar::Int)}), s, 1, 1);
  EXPECT_TRUE(c.resolved()) << c.mangled();
  c.value_arg(s, 1, std::vector<T>{x});
  c.value_arg(Scalar::Int, 1, std::vector<std::int32_t>{k});
  c.run();
  return c.result<T>(0);
}

template <class T>
std::string show(T x) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%a", double(x));
  return buf;
}
template <class T>
std::string show_args(const std::vector<T>& args) {
  std::string s;
  for (T a : args) s += (s.empty() ? "" : ", ") + show(a);
  return s;
}

#define EXPECT_CALL_IS(name, args, want)                                                 \
  do {                                                                                    \
    const std::vector<T> a_ = args;                                                       \
    const T got_ = call<T>(name, a_), want_ = (want);                                     \
    EXPECT_TRUE(same(got_, want_))                                                        \
        << name << "(" << show_args(a_) << ") = " << show(got_) << ", must be " << show(want_); \
  } while (0)

#define EXPECT_INT_CALL_IS(name, x, k, want)                                              \
  do {                                                                                    \
    const T got_ = call_int<T>(name, x, k), want_ = (want);                               \
    EXPECT_TRUE(same(got_, want_)) << name << "(" << show(T(x)) << ", " << (k) << ") = "  \
                                   << show(got_) << ", must be " << show(want_);          \
  } while (0)

template <class T>
class MathEdgeSection7_5 : public ::testing::Test {
 protected:
  static constexpr T inf = std::numeric_limits<T>::infinity();
  static constexpr T nan = std::numeric_limits<T>::quiet_NaN();
  static constexpr T tiny = std::numeric_limits<T>::denorm_min();
  static constexpr T max = std::numeric_limits<T>::max();
};

using Types = ::testing::Types<float, double>;
TYPED_TEST_SUITE(MathEdgeSection7_5, Types);

#define ARGS(...) (std::vector<T>{__VA_ARGS__})

TYPED_TEST(MathEdgeSection7_5, PiFunctions_7_5_1) {
  using T = TypeParam;
  const T inf = this->inf, nan = this->nan;
  EXPECT_CALL_IS("acospi", ARGS(1), T(0));
  EXPECT_CALL_IS("acospi", ARGS(T(1.5)), nan);
  EXPECT_CALL_IS("acospi", ARGS(-2), nan);
  EXPECT_CALL_IS("acospi", ARGS(-1), T(1));
  EXPECT_CALL_IS("asinpi", ARGS(T(0)), T(0));
  EXPECT_CALL_IS("asinpi", ARGS(T(-0.0)), T(-0.0));
  EXPECT_CALL_IS("asinpi", ARGS(T(1.0001)), nan);
  EXPECT_CALL_IS("asinpi", ARGS(-1), T(-0.5));
  EXPECT_CALL_IS("atanpi", ARGS(T(0)), T(0));
  EXPECT_CALL_IS("atanpi", ARGS(T(-0.0)), T(-0.0));
  EXPECT_CALL_IS("atanpi", ARGS(inf), T(0.5));
  EXPECT_CALL_IS("atanpi", ARGS(-inf), T(-0.5));
  EXPECT_CALL_IS("atanpi", ARGS(1), T(0.25));
  for (T s : {T(1), T(-1)}) {
    const T z = std::copysign(T(0), s);
    EXPECT_CALL_IS("atan2pi", ARGS(z, T(-0.0)), s);
    EXPECT_CALL_IS("atan2pi", ARGS(z, T(0)), z);
    EXPECT_CALL_IS("atan2pi", ARGS(z, T(-3)), s);
    EXPECT_CALL_IS("atan2pi", ARGS(z, T(3)), z);
    EXPECT_CALL_IS("atan2pi", ARGS(s * 2, T(0)), s * T(0.5));
    EXPECT_CALL_IS("atan2pi", ARGS(s * 2, T(-0.0)), s * T(0.5));
    EXPECT_CALL_IS("atan2pi", ARGS(s * 5, -inf), s);
    EXPECT_CALL_IS("atan2pi", ARGS(s * 5, inf), z);
    EXPECT_CALL_IS("atan2pi", ARGS(s * inf, T(7)), s * T(0.5));
    EXPECT_CALL_IS("atan2pi", ARGS(s * inf, -inf), s * T(0.75));
    EXPECT_CALL_IS("atan2pi", ARGS(s * inf, inf), s * T(0.25));
  }
  EXPECT_CALL_IS("cospi", ARGS(T(0)), T(1));
  EXPECT_CALL_IS("cospi", ARGS(T(-0.0)), T(1));
  for (T h : {T(0.5), T(1.5), T(-0.5), T(-2.5), T(1000.5), T(4096.5)})
    EXPECT_CALL_IS("cospi", ARGS(h), T(0));
  EXPECT_CALL_IS("cospi", ARGS(inf), nan);
  EXPECT_CALL_IS("cospi", ARGS(-inf), nan);
  EXPECT_CALL_IS("cospi", ARGS(1), T(-1));
  EXPECT_CALL_IS("cospi", ARGS(T(1e30)), T(1));  // an even integer
  EXPECT_CALL_IS("sinpi", ARGS(T(0)), T(0));
  EXPECT_CALL_IS("sinpi", ARGS(T(-0.0)), T(-0.0));
  for (T n : {T(1), T(2), T(3), T(17), T(1e6), T(1e30)}) {
    EXPECT_CALL_IS("sinpi", ARGS(n), T(0));
    EXPECT_CALL_IS("sinpi", ARGS(-n), T(-0.0));
  }
  EXPECT_CALL_IS("sinpi", ARGS(T(0.5)), T(1));
  EXPECT_CALL_IS("sinpi", ARGS(T(-1.5)), T(1));
  EXPECT_CALL_IS("sinpi", ARGS(inf), nan);
  EXPECT_CALL_IS("sinpi", ARGS(-inf), nan);
  EXPECT_CALL_IS("sinpi", ARGS(this->tiny), T(this->tiny * T(3)));  // π·denorm_min rounds to 3
  EXPECT_CALL_IS("tanpi", ARGS(T(0)), T(0));
  EXPECT_CALL_IS("tanpi", ARGS(T(-0.0)), T(-0.0));
  EXPECT_CALL_IS("tanpi", ARGS(inf), nan);
  EXPECT_CALL_IS("tanpi", ARGS(-inf), nan);
  for (T n : {T(2), T(-2), T(4), T(-10), T(1e30)})
    EXPECT_CALL_IS("tanpi", ARGS(n), std::copysign(T(0), n));
  for (T n : {T(1), T(-1), T(3), T(-7)})
    EXPECT_CALL_IS("tanpi", ARGS(n), std::copysign(T(0), -n));
  for (T n : {T(0), T(2), T(-2), T(-4), T(100)}) EXPECT_CALL_IS("tanpi", ARGS(n + T(0.5)), inf);
  for (T n : {T(1), T(-1), T(3), T(-3), T(101)}) EXPECT_CALL_IS("tanpi", ARGS(n + T(0.5)), -inf);
  EXPECT_CALL_IS("tanpi", ARGS(T(0.25)), T(1));
  EXPECT_CALL_IS("tanpi", ARGS(T(-0.75)), T(1));
}

TYPED_TEST(MathEdgeSection7_5, RoundingToIntegers_7_5_1) {
  using T = TypeParam;
  const T inf = this->inf, nan = this->nan;
  for (T x : {T(-0.5), T(-0.25), T(-1e-30), -this->tiny, T(-0.0)}) {
    EXPECT_CALL_IS("ceil", ARGS(x), T(-0.0));
    EXPECT_CALL_IS("trunc", ARGS(x), T(-0.0));
    EXPECT_CALL_IS("rint", ARGS(x), T(-0.0));
  }
  EXPECT_CALL_IS("ceil", ARGS(T(-0.999)), T(-0.0));
  EXPECT_CALL_IS("trunc", ARGS(T(-0.999)), T(-0.0));
  EXPECT_CALL_IS("round", ARGS(T(-0.499)), T(-0.0));
  EXPECT_CALL_IS("round", ARGS(T(-0.5)), T(-1));
  EXPECT_CALL_IS("round", ARGS(T(2.5)), T(3));
  EXPECT_CALL_IS("rint", ARGS(T(2.5)), T(2));
  EXPECT_CALL_IS("rint", ARGS(T(-1.5)), T(-2));
  EXPECT_CALL_IS("floor", ARGS(T(-0.0)), T(-0.0));
  EXPECT_CALL_IS("floor", ARGS(-this->tiny), T(-1));
  for (const char* f : {"ceil", "floor", "trunc", "round", "rint"}) {
    EXPECT_CALL_IS(f, ARGS(inf), inf);
    EXPECT_CALL_IS(f, ARGS(-inf), -inf);
    EXPECT_CALL_IS(f, ARGS(nan), nan);
  }
}

TYPED_TEST(MathEdgeSection7_5, ExponentialsAndLogarithms_F_9_3) {
  using T = TypeParam;
  const T inf = this->inf, nan = this->nan;
  for (const char* f : {"exp", "exp2", "exp10", "half_exp", "half_exp2", "half_exp10",
                        "native_exp", "native_exp2", "native_exp10"}) {
    if (std::is_same_v<T, double> && f[0] != 'e') continue;
    EXPECT_CALL_IS(f, ARGS(T(0)), T(1));
    EXPECT_CALL_IS(f, ARGS(T(-0.0)), T(1));
    EXPECT_CALL_IS(f, ARGS(-inf), T(0));
    EXPECT_CALL_IS(f, ARGS(inf), inf);
    EXPECT_CALL_IS(f, ARGS(nan), nan);
    EXPECT_CALL_IS(f, ARGS(this->max), inf);
  }
  EXPECT_CALL_IS("exp10", ARGS(T(2)), T(100));
  EXPECT_CALL_IS("exp2", ARGS(T(-149)), T(0x1p-149));  // a denormal, not flushed
  EXPECT_CALL_IS("expm1", ARGS(T(-0.0)), T(-0.0));
  EXPECT_CALL_IS("expm1", ARGS(-inf), T(-1));
  for (const char* f : {"log", "log2", "log10", "half_log", "half_log2", "half_log10",
                        "native_log", "native_log2", "native_log10"}) {
    if (std::is_same_v<T, double> && f[0] != 'l') continue;
    EXPECT_CALL_IS(f, ARGS(T(0)), -inf);
    EXPECT_CALL_IS(f, ARGS(T(-0.0)), -inf);
    EXPECT_CALL_IS(f, ARGS(T(1)), T(0));
    EXPECT_CALL_IS(f, ARGS(T(-1)), nan);
    EXPECT_CALL_IS(f, ARGS(inf), inf);
    EXPECT_CALL_IS(f, ARGS(-inf), nan);
  }
  EXPECT_CALL_IS("log2", ARGS(this->tiny), (std::is_same_v<T, float> ? T(-149) : T(-1074)));
  EXPECT_CALL_IS("log1p", ARGS(T(-0.0)), T(-0.0));
  EXPECT_CALL_IS("log1p", ARGS(T(-1)), -inf);
  EXPECT_CALL_IS("log1p", ARGS(T(-2)), nan);
  EXPECT_CALL_IS("logb", ARGS(T(0)), -inf);
  EXPECT_CALL_IS("logb", ARGS(-inf), inf);
  EXPECT_CALL_IS("logb", ARGS(this->tiny), (std::is_same_v<T, float> ? T(-149) : T(-1074)));
}

TYPED_TEST(MathEdgeSection7_5, PowersAndRoots_7_5_1) {
  using T = TypeParam;
  const T inf = this->inf, nan = this->nan;
  // pow (C99 F.9.4.4, and pow(±0, -∞) = +∞)
  EXPECT_CALL_IS("pow", ARGS(T(0), -inf), inf);
  EXPECT_CALL_IS("pow", ARGS(T(-0.0), -inf), inf);
  EXPECT_CALL_IS("pow", ARGS(nan, T(0)), T(1));
  EXPECT_CALL_IS("pow", ARGS(T(1), nan), T(1));
  EXPECT_CALL_IS("pow", ARGS(T(-1), inf), T(1));
  EXPECT_CALL_IS("pow", ARGS(T(-0.0), T(-3)), -inf);
  EXPECT_CALL_IS("pow", ARGS(T(-0.0), T(3)), T(-0.0));
  EXPECT_CALL_IS("pow", ARGS(T(-2), T(0.5)), nan);
  EXPECT_CALL_IS("pow", ARGS(T(-2), T(3)), T(-8));
  // pown
  for (T x : {T(0), T(-0.0), nan, inf, -inf, T(5)}) EXPECT_INT_CALL_IS("pown", x, 0, T(1));
  EXPECT_INT_CALL_IS("pown", T(0), -3, inf);
  EXPECT_INT_CALL_IS("pown", T(-0.0), -3, -inf);
  EXPECT_INT_CALL_IS("pown", T(-0.0), -2, inf);
  EXPECT_INT_CALL_IS("pown", T(-0.0), 2, T(0));
  EXPECT_INT_CALL_IS("pown", T(-0.0), 3, T(-0.0));
  EXPECT_INT_CALL_IS("pown", T(-2), 3, T(-8));
  EXPECT_INT_CALL_IS("pown", T(-2), -1, T(-0.5));
  // powr, and half_/native_ powr with the same edge cases
  std::vector<const char*> powr = {"powr"};
  if (std::is_same_v<T, float>) powr.insert(powr.end(), {"half_powr", "native_powr"});
  for (const char* f : powr) {
    EXPECT_CALL_IS(f, ARGS(T(2), T(0)), T(1));
    EXPECT_CALL_IS(f, ARGS(T(2), T(-0.0)), T(1));
    EXPECT_CALL_IS(f, ARGS(T(0), T(-2)), inf);
    EXPECT_CALL_IS(f, ARGS(T(-0.0), T(-3)), inf);
    EXPECT_CALL_IS(f, ARGS(T(0), -inf), inf);
    EXPECT_CALL_IS(f, ARGS(T(-0.0), -inf), inf);
    EXPECT_CALL_IS(f, ARGS(T(0), T(3)), T(0));
    EXPECT_CALL_IS(f, ARGS(T(-0.0), T(3)), T(0));
    EXPECT_CALL_IS(f, ARGS(T(1), T(1e30)), T(1));
    EXPECT_CALL_IS(f, ARGS(T(-2), T(2)), nan);
    EXPECT_CALL_IS(f, ARGS(T(0), T(0)), nan);
    EXPECT_CALL_IS(f, ARGS(T(-0.0), T(-0.0)), nan);
    EXPECT_CALL_IS(f, ARGS(inf, T(0)), nan);
    EXPECT_CALL_IS(f, ARGS(inf, T(-0.0)), nan);
    EXPECT_CALL_IS(f, ARGS(T(1), inf), nan);
    EXPECT_CALL_IS(f, ARGS(T(1), -inf), nan);
    EXPECT_CALL_IS(f, ARGS(T(2), nan), nan);
    EXPECT_CALL_IS(f, ARGS(nan, T(0)), nan);
    EXPECT_CALL_IS(f, ARGS(T(4), T(0.5)), T(2));
  }
  // rootn
  EXPECT_INT_CALL_IS("rootn", T(0), -3, inf);
  EXPECT_INT_CALL_IS("rootn", T(-0.0), -3, -inf);
  EXPECT_INT_CALL_IS("rootn", T(-0.0), -2, inf);
  EXPECT_INT_CALL_IS("rootn", T(-0.0), 2, T(0));
  EXPECT_INT_CALL_IS("rootn", T(-0.0), 3, T(-0.0));
  EXPECT_INT_CALL_IS("rootn", T(-8), 2, nan);
  EXPECT_INT_CALL_IS("rootn", T(-8), 3, T(-2));
  EXPECT_INT_CALL_IS("rootn", T(27), 3, T(3));
  EXPECT_INT_CALL_IS("rootn", T(4), -2, T(0.5));
  EXPECT_INT_CALL_IS("rootn", T(5), 0, nan);
  EXPECT_INT_CALL_IS("rootn", inf, 3, inf);
  EXPECT_INT_CALL_IS("rootn", -inf, 3, -inf);
  EXPECT_INT_CALL_IS("rootn", inf, -3, T(0));
  // sqrt, rsqrt, cbrt (and their half_/native_ forms: the same edge cases)
  std::vector<const char*> sqrt = {"sqrt"}, rsqrt = {"rsqrt"};
  if (std::is_same_v<T, float>) {
    sqrt.insert(sqrt.end(), {"half_sqrt", "native_sqrt"});
    rsqrt.insert(rsqrt.end(), {"half_rsqrt", "native_rsqrt"});
  }
  for (const char* f : sqrt) {
    EXPECT_CALL_IS(f, ARGS(T(-0.0)), T(-0.0));
    EXPECT_CALL_IS(f, ARGS(T(-1)), nan);
    EXPECT_CALL_IS(f, ARGS(inf), inf);
    EXPECT_CALL_IS(f, ARGS(T(4)), T(2));
  }
  for (const char* f : rsqrt) {
    EXPECT_CALL_IS(f, ARGS(T(0)), inf);
    EXPECT_CALL_IS(f, ARGS(T(-0.0)), -inf);
    EXPECT_CALL_IS(f, ARGS(inf), T(0));
    EXPECT_CALL_IS(f, ARGS(T(-4)), nan);
    EXPECT_CALL_IS(f, ARGS(T(4)), T(0.5));
  }
  EXPECT_CALL_IS("sqrt", ARGS(T(4) * this->tiny), T(2) * std::sqrt(this->tiny));
  EXPECT_CALL_IS("cbrt", ARGS(T(-0.0)), T(-0.0));
  EXPECT_CALL_IS("cbrt", ARGS(-inf), -inf);
  EXPECT_CALL_IS("cbrt", ARGS(T(-27)), T(-3));
  EXPECT_CALL_IS("hypot", ARGS(inf, nan), inf);
  EXPECT_CALL_IS("hypot", ARGS(nan, -inf), inf);
  EXPECT_CALL_IS("hypot", ARGS(T(3), T(-4)), T(5));
  EXPECT_CALL_IS("hypot", ARGS(this->max, this->max), inf);
  EXPECT_CALL_IS("hypot", ARGS(T(3) * this->tiny, T(4) * this->tiny), T(5) * this->tiny);
}

TYPED_TEST(MathEdgeSection7_5, TrigonometricAndHyperbolic_F_9_1_F_9_2) {
  using T = TypeParam;
  const T inf = this->inf, nan = this->nan;
  for (const char* f : {"sin", "tan", "asin", "atan", "sinh", "tanh", "asinh", "atanh", "erf",
                        "expm1", "cbrt", "sinpi", "tanpi", "asinpi", "atanpi"}) {
    EXPECT_CALL_IS(f, ARGS(T(0)), T(0));
    EXPECT_CALL_IS(f, ARGS(T(-0.0)), T(-0.0));
  }
  // f(x) rounds to x for the smallest denormal x: computed, not flushed to zero.
  for (const char* f : {"sin", "tan", "asin", "atan", "sinh", "tanh", "asinh", "atanh", "erf",
                        "expm1"}) {
    EXPECT_CALL_IS(f, ARGS(this->tiny), this->tiny);
    EXPECT_CALL_IS(f, ARGS(-this->tiny), -this->tiny);
  }
  for (const char* f : {"sin", "cos", "tan"}) {
    EXPECT_CALL_IS(f, ARGS(inf), nan);
    EXPECT_CALL_IS(f, ARGS(-inf), nan);
  }
  EXPECT_CALL_IS("cos", ARGS(T(-0.0)), T(1));
  EXPECT_CALL_IS("cosh", ARGS(T(-0.0)), T(1));
  EXPECT_CALL_IS("cosh", ARGS(-inf), inf);
  EXPECT_CALL_IS("sinh", ARGS(-inf), -inf);
  EXPECT_CALL_IS("tanh", ARGS(-inf), T(-1));
  EXPECT_CALL_IS("asinh", ARGS(-inf), -inf);
  EXPECT_CALL_IS("acosh", ARGS(T(1)), T(0));
  EXPECT_CALL_IS("acosh", ARGS(T(0.5)), nan);
  EXPECT_CALL_IS("atanh", ARGS(T(1)), inf);
  EXPECT_CALL_IS("atanh", ARGS(T(-1)), -inf);
  EXPECT_CALL_IS("atanh", ARGS(T(2)), nan);
  EXPECT_CALL_IS("acos", ARGS(T(1)), T(0));
  EXPECT_CALL_IS("acos", ARGS(T(2)), nan);
  EXPECT_CALL_IS("asin", ARGS(T(-2)), nan);
  EXPECT_CALL_IS("atan2", ARGS(T(-0.0), T(-0.0)), T(-3.14159265358979323846L));
  EXPECT_CALL_IS("atan2", ARGS(T(0), T(0)), T(0));
  EXPECT_CALL_IS("atan2", ARGS(-inf, inf), T(-0.785398163397448309616L));
  if (std::is_same_v<T, float>) {
    for (const char* f : {"half_sin", "half_tan", "native_sin", "native_tan"}) {
      EXPECT_CALL_IS(f, ARGS(T(-0.0)), T(-0.0));
      EXPECT_CALL_IS(f, ARGS(T(0)), T(0));
    }
    EXPECT_CALL_IS("half_cos", ARGS(T(0)), T(1));
    EXPECT_CALL_IS("native_cos", ARGS(T(0)), T(1));
  }
}

TYPED_TEST(MathEdgeSection7_5, ErrorAndGamma_F_9_5) {
  using T = TypeParam;
  const T inf = this->inf, nan = this->nan;
  EXPECT_CALL_IS("erf", ARGS(inf), T(1));
  EXPECT_CALL_IS("erf", ARGS(-inf), T(-1));
  EXPECT_CALL_IS("erfc", ARGS(-inf), T(2));
  EXPECT_CALL_IS("erfc", ARGS(inf), T(0));
  EXPECT_CALL_IS("erfc", ARGS(T(0)), T(1));
  EXPECT_CALL_IS("tgamma", ARGS(T(0)), inf);
  EXPECT_CALL_IS("tgamma", ARGS(T(-0.0)), -inf);
  EXPECT_CALL_IS("tgamma", ARGS(T(-2)), nan);
  EXPECT_CALL_IS("tgamma", ARGS(-inf), nan);
  EXPECT_CALL_IS("tgamma", ARGS(inf), inf);
  EXPECT_CALL_IS("tgamma", ARGS(T(5)), T(24));
  EXPECT_CALL_IS("lgamma", ARGS(T(1)), T(0));
  EXPECT_CALL_IS("lgamma", ARGS(T(2)), T(0));
  EXPECT_CALL_IS("lgamma", ARGS(T(0)), inf);
  EXPECT_CALL_IS("lgamma", ARGS(T(-3)), inf);
  EXPECT_CALL_IS("lgamma", ARGS(-inf), inf);
  // lgamma_r's sign is 0 at zero and the negative integers (§7.5.1).
  const Scalar s = scalar_of<T>;
  const std::vector<T> xs = {T(0), T(-0.0), T(-1), T(-4), T(-0.5), T(-1.5), T(3)};
  const std::vector<int> signs = {0, 0, 0, 0, -1, 1, 1};
  LaneCall c(mangle("lgamma_r", {value(s), pointer(Scalar::Int, 1, kGlobal)}), s, 1,
             std::uint32_t(xs.size()));
  c.value_arg(s, 1, xs);
  c.pointer_arg(Scalar::Int, 1, kGlobal);
  c.run();
  for (std::uint32_t l = 0; l < xs.size(); ++l)
    EXPECT_EQ(c.stored<std::int32_t>(0, l), signs[l]) << "lgamma_r(" << show(xs[l]) << ")";
}

TYPED_TEST(MathEdgeSection7_5, MinMaxDifferenceRemainders_7_5_1) {
  using T = TypeParam;
  const T inf = this->inf, nan = this->nan;
  EXPECT_CALL_IS("fdim", ARGS(T(1), nan), nan);
  EXPECT_CALL_IS("fdim", ARGS(nan, T(1)), nan);
  EXPECT_CALL_IS("fdim", ARGS(T(1), T(3)), T(0));
  EXPECT_CALL_IS("fdim", ARGS(T(3), T(1)), T(2));
  EXPECT_CALL_IS("fdim", ARGS(this->max, -this->max), inf);
  EXPECT_CALL_IS("fmod", ARGS(T(0), nan), nan);
  EXPECT_CALL_IS("fmod", ARGS(T(-0.0), nan), nan);
  EXPECT_CALL_IS("fmod", ARGS(T(-0.0), T(3)), T(-0.0));
  EXPECT_CALL_IS("fmod", ARGS(T(5), inf), T(5));
  EXPECT_CALL_IS("fmod", ARGS(inf, T(5)), nan);
  EXPECT_CALL_IS("fmod", ARGS(T(5), T(0)), nan);
  EXPECT_CALL_IS("fmod", ARGS(T(-7), T(3)), T(-1));
  EXPECT_CALL_IS("remainder", ARGS(T(5), T(0)), nan);
  EXPECT_CALL_IS("remainder", ARGS(inf, T(1)), nan);
  EXPECT_CALL_IS("remainder", ARGS(T(-3), T(3)), T(-0.0));
  EXPECT_CALL_IS("remainder", ARGS(T(7), T(2)), T(-1));
  for (const char* f : {"fmin", "fmax", "minmag", "maxmag"}) {
    EXPECT_CALL_IS(f, ARGS(nan, T(2)), T(2));
    EXPECT_CALL_IS(f, ARGS(T(2), nan), T(2));
    EXPECT_CALL_IS(f, ARGS(nan, nan), nan);
    // Footnote 48: a signaling NaN may behave as a quiet one, and does here.
    EXPECT_CALL_IS(f, ARGS(std::numeric_limits<T>::signaling_NaN(), T(2)), T(2));
    EXPECT_CALL_IS(f, ARGS(T(-2), std::numeric_limits<T>::signaling_NaN()), T(-2));
  }
  EXPECT_CALL_IS("fmin", ARGS(-inf, T(2)), -inf);
  EXPECT_CALL_IS("fmax", ARGS(-inf, T(2)), T(2));
  EXPECT_CALL_IS("maxmag", ARGS(T(-3), T(2)), T(-3));
  EXPECT_CALL_IS("minmag", ARGS(T(-3), T(2)), T(2));
  EXPECT_CALL_IS("maxmag", ARGS(T(-2), T(2)), T(2));  // |x| == |y|: fmax
  EXPECT_CALL_IS("minmag", ARGS(T(-2), T(2)), T(-2));  // |x| == |y|: fmin
  EXPECT_CALL_IS("copysign", ARGS(T(3), T(-0.0)), T(-3));
  EXPECT_CALL_IS("copysign", ARGS(inf, T(-1)), -inf);
  EXPECT_CALL_IS("fabs", ARGS(T(-0.0)), T(0));
  EXPECT_CALL_IS("fabs", ARGS(-inf), inf);
  EXPECT_CALL_IS("nextafter", ARGS(T(-0.0), T(1)), this->tiny);
  EXPECT_CALL_IS("nextafter", ARGS(T(0), T(-1)), -this->tiny);
  EXPECT_CALL_IS("nextafter", ARGS(this->max, inf), inf);
  EXPECT_CALL_IS("nextafter", ARGS(T(1), nan), nan);
  EXPECT_INT_CALL_IS("ldexp", T(-0.0), 10, T(-0.0));
  EXPECT_INT_CALL_IS("ldexp", T(1), -1000000, T(0));
  EXPECT_INT_CALL_IS("ldexp", T(-1), 1000000, -inf);
  EXPECT_INT_CALL_IS("ldexp", T(3), (std::is_same_v<T, float> ? -150 : -1075), this->tiny * 2);
  EXPECT_CALL_IS("fma", ARGS(inf, T(0), T(1)), nan);
  EXPECT_CALL_IS("fma", ARGS(T(2), T(3), -inf), -inf);
  EXPECT_CALL_IS("fma", ARGS(this->tiny, T(0.5), this->tiny), this->tiny * 2);  // 1.5 tiny, ties to even
}

// remquo (§7.5.1): a NaN and 0 in quo when x is ±∞, y is 0, or either is a NaN.
TYPED_TEST(MathEdgeSection7_5, RemquoNanCases_7_5_1) {
  using T = TypeParam;
  const T inf = this->inf, nan = this->nan;
  const Scalar s = scalar_of<T>;
  const std::vector<T> xs = {inf, -inf, T(3), T(3), nan, T(0), T(-3)};
  const std::vector<T> ys = {T(2), T(2), T(0), nan, T(1), T(-0.0), T(3)};
  LaneCall c(mangle("remquo", {value(s), value(s), pointer(Scalar::Int, 1, kPrivate)}), s, 1,
             std::uint32_t(xs.size()));
  c.value_arg(s, 1, xs);
  c.value_arg(s, 1, ys);
  c.pointer_arg(Scalar::Int, 1, kPrivate);
  c.run();
  for (std::uint32_t l = 0; l < 6; ++l) {
    EXPECT_TRUE(std::isnan(c.result<T>(l))) << show(xs[l]) << ", " << show(ys[l]);
    EXPECT_EQ(c.stored<std::int32_t>(0, l), 0) << show(xs[l]) << ", " << show(ys[l]);
  }
  EXPECT_TRUE(same(c.result<T>(6), T(-0.0))) << "a zero remainder has x's sign";
  EXPECT_EQ(c.stored<std::int32_t>(0, 6), -1);
}

// fract (§7.5.1) and modf (§7.5.2) on ±0, ±∞ and NaN; frexp stores 0 for ±∞ and NaN.
TYPED_TEST(MathEdgeSection7_5, FractModfFrexpSpecialValues) {
  using T = TypeParam;
  const T inf = this->inf, nan = this->nan;
  const Scalar s = scalar_of<T>;
  const std::vector<T> xs = {T(0), T(-0.0), inf, -inf, nan, -this->tiny, T(-1.25)};
  const std::vector<T> fract = {T(0), T(-0.0), T(0), T(-0.0), nan,
                                T(1) - std::numeric_limits<T>::epsilon() / 2, T(0.75)};
  const std::vector<T> floor = {T(0), T(-0.0), inf, -inf, nan, T(-1), T(-2)};
  const std::vector<T> modf = {T(0), T(-0.0), T(0), T(-0.0), nan, -this->tiny, T(-0.25)};
  const std::vector<T> trunc = {T(0), T(-0.0), inf, -inf, nan, T(-0.0), T(-1)};
  const auto n = std::uint32_t(xs.size());
  LaneCall f(mangle("fract", {value(s), pointer(s, 1, kPrivate)}), s, 1, n);
  LaneCall m(mangle("modf", {value(s), pointer(s, 1, kPrivate)}), s, 1, n);
  LaneCall e(mangle("frexp", {value(s), pointer(Scalar::Int, 1, kGlobal)}), s, 1, n);
  for (LaneCall* c : {&f, &m}) {
    c->value_arg(s, 1, xs);
    c->pointer_arg(s, 1, kPrivate);
    c->run();
  }
  e.value_arg(s, 1, xs);
  e.pointer_arg(Scalar::Int, 1, kGlobal);
  e.run();
  for (std::uint32_t l = 0; l < n; ++l) {
    EXPECT_TRUE(same(f.result<T>(l), fract[l])) << "fract(" << show(xs[l]) << ")";
    EXPECT_TRUE(same(f.stored<T>(0, l), floor[l])) << "fract(" << show(xs[l]) << ") iptr";
    EXPECT_TRUE(same(m.result<T>(l), modf[l])) << "modf(" << show(xs[l]) << ")";
    EXPECT_TRUE(same(m.stored<T>(0, l), trunc[l])) << "modf(" << show(xs[l]) << ") iptr";
    if (l < 5) {
      EXPECT_TRUE(same(e.result<T>(l), xs[l])) << "frexp(" << show(xs[l]) << ")";
      EXPECT_EQ(e.stored<std::int32_t>(0, l), 0) << "frexp(" << show(xs[l]) << ")";
    }
  }
  EXPECT_EQ(e.result<T>(5), T(-0.5));
  EXPECT_EQ(e.stored<std::int32_t>(0, 5), (std::is_same_v<T, float> ? -148 : -1073));
}

// Table 6.9's reciprocal and division keep IEEE edge cases.
TEST(MathEdgeSection7_5_1, HalfAndNativeDivisionEdgeCases) {
  using T = float;
  const T inf = std::numeric_limits<T>::infinity();
  for (const char* f : {"half_recip", "native_recip"}) {
    EXPECT_CALL_IS(f, ARGS(T(0)), inf);
    EXPECT_CALL_IS(f, ARGS(T(-0.0)), -inf);
    EXPECT_CALL_IS(f, ARGS(-inf), T(-0.0));
    EXPECT_CALL_IS(f, ARGS(T(4)), T(0.25));
  }
  for (const char* f : {"half_divide", "native_divide"}) {
    EXPECT_CALL_IS(f, ARGS(T(1), T(-0.0)), -inf);
    EXPECT_CALL_IS(f, ARGS(T(0), T(0)), std::numeric_limits<T>::quiet_NaN());
    EXPECT_CALL_IS(f, ARGS(T(6), T(-3)), T(-2));
  }
}

}  // namespace
