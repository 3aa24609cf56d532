// The integer dot products of cl_khr_integer_dot_product (OpenCL C 3.0 §6.15.3's dot and
// dot_acc_sat of char4 and uchar4, and the 4x8-bit packed forms dot_4x8packed_{uu,ss,us,su} and
// dot_acc_sat_4x8packed_*): four 8-bit products summed in 32 bits (exact: at most 4 * 255^2),
// and for the _acc_sat forms added to the accumulator with saturation (add_sat). A packed
// operand holds component i in bits 8i to 8i + 7. And SPIR-V's OpSDot, OpUDot, OpSUDot and
// their AccSat forms (SPV_KHR_integer_dot_product, core in 1.6), which the translator reads as
// __spirv_<op>KHR_R<result type>: of the same inputs, with a result of 8 to 64 bits.
#include <algorithm>
#include <cstdint>
#include <iterator>
#include <limits>
#include <type_traits>
#include <string>
#include <string_view>

#include "clvet/interp/builtin_abi.h"

namespace clvet::interp {
namespace {

// Wide enough for a 64-bit accumulator plus a dot product, of either signedness.
__extension__ typedef __int128 Int128;

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

// SPIR-V's dot products (SPIR-V specification, OpSDot ... OpSUDotAccSat), of 4x8-bit inputs
// (a vector of four 8-bit integers, or a 32-bit scalar with PackedVectorFormat4x8Bit: the same
// four bytes) with a result of type R: the components sign-extended (S) or zero-extended (U; SU:
// Vector 1 signed, Vector 2 unsigned), multiplied and summed exactly, the result its low bits;
// the AccSat forms add Accumulator (of type R) to that sum, clamped to R's range, signed for
// SDot and SUDot, unsigned for UDot (R's signedness here). An AccSat whose sum alone does not
// fit R is undefined; it is clamped the same way.
template <bool SignedA, bool SignedB, bool Accumulate, class R>
void spirv_dot_lanes(const BuiltinCall& call) {
  call.lanes.for_each([&](std::uint32_t l) {
    const std::int64_t dot = dot4<SignedA, SignedB>(call.args[0].get<std::uint32_t>(l),
                                                    call.args[1].get<std::uint32_t>(l));
    if constexpr (!Accumulate) {
      // Two's complement: the low bits of the exact sum are those of its 64-bit value.
      call.result.set<R>(l, 0, static_cast<R>(dot));
    } else {
      const Int128 sum = Int128{dot} + Int128{call.args[2].get<R>(l)};
      const Int128 lo = std::numeric_limits<R>::min(), hi = std::numeric_limits<R>::max();
      call.result.set<R>(l, 0, static_cast<R>(sum < lo ? lo : sum > hi ? hi : sum));
    }
  });
}

// The result types the translator names (_R<type>), by name.
struct SpirvResult {
  std::string_view name;
  Scalar scalar;
};
constexpr SpirvResult kSpirvResults[] = {
    {"char", Scalar::Char}, {"uchar", Scalar::UChar}, {"short", Scalar::Short},
    {"ushort", Scalar::UShort}, {"int", Scalar::Int}, {"uint", Scalar::UInt},
    {"long", Scalar::Long}, {"ulong", Scalar::ULong}};

template <bool SignedA, bool SignedB, bool Accumulate>
BuiltinFn pick_spirv(std::size_t bytes) {
  // R is signed unless both inputs are unsigned (OpUDot's unsigned saturation).
  constexpr bool kSigned = SignedA || SignedB;
  using R8 = std::conditional_t<kSigned, std::int8_t, std::uint8_t>;
  using R16 = std::conditional_t<kSigned, std::int16_t, std::uint16_t>;
  using R32 = std::conditional_t<kSigned, std::int32_t, std::uint32_t>;
  using R64 = std::conditional_t<kSigned, std::int64_t, std::uint64_t>;
  switch (bytes) {
    case 1: return &spirv_dot_lanes<SignedA, SignedB, Accumulate, R8>;
    case 2: return &spirv_dot_lanes<SignedA, SignedB, Accumulate, R16>;
    case 4: return &spirv_dot_lanes<SignedA, SignedB, Accumulate, R32>;
    case 8: return &spirv_dot_lanes<SignedA, SignedB, Accumulate, R64>;
    default: return nullptr;
  }
}

// An input of 4x8 bits: char4 (the translator mangles SPIR-V's signless integers as signed) or a
// 32-bit scalar.
bool is_4x8bit_input(const ParamType& p) {
  return !p.pointer && ((p.width == 4 && scalar_size(p.scalar) == 1 && !is_float(p.scalar)) ||
                        (p.width == 1 && (p.scalar == Scalar::Int || p.scalar == Scalar::UInt)));
}

// __spirv_{S,U,SU}Dot[AccSat]KHR_R<type>(a, b[, accumulator][, packed vector format]): the
// format, an int the translator appends for packed inputs, can only be PackedVectorFormat4x8Bit
// (0) in a module SPIRV-Tools validated.
BuiltinFn resolve_spirv_dot(const Signature& s) {
  std::string_view name = s.name;
  constexpr std::string_view kPrefix = "__spirv_";
  if (!name.starts_with(kPrefix)) return nullptr;
  name.remove_prefix(kPrefix.size());
  const bool signed_a = name.starts_with("S"), signed_b = name.starts_with("SDot");
  name.remove_prefix(name.starts_with("SU") ? 2 : 1);
  if (!name.starts_with("Dot")) return nullptr;
  name.remove_prefix(3);
  const bool accumulate = name.starts_with("AccSat");
  if (accumulate) name.remove_prefix(6);
  if (!name.starts_with("KHR_R")) return nullptr;
  name.remove_prefix(5);
  const auto* result = std::find_if(std::begin(kSpirvResults), std::end(kSpirvResults),
                                    [&](const SpirvResult& r) { return r.name == name; });
  if (result == std::end(kSpirvResults)) return nullptr;
  const std::size_t bytes = scalar_size(result->scalar);
  if (s.result_width != 1 || s.result_element_size != bytes || s.params.size() < 2 ||
      !is_4x8bit_input(s.params[0]) || !is_4x8bit_input(s.params[1]))
    return nullptr;
  const bool packed = s.params[0].width == 1;
  if (s.params[1].width != s.params[0].width) return nullptr;
  // After the inputs: the accumulator, of R's size, then for packed inputs the format.
  const std::size_t count = 2 + (accumulate ? 1 : 0) + (packed ? 1 : 0);
  if (s.params.size() != count) return nullptr;
  if (accumulate) {
    const ParamType& acc = s.params[2];
    if (acc.pointer || acc.width != 1 || is_float(acc.scalar) || scalar_size(acc.scalar) != bytes)
      return nullptr;
  }
  if (packed && !is_scalar(s.params[count - 1], Scalar::Int)) return nullptr;
  if (signed_a && signed_b)
    return accumulate ? pick_spirv<true, true, true>(bytes) : pick_spirv<true, true, false>(bytes);
  if (signed_a)
    return accumulate ? pick_spirv<true, false, true>(bytes) : pick_spirv<true, false, false>(bytes);
  return accumulate ? pick_spirv<false, false, true>(bytes) : pick_spirv<false, false, false>(bytes);
}

}  // namespace

void register_integer_dot_product_builtins(BuiltinRegistry& r) {
  r.add("dot", &resolve_vector_dot<false>);
  r.add("dot_acc_sat", &resolve_vector_dot<true>);
  for (const char* ab : {"uu_uint", "ss_int", "us_int", "su_int"}) {
    r.add(std::string("dot_4x8packed_") + ab, &resolve_packed_dot<false>);
    r.add(std::string("dot_acc_sat_4x8packed_") + ab, &resolve_packed_dot<true>);
  }
  for (const char* op : {"SDot", "UDot", "SUDot"})
    for (const char* acc : {"", "AccSat"})
      for (const SpirvResult& result : kSpirvResults)
        r.add(std::string("__spirv_") + op + acc + "KHR_R" + std::string(result.name),
              &resolve_spirv_dot);
}

}  // namespace clvet::interp
