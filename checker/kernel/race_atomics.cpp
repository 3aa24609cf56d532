// The race checker's global atomics: buffered per worker and epoch, recorded in the shared
// shadow when the epoch ends (see RaceChecker::atomics_ for why that is exact).
#include <algorithm>

#include "race_checker.h"

namespace clvet::checker {

namespace race {

bool AtomicBuffer::is_shared(std::uint64_t key) const {
  if (shared_count_ == 0) return false;
  const std::size_t mask = shared_.size() - 1;
  for (std::size_t i = slot(key, mask);; i = (i + 1) & mask) {
    if (shared_[i] == key) return true;
    if (shared_[i] == 0) return false;
  }
}

void AtomicBuffer::shared(std::uint64_t key) {
  if (is_shared(key)) return;
  if (2 * (shared_count_ + 1) > shared_.size()) {
    std::vector<std::uint64_t> old(shared_.size() * 2);
    old.swap(shared_);
    const std::size_t mask = shared_.size() - 1;
    for (std::uint64_t k : old) {
      if (!k) continue;
      std::size_t i = slot(k, mask);
      while (shared_[i]) i = (i + 1) & mask;
      shared_[i] = k;
    }
  }
  const std::size_t mask = shared_.size() - 1;
  std::size_t i = slot(key, mask);
  while (shared_[i]) i = (i + 1) & mask;
  shared_[i] = key;
  ++shared_count_;
}

void AtomicBuffer::add(std::uint64_t key, std::uint32_t lane, std::uint32_t lo, std::uint32_t hi) {
  if (is_shared(key)) return;
  if (2 * (count_ + 1) > table_.size()) {
    std::vector<Entry> old(table_.size() * 2);
    old.swap(table_);
    const std::size_t mask = table_.size() - 1;
    for (const Entry& e : old) {
      if (!e.key) continue;
      std::size_t i = slot(e.key, mask);
      while (table_[i].key) i = (i + 1) & mask;
      table_[i] = e;
    }
  }
  const std::size_t mask = table_.size() - 1;
  std::size_t i = slot(key, mask);
  while (table_[i].key && table_[i].key != key) i = (i + 1) & mask;
  Entry& e = table_[i];
  if (!e.key) {
    e = Entry{key, lane, static_cast<std::uint8_t>(lo), static_cast<std::uint8_t>(hi), false};
    ++count_;
    return;
  }
  e.multi_lane |= e.lane != lane;
  e.multi_sub_group |= sub_group_of(e.lane) != sub_group_of(lane);
  e.lane = lane;
  e.lo = std::min<std::uint8_t>(e.lo, static_cast<std::uint8_t>(lo));
  e.hi = std::max<std::uint8_t>(e.hi, static_cast<std::uint8_t>(hi));
}

std::vector<AtomicBuffer::Entry>& AtomicBuffer::sorted() {
  sorted_.clear();
  for (const Entry& e : table_)
    if (e.key) sorted_.push_back(e);
  std::sort(sorted_.begin(), sorted_.end(),
            [](const Entry& a, const Entry& b) { return word(a.key) < word(b.key); });
  return sorted_;
}

void AtomicBuffer::clear() {
  if (count_ == 0) return;
  std::fill(table_.begin(), table_.end(), Entry{});
  count_ = 0;
}

}  // namespace race

void RaceChecker::buffer_atomics(const interp::AccessBatch& b, Now& now) {
  // An epoch's buffer is bounded: past it the records go to the shadow early (the same
  // records, a word of the epoch merged twice).
  constexpr std::size_t kMaxEntries = 1 << 14;
  const bool copies = !copies_.empty();
  for (std::uint32_t k = 0; k < b.count; ++k) {
    now.lane = b.lanes[k];
    now.position = k;
    now.address = b.addresses[now.lane];
    if (copies) against_copies(now);
    const std::uint64_t end = now.address + b.size;
    for (std::uint64_t w = now.address & ~std::uint64_t(3); w < end; w += 4)
      atomics_.add(race::AtomicBuffer::key(w, now.site), now.lane,
                   static_cast<std::uint32_t>(std::max(now.address, w) - w),
                   static_cast<std::uint32_t>(std::min(end, w + 4) - w));
  }
  if (atomics_.size() > kMaxEntries) flush_atomics();
}

void RaceChecker::flush_atomics() {
  if (atomics_.size() == 0) return;
  race::GlobalShadow& shadow = launch_.shadow;
  const race::GlobalShadow::Region* region = nullptr;
  constexpr std::uint32_t kNone = ~0u;
  std::uint32_t held = kNone;
  Now now;
  now.stamp = global_stamp_;
  now.interval = interval_;
  now.group = group_;
  for (const race::AtomicBuffer::Entry& e : atomics_.sorted()) {
    const std::uint64_t w = race::AtomicBuffer::word(e.key);
    if (!region || w < region->base || w + e.hi > region->end) {
      region = shadow.region(w + e.lo, e.hi - e.lo);
      if (!region) continue;  // outside the launch's buffers: the bounds checker's business
    }
    if (!region->cells) {
      region = nullptr;
      continue;
    }
    now.site = race::AtomicBuffer::site(e.key);
    now.info = site(now.site);
    now.lane = e.lane;
    now.multi_lane = e.multi_lane;
    now.multi_sub_group = e.multi_sub_group;
    now.address = w + e.lo;
    now.changes = 0;
    const std::uint32_t stripe = race::GlobalShadow::stripe(w);
    if (stripe != held) {
      if (held != kNone) shadow.unlock(held);
      shadow.lock(stripe);
      held = stripe;
    }
    race::Cell& cell = region->cells[(w - region->base) >> 2];
    touch_word(cell, shadow.overflow(stripe), w, e.lo, e.hi, now);
    // Work-items of several sub-groups used this sub-group-scoped atomic on the word in one
    // epoch: not atomic with respect to each other, they race as plain accesses do.
    if (e.multi_sub_group && now.info.scope == interp::kScopeSubGroup) {
      const RaceAccess a{now.info.read, now.info.write, false, false, 0, now.info.size, 0};
      const unsigned kinds = race_kinds(a, a);
      const std::uint64_t r = race::record::make(now.site, e.lane, now.stamp, race::record::kMultiLane);
      for (unsigned bit = 0; bit < 3; ++bit)
        if (kinds & (1u << bit)) report(bit, r, now.group, false, now.address, false, now, false, true);
    }
    // Shared by several work-groups now? (Only word mode is looked at: atomics are whole words.)
    for (std::uint64_t r : cell.slot)
      if (r && !(r & race::record::kByteMode) && race::record::site(r) == now.site &&
          (r & race::record::kMultiGroup))
        atomics_.shared(e.key);
  }
  if (held != kNone) shadow.unlock(held);
  atomics_.clear();
}

}  // namespace clvet::checker
