// The race checker's shadow memory: for every 4-byte word of a launch's buffers one cache line
// of eight 8-byte access records (16 bytes of shadow per byte of buffer), a small overflow for
// words that more distinct instructions touch, the table of epochs (which work-group each
// epoch stamp belongs to), and each worker's shadow of __local memory.
//
// A record summarises every access of a word (or of one byte) by one memory instruction
// (a "site"): the last work-item's lane and epoch stamp, whether other lanes of that epoch
// and other work-groups used the same site. That is exact for the race rules: an access
// conflicts with a site's accesses iff one of them is by another work-group, or by another
// lane of the same group in the same epoch; and each distinct site keeps its own record, so
// every conflicting pair of sites is found (not only the first access of an epoch).
//
// A word starts in word mode (all eight records cover the whole word: aligned accesses of 4
// bytes or more). The first access of part of a word turns it to byte mode: two records per
// byte, the word's records copied to each byte. Records beyond a word's (or byte's) slots go
// to the overflow, a map per lock stripe.
//
// Threads: work-groups run on several workers at once and share the global shadow. Words are
// guarded by 1024 lock stripes (spin locks, by word address); a batch of lanes on consecutive
// addresses keeps its stripe's lock across lanes, so a batch usually takes one lock. The
// epoch table is written once per epoch before any record names the epoch, and read under a
// stripe lock taken after, so the lock orders the two.
#pragma once

#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <thread>
#include <unordered_map>
#include <vector>

#include "clvet/checker/kernel_checker.h"

namespace clvet::checker::race {

// One record: site (15 bits, 0 = empty slot), a flag, lane (12 bits), four flags, epoch stamp
// (32).
namespace record {
// Lanes of more than one sub-group used this site in this epoch (with kMultiLane clear, or set
// and this clear, every lane that did is of the sub-group of `lane`: a sub_group_barrier orders
// them for that sub-group).
constexpr std::uint64_t kMultiSubGroup = 1ull << 15;
constexpr std::uint64_t kMultiGroup = 1ull << 28;   // another work-group used this site here
constexpr std::uint64_t kMultiLane = 1ull << 29;    // another lane used it in this epoch
constexpr std::uint64_t kLatestWrite = 1ull << 30;  // the most recent store to these bytes
constexpr std::uint64_t kByteMode = 1ull << 31;     // the word's records are per byte
constexpr std::uint32_t kMaxSite = 0x7fff, kMaxLane = 0xfff;

inline std::uint32_t site(std::uint64_t r) { return static_cast<std::uint32_t>(r & kMaxSite); }
inline std::uint32_t lane(std::uint64_t r) { return static_cast<std::uint32_t>(r >> 16) & 0xfff; }
inline std::uint32_t stamp(std::uint64_t r) { return static_cast<std::uint32_t>(r >> 32); }
inline std::uint64_t make(std::uint32_t site, std::uint32_t lane, std::uint32_t stamp,
                          std::uint64_t flags) {
  return std::uint64_t(site) | std::uint64_t(lane & kMaxLane) << 16 | flags |
         std::uint64_t(stamp) << 32;
}
}  // namespace record

// Eight records of one 4-byte word (one cache line); in byte mode, byte i uses slots 2i and
// 2i+1.
struct Cell {
  std::uint64_t slot[8];
};
constexpr std::uint32_t kWordSlots = 8, kByteSlots = 2;

// Records beyond a word's slots: key (address * 2 + byte mode) -> records.
using Overflow = std::unordered_map<std::uint64_t, std::vector<std::uint64_t>>;
inline std::uint64_t overflow_key(std::uint64_t address, bool byte_mode) {
  return address * 2 + (byte_mode ? 1 : 0);
}

// Epoch stamp -> the linear work-group id and the stamp that opened the group's barrier
// interval it belongs to (a barrier opens an interval; a release opens a stamp inside one, see
// race_order.h). Workers take stamps from one counter in blocks, so a group's stamps grow with
// time; each chunk of the table is allocated zeroed by the OS on first use.
class EpochTable {
 public:
  EpochTable();
  ~EpochTable();
  struct Epoch {
    std::uint32_t group = 0, interval = 0;
  };
  // `count` consecutive stamps for one worker: the first of them.
  std::uint32_t reserve(std::uint32_t count);
  // Stamp `stamp` (reserved) is an epoch of `group` in the interval opened by `interval`.
  void open(std::uint32_t stamp, std::uint64_t group, std::uint32_t interval);
  Epoch epoch(std::uint32_t stamp) const {
    const std::uint64_t e =
        chunks_[stamp >> kChunkBits].load(std::memory_order_acquire)[stamp & kChunkMask];
    return {static_cast<std::uint32_t>(e), static_cast<std::uint32_t>(e >> 32)};
  }
  std::uint64_t group(std::uint32_t stamp) const { return epoch(stamp).group; }
  std::uint64_t bytes() const { return opened_.load() * sizeof(std::uint64_t); }

 private:
  static constexpr std::uint32_t kChunkBits = 20, kChunkMask = (1u << kChunkBits) - 1;
  static constexpr std::uint32_t kChunks = 1u << (32 - kChunkBits);
  std::atomic<std::uint32_t> next_{1};
  std::atomic<std::uint64_t> opened_{0};  // stamps opened (of those reserved)
  std::unique_ptr<std::atomic<std::uint64_t*>[]> chunks_;
  std::atomic_flag growing_ = ATOMIC_FLAG_INIT;
};

// The shadow of the launch's buffers (overlapping buffers share one region).
class GlobalShadow {
 public:
  explicit GlobalShadow(const std::vector<LaunchObject>& objects);
  ~GlobalShadow();

  struct Region {
    std::uint64_t base = 0, end = 0;  // base aligned down to 4 bytes
    Cell* cells = nullptr;  // null: no memory for its shadow (not checked)
    std::uint64_t bytes = 0;
    bool mapped = false;  // mmap'd (large), else calloc'd
  };
  // The region holding [address, address + size), or null.
  const Region* region(std::uint64_t address, std::uint32_t size) const;

  static std::uint32_t stripe(std::uint64_t word_address) {
    return static_cast<std::uint32_t>(word_address >> 8) & (kStripes - 1);
  }
  void lock(std::uint32_t stripe) {
    while (locks_[stripe].flag.exchange(true, std::memory_order_acquire))
      while (locks_[stripe].flag.load(std::memory_order_relaxed)) std::this_thread::yield();
  }
  void unlock(std::uint32_t stripe) {
    locks_[stripe].flag.store(false, std::memory_order_release);
  }
  // The stripe's overflow (only under its lock).
  Overflow& overflow(std::uint32_t stripe) { return overflow_[stripe]; }
  void counted_overflow(std::uint64_t bytes) { overflow_bytes_.fetch_add(bytes); }

  // Shadow bytes: the dense cells and the overflow.
  std::uint64_t bytes() const { return dense_bytes_ + overflow_bytes_.load(); }

 private:
  static constexpr std::uint32_t kStripes = 1024;
  static constexpr std::uint64_t kHugePage = 2u << 20;
  struct alignas(64) Lock {
    std::atomic<bool> flag{false};
  };
  std::vector<Region> regions_;
  std::unique_ptr<Lock[]> locks_;
  std::unique_ptr<Overflow[]> overflow_;
  std::uint64_t dense_bytes_ = 0;
  std::atomic<std::uint64_t> overflow_bytes_{0};
};

// One worker's shadow of __local memory: pages of cells by address, kept across groups (a
// record of an older epoch stamp is of an earlier group or before a barrier: ordered).
class LocalShadow {
 public:
  Cell& cell(std::uint64_t word_address);
  Overflow& overflow() { return overflow_; }

 private:
  static constexpr std::uint32_t kPageWords = 1024;
  std::unordered_map<std::uint64_t, std::unique_ptr<Cell[]>> pages_;
  std::uint64_t last_page_ = ~0ull;
  Cell* last_ = nullptr;
  Overflow overflow_;
};

// A worker's global atomic accesses of one epoch, by word and site (open addressing), and the
// words and sites whose shadow record is already shared by several work-groups.
class AtomicBuffer {
 public:
  struct Entry {
    std::uint64_t key = 0;  // word address | site << 48; 0: empty
    std::uint32_t lane = 0;
    std::uint8_t lo = 0, hi = 0;  // the bytes of the word accessed, [lo, hi)
    bool multi_lane = false;
    bool multi_sub_group = false;  // lanes of several sub-groups
  };
  static std::uint64_t key(std::uint64_t word, std::uint32_t site) {
    return word | std::uint64_t(site) << 48;
  }
  static std::uint64_t word(std::uint64_t key) { return key & ((1ull << 48) - 1); }
  static std::uint32_t site(std::uint64_t key) { return static_cast<std::uint32_t>(key >> 48); }

  // Records an access of bytes [lo, hi) of the key's word by `lane`, unless the word's record
  // of the site is shared already (nothing left to record).
  void add(std::uint64_t key, std::uint32_t lane, std::uint32_t lo, std::uint32_t hi);
  // The epoch's entries, sorted by word address; then clear().
  std::vector<Entry>& sorted();
  void clear();
  std::size_t size() const { return count_; }
  // The word's record of the site is kMultiGroup: later accesses need no record.
  void shared(std::uint64_t key);

 private:
  static std::size_t slot(std::uint64_t key, std::size_t mask) {
    return static_cast<std::size_t>((key >> 2) * 0x9E3779B97F4A7C15ull >> 32) & mask;
  }
  bool is_shared(std::uint64_t key) const;
  std::vector<Entry> table_ = std::vector<Entry>(256);
  std::size_t count_ = 0;
  std::vector<Entry> sorted_;
  std::vector<std::uint64_t> shared_ = std::vector<std::uint64_t>(64);  // 0: empty
  std::size_t shared_count_ = 0;
};

}  // namespace clvet::checker::race
