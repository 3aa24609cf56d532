// The common built-ins (OpenCL C 1.2 §6.12.4, table 6.12) for half, float and double, scalars and
// vectors, including the overloads with a scalar bound, edge or blend factor.
#include <cmath>
#include <numbers>

#include "componentwise.h"

namespace clvet::interp {
namespace {

using namespace componentwise;

// fmax and fmin as C99 defines them (a NaN operand yields the other), written out so that they
// inline: the library calls cost more than the rest of a clamp.
template <class T>
T c99_fmax(T x, T y) {
  if (std::isnan(x)) return y;
  if (std::isnan(y)) return x;
  return x < y ? y : x;
}
template <class T>
T c99_fmin(T x, T y) {
  if (std::isnan(x)) return y;
  if (std::isnan(y)) return x;
  return y < x ? y : x;
}

struct Clamp {
  template <class T>
  T operator()(T x, T lo, T hi) const {
    return c99_fmin(c99_fmax(x, lo), hi);
  }
};

// max and min follow the table's words (y if x < y), not fmax: the spec leaves NaN undefined.
struct Max {
  template <class T>
  T operator()(T x, T y) const {
    return x < y ? y : x;
  }
};
struct Min {
  template <class T>
  T operator()(T x, T y) const {
    return y < x ? y : x;
  }
};

// degrees and radians for float go through double: one rounding, well within 2 ulp.
struct Degrees {
  float operator()(float x) const { return float(double(x) * (180.0 / std::numbers::pi)); }
  double operator()(double x) const { return x * (180.0 / std::numbers::pi); }
};
struct Radians {
  float operator()(float x) const { return float(double(x) * (std::numbers::pi / 180.0)); }
  double operator()(double x) const { return x * (std::numbers::pi / 180.0); }
};

struct Mix {
  template <class T>
  T operator()(T x, T y, T a) const {
    return x + (y - x) * a;
  }
};

struct Step {
  template <class T>
  T operator()(T edge, T x) const {
    return x < edge ? T(0) : T(1);
  }
};

struct SmoothStep {
  template <class T>
  T operator()(T edge0, T edge1, T x) const {
    const T t = Clamp{}(T((x - edge0) / (edge1 - edge0)), T(0), T(1));
    return t * t * (T(3) - T(2) * t);
  }
};

// 1 above zero, -1 below, zero (with its sign) at zero, +0 for NaN.
struct Sign {
  template <class T>
  T operator()(T x) const {
    if (x > T(0)) return T(1);
    if (x < T(0)) return T(-1);
    if (std::isnan(x)) return T(0);
    return x;
  }
};

template <class Op>
BuiltinFn unary(const Signature& s) {
  if (!same_types(s, 1)) return nullptr;
  return with_fp(s.params[0].scalar, []<class T>() -> BuiltinFn { return &apply<Op, T, T>; });
}

// The table's overloads with scalar arguments, by position: which parameters may be a scalar
// in a vector call (bit i: parameter i).
template <class Op, std::size_t Count, unsigned ScalarMask>
BuiltinFn widened(const Signature& s) {
  if (!broadcast_types(s, Count)) return nullptr;
  unsigned width = 1;
  for (const ParamType& p : s.params) width = p.width > width ? p.width : width;
  for (std::size_t i = 0; i < Count; ++i)
    if (s.params[i].width != width && !(ScalarMask & (1u << i))) return nullptr;
  return with_fp(s.params[0].scalar, []<class T>() -> BuiltinFn {
    if constexpr (Count == 2)
      return &apply<Op, T, T, T>;
    else
      return &apply<Op, T, T, T, T>;
  });
}

// clamp's bounds are both scalars or both vectors.
BuiltinFn resolve_clamp(const Signature& s) {
  if (s.params.size() != 3 || s.params[1].width != s.params[2].width) return nullptr;
  return widened<Clamp, 3, 0b110>(s);
}

BuiltinFn resolve_smoothstep(const Signature& s) {
  if (s.params.size() != 3 || s.params[0].width != s.params[1].width) return nullptr;
  return widened<SmoothStep, 3, 0b011>(s);
}

}  // namespace

void register_common_builtins(BuiltinRegistry& r) {
  r.add("clamp", &resolve_clamp);
  r.add("degrees", &unary<Degrees>);
  r.add("max", &widened<Max, 2, 0b10>);
  r.add("min", &widened<Min, 2, 0b10>);
  r.add("mix", &widened<Mix, 3, 0b100>);
  r.add("radians", &unary<Radians>);
  r.add("step", &widened<Step, 2, 0b01>);
  r.add("smoothstep", &resolve_smoothstep);
  r.add("sign", &unary<Sign>);
}

}  // namespace clvet::interp
