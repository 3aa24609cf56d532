// The integer dot products of cl_khr_integer_dot_product (OpenCL C 3.0 §6.15.3's dot and
// dot_acc_sat of char4 and uchar4, and the 4x8-bit packed forms dot_4x8packed_{uu,ss,us,su} and
// dot_acc_sat_4x8packed_*): four 8-bit products summed in 32 bits (exact: at most 4 * 255^2),
// and for the _acc_sat forms added to the accumulator with saturation (add_sat). A packed
// operand holds component i in bits 8i to 8i + 7.
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>

#include "clvet/interp/builtin_abi.h"

namespace clvet::interp {
namespace {

// Component i of a packed or vector operand, as signed or unsigned 8 bits.
template <bool Signed>
std::int64_t component(std::uint32_t packed, unsigned i) {
  const std::uint8_t byte = std::uint8_t(packed >> (8 * i));
  return Signed ? std::int64_t(std::int8_t(byte)) : std::int64_t(byte);
}

template <bool SignedA, bool SignedB>
std::int64_t dot4(std::uint32_t a, std::uint32_t b) {
  std::int64_t sum = 0;
  for (unsigned i = 0; i < 4; ++i) sum += component<SignedA>(a, i) * component<SignedB>(b, i);
  return sum;
}

// The result type is uint when both inputs are unsigned, else int.
template <bool SignedA, bool SignedB, bool Accumulate>
void dot_lanes(const BuiltinCall& call) {
  constexpr bool kUnsigned = !SignedA && !SignedB;
  call.lanes.for_each([&](std::uint32_t l) {
    // A char4 / uchar4 operand and a packed uint are the same four bytes.
    const std::uint32_t a = call.args[0].get<std::uint32_t>(l);
    const std::uint32_t b = call.args[1].get<std::uint32_t>(l);
    std::int64_t r = dot4<SignedA, SignedB>(a, b);
    if constexpr (Accumulate) {
      const std::int64_t acc = kUnsigned ? std::int64_t(call.args[2].get<std::uint32_t>(l))
                                         : std::int64_t(call.args[2].get<std::int32_t>(l));
      r += acc;
      const std::int64_t lo = kUnsigned ? 0 : std::numeric_limits<std::int32_t>::min();
      const std::int64_t hi = kUnsigned ? std::numeric_limits<std::uint32_t>::max()
                                        : std::numeric_limits<std::int32_t>::max();
      r = r < lo ? lo : r > hi ? hi : r;
    }
    if constexpr (kUnsigned)
      call.result.set<std::uint32_t>(l, 0, std::uint32_t(r));
    else
      call.result.set<std::int32_t>(l, 0, std::int32_t(r));
  });
}

template <bool Accumulate>
BuiltinFn pick(bool signed_a, bool signed_b) {
  if (signed_a && signed_b) return &dot_lanes<true, true, Accumulate>;
  if (signed_a) return &dot_lanes<true, false, Accumulate>;
  if (signed_b) return &dot_lanes<false, true, Accumulate>;
  return &dot_lanes<false, false, Accumulate>;
}

bool is_byte4(const ParamType& p) {
  return !p.pointer && p.width == 4 && (p.scalar == Scalar::Char || p.scalar == Scalar::UChar);
}
bool is_scalar(const ParamType& p, Scalar s) { return !p.pointer && p.width == 1 && p.scalar == s; }

// dot(char4 or uchar4, char4 or uchar4); dot_acc_sat(..., int or uint accumulator).
template <bool Accumulate>
BuiltinFn resolve_vector_dot(const Signature& s) {
  if (s.params.size() != (Accumulate ? 3u : 2u) || !is_byte4(s.params[0]) || !is_byte4(s.params[1]))
    return nullptr;
  const bool signed_a = s.params[0].scalar == Scalar::Char;
  const bool signed_b = s.params[1].scalar == Scalar::Char;
  if constexpr (Accumulate) {
    const Scalar acc = signed_a || signed_b ? Scalar::Int : Scalar::UInt;
    if (!is_scalar(s.params[2], acc)) return nullptr;
  }
  return pick<Accumulate>(signed_a, signed_b);
}

// dot_4x8packed_<ab>_<int|uint>(uint, uint) and dot_acc_sat_4x8packed_<ab>_...(uint, uint, acc):
// the two letters say whether a and b are signed (s) or unsigned (u).
template <bool Accumulate>
BuiltinFn resolve_packed_dot(const Signature& s) {
  const std::string_view prefix = Accumulate ? "dot_acc_sat_4x8packed_" : "dot_4x8packed_";
  const std::string_view name = s.name;
  if (name.substr(0, prefix.size()) != prefix || name.size() < prefix.size() + 2) return nullptr;
  const char a = name[prefix.size()], b = name[prefix.size() + 1];
  if ((a != 's' && a != 'u') || (b != 's' && b != 'u')) return nullptr;
  const bool signed_a = a == 's', signed_b = b == 's';
  if (s.params.size() != (Accumulate ? 3u : 2u) || !is_scalar(s.params[0], Scalar::UInt) ||
      !is_scalar(s.params[1], Scalar::UInt))
    return nullptr;
  if constexpr (Accumulate) {
    const Scalar acc = signed_a || signed_b ? Scalar::Int : Scalar::UInt;
    if (!is_scalar(s.params[2], acc)) return nullptr;
  }
  return pick<Accumulate>(signed_a, signed_b);
}

}  // namespace

void register_integer_dot_product_builtins(BuiltinRegistry& r) {
  r.add("dot", &resolve_vector_dot<false>);
  r.add("dot_acc_sat", &resolve_vector_dot<true>);
  for (const char* ab : {"uu_uint", "ss_int", "us_int", "su_int"}) {
    r.add(std::string("dot_4x8packed_") + ab, &resolve_packed_dot<false>);
    r.add(std::string("dot_acc_sat_4x8packed_") + ab, &resolve_packed_dot<true>);
  }
}

}  // namespace clvet::interp
