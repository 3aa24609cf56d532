// The launches of a trace that is still being written, diffed as they complete: each poll
// reads and parses only what the trace gained (LiveLaunches), and one runner re-runs every
// launch.
#include "live_diff.h"

#include <fmt/format.h>

#include <cstdio>
#include <vector>

#include "run_report.h"

namespace clvet::cli {

LiveDiff::LiveDiff(const DiffCommand& command, std::string trace, std::string label)
    : options_(diff_options(command)), label_(std::move(label)), trace_(std::move(trace)) {}

namespace {

// How many polls a launch whose re-run did not settle is tried in before the report at the end
// takes it over.
constexpr int kUnsettledPolls = 3;

// A diff that says something: a re-run that compared elements. One that failed or compared
// nothing may only have met a trace not written that far yet.
bool settled(const replay::LaunchDiff& d) {
  return d.status == replay::LaunchDiff::Status::Different ||
         (d.status == replay::LaunchDiff::Status::Same && d.compared() > 0);
}

}  // namespace

void LiveDiff::poll() {
  std::vector<std::pair<replay::KernelLaunch, int>> tries;
  for (replay::KernelLaunch& launch : trace_.poll())
    // One that cannot be re-run waits for the report at the end.
    if (launch.rerunnable()) tries.emplace_back(std::move(launch), 0);
  for (auto& tried : unsettled_) tries.push_back(std::move(tried));
  unsettled_.clear();
  for (auto& [launch, polls] : tries) {
    if (done_.count(launch.call_index)) continue;
    replay::LaunchDiff d = runner_.diff(*trace_.reader(), launch, options_);
    if (!settled(d)) {
      if (++polls < kUnsettledPolls) unsettled_.emplace_back(std::move(launch), polls);
      continue;
    }
    // A line as each launch is diffed, unless the findings' report goes to stderr as JSON or
    // SARIF, alone (the diff's report at the end holds every launch).
    if (!report_to_stderr_as_data()) {
      fmt::print(stderr, "clvet diff: {}{}\n", label_, replay::render_line(d));
      std::fflush(stderr);
    }
    done_.emplace(launch.call_index, std::move(d));
  }
}

}  // namespace clvet::cli
