// What the component-wise built-in families (integer, common, geometric, relational) share:
// checks on a call's parameter types, the choice of an instantiation by element type at
// resolution time, and the loop that applies an operation to every component of every lane.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <utility>

#include "clvet/interp/builtin_abi.h"
#include "half_arithmetic.h"

namespace clvet::interp::componentwise {

inline bool is_opencl_width(unsigned w) {
  return w == 1 || w == 2 || w == 3 || w == 4 || w == 8 || w == 16;
}
inline bool is_integer(Scalar s) {
  return s >= Scalar::Char && s <= Scalar::ULong;
}
inline bool is_fp(Scalar s) {
  return s == Scalar::Half || s == Scalar::Float || s == Scalar::Double;
}
inline bool is_value(const ParamType& p) {
  return !p.pointer && is_opencl_width(p.width);
}

// `count` parameters passed by value, all of one type.
inline bool same_types(const Signature& s, std::size_t count) {
  if (s.params.size() != count) return false;
  for (const ParamType& p : s.params)
    if (!is_value(p) || p.scalar != s.params[0].scalar || p.width != s.params[0].width)
      return false;
  return true;
}

// `count` parameters passed by value, of one element type, each either a vector of the call's
// width or a scalar widened to it (clamp(int4, int, int), step(float, float4), ...).
inline bool broadcast_types(const Signature& s, std::size_t count) {
  if (s.params.size() != count) return false;
  unsigned width = 1;
  for (const ParamType& p : s.params) {
    if (!is_value(p) || p.scalar != s.params[0].scalar) return false;
    if (p.width == 1) continue;
    if (width != 1 && p.width != width) return false;
    width = p.width;
  }
  return true;
}

template <class T>
inline T load(const std::byte* p) {
  T v;
  std::memcpy(&v, p, sizeof v);
  return v;
}
template <class T>
inline void store(std::byte* p, T v) {
  std::memcpy(p, &v, sizeof v);
}

template <class F, class R, class... A, std::size_t... I>
inline void apply_each(const BuiltinCall& call, std::index_sequence<I...>) {
  constexpr F f{};
  const Operand& result = call.result;
  const unsigned n = result.width;
  // A scalar argument of a vector call is read at component 0 for every component.
  const std::uint32_t step[] = {(call.args[I].width == 1 ? 0u : std::uint32_t(sizeof(A)))...};
  // Copied out of the call, so that stores through the result do not force reloads.
  const std::byte* const base[] = {call.args[I].base...};
  const std::size_t stride[] = {call.args[I].stride...};
  std::byte* const result_base = result.base;
  const std::size_t result_stride = result.stride;
  const std::uint32_t* ids = call.lanes.ids;
  for (std::uint32_t i = 0, count = call.lanes.count; i < count; ++i) {
    const std::size_t l = ids[i];
    std::byte* r = result_base + l * result_stride;
    const std::byte* a[] = {(base[I] + l * stride[I])...};
    for (unsigned j = 0; j < n; ++j) store<R>(r + j * sizeof(R), f(load<A>(a[I] + j * step[I])...));
  }
}

// Result component j of each active lane is F(arg0[j], arg1[j], ...), with F an empty
// callable (one whose call operator is a template over the element type, or fixed).
template <class F, class R, class... A>
void apply(const BuiltinCall& call) {
  apply_each<F, R, A...>(call, std::index_sequence_for<A...>{});
}

// Calls v.operator()<T>() with T the C++ type of an OpenCL C element type, or returns nullptr
// for a type outside the set.
template <class V>
BuiltinFn with_integer(Scalar s, V&& v) {
  switch (s) {
    case Scalar::Char:
      return v.template operator()<std::int8_t>();
    case Scalar::UChar:
      return v.template operator()<std::uint8_t>();
    case Scalar::Short:
      return v.template operator()<std::int16_t>();
    case Scalar::UShort:
      return v.template operator()<std::uint16_t>();
    case Scalar::Int:
      return v.template operator()<std::int32_t>();
    case Scalar::UInt:
      return v.template operator()<std::uint32_t>();
    case Scalar::Long:
      return v.template operator()<std::int64_t>();
    case Scalar::ULong:
      return v.template operator()<std::uint64_t>();
    default:
      return nullptr;
  }
}

// Half (cl_khr_fp16) as HalfFloat: computed in float, rounded once to half per result.
template <class V>
BuiltinFn with_fp(Scalar s, V&& v) {
  switch (s) {
    case Scalar::Half:
      return v.template operator()<HalfFloat>();
    case Scalar::Float:
      return v.template operator()<float>();
    case Scalar::Double:
      return v.template operator()<double>();
    default:
      return nullptr;
  }
}

// The unsigned integer type of an element size, for built-ins that only move bits.
template <class V>
BuiltinFn with_bits(std::size_t size, V&& v) {
  switch (size) {
    case 1:
      return v.template operator()<std::uint8_t>();
    case 2:
      return v.template operator()<std::uint16_t>();
    case 4:
      return v.template operator()<std::uint32_t>();
    case 8:
      return v.template operator()<std::uint64_t>();
    default:
      return nullptr;
  }
}

// Calls v.operator()<N>() for a geometric width (1 to 4).
template <class V>
BuiltinFn with_geometric_width(unsigned width, V&& v) {
  switch (width) {
    case 1:
      return v.template operator()<1>();
    case 2:
      return v.template operator()<2>();
    case 3:
      return v.template operator()<3>();
    case 4:
      return v.template operator()<4>();
    default:
      return nullptr;
  }
}

}  // namespace clvet::interp::componentwise
