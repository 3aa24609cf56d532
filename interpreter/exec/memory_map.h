// The host address ranges a kernel may touch (buffers, program globals, the work-group's
// __local arena, private memory), so that no access of a kernel ever lands outside them.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

namespace clvet::interp {

class MemoryMap {
 public:
  struct Region {
    std::uint64_t lo = 0, hi = 0;  // [lo, hi)
  };

  void add(const void* base, std::uint64_t size) {
    if (size == 0) return;
    auto lo = reinterpret_cast<std::uint64_t>(base);
    regions_.push_back({lo, lo + size});
  }
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

}  // namespace clvet::interp
