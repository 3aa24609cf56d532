// The uninitialised-value checker's memory shadow: for each byte a kernel can reach,
// whether something wrote it. One shadow byte per byte (0: written, 1: never written), kept
// only for the objects that can hold unwritten bytes; every other object reads as written.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <vector>

namespace clvet::interp {

class ShadowMap {
 public:
  enum class Kind : std::uint8_t {
    Written,   // every byte written, and nothing tracks a store into it (shadow == nullptr)
    Unwritten, // no byte ever written (clvet.uninitialised); stores leave it so
    Tracked,   // shadow[i] says for byte i
  };
  struct Region {
    std::uint64_t lo = 0, hi = 0;  // [lo, hi)
    std::uint8_t* shadow = nullptr;
    Kind kind = Kind::Written;
    bool global = false;           // global memory: storing an unwritten value there is a use
  };

  void add(const void* base, std::uint64_t size, std::uint8_t* shadow, Kind kind, bool global) {
    if (size == 0) return;
    auto lo = reinterpret_cast<std::uint64_t>(base);
    regions_.push_back({lo, lo + size, shadow, kind, global});
  }
  void seal() {
    std::sort(regions_.begin(), regions_.end(),
              [](const Region& a, const Region& b) { return a.lo < b.lo; });
  }
  void clear() { regions_.clear(); }
  // The region that holds all of [address, address + size), or nullptr.
  const Region* find(std::uint64_t address, std::uint64_t size) const {
    auto it = std::upper_bound(regions_.begin(), regions_.end(), address,
                               [](std::uint64_t a, const Region& r) { return a < r.lo; });
    if (it == regions_.begin()) return nullptr;
    --it;
    if (address + size < address || address + size > it->hi) return nullptr;
    return &*it;
  }

 private:
  std::vector<Region> regions_;
};

// Shadow bytes of [address, address + size) into out (1: never written). Outside every region
// (an access the bounds checker reports) the bytes count as written.
inline void read_shadow(const ShadowMap::Region* r, std::uint64_t address, std::uint32_t size,
                        std::uint8_t* out) {
  if (!r || r->kind == ShadowMap::Kind::Written) {
    std::memset(out, 0, size);
  } else if (r->kind == ShadowMap::Kind::Unwritten) {
    std::memset(out, 1, size);
  } else {
    std::memcpy(out, r->shadow + (address - r->lo), size);
  }
}

inline void write_shadow(const ShadowMap::Region* r, std::uint64_t address, std::uint32_t size,
                         const std::uint8_t* in) {
  if (r && r->kind == ShadowMap::Kind::Tracked) std::memcpy(r->shadow + (address - r->lo), in, size);
}

}  // namespace clvet::interp
