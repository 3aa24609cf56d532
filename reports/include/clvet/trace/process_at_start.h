// The process record near the start of a trace, read without mapping the file.
#pragma once

#include <optional>
#include <string>

#include "clvet/trace/records.h"

namespace clvet::trace {

// The first process record of the trace at `path` (the writer puts it early, after the API
// table), read with pread from the file's beginning, 64 KiB first and more only while what was
// read ends before that record (16 MiB at most). Never mapped: another process may cut the file
// meanwhile (a writer of another run given the same path, a user's `: > app.clvt`), and a
// mapping read after a cut kills the reader with SIGBUS. nullopt when the file cannot be read,
// is no trace, or has no process record within its first 16 MiB.
std::optional<ProcessInfo> process_at_start(const std::string& path);

}  // namespace clvet::trace
