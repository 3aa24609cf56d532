// The vector data load and store built-ins (OpenCL C 1.2 §6.12.7): vloadn, vstoren and the
// half-precision forms vload_half[n], vloada_halfn, vstore_half[n][_r], vstorea_halfn[_r].
// Every access goes through BuiltinContext::access with its exact size first; the shuffles of
// the same family live in shuffle.cpp.
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#include "clvet/interp/builtin_abi.h"
#include "float_rounding.h"

namespace clvet::interp {

void register_shuffle_builtins(BuiltinRegistry& registry);  // shuffle.cpp

namespace {

template <class Offset>
std::uint64_t offset_of(const Operand& offset, std::uint32_t lane) {
  return offset.get<Offset>(lane);
}

// The address of element `index` (of `size` bytes) from lane's pointer, computed as an integer:
// a wild offset must reach access() as the address it names, not as undefined behaviour.
std::byte* element_address(const Operand& pointer, std::uint32_t lane, std::uint64_t index,
                           std::size_t size) {
  return reinterpret_cast<std::byte*>(
      std::uintptr_t(pointer.get<std::uint64_t>(lane) + index * size));
}

// vloadn: n elements from p + offset * n (§6.12.7). Elements are copied as bytes: only their
// size matters.
template <unsigned Size, unsigned N, class Offset>
void vload(const BuiltinCall& call) {
  const Operand& offset = call.args[0];
  const Operand& pointer = call.args[1];
  const Operand& out = call.result;
  for (std::uint32_t i = 0; i < call.lanes.count; ++i) {
    const std::uint32_t l = call.lanes.ids[i];
    const std::byte* address = element_address(pointer, l, offset_of<Offset>(offset, l) * N, Size);
    std::byte* destination = out.base + std::size_t(l) * out.stride;
    if (!call.context->access(l, address, N * Size, Access::Read, pointer.address_space)) {
      std::memset(destination, 0, N * Size);  // a refused load reads as zero
      continue;
    }
    std::memcpy(destination, address, N * Size);
  }
}

// vstoren: data to p + offset * n.
template <unsigned Size, unsigned N, class Offset>
void vstore(const BuiltinCall& call) {
  const Operand& data = call.args[0];
  const Operand& offset = call.args[1];
  const Operand& pointer = call.args[2];
  for (std::uint32_t i = 0; i < call.lanes.count; ++i) {
    const std::uint32_t l = call.lanes.ids[i];
    std::byte* address = element_address(pointer, l, offset_of<Offset>(offset, l) * N, Size);
    if (!call.context->access(l, address, N * Size, Access::Write, pointer.address_space)) continue;
    std::memcpy(address, data.base + std::size_t(l) * data.stride, N * Size);
  }
}

// vload_half[n] (Step = N) and vloada_halfn (Step = 4 for n = 3): N halves from
// p + offset * Step, widened exactly to float.
template <unsigned N, unsigned Step, class Offset>
void vload_half(const BuiltinCall& call) {
  const Operand& offset = call.args[0];
  const Operand& pointer = call.args[1];
  const Operand& out = call.result;
  for (std::uint32_t i = 0; i < call.lanes.count; ++i) {
    const std::uint32_t l = call.lanes.ids[i];
    const std::byte* address = element_address(pointer, l, offset_of<Offset>(offset, l) * Step, 2);
    std::byte* destination = out.base + std::size_t(l) * out.stride;
    if (!call.context->access(l, address, N * 2, Access::Read, pointer.address_space)) {
      std::memset(destination, 0, N * 4);  // a refused load reads as zero
      continue;
    }
    std::uint16_t halves[N];
    std::memcpy(halves, address, N * 2);
    // Component by component: narrow stores read back wide would stall store forwarding.
    for (unsigned c = 0; c < N; ++c) {
      const float f = half_to_float(halves[c]);
      std::memcpy(destination + c * 4, &f, 4);
    }
  }
}

// vstore_half[n][_r] and vstorea_halfn[_r]: N floats or doubles rounded to half in direction R
// and stored at p + offset * Step.
template <class Source, Rounding R, unsigned N, unsigned Step, class Offset>
void vstore_half(const BuiltinCall& call) {
  const Operand& data = call.args[0];
  const Operand& offset = call.args[1];
  const Operand& pointer = call.args[2];
  for (std::uint32_t i = 0; i < call.lanes.count; ++i) {
    const std::uint32_t l = call.lanes.ids[i];
    std::byte* address = element_address(pointer, l, offset_of<Offset>(offset, l) * Step, 2);
    if (!call.context->access(l, address, N * 2, Access::Write, pointer.address_space)) continue;
    Source values[N];
    std::memcpy(values, data.base + std::size_t(l) * data.stride, sizeof values);
    for (unsigned c = 0; c < N; ++c) {
      std::uint16_t h;
      if constexpr (sizeof(Source) == 4)
        h = float_to_half(values[c], R);
      else
        h = double_to_half(values[c], R);
      std::memcpy(address + c * 2, &h, 2);
    }
  }
}

// The vector width a name ends with after `prefix` ("vload" "16"), or 0 when it has none.
// False when what follows is not one of the widths the family has.
bool width_after(std::string_view name, std::string_view prefix, unsigned& width,
                 std::string_view& rest) {
  if (name.substr(0, prefix.size()) != prefix) return false;
  name.remove_prefix(prefix.size());
  width = 0;
  std::size_t digits = 0;
  while (digits < name.size() && name[digits] >= '0' && name[digits] <= '9')
    width = width * 10 + unsigned(name[digits++] - '0');
  rest = name.substr(digits);
  if (digits == 0) return true;
  return width == 2 || width == 3 || width == 4 || width == 8 || width == 16;
}

// size_t is ulong on spir64 and uint on spir.
bool is_size_t(const ParamType& t) {
  return !t.pointer && t.width == 1 && (t.scalar == Scalar::ULong || t.scalar == Scalar::UInt);
}

bool is_data_element(Scalar s) {
  return s != Scalar::Void && s != Scalar::Bool && s != Scalar::Event && s != Scalar::Sampler &&
         s != Scalar::Other;
}

template <template <unsigned, unsigned, class> class Op, class Offset>
BuiltinFn pick_by_size(std::size_t size, unsigned n) {
  auto by_width = [&]<unsigned S>() -> BuiltinFn {
    switch (n) {
      case 2:
        return &Op<S, 2, Offset>::run;
      case 3:
        return &Op<S, 3, Offset>::run;
      case 4:
        return &Op<S, 4, Offset>::run;
      case 8:
        return &Op<S, 8, Offset>::run;
      case 16:
        return &Op<S, 16, Offset>::run;
      default:
        return nullptr;
    }
  };
  switch (size) {
    case 1:
      return by_width.template operator()<1>();
    case 2:
      return by_width.template operator()<2>();
    case 4:
      return by_width.template operator()<4>();
    case 8:
      return by_width.template operator()<8>();
    default:
      return nullptr;
  }
}

template <unsigned S, unsigned N, class Offset>
struct VLoad {
  static void run(const BuiltinCall& call) { vload<S, N, Offset>(call); }
};
template <unsigned S, unsigned N, class Offset>
struct VStore {
  static void run(const BuiltinCall& call) { vstore<S, N, Offset>(call); }
};

template <template <unsigned, unsigned, class> class Op>
BuiltinFn pick_offset(const ParamType& offset, std::size_t size, unsigned n) {
  return offset.scalar == Scalar::ULong ? pick_by_size<Op, std::uint64_t>(size, n)
                                        : pick_by_size<Op, std::uint32_t>(size, n);
}

// gentypen vloadn(size_t offset, const [as] gentype* p)
BuiltinFn resolve_vload(const Signature& sig) {
  unsigned n;
  std::string_view rest;
  if (!width_after(sig.name, "vload", n, rest) || n == 0 || !rest.empty()) return nullptr;
  if (sig.params.size() != 2 || !is_size_t(sig.params[0])) return nullptr;
  const ParamType& p = sig.params[1];
  if (!p.pointer || p.width != 1 || !is_data_element(p.scalar)) return nullptr;
  return pick_offset<VLoad>(sig.params[0], scalar_size(p.scalar), n);
}

// void vstoren(gentypen data, size_t offset, [as] gentype* p)
BuiltinFn resolve_vstore(const Signature& sig) {
  unsigned n;
  std::string_view rest;
  if (!width_after(sig.name, "vstore", n, rest) || n == 0 || !rest.empty()) return nullptr;
  if (sig.params.size() != 3 || !is_size_t(sig.params[1])) return nullptr;
  const ParamType& data = sig.params[0];
  const ParamType& p = sig.params[2];
  if (data.pointer || data.width != n || !p.pointer || p.width != 1 || p.scalar != data.scalar ||
      !is_data_element(p.scalar))
    return nullptr;
  return pick_offset<VStore>(sig.params[1], scalar_size(p.scalar), n);
}

template <unsigned N, bool Aligned, class Offset>
constexpr BuiltinFn vload_half_fn() {
  return &vload_half < N, (Aligned && N == 3) ? 4 : N, Offset > ;
}

template <bool Aligned, class Offset>
BuiltinFn pick_vload_half(unsigned n) {
  switch (n) {
    case 1:
      return vload_half_fn<1, Aligned, Offset>();
    case 2:
      return vload_half_fn<2, Aligned, Offset>();
    case 3:
      return vload_half_fn<3, Aligned, Offset>();
    case 4:
      return vload_half_fn<4, Aligned, Offset>();
    case 8:
      return vload_half_fn<8, Aligned, Offset>();
    case 16:
      return vload_half_fn<16, Aligned, Offset>();
    default:
      return nullptr;
  }
}

// floatn vload_halfn(size_t offset, const [as] half* p), and vloada_halfn.
BuiltinFn resolve_vload_half(const Signature& sig) {
  const bool aligned = sig.name.starts_with("vloada_half");
  unsigned n;
  std::string_view rest;
  if (!width_after(sig.name, aligned ? "vloada_half" : "vload_half", n, rest) || !rest.empty())
    return nullptr;
  if (aligned && n == 0) return nullptr;  // vloada_halfn has no scalar form (§6.12.7)
  if (n == 0) n = 1;
  if (sig.params.size() != 2 || !is_size_t(sig.params[0])) return nullptr;
  const ParamType& p = sig.params[1];
  if (!p.pointer || p.width != 1 || p.scalar != Scalar::Half) return nullptr;
  const bool wide = sig.params[0].scalar == Scalar::ULong;
  if (aligned)
    return wide ? pick_vload_half<true, std::uint64_t>(n) : pick_vload_half<true, std::uint32_t>(n);
  return wide ? pick_vload_half<false, std::uint64_t>(n) : pick_vload_half<false, std::uint32_t>(n);
}

template <class Source, Rounding R, bool Aligned, class Offset>
BuiltinFn pick_vstore_half_width(unsigned n) {
  switch (n) {
    case 1:
      return &vstore_half<Source, R, 1, 1, Offset>;
    case 2:
      return &vstore_half<Source, R, 2, 2, Offset>;
    case 3:
      return &vstore_half < Source, R, 3, Aligned ? 4 : 3, Offset > ;
    case 4:
      return &vstore_half<Source, R, 4, 4, Offset>;
    case 8:
      return &vstore_half<Source, R, 8, 8, Offset>;
    case 16:
      return &vstore_half<Source, R, 16, 16, Offset>;
    default:
      return nullptr;
  }
}

template <class Source, bool Aligned, class Offset>
BuiltinFn pick_vstore_half(Rounding r, unsigned n) {
  switch (r) {
    case Rounding::NearestEven:
      return pick_vstore_half_width<Source, Rounding::NearestEven, Aligned, Offset>(n);
    case Rounding::TowardZero:
      return pick_vstore_half_width<Source, Rounding::TowardZero, Aligned, Offset>(n);
    case Rounding::TowardPositive:
      return pick_vstore_half_width<Source, Rounding::TowardPositive, Aligned, Offset>(n);
    case Rounding::TowardNegative:
      return pick_vstore_half_width<Source, Rounding::TowardNegative, Aligned, Offset>(n);
  }
  return nullptr;
}

constexpr std::string_view kRoundingSuffixes[] = {"_rte", "_rtz", "_rtp", "_rtn"};

// void vstore_halfn[_r](floatn or doublen data, size_t offset, [as] half* p), and vstorea_halfn.
BuiltinFn resolve_vstore_half(const Signature& sig) {
  const bool aligned = sig.name.starts_with("vstorea_half");
  unsigned n;
  std::string_view rest;
  if (!width_after(sig.name, aligned ? "vstorea_half" : "vstore_half", n, rest)) return nullptr;
  if (aligned && n == 0) return nullptr;
  if (n == 0) n = 1;
  // No suffix: round to nearest even, the default rounding mode (§6.12.7).
  Rounding r = Rounding::NearestEven;
  if (!rest.empty()) {
    bool known = false;
    for (std::size_t i = 0; i < std::size(kRoundingSuffixes); ++i)
      if (rest == kRoundingSuffixes[i]) {
        r = Rounding(i);
        known = true;
      }
    if (!known) return nullptr;
  }
  if (sig.params.size() != 3 || !is_size_t(sig.params[1])) return nullptr;
  const ParamType& data = sig.params[0];
  const ParamType& p = sig.params[2];
  if (data.pointer || data.width != n || !p.pointer || p.width != 1 || p.scalar != Scalar::Half)
    return nullptr;
  if (data.scalar != Scalar::Float && data.scalar != Scalar::Double) return nullptr;
  const bool wide = sig.params[1].scalar == Scalar::ULong;
  const bool is_double = data.scalar == Scalar::Double;
  if (aligned) {
    if (is_double)
      return wide ? pick_vstore_half<double, true, std::uint64_t>(r, n)
                  : pick_vstore_half<double, true, std::uint32_t>(r, n);
    return wide ? pick_vstore_half<float, true, std::uint64_t>(r, n)
                : pick_vstore_half<float, true, std::uint32_t>(r, n);
  }
  if (is_double)
    return wide ? pick_vstore_half<double, false, std::uint64_t>(r, n)
                : pick_vstore_half<double, false, std::uint32_t>(r, n);
  return wide ? pick_vstore_half<float, false, std::uint64_t>(r, n)
              : pick_vstore_half<float, false, std::uint32_t>(r, n);
}

}  // namespace

void register_vector_data_builtins(BuiltinRegistry& registry) {
  for (const char* n : {"2", "3", "4", "8", "16"}) {
    registry.add(std::string("vload") + n, &resolve_vload);
    registry.add(std::string("vstore") + n, &resolve_vstore);
  }
  for (const char* n : {"", "2", "3", "4", "8", "16"}) {
    registry.add(std::string("vload_half") + n, &resolve_vload_half);
    if (*n) registry.add(std::string("vloada_half") + n, &resolve_vload_half);
    for (std::string_view suffix : {"", "_rte", "_rtz", "_rtp", "_rtn"}) {
      registry.add(std::string("vstore_half") + n + std::string(suffix), &resolve_vstore_half);
      if (*n)
        registry.add(std::string("vstorea_half") + n + std::string(suffix), &resolve_vstore_half);
    }
  }
  register_shuffle_builtins(registry);
}

}  // namespace clvet::interp
