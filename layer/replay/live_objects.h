// The recorded objects of a replay and what each became: a flat table indexed by the
// recorder's object id (ids are one counter from 1 across all kinds, so the table is dense),
// which a replay looks up several times per call; ids too large for a table, and a kind that
// disagrees with the one an id had before (a damaged trace), go to a hash map instead.
#pragma once

#include <algorithm>
#include <cstdint>
#include <unordered_map>
#include <vector>

#include "clvet/trace/value.h"

namespace clvet::replay {

class LiveObjects {
 public:
  struct Object {
    api::ObjectKind kind = api::ObjectKind::None;
    void* live = nullptr;             // the target's object, nullptr while there is none
    std::uint64_t created_by = 0;     // the call that first bound it
    std::uint64_t skipped_by = 0;     // the skipped call that should have made it, 0: none
  };

  // The object's entry, nullptr when the recorded handle was never bound or skipped.
  const Object* find(trace::Handle h) const {
    if (h.id < table_.size() && table_[h.id].kind == h.kind) return &table_[h.id];
    if (overflow_.empty()) return nullptr;
    auto found = overflow_.find(key(h));
    return found == overflow_.end() ? nullptr : &found->second;
  }
  // The entry, made empty when there was none.
  Object& at(trace::Handle h) {
    if (h.id < kTableLimit) {
      if (h.id >= table_.size()) table_.resize(std::clamp<std::size_t>(table_.size() * 2, h.id + 1, kTableLimit));
      Object& slot = table_[h.id];
      if (slot.kind == h.kind) return slot;
      if (slot.kind == api::ObjectKind::None) {
        slot.kind = h.kind;
        return slot;
      }
    }
    Object& entry = overflow_[key(h)];
    entry.kind = h.kind;
    return entry;
  }

 private:
  static constexpr std::uint64_t kTableLimit = std::uint64_t{1} << 22;
  static std::uint64_t key(trace::Handle h) { return static_cast<std::uint64_t>(h.kind) << 56 | h.id; }
  std::vector<Object> table_;
  std::unordered_map<std::uint64_t, Object> overflow_;
};

}  // namespace clvet::replay
