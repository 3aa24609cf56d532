// The launches of a trace that is still being written, diffed as they complete: the trace is
// opened again at each poll (the writer appends complete records into the file as they
// happen, so what is there reads like the trace of a process that stopped there), and one
// runner re-runs every launch.
#include "live_diff.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <vector>

#include "clvet/trace/reader.h"

namespace clvet::cli {

LiveDiff::LiveDiff(const DiffCommand& command, std::string trace)
    : options_(diff_options(command)), trace_(std::move(trace)) {}

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
  std::error_code ec;
  if (!std::filesystem::exists(trace_, ec)) return;
  // Read, not mapped: the writer cuts the file to its length when the program ends, and a
  // mapping of the longer file would then fault (SIGBUS) on the pages cut off. Only what
  // follows the last whole record read before is read again: the records before it do not
  // change, the zeros after it become records. The header's index head changes too.
  std::ifstream in(trace_, std::ios::binary);
  bytes_.resize(std::max<std::size_t>(whole_, kHeaderBytes));
  in.read(reinterpret_cast<char*>(bytes_.data()), static_cast<std::streamsize>(kHeaderBytes));
  if (static_cast<std::size_t>(in.gcount()) < kHeaderBytes) return;  // not even its header yet
  bytes_.resize(whole_);
  in.seekg(static_cast<std::streamoff>(whole_));
  bytes_.insert(bytes_.end(), std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  read_since_start_ += bytes_.size() - whole_ + (whole_ != 0 ? kHeaderBytes : 0);
  std::string error;
  auto reader = trace::Reader::from_memory(bytes_, trace_, error);
  if (!reader) return;
  trace::RecordView record;
  for (reader->rewind(); reader->next(record);) whole_ = std::max<std::size_t>(whole_, record.offset);
  for (const replay::KernelLaunch& launch : replay::read_launches(*reader)) {
    // One that cannot be re-run, or whose buffers after it are not there yet, waits for the
    // report at the end.
    if (!launch.rerunnable() || !launch.has_after || done_.count(launch.call_index)) continue;
    auto tries = unsettled_.find(launch.call_index);
    if (tries != unsettled_.end() && tries->second >= kUnsettledPolls) continue;
    replay::LaunchDiff d = runner_.diff(*reader, launch, options_);
    if (!settled(d)) {
      ++unsettled_[launch.call_index];
      continue;
    }
    fmt::print(stderr, "clvet diff: {}\n", replay::render_line(d));
    std::fflush(stderr);
    done_.emplace(launch.call_index, std::move(d));
  }
}

}  // namespace clvet::cli
