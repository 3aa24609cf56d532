// The math built-ins whose results are exact or correctly rounded (OpenCL 1.2 §6.12.2, "0 ulp"
// and "correctly rounded" in §7.4): rounding, sign and exponent manipulation, min/max,
// remainders, decomposition, nan, nextafter, fma and mad.
#include <bit>
#include <climits>
#include <cmath>
#include <cstdint>
#include <limits>

#include "math_lanes.h"

namespace clvet::interp::math {
namespace {

struct Ceil { template <class T> static T eval(T x) { return std::ceil(x); } };
struct Floor { template <class T> static T eval(T x) { return std::floor(x); } };
struct Trunc { template <class T> static T eval(T x) { return std::trunc(x); } };
struct Round { template <class T> static T eval(T x) { return std::round(x); } };
// The host runs in round-to-nearest-even, which §6.12.2 asks of rint whatever the caller's mode.
struct Rint { template <class T> static T eval(T x) { return std::nearbyint(x); } };
struct Fabs { template <class T> static T eval(T x) { return std::fabs(x); } };
struct Logb { template <class T> static T eval(T x) { return std::logb(x); } };

struct Copysign {
  template <class T>
  static T eval(T x, T y) { return std::copysign(x, y); }
};
struct Fdim { template <class T> static T eval(T x, T y) { return std::fdim(x, y); } };
// C99 fmax/fmin, where a NaN is missing data; footnote 48 lets a signaling NaN count as a quiet
// one, and clvet does (glibc's fmax returns a NaN for a signaling one). Of two zeros, fmax
// picks +0 and fmin -0.
template <class T>
T maximum(T x, T y) {
  if (std::isnan(x)) return y;
  if (std::isnan(y)) return x;
  if (x == y) return std::signbit(x) ? y : x;
  return x > y ? x : y;
}
template <class T>
T minimum(T x, T y) {
  if (std::isnan(x)) return y;
  if (std::isnan(y)) return x;
  if (x == y) return std::signbit(x) ? x : y;
  return x < y ? x : y;
}
struct Fmax { template <class T> static T eval(T x, T y) { return maximum(x, y); } };
struct Fmin { template <class T> static T eval(T x, T y) { return minimum(x, y); } };
struct Fmod { template <class T> static T eval(T x, T y) { return std::fmod(x, y); } };
struct Remainder {
  template <class T>
  static T eval(T x, T y) { return std::remainder(x, y); }
};
struct Nextafter {
  static constexpr bool kHalfNative = true;
  template <class T>
  static T eval(T x, T y) { return std::nextafter(x, y); }
  // The next half: one step of the bits' magnitude, toward y (the smallest subnormal with y's
  // sign from a zero).
  static HalfFloat eval(HalfFloat x, HalfFloat y) {
    const float fx = x, fy = y;
    if (std::isnan(fx) || std::isnan(fy)) return HalfFloat(fx + fy);
    if (fx == fy) return y;
    HalfFloat r;
    if (fx == 0.0f) {
      r.bits = std::uint16_t((y.bits & 0x8000) | 1);
      return r;
    }
    const bool away = (fx < fy) == (fx > 0.0f);  // toward a larger magnitude
    r.bits = std::uint16_t(away ? x.bits + 1 : x.bits - 1);
    return r;
  }
};
struct Maxmag {
  template <class T>
  static T eval(T x, T y) {
    const T ax = std::fabs(x), ay = std::fabs(y);
    if (ax > ay) return x;
    if (ay > ax) return y;
    return maximum(x, y);
  }
};
struct Minmag {
  template <class T>
  static T eval(T x, T y) {
    const T ax = std::fabs(x), ay = std::fabs(y);
    if (ax < ay) return x;
    if (ay < ax) return y;
    return minimum(x, y);
  }
};

// A half fma is rounded once from the exact a * b + c (half_arithmetic.h): computed in double,
// it would be rounded twice.
struct Fma {
  static constexpr bool kHalfNative = true;
  template <class T> static T eval(T a, T b, T c) { return std::fma(a, b, c); }
  static HalfFloat eval(HalfFloat a, HalfFloat b, HalfFloat c) { return fma_of(a, b, c); }
  static HalfFloat fma_of(HalfFloat a, HalfFloat b, HalfFloat c) {
    HalfFloat r;
    r.bits = half_fma(a.bits, b.bits, c.bits);
    return r;
  }
};
// mad may return any value (§7.4); the rounded product and sum is what a compiler would emit.
// For half, the correctly rounded fma (one of the two results the half column allows).
struct Mad {
  static constexpr bool kHalfNative = true;
  template <class T> static T eval(T a, T b, T c) { return a * b + c; }
  static HalfFloat eval(HalfFloat a, HalfFloat b, HalfFloat c) { return Fma::fma_of(a, b, c); }
};

struct Ldexp {
  template <class T>
  static T eval(T x, std::int32_t k) { return std::ldexp(x, k); }
};

// ilogb(0) is FP_ILOGB0 and ilogb(NaN) FP_ILOGBNAN, as opencl-c-base.h defines them (glibc's
// FP_ILOGBNAN on x86 is INT_MIN, not OpenCL's INT_MAX).
struct Ilogb {
  template <class T>
  static std::int32_t eval(T x) {
    if (std::isnan(x)) return INT_MAX;
    if (x == T(0)) return INT_MIN;
    if (std::isinf(x)) return INT_MAX;
    return std::ilogb(x);
  }
};

// fmin(x - floor(x), the float below 1): §7.5.1 fixes the zeros, infinities and NaN. A half's
// is computed in float (x - floor(x) is exact) and bounded by the half below 1, 0x1.ffcp-1.
template <class T>
T below_one() {
  if constexpr (std::is_same_v<T, HalfFloat>)
    return T(0x1.ffcp-1f);
  else
    return T(1) - std::numeric_limits<T>::epsilon() / 2;
}
struct Fract {
  static constexpr bool kHalfNative = true;
  template <class T>
  static T eval(T x, T& integral) {
    if (std::isnan(x)) {
      integral = x;
      return x;
    }
    if (std::isinf(x)) {
      integral = x;
      return std::copysign(T(0), x);
    }
    integral = std::floor(x);
    if (x == T(0)) return x;  // fract(-0) is -0
    return T(std::fmin(x - integral, below_one<T>()));
  }
};

// §7.5.2: the integral part is trunc(x); the fraction keeps x's sign and is 0 for infinities.
struct Modf {
  template <class T>
  static T eval(T x, T& integral) {
    integral = std::trunc(x);
    return std::copysign(std::isinf(x) ? T(0) : x - integral, x);
  }
};

struct Frexp {
  template <class T>
  static T eval(T x, std::int32_t& exponent) {
    if (!std::isfinite(x) || x == T(0)) {
      exponent = 0;  // frexp(±∞) and frexp(NaN) store 0 (§7.5.1)
      return x;
    }
    int e = 0;
    const T m = std::frexp(x, &e);
    exponent = e;
    return m;
  }
};

// remainder(x, y) with the low seven bits of the rounded quotient: glibc's remquo gives only
// three. Every step is exact: fmod by 128|y|, then subtracting 2^k |y| from a value in
// [2^k |y|, 2^(k+1) |y|) (Sterbenz), then the final round-to-nearest-even step.
struct Remquo {
  template <class T>
  static T eval(T x, T y, std::int32_t& quotient) {
    quotient = 0;
    if (std::isnan(x) || std::isnan(y) || std::isinf(x) || y == T(0))
      return std::numeric_limits<T>::quiet_NaN();
    if (std::isinf(y)) return x;
    const T ay = std::fabs(y);
    T a = std::fmod(std::fabs(x), T(128) * ay);  // 128|y| may overflow: then |x| < 128|y|
    std::int32_t q = 0;
    for (int k = 6; k >= 0; --k) {
      const T step = std::ldexp(ay, k);
      if (a >= step) {
        a -= step;
        q |= 1 << k;
      }
    }
    // a is in [0, |y|): round the quotient to nearest, ties to even.
    const T twice = a * T(2);  // inf only when a >= 2^(emax-1), i.e. above |y|/2 anyway
    if (twice > ay || (twice == ay && (q & 1) != 0)) {
      a -= ay;
      q += 1;
    }
    q &= 0x7f;
    const bool negative = std::signbit(x) != std::signbit(y);
    quotient = negative ? -q : q;
    return std::signbit(x) ? -a : a;  // a zero remainder takes x's sign
  }
};

struct Nan {
  static HalfFloat eval(std::uint16_t code) {
    HalfFloat r;
    r.bits = std::uint16_t(0x7e00u | (code & 0x01ffu));
    return r;
  }
  static float eval(std::uint32_t code) {
    return std::bit_cast<float>(0x7fc00000u | (code & 0x003fffffu));
  }
  static double eval(std::uint64_t code) {
    return std::bit_cast<double>(0x7ff8000000000000ull | (code & 0x0007ffffffffffffull));
  }
};

template <class T, class Code>
void nan_lanes(const BuiltinCall& call) {
  const Operand& r = call.result;
  const Operand& code = call.args[0];
  const unsigned n = r.width;
  for (std::uint32_t i = 0; i < call.lanes.count; ++i) {
    const std::uint32_t l = call.lanes.ids[i];
    for (unsigned c = 0; c < n; ++c) r.set<T>(l, c, Nan::eval(code.get<Code>(l, c)));
  }
}

// halfn nan(ushortn), floatn nan(uintn), doublen nan(ulongn)
BuiltinFn resolve_nan(const Signature& sig) {
  if (sig.params.size() != 1) return nullptr;
  const ParamType& code = sig.params[0];
  if (code.pointer || code.width == 0 || code.width > kMaxWidth) return nullptr;
  if (code.scalar == Scalar::UShort && returns(sig, Scalar::Half, code.width))
    return &nan_lanes<HalfFloat, std::uint16_t>;
  if (code.scalar == Scalar::UInt && returns(sig, Scalar::Float, code.width))
    return &nan_lanes<float, std::uint32_t>;
  if (code.scalar == Scalar::ULong && returns(sig, Scalar::Double, code.width))
    return &nan_lanes<double, std::uint64_t>;
  return nullptr;
}

}  // namespace

void register_math_exact(BuiltinRegistry& r) {
  r.add("ceil", &resolve_unary<Ceil>);
  r.add("copysign", &resolve_binary<Copysign>);
  r.add("fabs", &resolve_unary<Fabs>);
  r.add("fdim", &resolve_binary<Fdim>);
  r.add("floor", &resolve_unary<Floor>);
  r.add("fma", &resolve_ternary<Fma>);
  r.add("fmax", &resolve_binary<Fmax, false, true>);
  r.add("fmin", &resolve_binary<Fmin, false, true>);
  r.add("fmod", &resolve_binary<Fmod>);
  r.add("fract", &resolve_with_out<Fract, false>);
  r.add("frexp", &resolve_with_out<Frexp, true>);
  r.add("ilogb", &resolve_to_int<Ilogb>);
  r.add("ldexp", &resolve_with_int<Ldexp, true>);
  r.add("logb", &resolve_unary<Logb>);
  r.add("mad", &resolve_ternary<Mad>);
  r.add("maxmag", &resolve_binary<Maxmag>);
  r.add("minmag", &resolve_binary<Minmag>);
  r.add("modf", &resolve_with_out<Modf, false>);
  r.add("nan", &resolve_nan);
  r.add("nextafter", &resolve_binary<Nextafter>);
  r.add("remainder", &resolve_binary<Remainder>);
  r.add("remquo", &resolve_binary_with_out<Remquo>);
  r.add("rint", &resolve_unary<Rint>);
  r.add("round", &resolve_unary<Round>);
  r.add("trunc", &resolve_unary<Trunc>);
}

}  // namespace clvet::interp::math
