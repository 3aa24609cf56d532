// What orders accesses of different work-items besides barriers, for the race checker: a
// release (an atomic store or read-modify-write of global memory with memory_order_release or
// stronger, or a relaxed one after a release fence) read by an acquire (a load or
// read-modify-write with memory_order_acquire or stronger, or a relaxed one before an acquire
// fence) of the same atomic object, at scopes that include both work-items, makes everything
// the releasing work-item did before the release happen before everything the acquiring one
// does after the acquire (OpenCL 2.0 §3.3.6.2 and OpenCL C 2.0 §6.13.11.4, 6.13.11.5); a
// read-modify-write continues the release sequence of the releases before it, so an acquire
// synchronises with all of them.
//
// Epoch stamps make "before the release" exact: a release opens a new stamp for its work-group
// within the same barrier interval (EpochTable), so the releasing work-item's earlier accesses
// have older stamps. A work-item's knowledge is the releases it has synchronised with, each
// (work-group, lane, stamp, interval): an access record of that work-group with an older stamp
// is ordered before it when it is that lane's own, or a barrier of that group separates it from
// the release (an older interval). Releases pass on what the releasing work-item knew, so the
// order is transitive. Knowledge is bounded: past kMaxReleases the oldest ones give way to a
// horizon below which every stamp counts as ordered, which may hide a race but never reports
// one that is not there.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <unordered_map>
#include <vector>

#include "clvet/interp/builtin_abi.h"

namespace clvet::checker::race {

// The sub-group of a lane (its linear local id), as the engine makes them.
inline std::uint32_t sub_group_of(std::uint32_t lane) { return lane / interp::kSubGroupSize; }

// A release, or a sub_group_barrier (sub_group set): every work-item of `lane`'s sub-group
// released there, and the sub-group's work-items know it, no other.
struct Release {
  std::uint32_t group = 0, lane = 0;
  std::uint32_t stamp = 0;     // the first stamp after the release
  std::uint32_t interval = 0;  // the barrier interval it was made in (its first stamp)
  std::uint8_t scope = 0;      // AtomicScope
  bool sub_group = false;

  // Whether the record of `record_lane` (`multi_lane`: and other lanes, `multi_sub_group`: of
  // other sub-groups too) at `stamp` in the same interval is ordered before it.
  bool orders(std::uint32_t record_lane, bool multi_lane, bool multi_sub_group,
              std::uint32_t record_stamp) const {
    if (record_stamp >= stamp) return false;
    if (sub_group)
      return sub_group_of(record_lane) == sub_group_of(lane) && !(multi_lane && multi_sub_group);
    return record_lane == lane && !multi_lane;
  }
};

struct Knowledge {
  static constexpr std::size_t kMaxReleases = 32;
  std::vector<Release> releases;
  std::uint32_t horizon = 0;  // every stamp below it counts as ordered

  void add(const Release& r);
  void merge(const Knowledge& other);
  void clear() {
    releases.clear();
    horizon = 0;
  }
  bool empty() const { return releases.empty() && horizon == 0; }
};

// The releases an acquire of each atomic object (by word address) synchronises with: the
// releases of its release sequences and what their work-items knew. Only objects that a
// release reached have an entry; a relaxed store does not end the sequences here (an
// acquire that reads past it is then taken as synchronised: a race may hide, none is invented).
class ReleaseTable {
 public:
  ReleaseTable() : stripes_(new Stripe[kStripes]) {}
  // Whether any release was published in the launch.
  bool any() const { return any_.load(); }
  void publish(std::uint64_t word, const Knowledge& what);
  // What an acquire of `word` by lane `lane` of work-group `group` at `scope` synchronises
  // with, added to `into`: a release of another work-group counts only when both scopes include
  // the device, an atomic release of another sub-group only when neither scope is the
  // sub-group's.
  void read(std::uint64_t word, std::uint32_t group, std::uint32_t lane, std::uint8_t scope,
            Knowledge& into);

 private:
  static constexpr std::uint32_t kStripes = 64;
  struct alignas(64) Stripe {
    std::mutex mutex;
    std::unordered_map<std::uint64_t, Knowledge> objects;
  };
  std::unique_ptr<Stripe[]> stripes_;
  std::atomic<bool> any_{false};
  Stripe& stripe(std::uint64_t word) { return stripes_[(word >> 2) % kStripes]; }
};

}  // namespace clvet::checker::race
