// The built-ins of the generic address space (OpenCL C 3.0 §6.15.9, 2.0 §6.13.9): to_global,
// to_local, to_private and get_fence, which ask where a generic pointer points at run time.
// Clang calls the first three __to_global/__to_local/__to_private with an unmangled name.
#include "clvet/interp/builtin_abi.h"

namespace clvet::interp {
namespace {

constexpr std::uint32_t kLocalMemFence = 1;   // CLK_LOCAL_MEM_FENCE
constexpr std::uint32_t kGlobalMemFence = 2;  // CLK_GLOBAL_MEM_FENCE

// "Returns NULL if ptr is not pointing to a memory region in the named address space"; NULL
// stays NULL. Another work-group's or work-item's __local or private memory is in its space:
// a pointer to it may come through memory that several work-groups write.
template <std::uint8_t Space>
void to_space(const BuiltinCall& call) {
  call.lanes.for_each([&](std::uint32_t l) {
    const auto p = call.args[0].get<std::uint64_t>(l);
    const bool inside = p != 0 && call.context->address_space_in_launch(p) == Space;
    call.result.set<std::uint64_t>(l, 0, inside ? p : 0);
  });
}

// "A valid memory fence value for ptr": the fence flag that orders the memory it points to;
// private memory is no other work-item's, so no fence orders it (0).
void get_fence(const BuiltinCall& call) {
  call.lanes.for_each([&](std::uint32_t l) {
    const auto p = call.args[0].get<std::uint64_t>(l);
    const std::uint8_t space = call.context->address_space_in_launch(p);
    const std::uint32_t flags = space == kLocal    ? kLocalMemFence
                                : space == kGlobal ? kGlobalMemFence
                                                   : 0;
    call.result.set<std::uint32_t>(l, 0, flags);
  });
}

template <std::uint8_t Space>
BuiltinFn resolve_to(const Signature& s) {
  if (s.result_element_size != 8) return nullptr;
  return &to_space<Space>;
}

BuiltinFn resolve_get_fence(const Signature& s) {
  if (s.params.size() != 1 || !s.params[0].pointer || s.params[0].address_space != kGeneric ||
      s.result_element_size != 4)
    return nullptr;
  return &get_fence;
}

}  // namespace

void register_address_space_builtins(BuiltinRegistry& r) {
  r.add("__to_global", resolve_to<kGlobal>);
  r.add("__to_local", resolve_to<kLocal>);
  r.add("__to_private", resolve_to<kPrivate>);
  r.add("get_fence", resolve_get_fence);
}

}  // namespace clvet::interp
