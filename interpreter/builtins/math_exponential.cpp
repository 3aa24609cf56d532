// The exponential, logarithmic, power, root, error and gamma math built-ins (OpenCL 1.2
// §6.12.2, limits in §7.4, edge cases in §7.5.1): float is computed in double and rounded once;
// double comes from glibc where it is within the limit, else from long double.
#include <cmath>
#include <cstdint>
#include <limits>

#include "math_lanes.h"

namespace clvet::interp::math {
namespace {

template <class T>
constexpr T kNaN = std::numeric_limits<T>::quiet_NaN();
template <class T>
constexpr T kInf = std::numeric_limits<T>::infinity();

struct Exp { template <class T> static T eval(T x) { return T(std::exp(double(x))); } };
struct Exp2 { template <class T> static T eval(T x) { return T(std::exp2(double(x))); } };
struct Exp10 { template <class T> static T eval(T x) { return T(::exp10(double(x))); } };
struct Expm1 { template <class T> static T eval(T x) { return T(std::expm1(double(x))); } };
struct Log { template <class T> static T eval(T x) { return T(std::log(double(x))); } };
struct Log2 { template <class T> static T eval(T x) { return T(std::log2(double(x))); } };
struct Log10 { template <class T> static T eval(T x) { return T(std::log10(double(x))); } };
struct Log1p { template <class T> static T eval(T x) { return T(std::log1p(double(x))); } };
struct Erf { template <class T> static T eval(T x) { return T(std::erf(double(x))); } };
struct Erfc { template <class T> static T eval(T x) { return T(std::erfc(double(x))); } };
struct Sqrt { template <class T> static T eval(T x) { return std::sqrt(x); } };
// glibc's cbrt is up to 4 ulp off in double; §7.4 allows 2.
struct Cbrt { template <class T> static T eval(T x) { return T(std::cbrt(Wide<T>(x))); } };
struct Rsqrt {
  template <class T>
  static T eval(T x) { return T(Wide<T>(1) / std::sqrt(Wide<T>(x))); }
};
struct Tgamma { template <class T> static T eval(T x) { return T(std::tgamma(Wide<T>(x))); } };
struct Hypot {
  template <class T>
  static T eval(T x, T y) { return T(std::hypot(double(x), double(y))); }
};
struct Pow {
  template <class T>
  static T eval(T x, T y) { return T(std::pow(double(x), double(y))); }
};

// pow restricted to x >= 0, with the special values of §7.5.1 where they differ from pow's.
struct Powr {
  template <class T>
  static T eval(T x, T y) {
    if (std::isnan(x) || std::isnan(y)) return x + y;  // returns the NaN
    if (x < T(0)) return kNaN<T>;
    if (x == T(0)) {
      if (y == T(0)) return kNaN<T>;
      return y < T(0) ? kInf<T> : T(0);  // powr(±0, y) is +0 for y > 0, not ±0
    }
    if (std::isinf(x)) {
      if (y == T(0)) return kNaN<T>;
      return y < T(0) ? T(0) : kInf<T>;
    }
    if (x == T(1)) return std::isinf(y) ? kNaN<T> : T(1);
    return T(std::pow(double(x), double(y)));
  }
};

// pow with an integral exponent: an int converts to double exactly, and pow's special values
// for integral y are pown's (§7.5.1: pown(x, 0) is 1 even for a NaN).
struct Pown {
  template <class T>
  static T eval(T x, std::int32_t n) { return T(std::pow(double(x), double(n))); }
};

// x^(1/n): 1/n carries a rounding error that pow multiplies by |log x|, so it is formed in the
// wider type, where that error stays far below an ulp of T.
struct Rootn {
  template <class T>
  static T eval(T x, std::int32_t n) {
    using W = Wide<T>;
    if (n == 0) return kNaN<T>;
    if (std::isnan(x)) return x;
    const bool odd = (n & 1) != 0;
    if (x < T(0) && !odd) return kNaN<T>;
    const T r = T(std::pow(std::fabs(W(x)), W(1) / W(n)));
    return odd ? std::copysign(r, x) : r;  // rootn(±0, n) keeps the sign for odd n only
  }
};

// The sign of Γ(x), as lgamma_r reports it: 0 where Γ has a pole (§7.5.1).
template <class T>
T lgamma_with_sign(T x, std::int32_t& sign) {
  int s = 0;
  const T r = T(::lgamma_r(double(x), &s));
  const bool pole = x == T(0) || (x < T(0) && std::isfinite(x) && x == std::floor(x));
  sign = pole || std::isnan(x) ? 0 : s;
  return r;
}
struct Lgamma {
  template <class T>
  static T eval(T x) {
    std::int32_t sign;
    return lgamma_with_sign(x, sign);
  }
};
struct LgammaR {
  template <class T>
  static T eval(T x, std::int32_t& sign) { return lgamma_with_sign(x, sign); }
};

}  // namespace

BuiltinFn resolve_powr(const Signature& sig) { return resolve_binary<Powr>(sig); }

void register_math_exponential(BuiltinRegistry& r) {
  r.add("cbrt", &resolve_unary<Cbrt>);
  r.add("erf", &resolve_unary<Erf>);
  r.add("erfc", &resolve_unary<Erfc>);
  r.add("exp", &resolve_unary<Exp>);
  r.add("exp10", &resolve_unary<Exp10>);
  r.add("exp2", &resolve_unary<Exp2>);
  r.add("expm1", &resolve_unary<Expm1>);
  r.add("hypot", &resolve_binary<Hypot>);
  r.add("lgamma", &resolve_unary<Lgamma>);
  r.add("lgamma_r", &resolve_with_out<LgammaR, true>);
  r.add("log", &resolve_unary<Log>);
  r.add("log10", &resolve_unary<Log10>);
  r.add("log1p", &resolve_unary<Log1p>);
  r.add("log2", &resolve_unary<Log2>);
  r.add("pow", &resolve_binary<Pow>);
  r.add("pown", &resolve_with_int<Pown, false>);
  r.add("powr", &resolve_powr);
  r.add("rootn", &resolve_with_int<Rootn, false>);
  r.add("rsqrt", &resolve_unary<Rsqrt>);
  r.add("sqrt", &resolve_unary<Sqrt>);
  r.add("tgamma", &resolve_unary<Tgamma>);
}

}  // namespace clvet::interp::math
