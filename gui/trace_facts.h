// What one pass over a trace learns, kept compact so that a million-call trace fits: a row per
// call (without its arguments, which are read again on demand), every object's life, the
// findings, device commands and kernel buffers. The views are built from this and the reader.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <unordered_map>
#include <vector>

#include "clvet/reports/finding.h"
#include "clvet/trace/records.h"

namespace clvet::gui {

// One call as the call list needs it before its arguments are decoded.
struct CallRow {
  std::uint64_t index = 0;    // the call's index in the process
  std::uint64_t offset = 0;   // its record in the file (Reader::record)
  std::uint64_t enter_ns = 0;
  std::uint64_t exit_ns = 0;
  std::uint32_t entry = trace::kUnknownEntry;  // this build's entry point index
  std::uint32_t thread = 0;   // position in TraceFacts::threads
  std::int32_t error = 0;
  std::uint16_t name = 0;     // position in TraceFacts::entry_names (names of unknown entries too)
  std::uint8_t findings = 0;  // findings of this call (saturating)
  bool completed = true;      // false: only its CallEnter was written (it never returned)
  bool timed = true;          // false: it returned, its end time not read (exit_ns is enter_ns)
};

// Ids of objects as the trace names them, hashable.
struct HandleKey {
  std::uint64_t bits = 0;
  static HandleKey of(const trace::Handle& h) {
    return {static_cast<std::uint64_t>(h.kind) << 56 | (h.id & ((std::uint64_t{1} << 56) - 1))};
  }
  trace::Handle handle() const {
    return {static_cast<api::ObjectKind>(bits >> 56), bits & ((std::uint64_t{1} << 56) - 1)};
  }
  bool operator==(const HandleKey&) const = default;
  bool operator<(const HandleKey& o) const { return bits < o.bits; }
};
struct HandleKeyHash {
  std::size_t operator()(HandleKey k) const { return std::hash<std::uint64_t>{}(k.bits); }
};

// Everything the trace says about one object.
struct ObjectLife {
  trace::Handle handle;
  std::uint64_t created_by = 0;             // the call that created it (0: not seen)
  std::vector<trace::ObjectEvent> events;   // created, retained, released, destroyed
  std::vector<std::uint64_t> calls;         // every call that names it, in file order
  std::vector<trace::Handle> parents;       // what it depends on (context, program, buffer...)
  std::vector<trace::Handle> children;      // what depends on it
  std::uint64_t used_after_release = 0;     // a call that named it after its last release (0: none)
  bool leaked() const;                      // still referenced by the application at the end
  std::uint32_t final_refcount() const;
};

// The bytes a call wrote or read of a kernel's buffers (KernelBuffers records).
struct KernelBufferContents {
  std::uint64_t call_index = 0;
  bool after = false;
  std::uint64_t offset = 0;  // the record, decoded again when shown
};

struct TraceFacts {
  std::vector<CallRow> rows;                  // sorted by call index once the scan ends
  std::vector<std::uint64_t> threads;         // OS thread ids in order of first appearance
  std::vector<std::string> entry_names;       // entry point names as the writer knew them
  std::vector<reports::Finding> findings;
  std::unordered_multimap<std::uint64_t, std::size_t> findings_by_call;  // call index -> finding
  std::unordered_map<HandleKey, ObjectLife, HandleKeyHash> objects;
  std::vector<trace::DeviceCommand> commands;
  std::vector<trace::ClockSync> clock_syncs;
  std::vector<KernelBufferContents> kernel_buffers;
  std::vector<trace::Platform> platforms;
  trace::ProcessInfo process;
  std::vector<std::string> problems;  // damage, each naming its offset
  std::vector<std::string> notes;
  std::uint64_t last_ns = 0;          // the latest host time seen

  // The row of call `index` (rows sorted), or -1.
  std::int64_t row_of(std::uint64_t index) const;
  const ObjectLife* object(const trace::Handle& h) const;
  // A device time of `device`'s queue placed on the host's time axis (FORMAT.md, ClockSync),
  // or nullopt when the trace has no clock pair for it.
  std::optional<std::uint64_t> host_time(const trace::Handle& device, std::uint64_t device_ns) const;
};

}  // namespace clvet::gui
