// Correctly rounded narrowing into binary floating-point formats (half, float, double) in each
// of the four IEEE rounding directions, by integer arithmetic: the host's rounding mode is
// never read or changed, so a kernel's explicit rounding is exact whatever the application did
// to its floating-point environment.
#pragma once

#include <bit>
#include <cmath>
#include <cstdint>

namespace clvet::interp {

// The rounding directions of OpenCL C's _rte, _rtz, _rtp and _rtn suffixes (§6.2.3.2).
enum class Rounding : std::uint8_t { NearestEven, TowardZero, TowardPositive, TowardNegative };

// IEEE binary formats by exponent and explicit-mantissa width.
template <int ExponentBits, int MantissaBits>
struct BinaryFormat {
  static constexpr int kMantissaBits = MantissaBits;
  static constexpr int kBias = (1 << (ExponentBits - 1)) - 1;
  static constexpr int kMinExponent = 1 - kBias;  // of the smallest normal
  static constexpr int kMaxExponent = kBias;
  static constexpr std::uint64_t kExponentMask = (std::uint64_t(1) << ExponentBits) - 1;
  static constexpr std::uint64_t kSignBit = std::uint64_t(1) << (ExponentBits + MantissaBits);
  static constexpr std::uint64_t kInfinity = kExponentMask << MantissaBits;
  static constexpr std::uint64_t kMaxFinite = kInfinity - 1;
  static constexpr std::uint64_t kQuietNaN = kInfinity | (std::uint64_t(1) << (MantissaBits - 1));
};
using HalfFormat = BinaryFormat<5, 10>;
using FloatFormat = BinaryFormat<8, 23>;
using DoubleFormat = BinaryFormat<11, 52>;

// The bits of (-1)^negative * significand * 2^exponent (a finite, exact value) rounded to
// Format in direction `mode`, overflowing to infinity or to the largest finite value as the
// direction demands (IEEE 754 §7.4).
template <class Format>
constexpr std::uint64_t round_to_format(bool negative, std::uint64_t significand, int exponent,
                                        Rounding mode) {
  constexpr int M = Format::kMantissaBits;
  const std::uint64_t sign = negative ? Format::kSignBit : 0;
  if (significand == 0) return sign;
  const int top = exponent + (63 - std::countl_zero(significand));  // value in [2^top, 2^top+1)
  // The weight of the last kept bit: that of a normal with `top` as leading bit, no finer than
  // the subnormals' spacing.
  int quantum = top - M;
  if (quantum < Format::kMinExponent - M) quantum = Format::kMinExponent - M;
  const int shift = quantum - exponent;
  std::uint64_t kept;
  bool round_bit = false, sticky = false;
  if (shift <= 0) {
    kept = significand << -shift;  // exact: it has at most M + 1 significant bits
  } else if (shift <= 64) {
    kept = shift == 64 ? 0 : significand >> shift;
    round_bit = (significand >> (shift - 1)) & 1;
    const std::uint64_t below =
        shift == 1 ? 0 : significand & ((std::uint64_t(1) << (shift - 1)) - 1);
    sticky = below != 0;
  } else {
    kept = 0;
    sticky = true;
  }
  bool up = false;
  switch (mode) {
    case Rounding::NearestEven:
      up = round_bit && (sticky || (kept & 1));
      break;
    case Rounding::TowardZero:
      break;
    case Rounding::TowardPositive:
      up = !negative && (round_bit || sticky);
      break;
    case Rounding::TowardNegative:
      up = negative && (round_bit || sticky);
      break;
  }
  kept += up;
  if (kept == (std::uint64_t(2) << M)) {  // rounding carried into a new leading bit
    kept >>= 1;
    ++quantum;
  }
  if (kept < (std::uint64_t(1) << M)) return sign | kept;  // subnormal (or the carry to normal)
  const int leading = quantum + M;
  if (leading > Format::kMaxExponent) {
    const bool to_infinity = mode == Rounding::NearestEven ||
                             (mode == Rounding::TowardPositive && !negative) ||
                             (mode == Rounding::TowardNegative && negative);
    return sign | (to_infinity ? Format::kInfinity : Format::kMaxFinite);
  }
  const std::uint64_t biased = std::uint64_t(leading + Format::kBias);
  return sign | (biased << M) | (kept - (std::uint64_t(1) << M));
}

// A finite or special value of a wider format, split for round_to_format.
struct Unpacked {
  enum Kind : std::uint8_t { Finite, Infinite, NaN } kind;
  bool negative;
  std::uint64_t significand;
  int exponent;
};

template <class Format>
constexpr Unpacked unpack(std::uint64_t bits) {
  constexpr int M = Format::kMantissaBits;
  const bool negative = (bits & Format::kSignBit) != 0;
  const std::uint64_t field = (bits >> M) & Format::kExponentMask;
  const std::uint64_t mantissa = bits & ((std::uint64_t(1) << M) - 1);
  if (field == Format::kExponentMask)
    return {mantissa ? Unpacked::NaN : Unpacked::Infinite, negative, mantissa, 0};
  if (field == 0) return {Unpacked::Finite, negative, mantissa, Format::kMinExponent - M};
  return {Unpacked::Finite, negative, mantissa | (std::uint64_t(1) << M),
          int(field) - Format::kBias - M};
}

// Bits of a value of format From narrowed to format To. NaNs stay quiet NaNs with their sign
// and as much of their payload as fits.
template <class To, class From>
constexpr std::uint64_t narrow(std::uint64_t bits, Rounding mode) {
  static_assert(From::kMantissaBits > To::kMantissaBits);
  constexpr int kShift = From::kMantissaBits - To::kMantissaBits;
  const bool negative = (bits & From::kSignBit) != 0;
  const std::uint64_t magnitude = bits & (From::kSignBit - 1);
  const int exponent = int(magnitude >> From::kMantissaBits) - From::kBias;
  if (exponent >= To::kMinExponent && exponent <= To::kMaxExponent) {
    // A normal result: rebias the exponent field and round the mantissa in place. A carry out
    // of the mantissa steps the exponent, and out of the largest one gives infinity, which is
    // right: only directions away from zero carry.
    const std::uint64_t rebiased =
        magnitude - (std::uint64_t(From::kBias - To::kBias) << From::kMantissaBits);
    std::uint64_t kept = rebiased >> kShift;
    const std::uint64_t rest = rebiased & ((std::uint64_t(1) << kShift) - 1);
    constexpr std::uint64_t kHalf = std::uint64_t(1) << (kShift - 1);
    bool up = false;
    switch (mode) {
      case Rounding::NearestEven:
        up = rest > kHalf || (rest == kHalf && (kept & 1));
        break;
      case Rounding::TowardZero:
        break;
      case Rounding::TowardPositive:
        up = !negative && rest != 0;
        break;
      case Rounding::TowardNegative:
        up = negative && rest != 0;
        break;
    }
    return (negative ? To::kSignBit : 0) | (kept + up);
  }
  const Unpacked u = unpack<From>(bits);
  const std::uint64_t sign = u.negative ? To::kSignBit : 0;
  switch (u.kind) {
    case Unpacked::Infinite:
      return sign | To::kInfinity;
    case Unpacked::NaN:
      return sign | To::kQuietNaN | (u.significand >> (From::kMantissaBits - To::kMantissaBits));
    case Unpacked::Finite:
      break;
  }
  return round_to_format<To>(u.negative, u.significand, u.exponent, mode);
}

inline std::uint16_t float_to_half(float f, Rounding mode) {
  return std::uint16_t(narrow<HalfFormat, FloatFormat>(std::bit_cast<std::uint32_t>(f), mode));
}
inline std::uint16_t double_to_half(double d, Rounding mode) {
  return std::uint16_t(narrow<HalfFormat, DoubleFormat>(std::bit_cast<std::uint64_t>(d), mode));
}

// Every half is exactly a float: widen by moving the fields (subnormals normalised).
inline float half_to_float(std::uint16_t h) {
  const std::uint32_t sign = std::uint32_t(h & 0x8000) << 16;
  const std::uint32_t field = (h >> 10) & 0x1f;
  std::uint32_t mantissa = h & 0x3ff;
  if (field == 0x1f) return std::bit_cast<float>(sign | 0x7f800000u | (mantissa << 13));
  if (field != 0) return std::bit_cast<float>(sign | ((field + 112) << 23) | (mantissa << 13));
  if (mantissa == 0) return std::bit_cast<float>(sign);
  // Subnormal half: mantissa * 2^-24, normal as a float.
  const int leading = 31 - std::countl_zero(mantissa);  // 0..9
  mantissa = (mantissa << (10 - leading)) & 0x3ff;
  const std::uint32_t exponent = std::uint32_t(leading - 24 + 127);
  return std::bit_cast<float>(sign | (exponent << 23) | (mantissa << 13));
}

}  // namespace clvet::interp
