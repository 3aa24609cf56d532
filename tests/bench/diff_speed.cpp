// Benchmark, not a test (`make bench-diff`): how long `clvet diff` takes on a trace of many
// launches. many_launches (LAUNCHES launches of two programs, default 120) is recorded under
// `clvet run --trace-kernel-buffers=1` on the platform the loader offers first (PoCL in
// `make bench-diff`), then every launch is diffed against the reference device two ways: a
// runner process per launch, each building its launch's program (how clvet diff ran before
// launches shared a runner), and with one runner for them all, as the replay controller keeps,
// which builds each distinct program once. Wall time of each, per launch, runner processes
// started, and the verdicts, which must be the same both ways.
//   diff_speed CLVET MANY_LAUNCHES [LAUNCHES]
#include <unistd.h>

#include <fmt/format.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>

#include "clvet/replay/controller.h"
#include "clvet/replay/launch_diff.h"

namespace {

namespace fs = std::filesystem;

struct Measured {
  double seconds = 0;
  unsigned processes = 0;
  std::size_t same = 0, other = 0;
};

void count(Measured& m, const clvet::replay::LaunchDiff& d) {
  (d.status == clvet::replay::LaunchDiff::Status::Same ? m.same : m.other) += 1;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: diff_speed CLVET MANY_LAUNCHES [LAUNCHES]\n");
    return 2;
  }
  const fs::path clvet = fs::absolute(argv[1]);
  const std::string launches = argc > 3 ? argv[3] : "120";
  const fs::path trace = fs::temp_directory_path() / fmt::format("clvet-diff-speed-{}.clvt", getpid());
  const std::string record =
      fmt::format("'{}' run --trace='{}' --trace-kernel-buffers=1 --leaks=0 -- '{}' {} > /dev/null",
                  clvet.string(), trace.string(), fs::absolute(argv[2]).string(), launches);
  if (std::system(record.c_str()) != 0) {
    std::fprintf(stderr, "recording failed: %s\n", record.c_str());
    return 1;
  }
  std::string error;
  auto controller = clvet::replay::Controller::open(trace.string(), error);
  if (!controller) {
    std::fprintf(stderr, "%s\n", error.c_str());
    return 1;
  }
  clvet::replay::DiffOptions options;
  // This build's runner and reference device, beside clvet.
  options.runner = (clvet.parent_path() / "clvet-launch-runner").string();
  options.icd_dir = (clvet.parent_path().parent_path() / "icd").string();
  const auto& all = controller->launches();

  Measured apart, shared;
  auto start = std::chrono::steady_clock::now();
  for (const clvet::replay::KernelLaunch& l : all) {
    clvet::replay::LaunchRunner runner;
    count(apart, runner.diff(controller->reader(), l, options));
    apart.processes += runner.processes_started();
  }
  apart.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  start = std::chrono::steady_clock::now();
  // As the controller's diff_launch() does for clvet diff: one runner for every launch.
  clvet::replay::LaunchRunner runner;
  for (const clvet::replay::KernelLaunch& l : all) count(shared, runner.diff(controller->reader(), l, options));
  shared.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  shared.processes = runner.processes_started();
  fs::remove(trace);

  fmt::print("clvet diff of {} launches (2 programs) against the reference device\n", all.size());
  fmt::print("  {:<36} {:>9} {:>12} {:>10} {:>6} {:>6}\n", "runner", "wall s", "ms/launch",
             "processes", "same", "other");
  auto row = [&](const char* name, const Measured& m) {
    fmt::print("  {:<36} {:>9.2f} {:>12.1f} {:>10} {:>6} {:>6}\n", name, m.seconds,
               all.empty() ? 0.0 : 1000 * m.seconds / static_cast<double>(all.size()), m.processes, m.same, m.other);
  };
  row("a process and a build per launch", apart);
  row("one process, a build per program", shared);
  fmt::print("  speed-up: {:.1f}x\n", shared.seconds > 0 ? apart.seconds / shared.seconds : 0.0);
  return apart.same == shared.same && apart.other == shared.other ? 0 : 1;
}
