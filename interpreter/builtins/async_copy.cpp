// The async copies between global and local memory and prefetch (OpenCL C 1.2 §6.12.10). The
// lanes of a work-group call them together with the same arguments; the copy is made once, at
// the call, element by element through access() as the first active lane, so it is complete
// before any lane goes on and wait_group_events has nothing left to wait for.
#include <atomic>
#include <cstdint>
#include <cstring>
#include <vector>

#include "clvet/interp/builtin_abi.h"

namespace clvet::interp {
namespace {

// A size_t argument: 8 bytes on spir64, 4 on spir.
std::uint64_t size_argument(const Operand& op, std::uint32_t lane) {
  if (scalar_size(op.scalar) == 4) return op.get<std::uint32_t>(lane);
  return op.get<std::uint64_t>(lane);
}

// "If event argument is non-zero, the event object supplied in event argument will be
// returned"; otherwise a new one, never zero, distinct from every other copy's.
std::uint64_t event_for(std::uint64_t given) {
  static std::atomic<std::uint64_t> next{1};
  return given != 0 ? given : next.fetch_add(1, std::memory_order_relaxed);
}

// Copies `count` elements of kSize bytes from global to local memory (kToLocal) or back; with
// kStrided, the global side advances `stride` elements per element (src_stride when gathering
// into local memory, dst_stride when scattering to global memory).
template <std::size_t kSize, bool kToLocal, bool kStrided>
void async_copy_for(const BuiltinCall& call, const Lanes& lanes);

// Where each lane is a work-group of its own, each lane copies for its group.
template <std::size_t kSize, bool kToLocal, bool kStrided>
void async_copy(const BuiltinCall& call) {
  if (!call.context->lanes_are_groups())
    return async_copy_for<kSize, kToLocal, kStrided>(call, call.lanes);
  for (std::uint32_t i = 0; i < call.lanes.count; ++i)
    async_copy_for<kSize, kToLocal, kStrided>(call, Lanes{call.lanes.ids + i, 1});
}

// The copy the work-items `lanes` of one group make together.
template <std::size_t kSize, bool kToLocal, bool kStrided>
void async_copy_for(const BuiltinCall& call, const Lanes& lanes) {
  if (lanes.count == 0) return;
  const std::uint32_t lane = lanes.ids[0];
  std::byte* dst = reinterpret_cast<std::byte*>(call.args[0].get<std::uint64_t>(lane));
  const std::byte* src = reinterpret_cast<const std::byte*>(call.args[1].get<std::uint64_t>(lane));
  const std::uint64_t count = size_argument(call.args[2], lane);
  const std::uint64_t stride = kStrided ? size_argument(call.args[3], lane) : 1;
  const Operand& event = call.args[kStrided ? 4 : 3];
  constexpr std::uint8_t kDstSpace = kToLocal ? kLocal : kGlobal;
  constexpr std::uint8_t kSrcSpace = kToLocal ? kGlobal : kLocal;
  const std::uint64_t src_step = (kToLocal ? stride : 1) * kSize;
  const std::uint64_t dst_step = (kToLocal ? 1 : stride) * kSize;
  BuiltinContext& context = *call.context;
  // Every work-item must pass the same arguments (§6.12.10); the checkers hear if not.
  bool uniform = true;
  for (std::uint32_t k = 1; k < lanes.count && uniform; ++k) {
    const std::uint32_t l = lanes.ids[k];
    uniform = call.args[0].get<std::uint64_t>(l) == call.args[0].get<std::uint64_t>(lane) &&
              call.args[1].get<std::uint64_t>(l) == call.args[1].get<std::uint64_t>(lane) &&
              size_argument(call.args[2], l) == count &&
              (!kStrided || size_argument(call.args[3], l) == stride) &&
              event.get<std::uint64_t>(l) == event.get<std::uint64_t>(lane);
  }
  // Where nobody hears the accesses, each element's is only whether it lies inside an object:
  // a copy whose whole source and destination spans lie each inside one object is made without
  // asking element by element. Any other goes element by element and stops where one is refused.
  std::uint64_t i = 0;
  constexpr std::uint64_t kMostElements = std::uint64_t(1) << 32;  // spans below never overflow
  if (count > 0 && count < kMostElements && stride < kMostElements &&
      context.accesses_unobserved() &&
      context.reachable(src, (count - 1) * src_step + kSize) &&
      context.reachable(dst, (count - 1) * dst_step + kSize)) {
    if (src_step == kSize && dst_step == kSize) {
      std::memmove(dst, src, count * kSize);
    } else {
      for (; i < count; ++i) std::memmove(dst + i * dst_step, src + i * src_step, kSize);
    }
    i = count;
  }
  for (; i < count; ++i) {
    const std::byte* from = src + i * src_step;
    std::byte* to = dst + i * dst_step;
    const bool readable = context.access(lane, from, kSize, Access::Read, kSrcSpace);
    const bool writable = context.access(lane, to, kSize, Access::Write, kDstSpace);
    // The checkers have seen the first element out of bounds; the rest of a runaway copy would
    // only repeat it.
    if (!readable || !writable) break;
    std::memmove(to, from, kSize);
  }
  const std::uint64_t id = event_for(event.get<std::uint64_t>(lane));
  const AsyncCopyShape shape{reinterpret_cast<std::uint64_t>(dst),
                             reinterpret_cast<std::uint64_t>(src), count, kSize, dst_step,
                             src_step};
  context.async_step(false, lanes, uniform, &id, 1, &shape);
  if (call.result.base == nullptr) return;
  lanes.for_each([&](std::uint32_t l) { call.result.set<std::uint64_t>(l, 0, id); });
}

template <bool kToLocal, bool kStrided>
BuiltinFn by_element_size(std::size_t bytes) {
  switch (bytes) {
    case 1:
      return &async_copy<1, kToLocal, kStrided>;
    case 2:
      return &async_copy<2, kToLocal, kStrided>;
    case 4:
      return &async_copy<4, kToLocal, kStrided>;
    case 8:
      return &async_copy<8, kToLocal, kStrided>;
    case 16:
      return &async_copy<16, kToLocal, kStrided>;
    case 32:
      return &async_copy<32, kToLocal, kStrided>;
    case 64:
      return &async_copy<64, kToLocal, kStrided>;
    case 128:
      return &async_copy<128, kToLocal, kStrided>;
    default:
      return nullptr;
  }
}

bool is_gentype(const ParamType& t) {
  switch (t.scalar) {
    case Scalar::Char:
    case Scalar::UChar:
    case Scalar::Short:
    case Scalar::UShort:
    case Scalar::Int:
    case Scalar::UInt:
    case Scalar::Long:
    case Scalar::ULong:
    case Scalar::Half:
    case Scalar::Float:
    case Scalar::Double:
      break;
    default:
      return false;
  }
  return t.width == 1 || t.width == 2 || t.width == 3 || t.width == 4 || t.width == 8 ||
         t.width == 16;
}

// (local gentype* dst, const global gentype* src, size_t n, [size_t stride,] event_t) or the
// same from local to global.
template <bool kStrided>
BuiltinFn resolve_copy(const Signature& s) {
  if (s.params.size() != (kStrided ? 5u : 4u)) return nullptr;
  const ParamType& dst = s.params[0];
  const ParamType& src = s.params[1];
  if (!dst.pointer || !src.pointer || !is_gentype(dst) || dst.scalar != src.scalar ||
      dst.width != src.width || s.params.back().scalar != Scalar::Event)
    return nullptr;
  // "async_work_group_copy and async_work_group_strided_copy for 3-component vector types
  // behave as ... for 4-component vector types."
  const std::size_t bytes = scalar_size(dst.scalar) * (dst.width == 3 ? 4 : dst.width);
  if (dst.address_space == kLocal && src.address_space == kGlobal)
    return by_element_size<true, kStrided>(bytes);
  if (dst.address_space == kGlobal && src.address_space == kLocal)
    return by_element_size<false, kStrided>(bytes);
  return nullptr;
}

// The copies are complete when made: waiting has nothing to do but tell the checkers which
// events the group waited for, and whether every work-item named the same ones.
void wait_group_events(const BuiltinCall& call) {
  if (call.lanes.count == 0) return;
  BuiltinContext& context = *call.context;
  std::vector<std::uint64_t> first;
  bool uniform = true;
  for (std::uint32_t k = 0; k < call.lanes.count; ++k) {
    const std::uint32_t l = call.lanes.ids[k];
    const std::int64_t n = scalar_size(call.args[0].scalar) == 8 ? call.args[0].get<std::int64_t>(l)
                                                                 : call.args[0].get<std::int32_t>(l);
    const auto* list = reinterpret_cast<const std::uint64_t*>(call.args[1].get<std::uint64_t>(l));
    const bool readable =
        n > 0 && context.access(l, list, std::size_t(n) * 8, Access::Read, kPrivate);
    if (k == 0) {
      if (readable) first.assign(list, list + n);
      continue;
    }
    // Compared in place: a lane's list is read, not copied.
    const bool same = readable ? std::size_t(n) == first.size() &&
                                     std::memcmp(list, first.data(), first.size() * 8) == 0
                               : first.empty();
    if (!same) uniform = false;
  }
  context.async_step(true, call.lanes, uniform, first.data(), static_cast<std::uint32_t>(first.size()),
                     nullptr);
}

BuiltinFn resolve_wait(const Signature& s) {
  if (s.params.size() != 2 || !s.params[1].pointer || s.params[1].scalar != Scalar::Event)
    return nullptr;
  return &wait_group_events;
}

// "does not affect the functional behavior of the kernel": there is no cache to fill.
void prefetch(const BuiltinCall&) {}

BuiltinFn resolve_prefetch(const Signature& s) {
  if (s.params.size() != 2 || !s.params[0].pointer || s.params[0].address_space != kGlobal ||
      !is_gentype(s.params[0]))
    return nullptr;
  return &prefetch;
}

}  // namespace

void register_async_copy_builtins(BuiltinRegistry& r) {
  r.add("async_work_group_copy", resolve_copy<false>);
  r.add("async_work_group_strided_copy", resolve_copy<true>);
  r.add("wait_group_events", resolve_wait);
  r.add("prefetch", resolve_prefetch);
}

}  // namespace clvet::interp
