// clvet run --diff while the program runs: the launches of its trace diffed as their buffers
// after the kernel reach the trace, each result said on stderr at once.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "clvet/replay/launch_diff.h"
#include "clvet/replay/live_launches.h"
#include "commands.h"

namespace clvet::cli {

// The DiffOptions a DiffCommand asks for.
replay::DiffOptions diff_options(const DiffCommand& command);

class LiveDiff {
 public:
  // `label` begins each line said (which process's launch it is; empty for the program's own).
  LiveDiff(const DiffCommand& command, std::string trace, std::string label = {});
  // Reads the trace as far as it is written and diffs the launches whose buffers after the
  // kernel it now holds and that are not diffed yet, one line each on stderr.
  void poll();
  // What was diffed, by call index (for the report at the end).
  const std::map<std::uint64_t, replay::LaunchDiff>& done() const { return done_; }
  // Bytes read from the file since the first poll (each poll reads its header and what
  // follows the records it settled).
  std::uint64_t bytes_read() const { return trace_.bytes_read(); }

 private:
  replay::DiffOptions options_;
  std::string label_;
  replay::LiveLaunches trace_;
  replay::LaunchRunner runner_;
  std::map<std::uint64_t, replay::LaunchDiff> done_;
  // Launches whose re-run did not settle yet (nothing compared, or it failed), with the polls
  // they were tried in: after a few, they are left to the report at the end.
  std::vector<std::pair<replay::KernelLaunch, int>> unsettled_;
};

}  // namespace clvet::cli
