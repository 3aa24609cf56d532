// The math built-ins' lane loops and overload matching (OpenCL 1.2 §6.12.2): every
// (function, element type, overload shape) is one instantiation, picked from the demangled
// signature once, at decode time; a call then runs one tight loop over its active lanes.
#pragma once

#include <cassert>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "clvet/interp/builtin_abi.h"
#include "half_arithmetic.h"

namespace clvet::interp::math {

template <class T>
inline constexpr Scalar kScalar = std::is_same_v<T, float> ? Scalar::Float : Scalar::Double;

// Where T's own libm is not accurate enough for §7.4, the work is done in Wide<T> and rounded
// once: float through double, double through the x87 long double (64-bit significand).
template <class T>
using Wide = std::conditional_t<std::is_same_v<T, float>, double, long double>;

template <class W>
inline constexpr W kPi = W(3.14159265358979323846264338327950288419716939937510L);

inline constexpr unsigned kMaxWidth = 16;

// Half (cl_khr_fp16): a function computes a half argument in double and its result is rounded
// once to half. glibc's double functions are within a few double ulps, so the half result is
// the correctly rounded one except where the exact value lies within about 2^-40 of a half's
// rounding boundary, far inside every limit of the half column of OpenCL C 3.0 §7.4 (SPIR-V
// environment §7.4). A function whose result depends on the format itself (fract's largest
// value below 1, nextafter's neighbour) or that double rounding could spoil (fma) says so with
// kHalfNative and is called with HalfFloat.
template <class F>
concept HalfNative = requires { F::kHalfNative; };

template <class T>
inline constexpr bool kIsHalf = std::is_same_v<T, HalfFloat>;

// The type F computes a T in, and an argument in it.
template <class T, class F>
using Computed = std::conditional_t<kIsHalf<T> && !HalfNative<F>, double, T>;
template <class C, class A>
inline auto computed(A a) {
  if constexpr (std::is_same_v<A, HalfFloat>) return C(float(a));
  else return a;
}

// ----------------------------------------------------------------------------------------------
// Lane loops. F is a function object type with static template members named after the shape
// (eval for value-only shapes); components run contiguously inside each lane.

// gentype f(gentype)
template <class T, class F>
void unary(const BuiltinCall& call) {
  using C = Computed<T, F>;
  const Operand& r = call.result;
  const Operand& x = call.args[0];
  const unsigned n = r.width;
  for (std::uint32_t i = 0; i < call.lanes.count; ++i) {
    const std::uint32_t l = call.lanes.ids[i];
    for (unsigned c = 0; c < n; ++c)
      r.set<T>(l, c, T(F::eval(computed<C>(x.get<T>(l, c)))));
  }
}

// gentype f(gentype, gentype); with ScalarY, gentype f(gentype, scalar) (fmin, fmax).
template <class T, class F, bool ScalarY>
void binary(const BuiltinCall& call) {
  using C = Computed<T, F>;
  const Operand& r = call.result;
  const Operand& x = call.args[0];
  const Operand& y = call.args[1];
  const unsigned n = r.width;
  for (std::uint32_t i = 0; i < call.lanes.count; ++i) {
    const std::uint32_t l = call.lanes.ids[i];
    for (unsigned c = 0; c < n; ++c)
      r.set<T>(l, c, T(F::eval(computed<C>(x.get<T>(l, c)), computed<C>(y.get<T>(l, ScalarY ? 0 : c)))));
  }
}

// gentype f(gentype, gentype, gentype)
template <class T, class F>
void ternary(const BuiltinCall& call) {
  using C = Computed<T, F>;
  const Operand& r = call.result;
  const Operand& a = call.args[0];
  const Operand& b = call.args[1];
  const Operand& d = call.args[2];
  const unsigned n = r.width;
  for (std::uint32_t i = 0; i < call.lanes.count; ++i) {
    const std::uint32_t l = call.lanes.ids[i];
    for (unsigned c = 0; c < n; ++c)
      r.set<T>(l, c, T(F::eval(computed<C>(a.get<T>(l, c)), computed<C>(b.get<T>(l, c)),
                               computed<C>(d.get<T>(l, c)))));
  }
}

// gentype f(gentype, int) and gentype f(gentype, intn) (ldexp, pown, rootn); with ScalarK the
// int is shared by every component (ldexp(floatn, int)).
template <class T, class F, bool ScalarK>
void with_int(const BuiltinCall& call) {
  using C = Computed<T, F>;
  const Operand& r = call.result;
  const Operand& x = call.args[0];
  const Operand& k = call.args[1];
  const unsigned n = r.width;
  for (std::uint32_t i = 0; i < call.lanes.count; ++i) {
    const std::uint32_t l = call.lanes.ids[i];
    for (unsigned c = 0; c < n; ++c)
      r.set<T>(l, c, T(F::eval(computed<C>(x.get<T>(l, c)), k.get<std::int32_t>(l, ScalarK ? 0 : c))));
  }
}

// intn f(gentype) (ilogb)
template <class T, class F>
void to_int(const BuiltinCall& call) {
  using C = Computed<T, F>;
  const Operand& r = call.result;
  const Operand& x = call.args[0];
  const unsigned n = r.width;
  for (std::uint32_t i = 0; i < call.lanes.count; ++i) {
    const std::uint32_t l = call.lanes.ids[i];
    for (unsigned c = 0; c < n; ++c) r.set<std::int32_t>(l, c, F::eval(computed<C>(x.get<T>(l, c))));
  }
}

// Stores n elements through lane l's pointer operand p, if the engine allows the access.
template <class E>
void store(const BuiltinCall& call, const Operand& p, std::uint32_t l, const E* values,
           unsigned n) {
  assert(call.context && "math: a built-in with an out-pointer needs a context");
  void* address = reinterpret_cast<void*>(p.get<std::uintptr_t>(l));
  if (!call.context->access(l, address, n * sizeof(E), Access::Write, p.address_space)) return;
  std::memcpy(address, values, n * sizeof(E));
}

// gentype f(gentype, E*) where E is gentype (fract, modf, sincos) or int (frexp, lgamma_r):
// F::eval(x, out) returns the result and sets *out.
template <class T, class E, class F>
void with_out(const BuiltinCall& call) {
  using C = Computed<T, F>;
  // The value stored is computed as the result is (a half's in double, then rounded).
  using CE = std::conditional_t<std::is_same_v<E, T>, C, E>;
  const Operand& r = call.result;
  const Operand& x = call.args[0];
  const Operand& p = call.args[1];
  const unsigned n = r.width;
  E out[kMaxWidth];
  for (std::uint32_t i = 0; i < call.lanes.count; ++i) {
    const std::uint32_t l = call.lanes.ids[i];
    for (unsigned c = 0; c < n; ++c) {
      CE o;
      r.set<T>(l, c, T(F::eval(computed<C>(x.get<T>(l, c)), o)));
      out[c] = E(o);
    }
    store(call, p, l, out, n);
  }
}

// gentype f(gentype, gentype, intn*) (remquo)
template <class T, class F>
void binary_with_out(const BuiltinCall& call) {
  using C = Computed<T, F>;
  const Operand& r = call.result;
  const Operand& x = call.args[0];
  const Operand& y = call.args[1];
  const Operand& p = call.args[2];
  const unsigned n = r.width;
  std::int32_t out[kMaxWidth];
  for (std::uint32_t i = 0; i < call.lanes.count; ++i) {
    const std::uint32_t l = call.lanes.ids[i];
    for (unsigned c = 0; c < n; ++c)
      r.set<T>(l, c, T(F::eval(computed<C>(x.get<T>(l, c)), computed<C>(y.get<T>(l, c)), out[c])));
    store(call, p, l, out, n);
  }
}

// ----------------------------------------------------------------------------------------------
// Overload matching. A resolver accepts exactly the overloads opencl-c.h declares for its shape,
// any address space for pointers, and returns the instantiation for the element type.

inline bool is_value(const ParamType& p, Scalar s, unsigned width) {
  return !p.pointer && p.scalar == s && p.width == width;
}
inline bool is_out_pointer(const ParamType& p, Scalar s, unsigned width) {
  return p.pointer && !p.is_const && p.scalar == s && p.width == width;
}
inline bool returns(const Signature& sig, Scalar s, unsigned width) {
  return sig.result_width == width && sig.result_element_size == scalar_size(s) &&
         sig.result_is_float == is_float(s);
}
// The element type of the first parameter, when it is one the family implements.
// (half_ and native_ functions are float only: OpenCL C declares no half overloads of them.)
inline bool element_ok(const ParamType& p, bool float_only) {
  if (p.pointer || p.width == 0 || p.width > kMaxWidth) return false;
  return p.scalar == Scalar::Float ||
         (!float_only && (p.scalar == Scalar::Double || p.scalar == Scalar::Half));
}

// Picks Fn<float>, Fn<double> or Fn<HalfFloat> by the element type; FloatOnly instantiates
// the float one only.
template <bool FloatOnly, class Pick>
BuiltinFn by_element(Scalar s, Pick pick) {
  if (s == Scalar::Float) return pick(float{});
  if constexpr (!FloatOnly) {
    if (s == Scalar::Double) return pick(double{});
    if (s == Scalar::Half) return pick(HalfFloat{});
  }
  return nullptr;
}

template <class F, bool FloatOnly = false>
BuiltinFn resolve_unary(const Signature& sig) {
  if (sig.params.size() != 1 || !element_ok(sig.params[0], FloatOnly)) return nullptr;
  const ParamType& x = sig.params[0];
  if (!returns(sig, x.scalar, x.width)) return nullptr;
  return by_element<FloatOnly>(x.scalar, [](auto t) -> BuiltinFn {
    return &unary<decltype(t), F>;
  });
}

// AllowScalarY: also gentypef f(gentypef, float) and gentyped f(gentyped, double).
template <class F, bool FloatOnly = false, bool AllowScalarY = false>
BuiltinFn resolve_binary(const Signature& sig) {
  if (sig.params.size() != 2 || !element_ok(sig.params[0], FloatOnly)) return nullptr;
  const ParamType& x = sig.params[0];
  if (!returns(sig, x.scalar, x.width)) return nullptr;
  if (is_value(sig.params[1], x.scalar, x.width))
    return by_element<FloatOnly>(x.scalar, [](auto t) -> BuiltinFn {
      return &binary<decltype(t), F, false>;
    });
  if constexpr (AllowScalarY) {
    if (x.width > 1 && is_value(sig.params[1], x.scalar, 1))
      return by_element<FloatOnly>(x.scalar, [](auto t) -> BuiltinFn {
        return &binary<decltype(t), F, true>;
      });
  }
  return nullptr;
}

template <class F>
BuiltinFn resolve_ternary(const Signature& sig) {
  if (sig.params.size() != 3 || !element_ok(sig.params[0], false)) return nullptr;
  const ParamType& x = sig.params[0];
  if (!returns(sig, x.scalar, x.width) || !is_value(sig.params[1], x.scalar, x.width) ||
      !is_value(sig.params[2], x.scalar, x.width))
    return nullptr;
  return by_element<false>(x.scalar, [](auto t) -> BuiltinFn {
    return &ternary<decltype(t), F>;
  });
}

// gentype f(gentype, intn); AllowScalarK: also f(gentype, int) for vectors (ldexp).
template <class F, bool AllowScalarK>
BuiltinFn resolve_with_int(const Signature& sig) {
  if (sig.params.size() != 2 || !element_ok(sig.params[0], false)) return nullptr;
  const ParamType& x = sig.params[0];
  if (!returns(sig, x.scalar, x.width)) return nullptr;
  if (is_value(sig.params[1], Scalar::Int, x.width))
    return by_element<false>(x.scalar, [](auto t) -> BuiltinFn {
      return &with_int<decltype(t), F, false>;
    });
  if constexpr (AllowScalarK) {
    if (x.width > 1 && is_value(sig.params[1], Scalar::Int, 1))
      return by_element<false>(x.scalar, [](auto t) -> BuiltinFn {
        return &with_int<decltype(t), F, true>;
      });
  }
  return nullptr;
}

template <class F>
BuiltinFn resolve_to_int(const Signature& sig) {
  if (sig.params.size() != 1 || !element_ok(sig.params[0], false)) return nullptr;
  const ParamType& x = sig.params[0];
  if (!returns(sig, Scalar::Int, x.width)) return nullptr;
  return by_element<false>(x.scalar, [](auto t) -> BuiltinFn {
    return &to_int<decltype(t), F>;
  });
}

// gentype f(gentype, gentype*) when IntOut is false, gentype f(gentype, intn*) when it is true.
template <class F, bool IntOut>
BuiltinFn resolve_with_out(const Signature& sig) {
  if (sig.params.size() != 2 || !element_ok(sig.params[0], false)) return nullptr;
  const ParamType& x = sig.params[0];
  if (!returns(sig, x.scalar, x.width)) return nullptr;
  if (!is_out_pointer(sig.params[1], IntOut ? Scalar::Int : x.scalar, x.width)) return nullptr;
  return by_element<false>(x.scalar, [](auto t) -> BuiltinFn {
    using T = decltype(t);
    return &with_out<T, std::conditional_t<IntOut, std::int32_t, T>, F>;
  });
}

template <class F>
BuiltinFn resolve_binary_with_out(const Signature& sig) {
  if (sig.params.size() != 3 || !element_ok(sig.params[0], false)) return nullptr;
  const ParamType& x = sig.params[0];
  if (!returns(sig, x.scalar, x.width) || !is_value(sig.params[1], x.scalar, x.width) ||
      !is_out_pointer(sig.params[2], Scalar::Int, x.width))
    return nullptr;
  return by_element<false>(x.scalar, [](auto t) -> BuiltinFn {
    return &binary_with_out<decltype(t), F>;
  });
}

// powr's resolver, shared with half_powr and native_powr, whose edge cases are powr's.
BuiltinFn resolve_powr(const Signature&);

// The family's parts, one file each (math_<part>.cpp).
void register_math_trigonometric(BuiltinRegistry&);  // trigonometric and hyperbolic
void register_math_exponential(BuiltinRegistry&);    // exp, log, pow, roots, erf, gamma
void register_math_exact(BuiltinRegistry&);          // exact or correctly rounded ones
void register_math_reduced(BuiltinRegistry&);        // half_ and native_

}  // namespace clvet::interp::math
