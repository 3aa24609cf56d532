// The launches of a trace that is still being written, diffed as they complete: the trace is
// opened again at each poll (the writer appends complete records into the file as they
// happen, so what is there reads like the trace of a process that stopped there), and one
// runner re-runs every launch.
#include "live_diff.h"

#include <fmt/format.h>

#include <cstdio>
#include <filesystem>

#include "clvet/trace/reader.h"

namespace clvet::cli {

LiveDiff::LiveDiff(const DiffCommand& command, std::string trace)
    : options_(diff_options(command)), trace_(std::move(trace)) {}

void LiveDiff::poll() {
  std::error_code ec;
  if (!std::filesystem::exists(trace_, ec)) return;
  std::string error;
  auto reader = trace::Reader::open(trace_, error);
  if (!reader) return;  // not even its header yet
  for (const replay::KernelLaunch& launch : replay::read_launches(*reader)) {
    // One that cannot be re-run, or whose buffers after it are not there yet, waits for the
    // report at the end.
    if (!launch.rerunnable() || !launch.has_after || done_.count(launch.call_index)) continue;
    replay::LaunchDiff d = runner_.diff(*reader, launch, options_);
    fmt::print(stderr, "clvet diff: {}\n", replay::render_line(d));
    std::fflush(stderr);
    done_.emplace(launch.call_index, std::move(d));
  }
}

}  // namespace clvet::cli
