// Per byte of each buffer, the last work-item that stored to it: set by every global store
// the engine reports (plain, vector, atomic and built-in stores alike).
#include "last_stores.h"

#include <algorithm>
#include <atomic>
#include <limits>

namespace clvet::checker {

LastStores::LastStores(const LaunchFindings& launch) : launch_(launch) {
  const LaunchDescription& d = launch.launch();
  per_group_ = d.local_size[0] * d.local_size[1] * d.local_size[2];
  // Work-items are numbered in 32 bits by group and lane, a smaller last group (non-uniform
  // work-groups) numbered as a whole one; a larger NDRange keeps no stores.
  const std::uint64_t* groups = launch.groups();
  const std::uint64_t items = groups[0] * groups[1] * groups[2] * per_group_;
  if (items >= std::numeric_limits<std::uint32_t>::max()) return;
  for (const LaunchObject& o : launch.objects()) {
    // Buffers that overlap (an argument and its sub-buffer) share the first one's bytes.
    if (!objects_.empty() && o.base < objects_.back().base + objects_.back().size) continue;
    Object object;
    object.base = o.base;
    object.size = o.size;
    object.stores = std::make_unique<std::uint32_t[]>(o.size);  // zeroed: no store yet
    objects_.push_back(std::move(object));
  }
}

const LastStores::Object* LastStores::object_at(std::uint64_t address) const {
  auto after = std::upper_bound(objects_.begin(), objects_.end(), address,
                                [](std::uint64_t a, const Object& o) { return a < o.base; });
  if (after == objects_.begin()) return nullptr;
  const Object& o = *std::prev(after);
  return address < o.base + o.size ? &o : nullptr;
}

void LastStores::memory(const interp::AccessBatch& b, std::uint64_t group) {
  // Global stores, through a generic pointer too: the address says whether it is a buffer's.
  if (b.kind == interp::Access::Read || b.kind == interp::Access::AtomicRead ||
      b.address_space == interp::kLocal ||
      b.address_space == interp::kPrivate)
    return;
  for (std::uint32_t i = 0; i < b.count; ++i) {
    const std::uint32_t lane = b.lanes[i];
    const std::uint64_t address = b.addresses[lane];
    const Object* o = object_at(address);
    if (o == nullptr) continue;  // outside every buffer: the bounds checker says so
    const auto item = static_cast<std::uint32_t>(group * per_group_ + lane + 1);
    const std::uint64_t end = std::min(address + b.size, o->base + o->size);
    for (std::uint64_t a = address; a < end; ++a)
      std::atomic_ref<std::uint32_t>(o->stores[a - o->base]).store(item, std::memory_order_relaxed);
  }
}

std::optional<reports::WorkItemIds> LastStores::writer(std::uint64_t address, std::uint64_t size) const {
  for (std::uint64_t a = address; a < address + size; ++a) {
    const Object* o = object_at(a);
    if (o == nullptr) continue;
    const std::uint32_t item = o->stores[a - o->base];
    if (item != 0) return launch_.ids((item - 1) / per_group_, static_cast<std::uint32_t>((item - 1) % per_group_));
  }
  return std::nullopt;
}

}  // namespace clvet::checker
