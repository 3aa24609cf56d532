// Test helper: the reference device's sub-groups as the host computes them for the kernel tests
// of sub-group functions: 32 work-items in linear local id order, the last of a group possibly
// smaller, over the work-group sizes those tests run (100: sub-groups of 32, 32, 32 and 4; 64;
// 24: one sub-group of 24, which is then the maximum sub-group size).
#pragma once

#include <algorithm>
#include <cstddef>

namespace clvet::test {

constexpr std::size_t kSub = 32;

struct Geometry {
  std::size_t global, local;
};
constexpr Geometry kGeometries[] = {{200, 100}, {64, 64}, {96, 24}};

// Work-item i's sub-group: its first work-item's global id, its size, i's sub-group local id,
// and the maximum sub-group size of the NDRange.
struct SubGroup {
  std::size_t first, size, local_id, max;
};

inline SubGroup sub_group_of(std::size_t i, const Geometry& g) {
  const std::size_t group_first = i / g.local * g.local;
  const std::size_t l = i - group_first;
  const std::size_t first = group_first + l / kSub * kSub;
  return {first, std::min(kSub, group_first + g.local - first), l % kSub, std::min(kSub, g.local)};
}

}  // namespace clvet::test
