// The trigonometric and hyperbolic math built-ins (OpenCL 1.2 §6.12.2, limits in §7.4, edge
// cases in §7.5.1): float is computed in double and rounded once; double comes from glibc,
// which is within 2 ulp, except the *pi functions, computed in long double.
#include <cmath>
#include <limits>

#include "math_lanes.h"

namespace clvet::interp::math {
namespace {

struct Acos { template <class T> static T eval(T x) { return T(std::acos(double(x))); } };
struct Asin { template <class T> static T eval(T x) { return T(std::asin(double(x))); } };
struct Atan { template <class T> static T eval(T x) { return T(std::atan(double(x))); } };
struct Cos { template <class T> static T eval(T x) { return T(std::cos(double(x))); } };
struct Sin { template <class T> static T eval(T x) { return T(std::sin(double(x))); } };
struct Tan { template <class T> static T eval(T x) { return T(std::tan(double(x))); } };
struct Acosh { template <class T> static T eval(T x) { return T(std::acosh(double(x))); } };
struct Asinh { template <class T> static T eval(T x) { return T(std::asinh(double(x))); } };
struct Atanh { template <class T> static T eval(T x) { return T(std::atanh(double(x))); } };
struct Cosh { template <class T> static T eval(T x) { return T(std::cosh(double(x))); } };
struct Sinh { template <class T> static T eval(T x) { return T(std::sinh(double(x))); } };
struct Tanh { template <class T> static T eval(T x) { return T(std::tanh(double(x))); } };
struct Atan2 {
  template <class T>
  static T eval(T y, T x) { return T(std::atan2(double(y), double(x))); }
};

// acos(x) / π and friends: the quotient is taken in the wider type so that it is rounded once.
// The exact values §7.5.1 prescribes (acospi(1) = +0, atan2pi(±0, -0) = ±1, atan2pi(±∞, -∞)
// = ±0.75, ...) come out exact because the wide quotient is within an ulp of them.
struct Acospi {
  template <class T>
  static T eval(T x) { return T(std::acos(Wide<T>(x)) / kPi<Wide<T>>); }
};
struct Asinpi {
  template <class T>
  static T eval(T x) { return T(std::asin(Wide<T>(x)) / kPi<Wide<T>>); }
};
struct Atanpi {
  template <class T>
  static T eval(T x) { return T(std::atan(Wide<T>(x)) / kPi<Wide<T>>); }
};
struct Atan2pi {
  template <class T>
  static T eval(T y, T x) { return T(std::atan2(Wide<T>(y), Wide<T>(x)) / kPi<Wide<T>>); }
};

// sin(πa) and cos(πa) for a in [0, 1/2], kept accurate near the zeros of the result: πa is
// formed in the wider type only for a <= 1/4, beyond that the complement 1/2 - a (exact) is.
template <class T>
Wide<T> sin_pi_half(T a) {
  using W = Wide<T>;
  if (a <= T(0.25)) return std::sin(kPi<W> * W(a));
  return std::cos(kPi<W> * (W(0.5) - W(a)));
}
template <class T>
Wide<T> cos_pi_half(T a) {
  using W = Wide<T>;
  if (a <= T(0.25)) return std::cos(kPi<W> * W(a));
  return std::sin(kPi<W> * (W(0.5) - W(a)));
}

struct Sinpi {
  template <class T>
  static T eval(T x) {
    if (!std::isfinite(x)) return x - x;  // sinpi(±∞) is a NaN, a NaN stays one
    bool negative = std::signbit(x);
    T a = std::fmod(std::fabs(x), T(2));  // exact
    if (a >= T(1)) {
      a -= T(1);
      negative = !negative;
    }
    if (a > T(0.5)) a = T(1) - a;
    const T r = T(sin_pi_half(a));
    // sinpi(±n) is ±0 for integers n: the zero takes x's sign, not the half-period's.
    if (r == T(0)) return std::copysign(T(0), x);
    return negative ? -r : r;
  }
};

struct Cospi {
  template <class T>
  static T eval(T x) {
    if (!std::isfinite(x)) return x - x;
    bool negative = false;
    T a = std::fmod(std::fabs(x), T(2));
    if (a >= T(1)) {
      a -= T(1);
      negative = true;
    }
    if (a > T(0.5)) {
      a = T(1) - a;
      negative = !negative;
    }
    const T r = T(cos_pi_half(a));
    if (r == T(0)) return T(0);  // cospi(n + 0.5) is +0
    return negative ? -r : r;
  }
};

struct Tanpi {
  template <class T>
  static T eval(T x) {
    using W = Wide<T>;
    if (!std::isfinite(x)) return x - x;
    T a = std::fmod(std::fabs(x), T(2));
    const bool odd = a >= T(1);  // the integral part of |x| is odd
    if (odd) a -= T(1);
    T r;
    if (a == T(0)) {
      r = odd ? T(-0.0) : T(0);  // tanpi(n) is copysign(0, n) for even n, -n for odd n
    } else if (a == T(0.5)) {
      r = odd ? -std::numeric_limits<T>::infinity() : std::numeric_limits<T>::infinity();
    } else if (a <= T(0.25)) {
      r = T(std::tan(kPi<W> * W(a)));
    } else if (a < T(0.5)) {
      r = T(W(1) / std::tan(kPi<W> * (W(0.5) - W(a))));
    } else if (a <= T(0.75)) {
      r = T(W(-1) / std::tan(kPi<W> * (W(a) - W(0.5))));
    } else {
      r = T(-std::tan(kPi<W> * (W(1) - W(a))));
    }
    return std::signbit(x) ? -r : r;
  }
};

// sincos(x, &c): the sine is returned, the cosine stored.
struct Sincos {
  template <class T>
  static T eval(T x, T& cosine) {
    cosine = Cos::eval(x);
    return Sin::eval(x);
  }
};

}  // namespace

void register_math_trigonometric(BuiltinRegistry& r) {
  r.add("acos", &resolve_unary<Acos>);
  r.add("acosh", &resolve_unary<Acosh>);
  r.add("acospi", &resolve_unary<Acospi>);
  r.add("asin", &resolve_unary<Asin>);
  r.add("asinh", &resolve_unary<Asinh>);
  r.add("asinpi", &resolve_unary<Asinpi>);
  r.add("atan", &resolve_unary<Atan>);
  r.add("atan2", &resolve_binary<Atan2>);
  r.add("atan2pi", &resolve_binary<Atan2pi>);
  r.add("atanh", &resolve_unary<Atanh>);
  r.add("atanpi", &resolve_unary<Atanpi>);
  r.add("cos", &resolve_unary<Cos>);
  r.add("cosh", &resolve_unary<Cosh>);
  r.add("cospi", &resolve_unary<Cospi>);
  r.add("sin", &resolve_unary<Sin>);
  r.add("sincos", &resolve_with_out<Sincos, false>);
  r.add("sinh", &resolve_unary<Sinh>);
  r.add("sinpi", &resolve_unary<Sinpi>);
  r.add("tan", &resolve_unary<Tan>);
  r.add("tanh", &resolve_unary<Tanh>);
  r.add("tanpi", &resolve_unary<Tanpi>);
}

}  // namespace clvet::interp::math
