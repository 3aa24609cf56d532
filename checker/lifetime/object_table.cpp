// The table of OpenCL objects and their application-visible lives.
#include "clvet/checker/object_table.h"

#include <algorithm>
#include <cstring>
#include <utility>

namespace clvet::checker {

// The answers kept for one address. Each slot is a sequence lock: a writer makes `seq` odd,
// fills the slot and makes it even again; a reader copies the slot and keeps the copy only
// if `seq` was the same even number before and after. Every field is an atomic so that
// readers and writers never race on plain memory. A slot answers only for the object whose
// id it holds: the address's next object finds its predecessor's answers stale.
// An answer may sit in one of kWays slots from its home slot, so a look-up reads two slots,
// not all of them.
struct ObjectTable::Answers {
  static constexpr std::size_t kSlots = 8;
  static constexpr std::size_t kWays = 2;
  static std::size_t home_of(std::uint64_t what, const void* extra) {
    const std::uint64_t mixed =
        (what ^ reinterpret_cast<std::uintptr_t>(extra)) * 0x9e3779b97f4a7c15ull;
    return static_cast<std::size_t>(mixed >> 61);
  }
  static constexpr std::size_t kWords = kAnswerBytes / 8;
  struct Slot {
    std::atomic<std::uint32_t> seq{0};
    std::atomic<std::uint64_t> owner{0};  // the id of the object answered for; 0: empty
    std::atomic<std::uint64_t> what{0};   // query << 32 | param
    std::atomic<const void*> extra{nullptr};
    std::atomic<std::uint64_t> size{0};
    std::array<std::atomic<std::uint64_t>, kWords> words{};
  };
  std::array<Slot, kSlots> slots;
  std::atomic<std::uint32_t> turn{0};  // the slot the next answer takes when none is free
};

namespace {

std::uint64_t what_of(const ObjectTable::AnswerKey& key) {
  return std::uint64_t{key.query} << 32 | key.param;
}

// An object's block of kept answers or facts, made on first use: of two threads that make one
// at once, the first to publish it wins and the other's is dropped.
template <class Block>
Block* block_of(std::atomic<Block*>& slot) {
  Block* block = slot.load(std::memory_order_acquire);
  if (block != nullptr) return block;
  auto* fresh = new Block;
  if (slot.compare_exchange_strong(block, fresh, std::memory_order_acq_rel)) return fresh;
  delete fresh;  // another thread's block won
  return block;
}

}  // namespace

std::string_view to_string(HandleState state) {
  switch (state) {
    case HandleState::Unknown:
      return "unknown";
    case HandleState::Live:
      return "live";
    case HandleState::Released:
      return "released";
  }
  return "?";
}

ObjectTable::ObjectTable() : buckets_(new std::atomic<Node*>[kBuckets]) {
  for (std::size_t i = 0; i < kBuckets; ++i) buckets_[i].store(nullptr, std::memory_order_relaxed);
}

ObjectTable::~ObjectTable() {
  for (std::size_t i = 0; i < kBuckets; ++i) {
    Node* node = buckets_[i].load(std::memory_order_relaxed);
    while (node) {
      delete node->answers.load(std::memory_order_relaxed);
      delete node->facts.load(std::memory_order_relaxed);
      delete std::exchange(node, node->next.load(std::memory_order_relaxed));
    }
  }
  delete[] buckets_;
}

ObjectTable::Node* ObjectTable::lookup_locked(const void* handle) {
  return const_cast<Node*>(lookup(handle));
}

const ObjectTable::Node* ObjectTable::lookup_under_lock(const void* handle) const {
  std::lock_guard lock(mutex_);
  return walk(handle);
}

std::optional<ObjectRecord> ObjectTable::find(const void* handle) const {
  std::lock_guard lock(mutex_);
  const Node* node = walk(handle);
  if (node == nullptr) return std::nullopt;
  return node->snapshot();
}

const void* ObjectTable::platform_of(const void* handle) const {
  const Node* node = lookup(handle);
  if (node == nullptr) return nullptr;
  const void* platform = node->platform.load(std::memory_order_acquire);
  return still(node, handle) ? platform : nullptr;
}

void ObjectTable::now_released(Node* node) {
  node->release_order = ++releases_;
  released_order_.emplace_back(node, node->release_order);
  ++released_;
  // Entries of nodes revived or reused since (a driver that reuses its addresses leaves one a
  // release) are dropped once they outnumber the released: the queue stays within a small
  // multiple of kReleasedKept.
  if (released_order_.size() > 2 * released_ + kReleasedKept)
    std::erase_if(released_order_, [](const std::pair<Node*, std::uint64_t>& entry) {
      return entry.first->record.state != HandleState::Released ||
             entry.first->release_order != entry.second;
    });
}

void ObjectTable::no_longer_released(Node* node) {
  node->release_order = 0;
  --released_;
}

ObjectTable::Node* ObjectTable::recycled() {
  while (released_ > kReleasedKept && !released_order_.empty()) {
    const auto [node, order] = released_order_.front();
    released_order_.pop_front();
    if (node->record.state != HandleState::Released || node->release_order != order) continue;
    no_longer_released(node);
    // Readers that miss from here on look again under the lock (lookup()).
    moved_.fetch_add(1, std::memory_order_acq_rel);
    node->state.store(HandleState::Unknown, std::memory_order_release);
    const void* handle = node->handle.load(std::memory_order_relaxed);
    std::atomic<Node*>* link = &buckets_[bucket_of(handle)];
    while (link->load(std::memory_order_relaxed) != node)
      link = &link->load(std::memory_order_relaxed)->next;
    // A reader on the node goes on to the rest of its old bucket until it is linked anew.
    link->store(node->next.load(std::memory_order_relaxed), std::memory_order_release);
    return node;
  }
  return nullptr;
}

ObjectTable::Recall ObjectTable::recall(const void* handle, api::ObjectKind kind,
                                        const AnswerKey& key, std::size_t size, void* value,
                                        std::size_t* size_ret) const {
  if (handle == nullptr) return Recall::NotLive;
  const Node* node = lookup(handle);
  if (node == nullptr || !node->live_as(kind)) return Recall::NotLive;
  const Answers* answers = node->answers.load(std::memory_order_acquire);
  if (answers == nullptr) return Recall::NotKnown;
  const std::uint64_t id = node->id();
  const std::uint64_t what = what_of(key);
  const std::size_t home = Answers::home_of(what, key.extra);
  for (std::size_t probe = 0; probe < Answers::kWays; ++probe) {
    const Answers::Slot& slot = answers->slots[(home + probe) % Answers::kSlots];
    const std::uint32_t before = slot.seq.load(std::memory_order_acquire);
    if ((before & 1) != 0 || slot.owner.load(std::memory_order_relaxed) != id ||
        slot.what.load(std::memory_order_relaxed) != what ||
        slot.extra.load(std::memory_order_relaxed) != key.extra)
      continue;
    const std::uint64_t bytes = slot.size.load(std::memory_order_relaxed);
    static_assert(Answers::kWords == 3);
    const std::uint64_t copy[Answers::kWords] = {slot.words[0].load(std::memory_order_relaxed),
                                                 slot.words[1].load(std::memory_order_relaxed),
                                                 slot.words[2].load(std::memory_order_relaxed)};
    std::atomic_thread_fence(std::memory_order_acquire);
    if (slot.seq.load(std::memory_order_relaxed) != before) continue;
    if (!still(node, handle)) return Recall::NotLive;
    if (value != nullptr) {
      if (size < bytes) return Recall::NotKnown;
      // Most answers are one handle or one number: copied without a call.
      if (bytes == 8)
        std::memcpy(value, copy, 8);
      else if (bytes == 4)
        std::memcpy(value, copy, 4);
      else
        std::memcpy(value, copy, bytes);
    }
    if (size_ret != nullptr) *size_ret = bytes;
    return Recall::Answered;
  }
  return Recall::NotKnown;
}

void ObjectTable::remember(const void* handle, const AnswerKey& key, std::size_t size,
                           const void* value) {
  if (handle == nullptr || size > kAnswerBytes || (size != 0 && value == nullptr)) return;
  Node* node = lookup_locked(handle);
  if (node == nullptr || node->state.load(std::memory_order_acquire) != HandleState::Live ||
      !still(node, handle))
    return;
  Answers* answers = block_of(node->answers);
  const std::uint64_t id = node->id();
  const std::uint64_t what = what_of(key);
  // The slot to fill, of the answer's ways: one holding no answer for this object, else the
  // next in turn.
  const std::size_t home = Answers::home_of(what, key.extra);
  Answers::Slot* target = nullptr;
  for (std::size_t probe = 0; probe < Answers::kWays; ++probe) {
    Answers::Slot& slot = answers->slots[(home + probe) % Answers::kSlots];
    const std::uint64_t owner = slot.owner.load(std::memory_order_relaxed);
    if (owner == id && slot.what.load(std::memory_order_relaxed) == what &&
        slot.extra.load(std::memory_order_relaxed) == key.extra)
      return;  // kept already
    if (target == nullptr && owner != id) target = &slot;
  }
  if (target == nullptr)
    target = &answers->slots[(home + answers->turn.fetch_add(1, std::memory_order_relaxed) %
                                         Answers::kWays) %
                             Answers::kSlots];
  std::uint32_t seq = target->seq.load(std::memory_order_relaxed);
  // A slot another thread is filling is left to it: the answer is asked again next time.
  if ((seq & 1) != 0 ||
      !target->seq.compare_exchange_strong(seq, seq + 1, std::memory_order_acq_rel))
    return;
  std::atomic_thread_fence(std::memory_order_release);
  std::array<std::uint64_t, Answers::kWords> words{};
  if (size != 0) std::memcpy(words.data(), value, size);
  target->owner.store(id, std::memory_order_relaxed);
  target->what.store(what, std::memory_order_relaxed);
  target->extra.store(key.extra, std::memory_order_relaxed);
  target->size.store(size, std::memory_order_relaxed);
  for (std::size_t i = 0; i < words.size(); ++i)
    target->words[i].store(words[i], std::memory_order_relaxed);
  target->seq.store(seq + 2, std::memory_order_release);
}

bool ObjectTable::keep_fact(const void* handle, unsigned place, const void* key,
                            std::uint64_t value) {
  if (handle == nullptr || place >= kFacts) return false;
  Node* node = lookup_locked(handle);
  if (node == nullptr || node->state.load(std::memory_order_acquire) != HandleState::Live ||
      !still(node, handle))
    return false;
  Facts* facts = block_of(node->facts);
  const std::uint32_t claim = 1u << (kFacts + place);
  if ((facts->state.fetch_or(claim, std::memory_order_acq_rel) & claim) != 0) return false;
  facts->keys[place].store(key, std::memory_order_relaxed);
  facts->values[place].store(value, std::memory_order_relaxed);
  facts->state.fetch_or(1u << place, std::memory_order_release);
  return true;
}

void ObjectTable::forget_answers(const void* handle) {
  if (handle == nullptr) return;
  Node* node = lookup_locked(handle);
  if (node == nullptr || !still(node, handle)) return;
  if (Facts* facts = node->facts.load(std::memory_order_acquire))
    facts->state.store(0, std::memory_order_release);
  // Counted once the answers are gone: what a reader decided from them, having read the count
  // before, no longer matches it. A change too: while changes() stays the same, so does forgets().
  struct Counted {
    std::atomic<std::uint64_t>& forgets;
    std::atomic<std::uint64_t>& changes;
    ~Counted() {
      forgets.fetch_add(1, std::memory_order_acq_rel);
      changes.fetch_add(1, std::memory_order_acq_rel);
    }
  } counted{forgets_, changes_};
  Answers* answers = node->answers.load(std::memory_order_acquire);
  if (answers == nullptr) return;
  for (Answers::Slot& slot : answers->slots) {
    std::uint32_t seq = slot.seq.load(std::memory_order_relaxed);
    // Spins only while another thread fills the slot: a few stores.
    while ((seq & 1) != 0 ||
           !slot.seq.compare_exchange_weak(seq, seq + 1, std::memory_order_acq_rel))
      seq = slot.seq.load(std::memory_order_relaxed) & ~1u;
    std::atomic_thread_fence(std::memory_order_release);
    slot.owner.store(0, std::memory_order_relaxed);
    slot.seq.store(seq + 2, std::memory_order_release);
  }
}

ObjectRecord ObjectTable::created(const void* handle, const Creation& creation) {
  std::lock_guard lock(mutex_);
  Node* node = const_cast<Node*>(walk(handle));
  const bool inserted = node == nullptr;
  if (inserted) {
    node = recycled();
    if (node == nullptr) {
      node = new Node;
      ++size_;
    }
    // Stored before the record is published: a reader that reads any of the new object's
    // fields (after the fence) sees the new handle too, at its still().
    node->handle.store(handle, std::memory_order_relaxed);
    std::atomic_thread_fence(std::memory_order_release);
  }
  ObjectRecord& record = node->record;
  // Listing a platform or a root device again finds the same object, not a new one.
  if (!inserted && record.state == HandleState::Live && !record.counted && !creation.counted &&
      record.kind == creation.kind)
    return record;
  if (!inserted && record.state == HandleState::Released) no_longer_released(node);
  const std::uint32_t generation = inserted ? 0 : record.generation + 1;
  record = ObjectRecord{};
  record.handle = handle;
  record.kind = creation.kind;
  record.state = HandleState::Live;
  record.id = next_id_++;
  record.generation = generation;
  record.counted = creation.counted;
  record.refcount = creation.counted ? 1 : 0;
  record.created_call = creation.call;
  record.created_by = creation.entry;
  record.platform = creation.platform;
  record.parents = creation.parents;
  record.parent_count = creation.parent_count;
  node->refcount.store(record.refcount, std::memory_order_relaxed);
  // The earlier object's facts are not this one's: forgotten before it is published.
  if (Facts* facts = node->facts.load(std::memory_order_acquire))
    facts->state.store(0, std::memory_order_release);
  node->publish();
  changes_.fetch_add(1, std::memory_order_release);
  if (inserted) {
    std::atomic<Node*>& head = buckets_[bucket_of(handle)];
    node->next.store(head.load(std::memory_order_relaxed), std::memory_order_release);
    head.store(node, std::memory_order_release);
  }
  return node->snapshot();
}

void ObjectTable::set_platform(const void* handle, const void* platform) {
  std::lock_guard lock(mutex_);
  Node* node = const_cast<Node*>(walk(handle));
  if (node == nullptr || node->record.platform != nullptr) return;
  node->record.platform = platform;
  node->publish();
  changes_.fetch_add(1, std::memory_order_release);
}

std::optional<std::uint32_t> ObjectTable::retained(const void* handle) {
  Node* node = lookup_locked(handle);
  if (node == nullptr || node->state.load(std::memory_order_acquire) != HandleState::Live ||
      !still(node, handle))
    return std::nullopt;
  if (!node->counted.load(std::memory_order_relaxed)) return 0;
  std::uint32_t count = node->refcount.load(std::memory_order_relaxed);
  do {
    if (count == 0) return std::nullopt;  // released meanwhile by another thread
  } while (!node->refcount.compare_exchange_weak(count, count + 1, std::memory_order_relaxed));
  return count + 1;
}

std::optional<std::uint32_t> ObjectTable::released(const void* handle, std::uint64_t call,
                                                   std::string_view entry) {
  Node* node = lookup_locked(handle);
  if (node == nullptr || node->state.load(std::memory_order_acquire) != HandleState::Live ||
      !still(node, handle))
    return std::nullopt;
  if (!node->counted.load(std::memory_order_relaxed)) return 0;
  // All but the last reference: one compare-and-swap.
  std::uint32_t count = node->refcount.load(std::memory_order_relaxed);
  while (count > 1)
    if (node->refcount.compare_exchange_weak(count, count - 1, std::memory_order_relaxed))
      return count - 1;
  if (count == 0) return std::nullopt;
  // The last one: the record changes state, under the mutex.
  std::lock_guard lock(mutex_);
  count = 1;
  if (!node->refcount.compare_exchange_strong(count, 0, std::memory_order_relaxed)) {
    if (count == 0) return std::nullopt;
    node->refcount.fetch_sub(1, std::memory_order_relaxed);  // retained meanwhile
    return count - 1;
  }
  ObjectRecord& record = node->record;
  record.refcount = 0;
  record.state = HandleState::Released;
  record.released_call = call;
  record.released_by = entry;
  node->publish();
  now_released(node);
  changes_.fetch_add(1, std::memory_order_release);
  return 0;
}

void ObjectTable::unreleased(const void* handle) {
  std::lock_guard lock(mutex_);
  Node* node = const_cast<Node*>(walk(handle));
  if (node == nullptr || !node->record.counted) return;
  ObjectRecord& record = node->record;
  if (record.state == HandleState::Released) {
    no_longer_released(node);
    record.state = HandleState::Live;
    record.released_call = 0;
    record.released_by = {};
    record.refcount = 1;
    node->refcount.store(1, std::memory_order_relaxed);
    node->publish();
  changes_.fetch_add(1, std::memory_order_release);
    return;
  }
  node->refcount.fetch_add(1, std::memory_order_relaxed);
}

std::vector<ObjectRecord> ObjectTable::live_counted() const {
  std::vector<ObjectRecord> live;
  {
    std::lock_guard lock(mutex_);
    for (std::size_t i = 0; i < kBuckets; ++i)
      for (const Node* node = buckets_[i].load(std::memory_order_relaxed); node;
           node = node->next.load(std::memory_order_relaxed))
        if (node->record.counted && node->record.state == HandleState::Live)
          live.push_back(node->snapshot());
  }
  std::sort(live.begin(), live.end(),
            [](const ObjectRecord& a, const ObjectRecord& b) { return a.id < b.id; });
  return live;
}

std::size_t ObjectTable::size() const {
  std::lock_guard lock(mutex_);
  return size_;
}

}  // namespace clvet::checker
