// The race checker's knowledge of releases (see race_order.h).
#include "race_order.h"

#include <algorithm>

#include "clvet/interp/builtin_abi.h"

namespace clvet::checker::race {

void Knowledge::add(const Release& r) {
  if (r.stamp <= horizon) return;
  for (Release& k : releases)
    if (k.group == r.group && k.lane == r.lane && k.sub_group == r.sub_group) {
      // One work-item's later release covers its earlier ones.
      if (r.stamp > k.stamp) k = r;
      return;
    }
  if (releases.size() == kMaxReleases) {
    // The oldest gives way to the horizon (more counts as ordered: a race may hide).
    auto oldest = std::min_element(releases.begin(), releases.end(),
                                   [](const Release& a, const Release& b) { return a.stamp < b.stamp; });
    horizon = std::max(horizon, oldest->stamp);
    releases.erase(oldest);
    std::erase_if(releases, [&](const Release& k) { return k.stamp <= horizon; });
    if (r.stamp <= horizon) return;
  }
  releases.push_back(r);
}

void Knowledge::merge(const Knowledge& other) {
  if (other.horizon > horizon) {
    horizon = other.horizon;
    std::erase_if(releases, [&](const Release& k) { return k.stamp <= horizon; });
  }
  for (const Release& r : other.releases) add(r);
}

void ReleaseTable::publish(std::uint64_t word, const Knowledge& what) {
  any_.store(true);
  Stripe& s = stripe(word);
  std::lock_guard lock(s.mutex);
  s.objects[word].merge(what);
}

void ReleaseTable::read(std::uint64_t word, std::uint32_t group, std::uint32_t lane,
                        std::uint8_t scope, Knowledge& into) {
  Stripe& s = stripe(word);
  std::lock_guard lock(s.mutex);
  auto it = s.objects.find(word);
  if (it == s.objects.end()) return;
  const Knowledge& k = it->second;
  const bool device_wide = scope != interp::kScopeWorkGroup && scope != interp::kScopeWorkItem &&
                           scope != interp::kScopeSubGroup;
  if (device_wide && k.horizon > into.horizon) {
    into.horizon = k.horizon;
    std::erase_if(into.releases, [&](const Release& r) { return r.stamp <= into.horizon; });
  }
  for (const Release& r : k.releases) {
    const bool wide = r.scope != interp::kScopeWorkGroup && r.scope != interp::kScopeWorkItem &&
                      r.scope != interp::kScopeSubGroup;
    if (r.group != group && (!wide || !device_wide)) continue;
    // memory_scope_sub_group includes the work-items of one sub-group only (the scopes of
    // OpenCL C 2.0 §6.13.11.5, with 3.0 §6.15.19's sub-groups).
    const bool narrow = !r.sub_group && (r.scope == interp::kScopeSubGroup ||
                                         scope == interp::kScopeSubGroup);
    if (narrow && sub_group_of(r.lane) != sub_group_of(lane)) continue;
    into.add(r);
  }
}

}  // namespace clvet::checker::race
