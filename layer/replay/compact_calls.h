// The calls a replay can re-issue directly, decoded once when the trace is opened into slots
// (one 64-bit word per parameter, DirectSlot's layout), so that replaying them reads no
// record: a handle is its recorded id, which indexes the replay's table of live objects.
#pragma once

#include <cstdint>
#include <limits>
#include <vector>

#include "clvet/trace/records.h"

namespace clvet::replay {

class CompactCalls {
 public:
  static constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();

  // The call's compact form: where its slots start, or kNone when its entry point has no
  // direct re-issuer or the call does not fit one (a value of another kind than its slot
  // takes, an object created, an error recorded, a call that never returned).
  std::uint32_t add(const trace::Call& call);
  const std::uint64_t* slots(std::uint32_t at) const { return slots_.data() + at; }
  std::size_t size() const { return slots_.size(); }

 private:
  std::vector<std::uint64_t> slots_;
};

}  // namespace clvet::replay
