// A function's activation in the lockstep engine: its registers for every lane of the
// work-group, its lanes' private memory and where its lanes wait. OpenCL C has no recursion,
// so each function has one frame per worker thread, reused by every call.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <vector>

#include "exec/work_group.h"

namespace clvet::interp {

struct WorkGroupRunner::Frame {
  const ir::Function* fn = nullptr;
  std::vector<std::byte*> base;          // per register: lane l's value at base + l * size
  std::vector<std::byte> storage;
  std::vector<std::byte> private_area;   // allocas: lane l's at private_base + l * private_stride
  std::byte* private_base = nullptr;     // in private_area, aligned as the function's allocas ask
  std::uint32_t private_stride = 0;
  // The kernel's struct arguments passed by value: each lane's copy at base + lane * stride,
  // filled again from the argument's bytes at the start of every work-group.
  struct ByVal {
    std::vector<std::byte> storage;
    std::byte* base = nullptr;
    std::size_t stride = 0, size = 0;
    const std::vector<std::uint8_t>* bytes = nullptr;
  };
  std::vector<ByVal> byval;
  // The taint shadow (LaunchShared::taint; empty when off): per register a shadow laid out like
  // its values (1 per tainted byte), and the private area's shadow.
  std::vector<std::uint8_t*> shadow;
  std::vector<std::uint8_t> shadow_storage;
  std::vector<std::uint8_t> private_shadow;

  // Where the lanes of a call wait: per block, the lanes that go there next (in increasing
  // order), the blocks some lanes wait at, and each block's place in reverse postorder (the
  // first waiting block in it runs next). Blocks not reached from the entry rank last.
  std::vector<std::vector<std::uint32_t>> waiting;
  std::vector<std::uint32_t> pending;
  std::vector<std::uint32_t> rank;
  std::vector<std::uint32_t> running;    // the lanes of the block running now
  std::vector<std::uint32_t> merged, side, other;
  std::vector<std::uint32_t> by_edge;
  bool active = false;
};

inline void copy_lanes(WorkGroupRunner::Frame& f, std::uint32_t dst, std::uint32_t src,
                       std::uint32_t size, const WorkGroupRunner::LaneSet& lanes) {
  std::byte* d = f.base[dst];
  const std::byte* s = f.base[src];
  if (!f.shadow.empty()) {
    // A copy moves the value's shadow with it (phis, returns, bitcasts, freeze).
    std::uint8_t* sd = f.shadow[dst];
    const std::uint8_t* ss = f.shadow[src];
    for (std::uint32_t k = 0; k < lanes.count; ++k) {
      std::size_t o = std::size_t(lanes.ids[k]) * size;
      std::memcpy(sd + o, ss + o, size);
    }
  }
  if (lanes.full) {
    std::memcpy(d, s, std::size_t(size) * lanes.count);
    return;
  }
  // Sizes the compiler knows make each lane's copy a move, not a call of memcpy; the lane list
  // in locals, as a byte store may alias it.
  const std::uint32_t count = lanes.count;
  const std::uint32_t* const ids = lanes.ids;
  auto each_lane = [d, s, count, ids](auto n) {
    constexpr std::size_t kSize = decltype(n)::value;
    for (std::uint32_t k = 0; k < count; ++k) {
      const std::size_t o = std::size_t(ids[k]) * kSize;
      std::memcpy(d + o, s + o, kSize);
    }
  };
  switch (size) {
    case 1: return each_lane(std::integral_constant<std::size_t, 1>{});
    case 2: return each_lane(std::integral_constant<std::size_t, 2>{});
    case 4: return each_lane(std::integral_constant<std::size_t, 4>{});
    case 8: return each_lane(std::integral_constant<std::size_t, 8>{});
    default: break;
  }
  for (std::uint32_t k = 0; k < lanes.count; ++k) {
    std::size_t o = std::size_t(lanes.ids[k]) * size;
    std::memcpy(d + o, s + o, size);
  }
}

inline void take_edge(WorkGroupRunner::Frame& f, const ir::Edge& edge,
                      const WorkGroupRunner::LaneSet& lanes) {
  for (std::uint32_t c = 0; c < edge.copy_count; ++c) {
    const ir::PhiCopy& copy = f.fn->edge_copies[edge.copy_first + c];
    copy_lanes(f, copy.dst, copy.src, copy.size, lanes);
  }
}

// The bytes lane l's memcpy, memmove or memset covers: the decoder's constant, or the lane's
// length operand (`c`, `extra` bits wide).
inline std::uint64_t memory_intrinsic_length(const WorkGroupRunner::Frame& f, const ir::Instr& in,
                                             std::uint32_t l) {
  if (in.c == ir::kNoRegister) return in.size;
  std::uint64_t n = 0;
  std::memcpy(&n, f.base[in.c] + std::size_t(l) * (in.extra / 8), in.extra / 8);
  return n;
}

inline std::int64_t read_signed(const std::byte* p, ir::Ty ty) {
  switch (ty) {
    case ir::Ty::I1: return static_cast<std::uint8_t>(*p) & 1;
    case ir::Ty::I8: { std::int8_t v; std::memcpy(&v, p, 1); return v; }
    case ir::Ty::I16: { std::int16_t v; std::memcpy(&v, p, 2); return v; }
    case ir::Ty::I32: { std::int32_t v; std::memcpy(&v, p, 4); return v; }
    default: { std::int64_t v; std::memcpy(&v, p, 8); return v; }
  }
}

}  // namespace clvet::interp
