// Half-precision arithmetic as the reference device computes it (cl_khr_fp16): a half is kept
// as its bits, widened exactly, computed in a wider format and rounded once to half, to nearest
// even. Float is wide enough for +, -, *, / and sqrt to round correctly that way (24 bits >=
// 2 * 11 + 2: the double rounding is innocuous); fma is not, and rounds through double to odd.
#pragma once

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "float_rounding.h"

namespace clvet::interp {

inline double half_to_double(std::uint16_t h) { return double(half_to_float(h)); }
inline std::uint16_t half_of(double d) { return double_to_half(d, Rounding::NearestEven); }
inline std::uint16_t half_of(float f) { return float_to_half(f, Rounding::NearestEven); }

// a * b + c rounded once to half. The product of two halves is exact in double; the sum is
// rounded to double toward odd (the double nearest, moved one ulp toward the exact sum when it
// was inexact and even), and a value rounded to odd with at least two bits more than half
// rounds to nearest half as the exact value would (Boldo and Melquiond, "When double rounding
// is odd").
inline std::uint16_t half_fma(std::uint16_t a, std::uint16_t b, std::uint16_t c) {
  const double p = half_to_double(a) * half_to_double(b);
  const double z = half_to_double(c);
  double s = p + z;
  if (std::isfinite(s)) {
    const double bp = s - p;
    const double error = (p - (s - bp)) + (z - bp);  // TwoSum: p + z == s + error exactly
    if (error != 0 && (std::bit_cast<std::uint64_t>(s) & 1) == 0)
      s = std::nextafter(s, error > 0 ? std::numeric_limits<double>::infinity()
                                      : -std::numeric_limits<double>::infinity());
  }
  return half_of(s);
}

// A half as the built-in families compute with it: stored as its bits (two bytes, as OpenCL C
// lays it out), read as the float it widens to exactly, and made from any arithmetic value by
// one rounding to nearest even, so that an operation written for float, computed in float or
// double and assigned to a HalfFloat is rounded once.
struct HalfFloat {
  std::uint16_t bits;

  HalfFloat() = default;
  template <class A>
    requires std::is_arithmetic_v<A>
  HalfFloat(A value) : bits(half_of(double(value))) {}  // NOLINT: implicit, as float's are
  operator float() const { return half_to_float(bits); }  // NOLINT
};
static_assert(sizeof(HalfFloat) == 2 && std::is_trivially_copyable_v<HalfFloat>);

}  // namespace clvet::interp
