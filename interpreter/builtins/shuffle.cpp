// shuffle and shuffle2 (OpenCL C 1.2 §6.12.12): one instantiation per element size, input
// width and mask width; only the low bits of each mask element that index the input count.
#include <cstdint>
#include <cstring>

#include "clvet/interp/builtin_abi.h"

namespace clvet::interp {
namespace {

template <unsigned Size>
struct Unsigned;
template <>
struct Unsigned<1> {
  using type = std::uint8_t;
};
template <>
struct Unsigned<2> {
  using type = std::uint16_t;
};
template <>
struct Unsigned<4> {
  using type = std::uint32_t;
};
template <>
struct Unsigned<8> {
  using type = std::uint64_t;
};

// Inputs is 1 for shuffle(x, mask) and 2 for shuffle2(x, y, mask): the result's component i is
// component mask[i] % (Inputs * M) of x, or of y after x's M.
template <unsigned Size, unsigned Inputs, unsigned M, unsigned N>
void shuffle(const BuiltinCall& call) {
  using Element = typename Unsigned<Size>::type;  // elements are moved, never computed on
  // Read once: stores through the byte pointers below could alias the call's fields.
  const std::byte* input_base[Inputs];
  std::size_t input_stride[Inputs];
  for (unsigned k = 0; k < Inputs; ++k) {
    input_base[k] = call.args[k].base;
    input_stride[k] = call.args[k].stride;
  }
  const std::byte* const mask_base = call.args[Inputs].base;
  const std::size_t mask_stride = call.args[Inputs].stride;
  std::byte* const out_base = call.result.base;
  const std::size_t out_stride = call.result.stride;
  const std::uint32_t* const ids = call.lanes.ids;
  const std::uint32_t count = call.lanes.count;
  for (std::uint32_t i = 0; i < count; ++i) {
    const std::uint32_t l = ids[i];
    Element inputs[Inputs * M];
    for (unsigned k = 0; k < Inputs; ++k)
      std::memcpy(inputs + k * M, input_base[k] + l * input_stride[k], M * Size);
    Element selectors[N];
    std::memcpy(selectors, mask_base + l * mask_stride, N * Size);
    Element result[N];
    for (unsigned c = 0; c < N; ++c) result[c] = inputs[selectors[c] & (Inputs * M - 1)];
    std::memcpy(out_base + l * out_stride, result, N * Size);
  }
}

constexpr bool is_power_width(unsigned w) {
  return w == 2 || w == 4 || w == 8 || w == 16;
}

template <unsigned Size, unsigned Inputs, unsigned M>
BuiltinFn pick_mask_width(unsigned n) {
  switch (n) {
    case 2:
      return &shuffle<Size, Inputs, M, 2>;
    case 4:
      return &shuffle<Size, Inputs, M, 4>;
    case 8:
      return &shuffle<Size, Inputs, M, 8>;
    case 16:
      return &shuffle<Size, Inputs, M, 16>;
    default:
      return nullptr;
  }
}

template <unsigned Size, unsigned Inputs>
BuiltinFn pick_input_width(unsigned m, unsigned n) {
  switch (m) {
    case 2:
      return pick_mask_width<Size, Inputs, 2>(n);
    case 4:
      return pick_mask_width<Size, Inputs, 4>(n);
    case 8:
      return pick_mask_width<Size, Inputs, 8>(n);
    case 16:
      return pick_mask_width<Size, Inputs, 16>(n);
    default:
      return nullptr;
  }
}

template <unsigned Inputs>
BuiltinFn pick(std::size_t size, unsigned m, unsigned n) {
  switch (size) {
    case 1:
      return pick_input_width<1, Inputs>(m, n);
    case 2:
      return pick_input_width<2, Inputs>(m, n);
    case 4:
      return pick_input_width<4, Inputs>(m, n);
    case 8:
      return pick_input_width<8, Inputs>(m, n);
    default:
      return nullptr;
  }
}

bool is_element(Scalar s) {
  return s != Scalar::Void && s != Scalar::Bool && s != Scalar::Event && s != Scalar::Sampler &&
         s != Scalar::Other;
}

// The mask is ugentypen with elements as wide as the inputs' (§6.12.12).
bool is_mask_for(const ParamType& mask, Scalar element) {
  const bool is_unsigned = mask.scalar == Scalar::UChar || mask.scalar == Scalar::UShort ||
                           mask.scalar == Scalar::UInt || mask.scalar == Scalar::ULong;
  return !mask.pointer && is_unsigned && scalar_size(mask.scalar) == scalar_size(element) &&
         is_power_width(mask.width);
}

// gentypen shuffle(gentypem x, ugentypen mask)
BuiltinFn resolve_shuffle(const Signature& sig) {
  if (sig.params.size() != 2) return nullptr;
  const ParamType& x = sig.params[0];
  if (x.pointer || !is_element(x.scalar) || !is_power_width(x.width)) return nullptr;
  if (!is_mask_for(sig.params[1], x.scalar)) return nullptr;
  return pick<1>(scalar_size(x.scalar), x.width, sig.params[1].width);
}

// gentypen shuffle2(gentypem x, gentypem y, ugentypen mask)
BuiltinFn resolve_shuffle2(const Signature& sig) {
  if (sig.params.size() != 3) return nullptr;
  const ParamType& x = sig.params[0];
  if (x.pointer || !is_element(x.scalar) || !is_power_width(x.width)) return nullptr;
  if (!(sig.params[1] == x) || !is_mask_for(sig.params[2], x.scalar)) return nullptr;
  return pick<2>(scalar_size(x.scalar), x.width, sig.params[2].width);
}

}  // namespace

void register_shuffle_builtins(BuiltinRegistry& registry) {
  registry.add("shuffle", &resolve_shuffle);
  registry.add("shuffle2", &resolve_shuffle2);
}

}  // namespace clvet::interp
