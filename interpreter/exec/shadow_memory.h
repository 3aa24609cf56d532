// The taint shadow of memory (LaunchRequest::taint): for each byte a kernel can reach, whether
// it is tainted. One shadow byte per byte (0: clean, 1: tainted), kept only for the objects that
// can hold tainted bytes; every other object reads as clean.
#pragma once

#include <cstdint>
#include <cstring>

#include "exec/memory_map.h"

namespace clvet::interp {

// The regions' shadows, found by address (memory_map.h's ranges).
struct ShadowRegion {
  enum class Kind : std::uint8_t {
    Clean,    // every byte clean, and nothing tracks a store into it (shadow == nullptr)
    Tainted,  // every byte tainted (clvet.uninitialised); stores leave it so
    Tracked,  // shadow[i] says for byte i (1: tainted)
    TrackedWritten,  // shadow[i] says for byte i the other way round (1: written, so clean)
  };
  std::uint64_t lo = 0, hi = 0;  // [lo, hi)
  std::uint8_t* shadow = nullptr;
  Kind kind = Kind::Clean;
  bool global = false;           // global memory: a store there is a TaintSinks::global_stores sink
  bool tracked() const { return kind == Kind::Tracked || kind == Kind::TrackedWritten; }
};

class ShadowMap : public AddressRanges<ShadowRegion> {
 public:
  using Region = ShadowRegion;
  using Kind = ShadowRegion::Kind;
  void add(const void* base, std::uint64_t size, std::uint8_t* shadow, Kind kind, bool global) {
    if (size == 0) return;
    auto lo = reinterpret_cast<std::uint64_t>(base);
    push({lo, lo + size, shadow, kind, global});
  }
};

// Shadow bytes of [address, address + size) into out (1: tainted). Outside every region (an
// access the engine refuses) the bytes count as clean.
inline void read_shadow(const ShadowMap::Region* r, std::uint64_t address, std::uint32_t size,
                        std::uint8_t* out) {
  if (!r || r->kind == ShadowMap::Kind::Clean) {
    std::memset(out, 0, size);
  } else if (r->kind == ShadowMap::Kind::Tainted) {
    std::memset(out, 1, size);
  } else if (r->kind == ShadowMap::Kind::Tracked) {
    std::memcpy(out, r->shadow + (address - r->lo), size);
  } else {
    const std::uint8_t* written = r->shadow + (address - r->lo);
    for (std::uint32_t i = 0; i < size; ++i) out[i] = written[i] ? 0 : 1;
  }
}

// Sets the shadow of [address, address + size) from in (1: tainted) where the region tracks it.
inline void write_shadow(const ShadowMap::Region* r, std::uint64_t address, std::uint32_t size,
                         const std::uint8_t* in) {
  if (!r) return;
  if (r->kind == ShadowMap::Kind::Tracked) {
    std::memcpy(r->shadow + (address - r->lo), in, size);
  } else if (r->kind == ShadowMap::Kind::TrackedWritten) {
    std::uint8_t* written = r->shadow + (address - r->lo);
    for (std::uint32_t i = 0; i < size; ++i) written[i] = in[i] ? 0 : 1;
  }
}

// Sets the shadow of [address, address + size) to `tainted` where the region tracks it.
inline void fill_shadow(const ShadowMap::Region* r, std::uint64_t address, std::uint64_t size,
                        bool tainted) {
  if (!r || !r->tracked()) return;
  const bool written = r->kind == ShadowMap::Kind::TrackedWritten;
  std::memset(r->shadow + (address - r->lo), tainted != written ? 1 : 0, size);
}

}  // namespace clvet::interp
