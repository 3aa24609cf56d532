// Object-lifetime tracking: every OpenCL object an implementation handed to the application,
// with its kind, the call that created it, its parents and its application-visible reference
// count, so a handle can be judged (live, released, unknown, wrong kind) without touching it.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <deque>
#include <mutex>
#include <optional>
#include <string_view>
#include <vector>

#include "clvet/rules/api.h"

namespace clvet::checker {

enum class HandleState : std::uint8_t {
  Unknown,   // never handed out by the implementation (garbage, or from another process)
  Live,      // the application holds at least one reference
  Released,  // the application dropped its last reference
};

struct ObjectRecord {
  static constexpr std::size_t kMaxParents = 4;

  const void* handle = nullptr;
  api::ObjectKind kind = api::ObjectKind::None;
  HandleState state = HandleState::Unknown;
  std::uint64_t id = 0;          // unique in the process, from 1: what a trace calls the object
  std::uint32_t generation = 0;  // how many earlier objects had the same address
  // Platforms and root devices are found, not created: they have no reference count and
  // never leak.
  bool counted = true;
  std::uint32_t refcount = 0;       // application-visible references
  std::uint64_t created_call = 0;   // index of the call that created (or first returned) it
  std::string_view created_by;      // its entry point
  std::uint64_t released_call = 0;  // the call that dropped the last reference
  std::string_view released_by;
  const void* platform = nullptr;                  // the platform the object belongs to, when known
  std::array<const void*, kMaxParents> parents{};  // context, device, program, buffer...
  std::uint8_t parent_count = 0;
};

// What the table tells about one handle, and why, in words for a diagnostic.
std::string_view to_string(HandleState state);

// Thread-safe. Records of released objects stay until their address names a new object, so
// a use after release is told apart from garbage, and the most recent kReleasedKept of them stay
// at least that long: beyond that many, a new address takes the record of the object released
// longest ago (a driver that hands out a new address each time, as PoCL's kernels get under
// the layer, would otherwise leave a record of every object ever made: 856 bytes a kernel with
// its kept answers, 2026-11-28). Every call of an application asks about its handles, so
// kind_of(), brief() and identity() take no lock: records sit in a fixed array of buckets, are
// never freed, and publish their handle, kind, id and state atomically; a record taken for a new
// address moves to that address's bucket, and a look-up that misses while records have moved
// looks again under the lock.
// Retaining, and releasing all but the last reference, change an atomic count without a lock
// (applications retain and release in their inner loops); other changes are serialised by
// one mutex.
class ObjectTable {
 public:
  ObjectTable();
  ~ObjectTable();
  ObjectTable(const ObjectTable&) = delete;
  ObjectTable& operator=(const ObjectTable&) = delete;

  struct Creation {
    api::ObjectKind kind = api::ObjectKind::None;
    std::uint64_t call = 0;
    std::string_view entry;
    bool counted = true;
    const void* platform = nullptr;
    std::array<const void*, ObjectRecord::kMaxParents> parents{};
    std::uint8_t parent_count = 0;
  };

  // The kind of a live object, None otherwise. Never dereferences `handle`.
  api::ObjectKind kind_of(const void* handle) const;
  // kind_of() and the object's platform in one look-up: what every handle of every call needs.
  struct Brief {
    api::ObjectKind kind = api::ObjectKind::None;  // None unless live
    const void* platform = nullptr;
  };
  Brief brief(const void* handle) const;
  // The kind and id of the newest object at `handle`, live or released (None and 0 when the
  // table never saw it): what a trace names the handle by. Takes no lock.
  struct Identity {
    api::ObjectKind kind = api::ObjectKind::None;
    std::uint64_t id = 0;
  };
  Identity identity(const void* handle) const;
  // identity(), packed (the kind in the top byte, the id below), and whether that object is
  // live, in one look-up: what the layer's kept verdicts (kept_verdicts.h) compare a handle
  // by. Takes no lock.
  struct State {
    std::uint64_t identity = 0;
    bool live = false;
    bool operator==(const State&) const = default;
  };
  State state(const void* handle) const;
  std::optional<ObjectRecord> find(const void* handle) const;
  const void* platform_of(const void* handle) const;

  // Answers of the implementation about one object that cannot change while it lives (a
  // buffer's size, a kernel's context, a device's limits): the layer's rules ask them on
  // every call, and asking the driver each time takes the driver's locks. Kept with the
  // object, forgotten when its address names a new object. Values of up to kAnswerBytes.
  static constexpr std::size_t kAnswerBytes = 24;
  struct AnswerKey {
    std::uint32_t query = 0;       // which clGet*Info
    std::uint32_t param = 0;       // its param_name
    const void* extra = nullptr;   // the second handle or index some queries take
  };
  enum class Recall : std::uint8_t {
    Answered,   // `value` and `size_ret` were filled from what was remembered
    NotKnown,   // a live object of `kind`, with no such answer remembered
    NotLive,    // not a live object of `kind`
  };
  // `size`, `value`, `size_ret` as in clGet*Info. An answer larger than `size` (with `value`
  // not NULL) is NotKnown: the implementation decides that error.
  Recall recall(const void* handle, api::ObjectKind kind, const AnswerKey& key, std::size_t size,
                void* value, std::size_t* size_ret) const;
  // Keeps an answer of `size` bytes for the live object at `handle`. Takes no lock.
  void remember(const void* handle, const AnswerKey& key, std::size_t size, const void* value);
  // Forgets the answers kept for `handle` (a program about to be built again), facts too.
  void forget_answers(const void* handle);
  // How many times forget_answers() was called: what was decided from kept answers before a
  // change of this number may no longer hold.
  std::uint64_t forgets() const { return forgets_.load(std::memory_order_acquire); }
  // How many times an object was created, or released for good, or its record changed, or
  // forget_answers() was called (counted after the change is published): while it stays the
  // same, every handle's state() does, and forgets() too.
  std::uint64_t changes() const { return changes_.load(std::memory_order_acquire); }

  // Facts: answers of at most 8 bytes that cannot change while the object lives, each in a
  // place of its own (numbered by the caller, below kFacts), for the questions the rules ask on
  // every call of an application's inner loop (a queue's device, a kernel's program, a buffer's
  // size): read with a few loads, without the hash and sequence lock of recall(). A fact may be
  // about the object and a second handle (a program's build for one device): its place answers
  // only for the key it was kept with. Forgotten by forget_answers() and when the address names
  // a new object.
  static constexpr unsigned kFacts = 8;
  // As recall(): Answered (`value` set), NotKnown or NotLive.
  Recall fact(const void* handle, api::ObjectKind kind, unsigned place, const void* key,
              std::uint64_t& value) const;
  // Keeps a fact for the live object at `handle`. False when its place already holds one (for
  // another key: the caller keeps the answer elsewhere) or the object is not live.
  bool keep_fact(const void* handle, unsigned place, const void* key, std::uint64_t value);

  // A new object at `handle` (any earlier record there is superseded, generation + 1). An
  // uncounted handle that is already live (a platform listed again) keeps its record.
  ObjectRecord created(const void* handle, const Creation& creation);
  // Sets the platform of a record that had none (contexts made from a device type).
  void set_platform(const void* handle, const void* platform);
  // clRetain*: one more reference. Returns the count afterwards; nullopt if not live.
  std::optional<std::uint32_t> retained(const void* handle);
  // clRelease*: one reference less; at zero the object counts as released by `call`.
  // Returns the count afterwards; nullopt if not live.
  std::optional<std::uint32_t> released(const void* handle, std::uint64_t call,
                                        std::string_view entry);
  // Undoes released() when the implementation refused the release.
  void unreleased(const void* handle);

  // Counted objects the application still holds, in creation order: the leaks at exit.
  std::vector<ObjectRecord> live_counted() const;
  // How many records the table holds (live, released and recycled alike).
  std::size_t size() const;

  // The released objects whose records no new address may take: their use after release is
  // told apart from garbage (objects.cpp's "already released by ... (call #N)").
  static constexpr std::size_t kReleasedKept = std::size_t{1} << 14;

 private:
  struct Answers;
  static constexpr std::size_t kBuckets = std::size_t{1} << 16;

  // An object's facts, allocated at the first one kept and never freed (the address's next
  // object reuses it, its facts forgotten before that object is published). A writer claims a
  // place, stores key and value, then marks the place known with release order.
  struct Facts {
    // Bit p: place p is known; bit kFacts + p: a writer has claimed place p.
    std::atomic<std::uint32_t> state{0};
    std::array<std::atomic<std::uint64_t>, kFacts> values{};
    std::array<std::atomic<const void*>, kFacts> keys{};
  };

  // One address's record. A reader finds it without a lock and reads only `kind`, `state`,
  // `platform` and `identity`, which a writer stores before it stores `state` with release
  // order. `refcount` is the record's count for counted objects: changed by compare-and-swap,
  // and zero exactly when the object is released (or being released under the mutex).
  struct Node {
    // Changed only when a released object's record is taken for a new address (recycled()),
    // under the mutex; a reader checks it again after reading the record (still()).
    std::atomic<const void*> handle{nullptr};
    std::atomic<Node*> next{nullptr};
    std::atomic<api::ObjectKind> kind{api::ObjectKind::None};
    std::atomic<HandleState> state{HandleState::Unknown};
    std::atomic<const void*> platform{nullptr};
    // The kind in the top byte and the id below it, so that both are read in one load.
    std::atomic<std::uint64_t> identity{0};
    std::atomic<std::uint32_t> refcount{0};
    std::atomic<bool> counted{false};
    std::atomic<Answers*> answers{nullptr};  // allocated at the first answer kept, never freed
    std::atomic<Facts*> facts{nullptr};      // the same, at the first fact kept
    ObjectRecord record;  // under the table's mutex, but for its refcount (see above)
    std::uint64_t release_order = 0;  // under the mutex: which release made it Released

    void publish() {
      kind.store(record.kind, std::memory_order_relaxed);
      platform.store(record.platform, std::memory_order_relaxed);
      identity.store(std::uint64_t{static_cast<std::uint8_t>(record.kind)} << 56 | record.id,
                     std::memory_order_relaxed);
      counted.store(record.counted, std::memory_order_relaxed);
      state.store(record.state, std::memory_order_release);
    }
    ObjectRecord snapshot() const {
      ObjectRecord copy = record;
      if (copy.counted) copy.refcount = refcount.load(std::memory_order_relaxed);
      return copy;
    }
    bool live_as(api::ObjectKind expected) const {
      return state.load(std::memory_order_acquire) == HandleState::Live &&
             kind.load(std::memory_order_relaxed) == expected;
    }
    std::uint64_t id() const {
      return identity.load(std::memory_order_acquire) & ((std::uint64_t{1} << 56) - 1);
    }
  };

  static std::size_t bucket_of(const void* handle) {
    // Fibonacci hashing: handles are aligned heap addresses, their low bits say little.
    const auto bits = reinterpret_cast<std::uintptr_t>(handle) >> 4;
    return static_cast<std::size_t>((bits * 0x9e3779b97f4a7c15ull) >> 48) & (kBuckets - 1);
  }

  // The node at `handle` in its bucket, without a lock: it may miss while a node moves.
  const Node* walk(const void* handle) const;
  // walk(), and again under the mutex if it missed while nodes have moved. Not for a caller
  // that holds the mutex (walk() is right there).
  const Node* lookup(const void* handle) const;
  [[gnu::noinline]] const Node* lookup_under_lock(const void* handle) const;
  Node* lookup_locked(const void* handle);
  // Whether `node`, found at `handle`, still is that handle's after its fields were read: a
  // released object's record taken for a new address meanwhile is not.
  static bool still(const Node* node, const void* handle) {
    std::atomic_thread_fence(std::memory_order_acquire);
    return node->handle.load(std::memory_order_relaxed) == handle;
  }
  // Under the mutex: the record of the object released longest ago, unlinked from its bucket,
  // once more than kReleasedKept are released; nullptr otherwise.
  Node* recycled();
  // Under the mutex: `node` became Released, or stopped being so.
  void now_released(Node* node);
  void no_longer_released(Node* node);

  mutable std::mutex mutex_;  // every change; readers of whole records
  std::atomic<Node*>* buckets_;
  std::atomic<std::uint64_t> forgets_{0};
  std::atomic<std::uint64_t> changes_{0};
  // How many nodes ever moved to another bucket: while none has, a miss is a miss.
  std::atomic<std::uint64_t> moved_{0};
  std::size_t size_ = 0;
  std::uint64_t next_id_ = 1;
  // Under the mutex: the released nodes in the order of their release, each with its
  // release_order (an entry whose node was revived or reused since is stale, skipped and
  // dropped), and how many nodes are Released.
  std::deque<std::pair<Node*, std::uint64_t>> released_order_;
  std::uint64_t releases_ = 0;
  std::size_t released_ = 0;
};

// Every call asks these about each of its handles: defined here, so that they are inlined.
inline const ObjectTable::Node* ObjectTable::walk(const void* handle) const {
  for (const Node* node = buckets_[bucket_of(handle)].load(std::memory_order_acquire);
       node != nullptr; node = node->next.load(std::memory_order_acquire))
    if (node->handle.load(std::memory_order_relaxed) == handle) return node;
  return nullptr;
}

inline const ObjectTable::Node* ObjectTable::lookup(const void* handle) const {
  const Node* node = walk(handle);
  if (node == nullptr && moved_.load(std::memory_order_acquire) != 0) [[unlikely]]
    return lookup_under_lock(handle);
  return node;
}

inline ObjectTable::Brief ObjectTable::brief(const void* handle) const {
  if (handle == nullptr) return {};
  const Node* node = lookup(handle);
  if (node == nullptr || node->state.load(std::memory_order_acquire) != HandleState::Live)
    return {};
  const Brief brief{node->kind.load(std::memory_order_relaxed),
                    node->platform.load(std::memory_order_relaxed)};
  if (!still(node, handle)) return {};
  return brief;
}

inline ObjectTable::Recall ObjectTable::fact(const void* handle, api::ObjectKind kind,
                                             unsigned place, const void* key,
                                             std::uint64_t& value) const {
  if (handle == nullptr) return Recall::NotLive;
  const Node* node = lookup(handle);
  if (node == nullptr || !node->live_as(kind)) return Recall::NotLive;
  const Facts* facts = node->facts.load(std::memory_order_acquire);
  if (facts == nullptr || (facts->state.load(std::memory_order_acquire) >> place & 1u) == 0 ||
      facts->keys[place].load(std::memory_order_relaxed) != key)
    return Recall::NotKnown;
  value = facts->values[place].load(std::memory_order_relaxed);
  if (!still(node, handle)) return Recall::NotLive;
  return Recall::Answered;
}

inline api::ObjectKind ObjectTable::kind_of(const void* handle) const {
  return brief(handle).kind;
}

inline ObjectTable::Identity ObjectTable::identity(const void* handle) const {
  if (handle == nullptr) return {};
  const Node* node = lookup(handle);
  if (node == nullptr) return {};
  const std::uint64_t packed = node->identity.load(std::memory_order_acquire);
  if (!still(node, handle)) return {};
  return {static_cast<api::ObjectKind>(packed >> 56), packed & ((std::uint64_t{1} << 56) - 1)};
}

inline ObjectTable::State ObjectTable::state(const void* handle) const {
  if (handle == nullptr) return {};
  const Node* node = lookup(handle);
  if (node == nullptr) return {};
  const bool live = node->state.load(std::memory_order_acquire) == HandleState::Live;
  const State state{node->identity.load(std::memory_order_acquire), live};
  if (!still(node, handle)) return {};
  return state;
}

}  // namespace clvet::checker
