// The table of OpenCL objects and their application-visible lives.
#include "clvet/checker/object_table.h"

#include <algorithm>
#include <utility>

namespace clvet::checker {

// One address's record. A reader finds it without a lock and reads only `kind`, `state`,
// `platform` and `identity`, which a writer stores before it stores `state` with release
// order. `refcount` is the record's count for counted objects: changed by compare-and-swap,
// and zero exactly when the object is released (or being released under the mutex).
struct ObjectTable::Node {
  const void* handle = nullptr;
  Node* next = nullptr;  // set before the node is published, never changed
  std::atomic<api::ObjectKind> kind{api::ObjectKind::None};
  std::atomic<HandleState> state{HandleState::Unknown};
  std::atomic<const void*> platform{nullptr};
  // The kind in the top byte and the id below it, so that both are read in one load.
  std::atomic<std::uint64_t> identity{0};
  std::atomic<std::uint32_t> refcount{0};
  std::atomic<bool> counted{false};
  ObjectRecord record;  // under the table's mutex, but for its refcount (see above)

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
};

namespace {

std::size_t bucket_of(const void* handle, std::size_t buckets) {
  // Fibonacci hashing: handles are aligned heap addresses, their low bits say little.
  const auto bits = reinterpret_cast<std::uintptr_t>(handle) >> 4;
  return static_cast<std::size_t>((bits * 0x9e3779b97f4a7c15ull) >> 48) & (buckets - 1);
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
    while (node) delete std::exchange(node, node->next);
  }
  delete[] buckets_;
}

const ObjectTable::Node* ObjectTable::lookup(const void* handle) const {
  for (const Node* node = buckets_[bucket_of(handle, kBuckets)].load(std::memory_order_acquire);
       node != nullptr; node = node->next)
    if (node->handle == handle) return node;
  return nullptr;
}

ObjectTable::Node* ObjectTable::lookup_locked(const void* handle) {
  return const_cast<Node*>(lookup(handle));
}

api::ObjectKind ObjectTable::kind_of(const void* handle) const {
  return brief(handle).kind;
}

ObjectTable::Brief ObjectTable::brief(const void* handle) const {
  if (handle == nullptr) return {};
  const Node* node = lookup(handle);
  if (node == nullptr || node->state.load(std::memory_order_acquire) != HandleState::Live)
    return {};
  return {node->kind.load(std::memory_order_relaxed),
          node->platform.load(std::memory_order_relaxed)};
}

ObjectTable::Identity ObjectTable::identity(const void* handle) const {
  if (handle == nullptr) return {};
  const Node* node = lookup(handle);
  if (node == nullptr) return {};
  const std::uint64_t packed = node->identity.load(std::memory_order_acquire);
  return {static_cast<api::ObjectKind>(packed >> 56), packed & ((std::uint64_t{1} << 56) - 1)};
}

std::optional<ObjectRecord> ObjectTable::find(const void* handle) const {
  std::lock_guard lock(mutex_);
  const Node* node = lookup(handle);
  if (node == nullptr) return std::nullopt;
  return node->snapshot();
}

const void* ObjectTable::platform_of(const void* handle) const {
  const Node* node = lookup(handle);
  return node ? node->platform.load(std::memory_order_acquire) : nullptr;
}

ObjectRecord ObjectTable::created(const void* handle, const Creation& creation) {
  std::lock_guard lock(mutex_);
  Node* node = lookup_locked(handle);
  const bool inserted = node == nullptr;
  if (inserted) {
    node = new Node;
    node->handle = handle;
  }
  ObjectRecord& record = node->record;
  // Listing a platform or a root device again finds the same object, not a new one.
  if (!inserted && record.state == HandleState::Live && !record.counted && !creation.counted &&
      record.kind == creation.kind)
    return record;
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
  node->publish();
  if (inserted) {
    std::atomic<Node*>& head = buckets_[bucket_of(handle, kBuckets)];
    node->next = head.load(std::memory_order_relaxed);
    head.store(node, std::memory_order_release);
    ++size_;
  }
  return node->snapshot();
}

void ObjectTable::set_platform(const void* handle, const void* platform) {
  std::lock_guard lock(mutex_);
  Node* node = lookup_locked(handle);
  if (node == nullptr || node->record.platform != nullptr) return;
  node->record.platform = platform;
  node->publish();
}

std::optional<std::uint32_t> ObjectTable::retained(const void* handle) {
  Node* node = lookup_locked(handle);
  if (node == nullptr || node->state.load(std::memory_order_acquire) != HandleState::Live)
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
  if (node == nullptr || node->state.load(std::memory_order_acquire) != HandleState::Live)
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
  return 0;
}

void ObjectTable::unreleased(const void* handle) {
  std::lock_guard lock(mutex_);
  Node* node = lookup_locked(handle);
  if (node == nullptr || !node->record.counted) return;
  ObjectRecord& record = node->record;
  if (record.state == HandleState::Released) {
    record.state = HandleState::Live;
    record.released_call = 0;
    record.released_by = {};
    record.refcount = 1;
    node->refcount.store(1, std::memory_order_relaxed);
    node->publish();
    return;
  }
  node->refcount.fetch_add(1, std::memory_order_relaxed);
}

std::vector<ObjectRecord> ObjectTable::live_counted() const {
  std::vector<ObjectRecord> live;
  {
    std::lock_guard lock(mutex_);
    for (std::size_t i = 0; i < kBuckets; ++i)
      for (const Node* node = buckets_[i].load(std::memory_order_relaxed); node; node = node->next)
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
