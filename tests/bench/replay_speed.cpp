// Benchmark, not a test (`make bench-replay`): how fast `clvet replay` re-issues calls, beside
// the same calls made by a plain C loop. The loop is tests/bench/layer_overhead.c's workloads
// (a million of the cheapest calls; 200,000 calls of a kernel loop), run alone for its own CPU
// time, then recorded under the layer (the cheap calls without data, --trace-data=0; the loop
// with it, for its program's source) and replayed here on the
// same platform through the replay controller: CPU time (all threads) of the replay's seek to
// the end, per call, and its ratio to the loop's; the trace's opening (one pass that orders its
// calls and decodes the cheapest into their compact form, per call of the whole trace) beside
// it; each replayed twice, every call through the trace's value model, then the cheapest calls
// from their compact form (DirectCall: no record read while replaying). The
// set-up before the loop (the program's build) is replayed untimed, as the loop measures
// itself without it. Best of three each. A second table says where a call replayed through the
// value model spends its time: the trace's frames walked and checked, its Call records decoded
// again, and the rest of the seek.
//   replay_speed CLVET LAYER_OVERHEAD [CHEAP_CALLS [ENQUEUE_CALLS]]
#include <sys/resource.h>

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "clvet/replay/controller.h"
#include "clvet/trace/reader.h"

namespace {

double process_cpu() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return static_cast<double>(usage.ru_utime.tv_sec) + usage.ru_utime.tv_usec / 1e6 +
         static_cast<double>(usage.ru_stime.tv_sec) + usage.ru_stime.tv_usec / 1e6;
}

// The command's stdout.
std::string output_of(const std::string& command) {
  std::string out;
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) return out;
  char buffer[4096];
  while (std::size_t n = std::fread(buffer, 1, sizeof buffer, pipe)) out.append(buffer, n);
  pclose(pipe);
  return out;
}

// The loop's CPU seconds alone ("calls-cpu X" from layer_overhead --run), best of three.
double loop_seconds(const std::string& program, const std::string& workload, long calls) {
  double best = std::numeric_limits<double>::infinity();
  for (int run = 0; run < 3; ++run) {
    const std::string out = output_of(fmt::format("'{}' --run {} {}", program, workload, calls));
    const auto at = out.find("calls-cpu ");
    if (at != std::string::npos) best = std::min(best, std::atof(out.c_str() + at + 10));
  }
  return best;
}

struct Replayed {
  double open = std::numeric_limits<double>::infinity();
  double seek = std::numeric_limits<double>::infinity();
  std::uint64_t calls = 0;
  std::string problem;
};

// The replay of the loop's `loop_calls` calls: the set-up before them replayed untimed.
Replayed replay_seconds(const std::string& trace, long loop_calls, bool direct) {
  Replayed best;
  for (int run = 0; run < 3; ++run) {
    std::string error;
    const double before_open = process_cpu();
    auto replay = clvet::replay::Controller::open(trace, error);
    if (!replay) return {.problem = error};
    const double opened = process_cpu();
    if (!replay->select({.direct = direct}, error)) return {.problem = error};
    const auto& order = replay->calls();
    if (order.size() <= static_cast<std::size_t>(loop_calls)) return {.problem = "fewer calls than the loop made"};
    if (replay->seek(order[order.size() - static_cast<std::size_t>(loop_calls) - 1]) !=
        clvet::replay::Outcome::Reached)
      return {.problem = replay->stop_reason()};
    const double before = process_cpu();
    const auto outcome = replay->seek(std::numeric_limits<std::uint64_t>::max());
    const double after = process_cpu();
    if (outcome != clvet::replay::Outcome::End) return {.problem = replay->stop_reason()};
    best.open = std::min(best.open, opened - before_open);
    best.seek = std::min(best.seek, after - before);
    best.calls = static_cast<std::uint64_t>(loop_calls);
  }
  return best;
}

// Where a replay's time goes, per call of the whole trace, best of three: the frames walked
// and checked (what opening reads of each record), the Call records decoded again from their
// offsets as a seek does (checksums known good, a Call kept per entry point), and the seek.
struct Parts {
  double frames = std::numeric_limits<double>::infinity();
  double decode = std::numeric_limits<double>::infinity();
  std::uint64_t calls = 0;
};

Parts reading_seconds(const std::string& trace) {
  Parts best;
  std::string error;
  auto reader = clvet::trace::Reader::open(trace, error);
  if (!reader) return best;
  // Where each call is and its entry point, found once, untimed.
  std::vector<std::pair<std::uint64_t, std::uint32_t>> calls;
  clvet::trace::RecordView record;
  clvet::trace::Call call;
  for (reader->rewind(); reader->next(record);)
    if (record.kind == clvet::trace::RecordKind::Call && reader->decode(record, call))
      calls.emplace_back(record.offset, std::min<std::uint32_t>(call.entry, 1023));
  std::vector<clvet::trace::Call> by_entry(1024);
  for (int run = 0; run < 3; ++run) {
    std::uint64_t walked = 0, decoded = 0;
    const double start = process_cpu();
    for (reader->rewind(); reader->next(record);) walked += record.kind == clvet::trace::RecordKind::Call;
    const double after_walk = process_cpu();
    for (const auto& [offset, entry] : calls) decoded += reader->call_at(offset, by_entry[entry], /*checked=*/true);
    const double done = process_cpu();
    if (walked != calls.size() || decoded != calls.size()) return {};
    best.frames = std::min(best.frames, after_walk - start);
    best.decode = std::min(best.decode, done - after_walk);
    best.calls = calls.size();
  }
  return best;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: replay_speed CLVET LAYER_OVERHEAD [CHEAP_CALLS [ENQUEUE_CALLS]]\n");
    return 2;
  }
  const std::string clvet = argv[1], program = argv[2];
  const long cheap = argc > 3 ? std::atol(argv[3]) : 1000000;
  const long enqueue = argc > 4 ? std::atol(argv[4]) : 200000;
  const auto folder = std::filesystem::temp_directory_path() / fmt::format("clvet-replay-speed-{}", getpid());
  std::filesystem::create_directories(folder);
  fmt::print("{:<10} {:<12} {:>9} {:>14} {:>16} {:>8} {:>14}\n", "workload", "calls by", "calls",
             "C loop ns/call", "replay ns/call", "ratio", "open ns/call");
  int status = 0;
  std::vector<std::string> breakdown;
  for (const auto& [workload, calls] : {std::pair<std::string, long>{"cheap", cheap}, {"enqueue", enqueue}}) {
    const double loop = loop_seconds(program, workload, calls);
    const std::string trace = (folder / (workload + ".clvt")).string();
    // The kernel loop keeps its data: without it the program's source is not in the trace.
    const int recorded = std::system(fmt::format("'{}' run --trace='{}' --trace-data={} --report=none -- "
                                                 "'{}' --run {} {} > /dev/null",
                                                 clvet, trace, workload == "cheap" ? 0 : 1, program,
                                                 workload, calls)
                                         .c_str());
    if (recorded != 0) {
      fmt::print("{:<10} could not be recorded (status {})\n", workload, recorded);
      status = 1;
      continue;
    }
    // Every call through the value model, then the cheapest straight from their records.
    Replayed replayed, general;
    for (const bool direct : {false, true}) {
      replayed = replay_seconds(trace, calls, direct);
      if (!direct) general = replayed;
      if (!replayed.problem.empty()) {
        fmt::print("{:<10} replay failed: {}\n", workload, replayed.problem);
        status = 1;
        break;
      }
      const double n = static_cast<double>(calls);
      fmt::print("{:<10} {:<12} {:>9} {:>14.1f} {:>16.1f} {:>7.2f}x {:>14.1f}\n", workload,
                 direct ? "direct" : "value model", calls, loop * 1e9 / n, replayed.seek * 1e9 / n,
                 replayed.seek / loop, replayed.open * 1e9 / n);
    }
    if (!replayed.problem.empty()) continue;
    const double n = static_cast<double>(calls);
    const Parts parts = reading_seconds(trace);
    if (parts.calls != 0) {
      const double all = static_cast<double>(parts.calls);
      breakdown.push_back(fmt::format("{:<10} {:>14.1f} {:>14.1f} {:>16.1f} {:>14.1f}", workload,
                                      parts.frames * 1e9 / all, parts.decode * 1e9 / all,
                                      general.seek * 1e9 / n - parts.decode * 1e9 / all, loop * 1e9 / n));
    }
  }
  // What a replayed call costs through the value model, part by part: the first two are reading
  // the trace alone, the third is that seek less its decoding (handles remapped, arguments
  // rebuilt, the call issued, its effects), the last the same call issued by the loop.
  fmt::print("\n{:<10} {:>14} {:>14} {:>16} {:>14}\n", "ns/call", "frames+check", "decode", "remap+issue", "C loop");
  for (const std::string& row : breakdown) fmt::print("{}\n", row);
  std::filesystem::remove_all(folder);
  return status;
}
