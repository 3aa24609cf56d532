// A memory object's bytes at a call, rebuilt from the data the trace holds: the host data it
// was created with, the writes, fills, copies and mapped regions written back before that
// call. Kernels write buffers through their arguments, which a trace names by address only,
// so after a kernel launch the bytes are those of the trace's data before it, and the result
// says so: a replay (or the launch's kernel-buffer records) gives what the kernel made.
#pragma once

#include <QString>

#include <cstdint>
#include <string>
#include <vector>

#include "clvet/trace/records.h"

namespace clvet::gui {

class TraceDocument;

struct BufferState {
  std::string bytes;             // the object's size; unknown bytes are 0
  std::vector<bool> known;       // per byte: the trace says what it holds
  std::uint64_t size = 0;
  std::uint64_t last_write = 0;  // the last call before `at` that changed it (0: creation)
  std::uint64_t kernels_since = 0;  // a kernel launched after the last write, up to `at` (0: none)
  QString note;                  // what the bytes are not (unknown ranges, kernels that ran)
  std::uint64_t knownBytes() const;
};

// The contents of `mem` just after call `at` (the last call when `at` is 0).
BufferState buffer_at(TraceDocument& document, const trace::Handle& mem, std::uint64_t at);

}  // namespace clvet::gui
