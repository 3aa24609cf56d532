// The kernel launches of a trace that is still being written, given as they complete: each
// poll reads only what the file gained since the last one, and parses only its new records.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "clvet/replay/launch.h"
#include "clvet/trace/reader.h"

namespace clvet::replay {

class LiveLaunches {
 public:
  explicit LiveLaunches(std::string path) : path_(std::move(path)) {}

  // Reads what the file holds now beyond what earlier polls settled, and gives the launches
  // whose call and buffers before and after the kernel are now all in it (each once).
  std::vector<KernelLaunch> poll();
  // The trace as read so far (blobs of the launches given are read through it), nullptr
  // before the file had its header.
  trace::Reader* reader() { return reader_.get(); }
  // Bytes read from the file by all polls.
  std::uint64_t bytes_read() const { return bytes_read_; }

 private:
  std::string path_;
  std::vector<std::uint8_t> bytes_;
  std::unique_ptr<trace::Reader> reader_;
  LaunchRecords records_;
  std::uint64_t bytes_read_ = 0;
};

}  // namespace clvet::replay
