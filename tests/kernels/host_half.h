// Test helper: the host's own rounding to half (GCC's _Float16 conversion, to nearest even and
// correctly rounded), the oracle the half kernel tests compare the device's halves with.
#pragma once

#include <cstdint>
#include <cstring>

namespace clvet::test {

inline std::uint16_t host_half(double x) {
  const _Float16 h = static_cast<_Float16>(x);
  std::uint16_t bits;
  std::memcpy(&bits, &h, sizeof bits);
  return bits;
}

}  // namespace clvet::test
