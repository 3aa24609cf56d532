// The table of OpenCL objects and their application-visible lives.
#include "clvet/checker/object_table.h"

#include <algorithm>

namespace clvet::checker {

std::string_view to_string(HandleState state) {
  switch (state) {
    case HandleState::Unknown: return "unknown";
    case HandleState::Live: return "live";
    case HandleState::Released: return "released";
  }
  return "?";
}

api::ObjectKind ObjectTable::kind_of(const void* handle) const {
  if (handle == nullptr) return api::ObjectKind::None;
  std::shared_lock lock(mutex_);
  auto it = records_.find(handle);
  if (it == records_.end() || it->second.state != HandleState::Live) return api::ObjectKind::None;
  return it->second.kind;
}

ObjectTable::Brief ObjectTable::brief(const void* handle) const {
  if (handle == nullptr) return {};
  std::shared_lock lock(mutex_);
  auto it = records_.find(handle);
  if (it == records_.end() || it->second.state != HandleState::Live) return {};
  return {it->second.kind, it->second.platform};
}

std::optional<ObjectRecord> ObjectTable::find(const void* handle) const {
  std::shared_lock lock(mutex_);
  auto it = records_.find(handle);
  if (it == records_.end()) return std::nullopt;
  return it->second;
}

const void* ObjectTable::platform_of(const void* handle) const {
  std::shared_lock lock(mutex_);
  auto it = records_.find(handle);
  return it == records_.end() ? nullptr : it->second.platform;
}

ObjectRecord ObjectTable::created(const void* handle, const Creation& creation) {
  std::unique_lock lock(mutex_);
  auto [it, inserted] = records_.try_emplace(handle);
  ObjectRecord& record = it->second;
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
  return record;
}

void ObjectTable::set_platform(const void* handle, const void* platform) {
  std::unique_lock lock(mutex_);
  auto it = records_.find(handle);
  if (it != records_.end() && it->second.platform == nullptr) it->second.platform = platform;
}

std::optional<std::uint32_t> ObjectTable::retained(const void* handle) {
  std::unique_lock lock(mutex_);
  auto it = records_.find(handle);
  if (it == records_.end() || it->second.state != HandleState::Live) return std::nullopt;
  if (!it->second.counted) return 0;
  return ++it->second.refcount;
}

std::optional<std::uint32_t> ObjectTable::released(const void* handle, std::uint64_t call,
                                                   std::string_view entry) {
  std::unique_lock lock(mutex_);
  auto it = records_.find(handle);
  if (it == records_.end() || it->second.state != HandleState::Live) return std::nullopt;
  ObjectRecord& record = it->second;
  if (!record.counted) return 0;
  if (--record.refcount == 0) {
    record.state = HandleState::Released;
    record.released_call = call;
    record.released_by = entry;
  }
  return record.refcount;
}

void ObjectTable::unreleased(const void* handle) {
  std::unique_lock lock(mutex_);
  auto it = records_.find(handle);
  if (it == records_.end() || !it->second.counted) return;
  ObjectRecord& record = it->second;
  if (record.state == HandleState::Released) {
    record.state = HandleState::Live;
    record.released_call = 0;
    record.released_by = {};
  }
  ++record.refcount;
}

std::vector<ObjectRecord> ObjectTable::live_counted() const {
  std::vector<ObjectRecord> live;
  {
    std::shared_lock lock(mutex_);
    for (const auto& [handle, record] : records_)
      if (record.counted && record.state == HandleState::Live) live.push_back(record);
  }
  std::sort(live.begin(), live.end(),
            [](const ObjectRecord& a, const ObjectRecord& b) { return a.id < b.id; });
  return live;
}

std::size_t ObjectTable::size() const {
  std::shared_lock lock(mutex_);
  return records_.size();
}

}  // namespace clvet::checker
