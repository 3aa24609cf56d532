// The host address ranges a kernel may touch (buffers, program globals, the work-group's
// __local arena, private memory), so that no access of a kernel ever lands outside them.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

namespace clvet::interp {

// Disjoint address ranges, each a Region with `lo` and `hi` ([lo, hi)) and whatever else the
// user keeps per range, found by address once sealed.
template <class Region>
class AddressRanges {
 public:
  void push(const Region& region) { regions_.push_back(region); }
  // Sorts the ranges; find() needs it after every push (pointers found before are stale).
  void seal() {
    std::sort(regions_.begin(), regions_.end(),
              [](const Region& a, const Region& b) { return a.lo < b.lo; });
  }
  // The region containing [address, address + size), or nullptr.
  const Region* find(std::uint64_t address, std::uint64_t size) const {
    auto it = std::upper_bound(regions_.begin(), regions_.end(), address,
                               [](std::uint64_t a, const Region& r) { return a < r.lo; });
    if (it == regions_.begin()) return nullptr;
    --it;
    if (address + size < address || address + size > it->hi) return nullptr;
    return &*it;
  }
  void clear() { regions_.clear(); }

 private:
  std::vector<Region> regions_;
};

struct MemoryRegion {
  std::uint64_t lo = 0, hi = 0;  // [lo, hi)
};

class MemoryMap : public AddressRanges<MemoryRegion> {
 public:
  using Region = MemoryRegion;
  void add(const void* base, std::uint64_t size) {
    if (size == 0) return;
    auto lo = reinterpret_cast<std::uint64_t>(base);
    push({lo, lo + size});
  }
};

}  // namespace clvet::interp
