// clvet run --diff while the program runs: the launches of its trace diffed as their buffers
// after the kernel reach the trace, each result said on stderr at once.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "clvet/replay/launch_diff.h"
#include "commands.h"

namespace clvet::cli {

// The DiffOptions a DiffCommand asks for.
replay::DiffOptions diff_options(const DiffCommand& command);

class LiveDiff {
 public:
  LiveDiff(const DiffCommand& command, std::string trace);
  // Reads the trace as far as it is written and diffs the launches whose buffers after the
  // kernel it now holds and that are not diffed yet, one line each on stderr.
  void poll();
  // What was diffed, by call index (for the report at the end).
  const std::map<std::uint64_t, replay::LaunchDiff>& done() const { return done_; }
  // Bytes read from the file since the first poll (each poll reads its header and what
  // follows the last whole record it had).
  std::uint64_t bytes_read() const { return read_since_start_; }

 private:
  replay::DiffOptions options_;
  std::string trace_;
  replay::LaunchRunner runner_;
  std::map<std::uint64_t, replay::LaunchDiff> done_;
  // Launches whose re-run did not settle yet (nothing compared, or it failed), by the polls
  // they were tried in: after a few, they are left to the report at the end.
  std::map<std::uint64_t, int> unsettled_;
  // The file as far as read: whole records up to whole_ (the start of the last one, which is
  // read again: it may be the one being written), then what followed at the last poll.
  static constexpr std::size_t kHeaderBytes = 64;
  std::vector<std::uint8_t> bytes_;
  std::size_t whole_ = 0;
  std::uint64_t read_since_start_ = 0;
};

}  // namespace clvet::cli
