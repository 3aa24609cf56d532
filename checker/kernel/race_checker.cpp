// The data-race checker: each lane's access against the records of the bytes it touches, then
// its own record (see race_shadow.h for the shadow and why it is exact).
#include "race_checker.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>
#include <tuple>

namespace clvet::checker {

using interp::Access;
using interp::AccessBatch;
namespace record = race::record;

std::uint32_t RaceLaunch::site_id(const RaceSiteKey& key, const RaceSite& site) {
  std::lock_guard lock(mutex_);
  auto it = ids_.find(key);
  if (it != ids_.end()) return it->second;
  // Past 32767 sites, the last id stands for all the others (their pairs may merge).
  if (sites_.size() > record::kMaxSite) return record::kMaxSite;
  const auto id = static_cast<std::uint32_t>(sites_.size());
  sites_.push_back(site);
  ids_.emplace(key, id);
  return id;
}

RaceSite RaceLaunch::site(std::uint32_t id) {
  std::lock_guard lock(mutex_);
  return id < sites_.size() ? sites_[id] : RaceSite{};
}

void RaceChecker::group_begin(std::uint64_t group) {
  take_acquires();
  flush_atomics();
  group_ = group;
  copies_.clear();
  if (knows_) {
    for (race::Knowledge& k : lane_knowledge_) k.clear();
    for (race::Knowledge& k : lane_observed_) k.clear();
    group_knowledge_.clear();
    knows_ = false;
  }
  std::fill(fence_stamp_.begin(), fence_stamp_.end(), 0);
  open_epoch(true);
  ++local_stamp_;
  local_interval_ = local_stamp_;
  forget_local_order();
}

void RaceChecker::forget_local_order() {
  if (!local_knows_ && local_releases_.empty() && local_fence_stamp_.empty()) return;
  local_releases_.clear();
  for (race::Knowledge& k : local_knowledge_) k.clear();
  for (race::Knowledge& k : local_observed_) k.clear();
  std::fill(local_fence_stamp_.begin(), local_fence_stamp_.end(), 0);
  local_knows_ = false;
}

void RaceChecker::local_lane(std::uint32_t lane) {
  if (lane < local_knowledge_.size()) return;
  local_knowledge_.resize(lane + 1);
  local_observed_.resize(lane + 1);
  local_fence_stamp_.resize(lane + 1, 0);
  local_fence_scope_.resize(lane + 1, 0);
}

void RaceChecker::open_epoch(bool barrier) {
  if (stamps_left_ == 0) {
    constexpr std::uint32_t kBlock = 256;
    next_stamp_ = launch_.epochs.reserve(kBlock);
    stamps_left_ = kBlock;
  }
  global_stamp_ = next_stamp_++;
  --stamps_left_;
  if (barrier) interval_ = global_stamp_;
  launch_.epochs.open(global_stamp_, group_, interval_);
  stamp_used_ = false;
}

std::uint32_t RaceChecker::release_stamp() {
  if (stamp_used_) {
    flush_atomics();
    open_epoch(false);
  }
  return global_stamp_;
}

void RaceChecker::barrier(std::uint32_t fence_flags) {
  if (fence_flags & 1) {
    // Everything before orders before everything after: the interval's order is done with.
    ++local_stamp_;
    local_interval_ = local_stamp_;
    forget_local_order();
  }
  if (fence_flags & 2) {
    take_acquires();
    flush_atomics();
    open_epoch(true);
    // A barrier orders every work-item of the group after what any of them had acquired.
    if (knows_) {
      for (race::Knowledge& k : lane_knowledge_) {
        group_knowledge_.merge(k);
        k.clear();
      }
    }
  }
}

race::Knowledge& RaceChecker::knowledge(std::uint32_t lane) {
  if (lane >= lane_knowledge_.size()) {
    lane_knowledge_.resize(lane + 1);
    lane_observed_.resize(lane + 1);
  }
  return lane_knowledge_[lane];
}

namespace {
bool releases(std::uint8_t order) {
  return order == interp::kRelease || order == interp::kAcqRel || order == interp::kSeqCst;
}
bool acquires(std::uint8_t order) {
  return order == interp::kAcquire || order == interp::kAcqRel || order == interp::kSeqCst;
}
// A scope that includes other work-items of the group: all of them, or (sub-group scope) those
// of the work-item's sub-group.
bool beyond_work_item(std::uint8_t scope) { return scope != interp::kScopeWorkItem; }
// Whether a release by `releaser` at `release_scope`, acquired by `acquirer` at `acquire_scope`,
// leaves one of them out: a sub-group scope on either side and different sub-groups.
bool sub_group_excludes(std::uint8_t release_scope, std::uint8_t acquire_scope,
                        std::uint32_t releaser, std::uint32_t acquirer) {
  return (release_scope == interp::kScopeSubGroup || acquire_scope == interp::kScopeSubGroup) &&
         race::sub_group_of(releaser) != race::sub_group_of(acquirer);
}
}  // namespace

void RaceChecker::sub_group_barrier(const std::uint32_t* lanes, std::uint32_t count,
                                    std::uint32_t fence_flags) {
  if (count == 0) return;
  // One release for the whole sub-group (Release::sub_group), known by each of its lanes with
  // what any of them had acquired.
  if (fence_flags & 1) {
    ++local_stamp_;
    race::Knowledge shared;
    for (std::uint32_t k = 0; k < count; ++k) {
      local_lane(lanes[k]);
      shared.merge(local_knowledge_[lanes[k]]);
    }
    shared.add({static_cast<std::uint32_t>(group_), lanes[0], local_stamp_, local_interval_,
                interp::kScopeWorkGroup, true});
    for (std::uint32_t k = 0; k < count; ++k) local_knowledge_[lanes[k]].merge(shared);
    local_knows_ = true;
  }
  if (fence_flags & 2) {
    take_acquires();
    const std::uint32_t stamp = release_stamp();
    race::Knowledge shared;
    for (std::uint32_t k = 0; k < count; ++k) shared.merge(knowledge(lanes[k]));
    shared.add({static_cast<std::uint32_t>(group_), lanes[0], stamp, interval_,
                interp::kScopeWorkGroup, true});
    for (std::uint32_t k = 0; k < count; ++k) knowledge(lanes[k]).merge(shared);
    knows_ = true;
  }
}

void RaceChecker::synchronise(const AccessBatch& b) {
  const bool stores = b.kind == Access::Atomic;  // a store or read-modify-write
  // A read-modify-write reads too; a plain atomic store (also Atomic) taken as reading is an
  // acquire more: it can only make more accesses ordered.
  const bool release = stores && releases(b.order);
  const bool acquire = acquires(b.order);
  for (std::uint32_t k = 0; k < b.count; ++k) {
    const std::uint32_t lane = b.lanes[k];
    const std::uint64_t word = b.addresses[lane] & ~std::uint64_t(3);
    const bool fenced = stores && lane < fence_stamp_.size() && fence_stamp_[lane] != 0;
    if (release || fenced) {
      race::Release r{static_cast<std::uint32_t>(group_), lane, 0, interval_, b.scope};
      if (release) {
        r.stamp = release_stamp();
      } else {
        r.stamp = fence_stamp_[lane];
        r.scope = fence_scope_[lane];
      }
      // What the work-item knew comes with its release (the order is transitive).
      race::Knowledge what = group_knowledge_;
      if (lane < lane_knowledge_.size()) what.merge(lane_knowledge_[lane]);
      what.add(r);
      launch_.releases.publish(word, what);
    }
    if (acquire || b.kind != Access::Write)
      acquires_.push_back({lane, word, b.scope, !acquire});
  }
}

void RaceChecker::synchronise_local(const AccessBatch& b) {
  if (!beyond_work_item(b.scope)) return;
  const bool stores = b.kind == Access::Atomic;
  const bool release = stores && releases(b.order);
  const bool acquire = acquires(b.order);
  bool opened = false;
  for (std::uint32_t k = 0; k < b.count; ++k) {
    const std::uint32_t lane = b.lanes[k];
    local_lane(lane);
    const std::uint64_t word = b.addresses[lane] & ~std::uint64_t(3);
    // Lanes run their atomics in order: an earlier lane's release of this batch is seen.
    if (release || (stores && local_fence_stamp_[lane] != 0)) {
      race::Release r{static_cast<std::uint32_t>(group_), lane, 0, local_interval_, b.scope};
      if (release) {
        // The lane's accesses before the release keep the older stamps.
        if (!opened) ++local_stamp_;
        opened = true;
        r.stamp = local_stamp_;
      } else {
        r.stamp = local_fence_stamp_[lane];
        // The narrower of the fence's and the store's scopes.
        if (local_fence_scope_[lane] == interp::kScopeSubGroup) r.scope = interp::kScopeSubGroup;
      }
      race::Knowledge what = local_knowledge_[lane];
      what.add(r);
      local_releases_[word].merge(what);
    }
    if (!acquire && b.kind == Access::Write) continue;
    auto it = local_releases_.find(word);
    if (it == local_releases_.end()) continue;
    race::Knowledge& into = (acquire ? local_knowledge_ : local_observed_)[lane];
    const race::Knowledge& from = it->second;
    if (b.scope != interp::kScopeSubGroup && from.horizon > into.horizon) {
      into.horizon = from.horizon;
      std::erase_if(into.releases, [&](const race::Release& r) { return r.stamp <= into.horizon; });
    }
    for (const race::Release& r : from.releases)
      if (r.sub_group || !sub_group_excludes(r.scope, b.scope, r.lane, lane)) into.add(r);
    local_knows_ |= acquire;
  }
}

bool RaceChecker::local_released_before(std::uint64_t r, std::uint32_t lane) const {
  if (lane >= local_knowledge_.size()) return false;
  const race::Knowledge& k = local_knowledge_[lane];
  const std::uint32_t stamp = record::stamp(r);
  if (stamp < k.horizon) return true;
  // Several lanes made the record: which ones is known only as far as their sub-group.
  for (const race::Release& rel : k.releases)
    if (rel.orders(record::lane(r), r & record::kMultiLane, r & record::kMultiSubGroup, stamp))
      return true;
  return false;
}

void RaceChecker::take_acquires() {
  if (acquires_.empty()) return;
  // No release yet in the launch: nothing to synchronise with. (A release publishes before
  // its store, and the load that read the store was made before this: it would be seen.)
  if (!launch_.releases.any()) {
    acquires_.clear();
    return;
  }
  for (const Acquire& a : acquires_) {
    knowledge(a.lane);
    race::Knowledge& into = a.relaxed ? lane_observed_[a.lane] : lane_knowledge_[a.lane];
    launch_.releases.read(a.word, static_cast<std::uint32_t>(group_), a.lane, a.scope, into);
    knows_ |= !into.empty();
  }
  acquires_.clear();
}

void RaceChecker::fence(const std::uint32_t* lanes, std::uint32_t count, std::uint32_t flags,
                        std::uint8_t order, std::uint8_t scope) {
  if ((flags & 1) && order != interp::kRelaxed && beyond_work_item(scope)) {
    // CLK_LOCAL_MEM_FENCE: the order of __local memory within the group.
    if (acquires(order)) {
      for (std::uint32_t k = 0; k < count; ++k) {
        local_lane(lanes[k]);
        local_knowledge_[lanes[k]].merge(local_observed_[lanes[k]]);
        local_knows_ |= !local_knowledge_[lanes[k]].empty();
      }
    }
    if (releases(order)) {
      ++local_stamp_;
      for (std::uint32_t k = 0; k < count; ++k) {
        local_lane(lanes[k]);
        local_fence_stamp_[lanes[k]] = local_stamp_;
        local_fence_scope_[lanes[k]] = scope;
      }
    }
  }
  // CLK_GLOBAL_MEM_FENCE: global memory's order across work-items.
  if (!(flags & 2) || order == interp::kRelaxed) return;
  take_acquires();
  if (acquires(order)) {
    for (std::uint32_t k = 0; k < count; ++k) {
      knowledge(lanes[k]).merge(lane_observed_[lanes[k]]);
      knows_ |= !lane_knowledge_[lanes[k]].empty();
    }
  }
  if (releases(order)) {
    const std::uint32_t stamp = release_stamp();
    for (std::uint32_t k = 0; k < count; ++k) {
      if (lanes[k] >= fence_stamp_.size()) {
        fence_stamp_.resize(lanes[k] + 1, 0);
        fence_scope_.resize(lanes[k] + 1, 0);
      }
      fence_stamp_[lanes[k]] = stamp;
      fence_scope_[lanes[k]] = scope;
    }
  }
}

void RaceChecker::async_copy(const interp::AsyncCopyShape& copy, std::uint64_t event,
                             const interp::SourceSite& site) {
  if (copy.count == 0) return;
  // The sites of the copy's own element accesses (the same keys as site_of gives them).
  AccessBatch b;
  b.size = static_cast<std::uint32_t>(copy.element);
  b.builtin = true;
  b.site = site;
  b.kind = Access::Write;
  const std::uint32_t dst = site_of(b);
  b.kind = Access::Read;
  const std::uint32_t src = site_of(b);
  copies_.push_back({copy, event, dst, src});
}

void RaceChecker::async_wait(const std::uint64_t* events, std::uint32_t count) {
  for (std::uint32_t i = 0; i < count; ++i)
    std::erase_if(copies_, [&](const PendingCopy& c) { return c.event == events[i]; });
}

namespace {

// Whether [address, address + size) overlaps an element of `count` elements of `element`
// bytes, `step` bytes apart from `base`.
bool overlaps(std::uint64_t base, std::uint64_t step, std::uint64_t count, std::uint64_t element,
              std::uint64_t address, std::uint64_t size) {
  if (address + size <= base) return false;
  const std::uint64_t offset = address >= base ? address - base : 0;
  const std::uint64_t last = address + size - 1 - base;  // the access's last byte
  if (step == element) return offset < count * element;
  // Elements whose start is at most the access's last byte, from the one before its first.
  for (std::uint64_t i = offset / step; i < count && i * step <= last; ++i)
    if (i * step + element > offset) return true;
  return false;
}

}  // namespace

void RaceChecker::against_copies(const Now& now) {
  const std::uint32_t size = now.info.size;
  for (const PendingCopy& c : copies_) {
    const interp::AsyncCopyShape& s = c.shape;
    const bool dst = overlaps(s.dst, s.dst_step, s.count, s.element, now.address, size);
    const bool src = !dst && now.info.write &&
                     overlaps(s.src, s.src_step, s.count, s.element, now.address, size);
    if (!dst && !src) continue;
    // A copy's own accesses are the group's, by no one work-item.
    RaceAccess copy{!dst, dst, false, false, 0, static_cast<std::uint32_t>(s.element), 0};
    RaceAccess mine{now.info.read, now.info.write, now.info.atomic, false, 0, size, 0};
    const unsigned kinds = race_kinds(copy, mine);
    const std::uint64_t r = record::make(dst ? c.dst_site : c.src_site, 0, now.stamp, 0);
    for (unsigned bit = 0; bit < 3; ++bit)
      if (kinds & (1u << bit)) report(bit, r, now.group, false, now.address, false, now, true);
  }
}

std::uint32_t RaceChecker::site_of(const AccessBatch& b) {
  const bool has_value = b.values && b.kind == Access::Write;
  RaceSiteKey key{std::uint64_t(b.site.function) << 32 | b.site.instruction,
                  std::uint64_t(b.site.line) << 32 | b.site.column,
                  std::uint64_t(b.size) << 8 | std::uint64_t(b.kind) << 1 | has_value |
                      (b.kind == Access::Atomic || b.kind == Access::AtomicRead
                           ? std::uint64_t(b.scope) << 56 | std::uint64_t(b.order) << 60
                           : 0)};
  if (last_site_ && key == last_key_) return last_site_;
  std::uint32_t& id = site_ids_[key];
  if (!id) {
    RaceSite s;
    s.line = b.site.line;
    s.column = b.site.column;
    s.read = b.kind != Access::Write;
    s.write = b.kind != Access::Read && b.kind != Access::AtomicRead;
    s.atomic = b.kind == Access::Atomic || b.kind == Access::AtomicRead;
    if (s.atomic) {
      s.order = b.order;
      s.scope = b.scope;
    }
    s.has_value = has_value;
    s.size = b.size;
    id = launch_.site_id(key, s);
  }
  last_key_ = key;
  last_site_ = id;
  return id;
}

const RaceSite& RaceChecker::site(std::uint32_t id) {
  if (id >= sites_.size() || sites_[id].size == 0) {
    if (id >= sites_.size()) sites_.resize(id + 1);
    sites_[id] = launch_.site(id);
  }
  return sites_[id];
}

race::EpochTable::Epoch RaceChecker::epoch_of(std::uint32_t stamp) {
  if (stamp == global_stamp_) return {static_cast<std::uint32_t>(group_), interval_};
  if (stamp != last_stamp_) {
    last_stamp_ = stamp;
    last_epoch_ = launch_.epochs.epoch(stamp);
  }
  return last_epoch_;
}

bool RaceChecker::released_before(std::uint64_t r, race::EpochTable::Epoch epoch,
                                  const Now& now) const {
  // Another work-group's access too: which one is not known, so it cannot be shown ordered.
  if (r & record::kMultiGroup) return false;
  const std::uint32_t stamp = record::stamp(r);
  auto covers = [&](const race::Knowledge& k) {
    if (stamp < k.horizon) return true;
    for (const race::Release& rel : k.releases)
      if (rel.group == epoch.group && stamp < rel.stamp &&
          (epoch.interval != rel.interval ||
           rel.orders(record::lane(r), r & record::kMultiLane, r & record::kMultiSubGroup, stamp)))
        return true;
    return false;
  };
  if (covers(group_knowledge_)) return true;
  // A buffered atomic of several lanes: what one of them knows is not what all do.
  return !now.multi_lane && now.lane < lane_knowledge_.size() && covers(lane_knowledge_[now.lane]);
}

void RaceChecker::memory(const AccessBatch& b) {
  const bool local = b.address_space == interp::kLocal;
  if (!local && b.address_space != interp::kGlobal && b.address_space != interp::kConstant) return;
  if (b.count == 0 || b.size == 0) return;
  take_acquires();
  Now now;
  now.site = site_of(b);
  now.info = site(now.site);
  if (local && now.info.atomic) synchronise_local(b);  // a release may have opened a stamp
  now.stamp = local ? local_stamp_ : global_stamp_;
  now.interval = interval_;
  now.group = group_;
  now.local = local;
  now.batch = &b;
  if (!local && now.info.atomic) {
    synchronise(b);
    now.stamp = global_stamp_;  // a release may have opened an epoch
    stamp_used_ = true;
    return buffer_atomics(b, now);
  }
  if (!local) stamp_used_ = true;
  race::GlobalShadow& shadow = launch_.shadow;
  const race::GlobalShadow::Region* region = nullptr;
  constexpr std::uint32_t kNone = ~0u;
  std::uint32_t held = kNone;  // the stripe whose lock this batch holds
  const bool copies = !copies_.empty();  // async copies not yet waited for
  for (std::uint32_t k = 0; k < b.count; ++k) {
    now.lane = b.lanes[k];
    now.position = k;
    now.address = b.addresses[now.lane];
    now.value = now.info.has_value ? b.values + std::size_t(now.lane) * b.value_stride : nullptr;
    const std::uint64_t end = now.address + b.size;
    if (copies) against_copies(now);
    now.changes = 0;
    if (local) {
      for (std::uint64_t w = now.address & ~std::uint64_t(3); w < end; w += 4)
        touch_word(local_.cell(w), local_.overflow(), w,
                   static_cast<std::uint32_t>(std::max(now.address, w) - w),
                   static_cast<std::uint32_t>(std::min(end, w + 4) - w), now);
      continue;
    }
    if (!region || now.address < region->base || end > region->end) {
      region = shadow.region(now.address, b.size);
      if (!region) continue;  // outside the launch's buffers: the bounds checker's business
    }
    if (!region->cells) {
      region = nullptr;
      continue;
    }
    for (std::uint64_t w = now.address & ~std::uint64_t(3); w < end; w += 4) {
      const std::uint32_t stripe = race::GlobalShadow::stripe(w);
      if (stripe != held) {
        if (held != kNone) shadow.unlock(held);
        shadow.lock(stripe);
        held = stripe;
      }
      touch_word(region->cells[(w - region->base) >> 2], shadow.overflow(stripe), w,
                 static_cast<std::uint32_t>(std::max(now.address, w) - w),
                 static_cast<std::uint32_t>(std::min(end, w + 4) - w), now);
    }
  }
  if (held != kNone) shadow.unlock(held);
}

void RaceChecker::touch_word(race::Cell& cell, race::Overflow& overflow, std::uint64_t word,
                             std::uint32_t lo, std::uint32_t hi, const Now& now) {
  // The first access of a word (no record in word mode, none of any byte in byte mode): nothing
  // to check against, one record to write.
  if (lo == 0 && hi == 4 && !(cell.slot[0] | cell.slot[2] | cell.slot[4] | cell.slot[6])) {
    cell.slot[0] = record::make(now.site, now.lane, now.stamp,
                                (now.info.write ? record::kLatestWrite : 0) |
                                    (now.multi_lane ? record::kMultiLane : 0) |
                                    (now.multi_sub_group ? record::kMultiSubGroup : 0));
    return;
  }
  std::uint64_t all = 0;
  for (std::uint64_t r : cell.slot) all |= r;
  bool byte_mode = (all & record::kByteMode) != 0;
  if (now.local && byte_mode) {
    // __local memory of an earlier barrier interval (or group) is ordered: start the word afresh.
    bool live = false;
    for (std::uint64_t r : cell.slot) live |= r && record::stamp(r) >= local_interval_;
    if (!live) {
      cell = {};
      byte_mode = false;
    }
  }
  if (lo == 0 && hi == 4 && !byte_mode) {
    visit(cell.slot, race::kWordSlots, overflow, word, false, now);
    return;
  }
  if (!byte_mode) to_byte_mode(cell, overflow, word, !now.local);
  for (std::uint32_t i = lo; i < hi; ++i)
    visit(cell.slot + race::kByteSlots * i, race::kByteSlots, overflow, word + i, true, now);
}

void RaceChecker::to_byte_mode(race::Cell& cell, race::Overflow& overflow, std::uint64_t word,
                               bool global) {
  scratch_.clear();
  for (std::uint64_t r : cell.slot)
    if (r) scratch_.push_back(r | record::kByteMode);
  if (auto it = overflow.find(race::overflow_key(word, false)); it != overflow.end()) {
    for (std::uint64_t r : it->second) scratch_.push_back(r | record::kByteMode);
    if (global) launch_.shadow.counted_overflow(-(64 + 8 * it->second.size()));
    overflow.erase(it);
  }
  cell = {};
  // Every byte of the word had every access of the word.
  for (std::uint32_t i = 0; i < 4; ++i) {
    std::uint32_t used = 0;
    for (std::uint64_t r : scratch_) {
      if (used < race::kByteSlots)
        cell.slot[race::kByteSlots * i + used++] = r;
      else
        spill(overflow, race::overflow_key(word + i, true), r, global);
    }
  }
}

void RaceChecker::spill(race::Overflow& overflow, std::uint64_t key, std::uint64_t r,
                        bool global) {
  std::vector<std::uint64_t>& list = overflow[key];
  // A map node and a vector, then 8 bytes a record.
  if (global) launch_.shadow.counted_overflow((list.empty() ? 64 : 0) + 8);
  list.push_back(r);
}

void RaceChecker::visit(std::uint64_t* slots, std::uint32_t count, race::Overflow& overflow,
                        std::uint64_t address, bool byte_mode, const Now& now) {
  // Records fill the slots from the first on and are never removed: the used ones are a prefix.
  std::uint64_t* mine = nullptr;
  std::uint32_t used = 0;
  for (; used < count && slots[used]; ++used) {
    if (record::site(slots[used]) == now.site) mine = &slots[used];
    judge(slots[used], address, now);
  }
  std::vector<std::uint64_t>* extra = nullptr;
  const std::uint64_t key = race::overflow_key(address, byte_mode);
  if (used == count && !overflow.empty()) {
    if (auto it = overflow.find(key); it != overflow.end()) {
      extra = &it->second;
      for (std::uint64_t& r : *extra) {
        if (!mine && record::site(r) == now.site) mine = &r;
        judge(r, address, now);
      }
    }
  }
  // This access's record: its site's, merged, or a new one.
  if (mine) {
    *mine = merged(*mine, now);
  } else {
    const std::uint64_t fresh =
        record::make(now.site, now.lane, now.stamp,
                     (byte_mode ? record::kByteMode : 0) | (now.multi_lane ? record::kMultiLane : 0) |
                         (now.multi_sub_group ? record::kMultiSubGroup : 0));
    if (used < count) {
      mine = &slots[used++];
    } else if (now.local) {
      // __local records of an earlier barrier interval are dead: reuse one.
      for (std::uint32_t i = 0; i < count && !mine; ++i)
        if (record::stamp(slots[i]) < local_interval_) mine = &slots[i];
      if (extra)
        for (std::uint64_t& r : *extra)
          if (!mine && record::stamp(r) < local_interval_) mine = &r;
    }
    if (mine) {
      *mine = fresh;
    } else {
      spill(overflow, key, fresh, !now.local);
      extra = &overflow[key];
      mine = &extra->back();
    }
  }
  if (!now.info.write) return;
  // The records whose last value memory still holds are the latest (same-value races compare
  // with it): a store that changes the bytes leaves its own only; one that writes what they
  // hold joins them.
  bool others = false;
  for (std::uint32_t i = 0; i < used; ++i) others |= &slots[i] != mine && (slots[i] & record::kLatestWrite);
  if (extra)
    for (std::uint64_t& r : *extra) others |= &r != mine && (r & record::kLatestWrite);
  if (others && store_changes(now)) {
    for (std::uint32_t i = 0; i < used; ++i) slots[i] &= ~record::kLatestWrite;
    if (extra)
      for (std::uint64_t& r : *extra) r &= ~record::kLatestWrite;
  }
  *mine |= record::kLatestWrite;
}

// The bytes before this store (an earlier lane's store of this batch to them is not yet made:
// then it counts as a change, which only costs the same-value kind its precision).
bool RaceChecker::store_changes(const Now& now) const {
  if (now.changes == 0)
    now.changes = !now.value || std::memcmp(now.value, reinterpret_cast<const void*>(now.address),
                                            now.info.size) != 0
                      ? 2
                      : 1;
  return now.changes == 2;
}

std::uint64_t RaceChecker::merged(std::uint64_t r, const Now& now) {
  std::uint64_t flags = r & (record::kByteMode | record::kLatestWrite | record::kMultiGroup);
  // Lanes of one barrier interval of global memory (one epoch of __local memory) are unordered
  // unless a release orders them: the record keeps that several used the site in it.
  bool same_interval =
      now.local ? record::stamp(r) >= local_interval_ : record::stamp(r) == now.stamp;
  if (!now.local && !same_interval) {
    const race::EpochTable::Epoch e = epoch_of(record::stamp(r));
    if (e.group != now.group) flags |= record::kMultiGroup;
    same_interval = e.group == now.group && e.interval == now.interval;
  }
  if (now.multi_lane ||
      (same_interval && (record::lane(r) != now.lane || (r & record::kMultiLane))))
    flags |= record::kMultiLane;
  if (now.multi_sub_group ||
      (same_interval && (race::sub_group_of(record::lane(r)) != race::sub_group_of(now.lane) ||
                         (r & record::kMultiSubGroup))))
    flags |= record::kMultiSubGroup;
  return record::make(now.site, now.lane, now.stamp, flags);
}

void RaceChecker::judge(std::uint64_t r, std::uint64_t address, const Now& now) {
  const bool same_epoch = record::stamp(r) == now.stamp;
  const bool other_lane =
      record::lane(r) != now.lane || (r & record::kMultiLane) || now.multi_lane;
  // __local records of an earlier barrier interval (or group) are ordered before.
  if (now.local && !(record::stamp(r) >= local_interval_ && other_lane)) return;
  if (!now.local && same_epoch && !other_lane && !(r & record::kMultiGroup)) return;
  const RaceSite& other = site(record::site(r));
  const RaceSite& mine = now.info;
  // Two reads never race: decided before the epoch table is read.
  if (!other.write && !mine.write) return;
  race::EpochTable::Epoch epoch{static_cast<std::uint32_t>(now.group), now.interval};
  if (!now.local && !same_epoch) epoch = epoch_of(record::stamp(r));
  const bool same_group = epoch.group == now.group;
  // Another lane of this group in this barrier interval: unordered within the group (but for
  // releases). Other work-groups are never ordered with this one by barriers (§3.3.1).
  const bool within = same_group && epoch.interval == now.interval && other_lane;
  const bool between = !same_group || (r & record::kMultiGroup);
  if (!within && !between) return;
  std::uint64_t group = epoch.group;
  bool scope_excluded = false;
  if (other.atomic && mine.atomic) {
    // Two atomics never race, unless the scope of one does not include the other work-item
    // (OpenCL C 2.0 §6.13.11.5, 2.0 §3.3.6): then they are not atomic to each other.
    const std::uint8_t narrow = std::min(other.scope, mine.scope);
    // Within the group, a sub-group scope leaves out the work-items of other sub-groups: the
    // record's lane's (or another's it holds, kMultiSubGroup) against this one's.
    const bool sub_group_scope =
        other.scope == interp::kScopeSubGroup || mine.scope == interp::kScopeSubGroup;
    const bool other_sub_group =
        race::sub_group_of(record::lane(r)) != race::sub_group_of(now.lane) ||
        (r & record::kMultiSubGroup) || now.multi_sub_group;
    const bool excluded = between ? (other.scope == interp::kScopeWorkGroup ||
                                     mine.scope == interp::kScopeWorkGroup ||
                                     other.scope == interp::kScopeWorkItem ||
                                     mine.scope == interp::kScopeWorkItem ||
                                     other.scope == interp::kScopeSubGroup ||
                                     mine.scope == interp::kScopeSubGroup)
                                  : (sub_group_scope && other_sub_group) ||
                                        (!now.local && narrow == interp::kScopeWorkItem);
    if (!excluded) return;
    scope_excluded = true;
  }
  if (!now.local && knows_ && released_before(r, epoch, now)) return;
  if (now.local && local_knows_ && local_released_before(r, now.lane)) return;
  // Atomics whose scopes exclude each other race as plain accesses do.
  RaceAccess a{other.read, other.write, other.atomic && !scope_excluded, false, 0, other.size, 0};
  RaceAccess b{mine.read, mine.write, mine.atomic && !scope_excluded, false, 0, mine.size, 0};
  if (a.write && b.write && !a.atomic && !b.atomic && other.has_value && mine.has_value &&
      (r & record::kLatestWrite) && other.size == mine.size) {
    a.has_value = b.has_value = true;
    b.value = same_value(r, now) ? 0 : 1;
  }
  const unsigned kinds = race_kinds(a, b);
  if (!kinds) return;
  // The record's work-item is the other side unless it is this very work-item (then the
  // record only knows that another one was there).
  const bool known = group != now.group || record::lane(r) != now.lane;
  for (unsigned bit = 0; bit < 3; ++bit)
    if (kinds & (1u << bit))
      report(bit, r, group, known, address, !within, now, false, scope_excluded);
}

bool RaceChecker::same_value(std::uint64_t r, const Now& now) const {
  const AccessBatch& b = *now.batch;
  const std::uint32_t lane = record::lane(r);
  const std::uint32_t size = now.info.size;
  // A store of this very batch by an earlier lane has not reached memory yet (the engine
  // shows the batch before the access): its value is in the batch.
  if (record::site(r) == now.site && record::stamp(r) == now.stamp && lane < now.lane &&
      b.addresses[lane] == now.address && std::binary_search(b.lanes, b.lanes + now.position, lane))
    return std::memcmp(now.value, b.values + std::size_t(lane) * b.value_stride, size) == 0;
  return std::memcmp(now.value, reinterpret_cast<const void*>(now.address), size) == 0;
}

void RaceChecker::report(unsigned kind_bit, std::uint64_t r, std::uint64_t other_group,
                         bool other_known, std::uint64_t address, bool between_groups,
                         const Now& now, bool async_copy, bool scope_excluded) {
  static constexpr reports::KernelKind kKinds[3] = {reports::KernelKind::RaceReadWrite,
                                                    reports::KernelKind::RaceWriteWrite,
                                                    reports::KernelKind::RaceSameValue};
  const RaceSite& other = site(record::site(r));
  const RaceSite& mine = now.info;
  // The earlier source position first, so that both orders fold together.
  const bool mine_first = std::tie(mine.line, mine.column) < std::tie(other.line, other.column);
  const std::uint32_t lo = mine_first ? now.site : record::site(r);
  const std::uint32_t hi = mine_first ? record::site(r) : now.site;
  const std::uint64_t key = 1ull << 63 | std::uint64_t(kind_bit) << 32 | std::uint64_t(lo) << 16 | hi;
  if (findings_.seen(key)) return;

  LaunchFindings& launch = findings_.launch();
  struct Side {
    const RaceSite* site;
    std::optional<reports::WorkItemIds> ids;
  };
  Side me{&mine, launch.ids(now.group, now.lane)};
  Side them{&other, other_known ? std::optional(launch.ids(other_group, record::lane(r)))
                                : std::nullopt};
  const Side& first = mine_first ? me : them;
  const Side& second = mine_first ? them : me;
  auto verb = [](const RaceSite& s) {
    return s.atomic ? (s.write ? "atomic update" : "atomic read") : s.write ? "write" : "read";
  };
  const std::string what =
      async_copy
          ? fmt::format("{} and {} of the same byte, one by an async copy the work-group had not "
                        "yet waited for: the copy may still be under way until "
                        "wait_group_events returns for its event, whatever barriers come "
                        "between (OpenCL 1.2 §6.12.10)", verb(*first.site), verb(*second.site))
      : scope_excluded
          ? fmt::format("{} and {} of the same byte by two work-items{}, atomic operations whose "
                        "memory scope does not include both work-items: they are not atomic "
                        "with respect to each other (OpenCL C 2.0 §6.13.11.5)",
                        verb(*first.site), verb(*second.site),
                        between_groups ? " of different work-groups" : " of one work-group")
          : fmt::format("{} and {} of the same byte by two work-items{}, unordered",
                        verb(*first.site), verb(*second.site),
                        between_groups ? " of different work-groups"
                                       : " of one work-group with no barrier (of the right "
                                         "fence) between, nor a release and acquire");
  reports::Finding f = launch.finding(kKinds[kind_bit], first.site->line, first.site->column, what);
  f.kernel->at.work_item = first.ids;
  f.kernel->at.atomic = first.site->atomic;
  reports::KernelSite other_site = launch.site(second.site->line, second.site->column);
  other_site.work_item = second.ids;
  other_site.atomic = second.site->atomic;
  f.kernel->other = std::move(other_site);
  if (now.local) {
    if (const interp::LocalObject* o = findings_.locals.near(address))
      LocalObjects::describe(*f.kernel, *o, launch.launch(), address, 1);
    else
      f.kernel->object = "__local memory";
  } else if (const LaunchObject* o = launch.object_at(address, 1)) {
    f.kernel->object = launch.object_name(*o);
    f.kernel->object_origin = o->origin;
    f.kernel->offset = static_cast<std::int64_t>(address - o->base);
    f.kernel->size = 1;
  }
  findings_.add(key, std::move(f));
}

}  // namespace clvet::checker
