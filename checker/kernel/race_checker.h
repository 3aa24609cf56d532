// The data-race checker (OpenCL 1.2 §3.3.1): every access of global memory against the
// launch's shadow (work-items of one group between barriers of the right fence, and of other
// groups over the whole NDRange), and of __local memory against the group's; one per worker.
#pragma once

#include <cstdint>
#include <mutex>
#include <optional>
#include <unordered_map>
#include <vector>

#include "clvet/interp/observer.h"
#include "race_order.h"
#include "race_shadow.h"
#include "worker_findings.h"

namespace clvet::checker {

// One memory instruction as the race rules see it.
struct RaceSite {
  std::uint32_t line = 0, column = 0;
  bool read = false, write = false, atomic = false;
  std::uint8_t order = 0, scope = 0;  // atomics: AtomicOrder, AtomicScope
  bool has_value = false;  // plain stores whose values the engine shows (same-value races)
  std::uint32_t size = 0;
};

// What identifies a site: the instruction, its source position and how it accesses memory.
struct RaceSiteKey {
  std::uint64_t instruction = 0, position = 0, how = 0;
  bool operator==(const RaceSiteKey&) const = default;
};
struct RaceSiteKeyHash {
  std::size_t operator()(const RaceSiteKey& k) const {
    return k.instruction * 0x9E3779B97F4A7C15ull ^ k.position * 0xC2B2AE3D27D4EB4Full ^
           k.how * 0x165667B19E3779F9ull;
  }
};

// What the race checkers of one launch share: the shadow, the epochs and the sites.
class RaceLaunch {
 public:
  explicit RaceLaunch(const std::vector<LaunchObject>& objects) : shadow(objects) {}
  race::GlobalShadow shadow;
  race::EpochTable epochs;
  race::ReleaseTable releases;

  // The site's id (from 1), registered on first sight.
  std::uint32_t site_id(const RaceSiteKey& key, const RaceSite& site);
  RaceSite site(std::uint32_t id);
  // The shadow's size in bytes: cells, overflow and epoch table.
  std::uint64_t bytes() const { return shadow.bytes() + epochs.bytes(); }

 private:
  std::mutex mutex_;
  std::vector<RaceSite> sites_ = std::vector<RaceSite>(1);  // id 0: no site
  std::unordered_map<RaceSiteKey, std::uint32_t, RaceSiteKeyHash> ids_;
};

class RaceChecker {
 public:
  RaceChecker(RaceLaunch& launch, WorkerFindings& findings) : launch_(launch), findings_(findings) {}

  void group_begin(std::uint64_t group);
  void memory(const interp::AccessBatch& batch);
  // CLK_LOCAL_MEM_FENCE (1) orders __local memory, CLK_GLOBAL_MEM_FENCE (2) global memory.
  void barrier(std::uint32_t fence_flags);
  // An async copy the group made (§6.12.10): until the group waits for its event, the copy may
  // be under way, so its destination is written and its source read by it, whatever barriers
  // come between; every other access of those bytes races with it.
  void async_copy(const interp::AsyncCopyShape& copy, std::uint64_t event,
                  const interp::SourceSite& site);
  // wait_group_events: the copies of these events are complete (and ordered, as by a barrier).
  void async_wait(const std::uint64_t* events, std::uint32_t count);
  // The group is done: its atomics' records go to the shadow.
  void group_end() {
    take_acquires();
    flush_atomics();
  }
  // A sub_group_barrier reached by every lane of one sub-group (`lanes`): their accesses of the
  // memory `fence_flags` names before it are ordered before theirs after it, as a release by
  // each that all of them acquire; another sub-group's are not.
  void sub_group_barrier(const std::uint32_t* lanes, std::uint32_t count, std::uint32_t fence_flags);
  // atomic_work_item_fence by these lanes.
  void fence(const std::uint32_t* lanes, std::uint32_t count, std::uint32_t flags,
             std::uint8_t order, std::uint8_t scope);

 private:
  // The access of one lane being checked.
  struct Now {
    std::uint32_t site = 0;
    RaceSite info;  // a copy: the worker's table of sites may grow meanwhile
    std::uint32_t lane = 0, position = 0;  // position: the lane's index in the batch
    // Several lanes of the epoch made this access (a buffered atomic's record): `lane` is the
    // last of them.
    bool multi_lane = false;
    bool multi_sub_group = false;  // and they are of several sub-groups
    std::uint32_t stamp = 0;
    std::uint32_t interval = 0;  // global memory: the barrier interval of `stamp`
    std::uint64_t group = 0;
    bool local = false;
    std::uint64_t address = 0;
    const std::byte* value = nullptr;
    // Whether a store changes the bytes it writes (else memory keeps holding what the latest
    // stores to them wrote, and they stay the latest: same-value races compare with it); found
    // out only when another store's record is the latest: 0 unknown, 1 no, 2 yes.
    mutable std::uint8_t changes = 0;
    const interp::AccessBatch* batch = nullptr;
  };

  std::uint32_t site_of(const interp::AccessBatch& b);
  const RaceSite& site(std::uint32_t id);
  std::uint64_t group_of(std::uint32_t stamp) { return epoch_of(stamp).group; }
  race::EpochTable::Epoch epoch_of(std::uint32_t stamp);
  // A new epoch of the group: a barrier's (`barrier`: a new interval) or a release's.
  void open_epoch(bool barrier);
  // The stamp a release made now is known by: the epoch opened for it, or the current one if
  // nothing was recorded under it yet.
  std::uint32_t release_stamp();
  // Whether the record `r` (of `epoch`) happens before the access `now` through releases the
  // work-item has acquired.
  bool released_before(std::uint64_t r, race::EpochTable::Epoch epoch, const Now& now) const;
  // Releases and acquires of one atomic batch of global memory.
  void synchronise(const interp::AccessBatch& b);
  // Releases and acquires of one atomic batch of __local memory, within the group.
  void synchronise_local(const interp::AccessBatch& b);
  // Whether the __local record `r` happens before lane `lane`'s access through the releases of
  // __local atomics it has acquired.
  bool local_released_before(std::uint64_t r, std::uint32_t lane) const;
  void local_lane(std::uint32_t lane);
  void forget_local_order();
  // Acquires whose loads are done now: what they synchronise with becomes known.
  void take_acquires();
  race::Knowledge& knowledge(std::uint32_t lane);

  void touch_word(race::Cell& cell, race::Overflow& overflow, std::uint64_t word, std::uint32_t lo,
                  std::uint32_t hi, const Now& now);
  void to_byte_mode(race::Cell& cell, race::Overflow& overflow, std::uint64_t word, bool global);
  void visit(std::uint64_t* slots, std::uint32_t count, race::Overflow& overflow,
             std::uint64_t address, bool byte_mode, const Now& now);
  void judge(std::uint64_t record, std::uint64_t address, const Now& now);
  bool same_value(std::uint64_t record, const Now& now) const;
  std::uint64_t merged(std::uint64_t record, const Now& now);
  void spill(race::Overflow& overflow, std::uint64_t key, std::uint64_t record, bool global);
  void report(unsigned kind_bit, std::uint64_t record, std::uint64_t other_group,
              bool other_known, std::uint64_t address, bool between_groups, const Now& now,
              bool async_copy = false, bool scope_excluded = false);
  // The access `now` against the group's copies not yet waited for.
  void against_copies(const Now& now);
  bool store_changes(const Now& now) const;
  // Global atomics: buffered per epoch, then recorded in the shadow (see race_atomics.cpp).
  void buffer_atomics(const interp::AccessBatch& b, Now& now);
  void flush_atomics();

  // A copy not yet waited for: its shape, its event, and its two sites (write of the
  // destination, read of the source) as the copy's own accesses registered them.
  struct PendingCopy {
    interp::AsyncCopyShape shape;
    std::uint64_t event = 0;
    std::uint32_t dst_site = 0, src_site = 0;
  };
  std::vector<PendingCopy> copies_;

  RaceLaunch& launch_;
  WorkerFindings& findings_;
  std::uint64_t group_ = 0;
  std::uint32_t global_stamp_ = 0, local_stamp_ = 0;
  race::LocalShadow local_;
  // Sites: this worker's cache of the launch's table.
  std::unordered_map<RaceSiteKey, std::uint32_t, RaceSiteKeyHash> site_ids_;
  RaceSiteKey last_key_;
  std::uint32_t last_site_ = 0;
  std::vector<RaceSite> sites_;
  std::uint32_t last_stamp_ = 0;  // epoch_of's memo
  race::EpochTable::Epoch last_epoch_;
  std::uint32_t interval_ = 0;  // the group's barrier interval (of global memory)
  std::uint32_t next_stamp_ = 0, stamps_left_ = 0;  // reserved stamps
  bool stamp_used_ = false;  // something is recorded (or buffered) under global_stamp_

  // Happens-before through atomics (race_order.h): what each lane has acquired since the last
  // barrier, and what the group knew at it; the stamp of a lane's release fence (0: none) and
  // its scope; what its relaxed loads read (an acquire fence makes it known); acquires whose
  // loads the engine makes after telling the checkers.
  std::vector<race::Knowledge> lane_knowledge_, lane_observed_;
  race::Knowledge group_knowledge_;
  std::vector<std::uint32_t> fence_stamp_;
  std::vector<std::uint8_t> fence_scope_;
  struct Acquire {
    std::uint32_t lane;
    std::uint64_t word;
    std::uint8_t scope;
    bool relaxed;  // a relaxed load: known only after an acquire fence
  };
  std::vector<Acquire> acquires_;
  bool knows_ = false;  // some lane of the group knows a release

  // The same order for __local memory within the group (OpenCL 2.0 §3.3.6: a release and an
  // acquire of a __local atomic at memory_scope_work_group synchronise): __local stamps open
  // an interval at each CLK_LOCAL_MEM_FENCE barrier and a stamp at each release, so that a
  // record of the interval is ordered before an access when the accessing lane has acquired a
  // later release of the record's lane. Per __local word, the knowledge its releases carry;
  // per lane, what it knows, what its relaxed loads read (an acquire fence makes it known),
  // and the stamp of its release fence on CLK_LOCAL_MEM_FENCE (0: none).
  std::unordered_map<std::uint64_t, race::Knowledge> local_releases_;
  std::vector<race::Knowledge> local_knowledge_, local_observed_;
  std::vector<std::uint32_t> local_fence_stamp_;
  std::vector<std::uint8_t> local_fence_scope_;
  std::uint32_t local_interval_ = 0;  // the first __local stamp of the barrier interval
  bool local_knows_ = false;          // some lane knows a __local release
  std::vector<std::uint64_t> scratch_;

  // This epoch's global atomic accesses, one entry per word and site, not yet in the shadow.
  // Two atomics never race, so the shadow needs an atomic's record only for plain accesses to
  // meet (and to judge the plain records there): once an epoch is enough, and once the word's
  // record of the site says that several work-groups used it (kMultiGroup), never again:
  // every plain access of another work-group, or of another epoch of one of them, races with
  // it whatever its lane and stamp say. Hot atomics (a histogram's counters) then touch the
  // shared shadow, and its lock stripes, a few times per launch instead of once per work-item.
  race::AtomicBuffer atomics_;
};

}  // namespace clvet::checker
