// A trace as Chrome/Perfetto trace-event JSON: host calls as slices per thread, device
// commands as slices per queue, arrows from each enqueue to its command, findings as marks.
// Opens in ui.perfetto.dev and chrome://tracing.
#pragma once

#include <ostream>
#include <string>

#include "clvet/trace/reader.h"

namespace clvet::trace {

struct PerfettoStats {
  std::uint64_t calls = 0;
  std::uint64_t device_commands = 0;
  std::uint64_t findings = 0;
};

// Streams the JSON to `out`, reading `reader` from its start (twice: once to learn threads,
// queues and clocks, once to write). Damage ends the export where reading ends; the reader's
// problems() say why.
PerfettoStats export_perfetto(Reader& reader, std::ostream& out);

}  // namespace clvet::trace
