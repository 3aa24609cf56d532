// One sequential pass over a trace that fills TraceFacts; runs on a thread of its own and
// hands over rows in batches, so that the call list fills while the pass goes on.
#pragma once

#include <atomic>
#include <functional>
#include <string>
#include <vector>

#include "trace_facts.h"

namespace clvet::trace {
class Reader;
}

namespace clvet::gui {

struct ScanProgress {
  std::vector<CallRow> rows;     // rows read since the previous batch, in file order
  std::vector<std::uint64_t> threads;      // all threads so far (rows name them by position)
  std::vector<std::string> entry_names;    // all entry point names so far
  std::uint64_t bytes_done = 0;  // offset reached
  std::uint64_t bytes_total = 0;
};

// Reads every record of `reader` from the start. `batch` is called with the rows read since
// its previous call, every `batch_rows` calls (not for the last ones: they are in the result).
// Stops early, with what it has, when `cancel` becomes true. The rows of the result are sorted
// by call index and carry their finding counts.
TraceFacts scan_trace(trace::Reader& reader, const std::function<void(ScanProgress&)>& batch,
                      const std::atomic<bool>& cancel, std::size_t batch_rows = 65536);

}  // namespace clvet::gui
