// The order a replay re-issues a trace's calls in: the recorded global order, read once.
#pragma once

#include <cstdint>
#include <optional>
#include <unordered_map>
#include <vector>

#include "clvet/trace/reader.h"
#include "compact_calls.h"

namespace clvet::replay {

// A device of the recording platform, as the trace names it.
struct RecordedDevice {
  trace::Handle handle;          // device#N
  std::uint64_t first_call = 0;  // the first call that names it
  // Whether a call other than an info query uses it (a context, a queue, a build, a
  // partition): then it needs a device of the target.
  bool used = false;
};

struct CallOrder {
  struct Entry {
    std::uint64_t index = 0;   // the trace's call index
    std::uint64_t offset = 0;  // of its Call record
    std::uint32_t entry = 0;   // its entry point (the reader's index), kUnknownEntry if unknown
    std::uint32_t compact = CompactCalls::kNone;  // its slots in `compact`, if it has them
    std::uint64_t thread = 0;  // the recording thread that made it
  };
  std::vector<Entry> calls;            // in replay order
  std::vector<std::uint64_t> indices;  // the same calls' indices, sorted
  std::vector<trace::Handle> queues;   // every command-queue the trace created
  std::size_t threads = 0;             // recording threads that made calls
  // The devices of the recording platform the trace names, in the order it first names them
  // (clGetDeviceIDs' answers first), sub-devices (clCreateSubDevices' answers) left out: a
  // replay re-creates those from their parents.
  std::vector<RecordedDevice> devices;
  // What non-blocking reads and maps for reading gave the application (ReadBytes records),
  // by call index.
  std::unordered_map<std::uint64_t, std::vector<trace::ReadBytes>> read_bytes;
  // The calls a direct re-issuer takes, decoded once (Entry::compact says where).
  CompactCalls compact;

  // One pass over the trace. Calls from one thread keep their order; calls from several
  // interleave by the time they entered the layer, except those that wait for other threads
  // (clFinish, clWaitForEvents, a blocking read, write or map), which go where they returned:
  // the user event they waited for was set before that.
  static CallOrder read(trace::Reader& reader);

  std::optional<std::size_t> position_of(std::uint64_t index) const;
  // Whether the object was destroyed (its last release) by a call at or before `call`.
  bool destroyed_by(trace::Handle object, std::uint64_t call) const;

 private:
  std::vector<std::size_t> positions_;  // of indices[k] in calls
  std::unordered_map<std::uint64_t, std::uint64_t> destroyed_;  // object key -> call
};

}  // namespace clvet::replay
