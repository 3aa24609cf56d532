// A reference for rounding to half written unlike the implementation: the value is placed
// between two neighbouring halves of a table of every finite positive half (decoded with
// ldexp), and the rounding direction picks one; ties compare against the exact midpoint.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

namespace clvet::interp::test {

enum class Mode { Rte, Rtz, Rtp, Rtn };

// The value of a half's bits, by its definition (IEEE 754 binary16), as a double.
inline double half_value(std::uint16_t bits) {
  const int field = (bits >> 10) & 0x1f;
  const int mantissa = bits & 0x3ff;
  double magnitude;
  if (field == 0x1f)
    magnitude = mantissa ? NAN : INFINITY;
  else if (field == 0)
    magnitude = std::ldexp(double(mantissa), -24);
  else
    magnitude = std::ldexp(double(1024 + mantissa), field - 25);
  return (bits & 0x8000) ? -magnitude : magnitude;
}

inline std::uint16_t reference_half(double x, Mode mode) {
  static const std::vector<double> positive = [] {
    std::vector<double> v;
    for (unsigned b = 0; b <= 0x7bff; ++b) v.push_back(half_value(std::uint16_t(b)));
    v.push_back(65536.0);  // where infinity would sit if the exponent went on: overflow rounds
    return v;              // like a value between the largest half and this one
  }();
  if (std::isnan(x)) return 0x7e00;
  const bool negative = std::signbit(x);
  const std::uint16_t sign = negative ? 0x8000 : 0;
  const double a = std::fabs(x);
  if (std::isinf(a)) return std::uint16_t(sign | 0x7c00);  // exact in every direction
  if (a >= 65536.0) {
    // Beyond the last step: infinity, unless the direction stops at the largest half.
    const bool stops =
        mode == Mode::Rtz || (mode == Mode::Rtp && negative) || (mode == Mode::Rtn && !negative);
    return std::uint16_t(sign | (stops ? 0x7bff : 0x7c00));
  }
  const auto above = std::upper_bound(positive.begin(), positive.end(), a);
  const unsigned low = unsigned(above - positive.begin()) - 1;  // positive[low] <= a
  if (positive[low] == a) return std::uint16_t(sign | low);
  const unsigned high = low + 1;  // 0x7c00 is infinity
  unsigned pick;
  switch (mode) {
    case Mode::Rtz:
      pick = low;
      break;
    case Mode::Rtp:
      pick = negative ? low : high;
      break;
    case Mode::Rtn:
      pick = negative ? high : low;
      break;
    default: {
      const double midpoint = (positive[low] + positive[high]) / 2;  // exact: 12 bits at most
      if (a < midpoint)
        pick = low;
      else if (a > midpoint)
        pick = high;
      else
        pick = (low % 2 == 0) ? low : high;
    }
  }
  return std::uint16_t(sign | pick);
}

inline bool is_half_nan(std::uint16_t h) {
  return (h & 0x7c00) == 0x7c00 && (h & 0x3ff) != 0;
}

}  // namespace clvet::interp::test
