// A growing trace followed poll by poll: the bytes before where its reader stopped (less any
// record it passed over as not completed yet) do not change, so only the header and what
// follows are read again, and the reader goes on from where it stopped.
#include "clvet/replay/live_launches.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "clvet/trace/format.h"

namespace clvet::replay {

std::vector<KernelLaunch> LiveLaunches::poll() {
  std::error_code ec;
  if (!std::filesystem::exists(path_, ec)) return {};
  // Read, not mapped: the writer cuts the file to its length when the program ends, and a
  // mapping of the longer file would then fault (SIGBUS) on the pages cut off.
  std::ifstream in(path_, std::ios::binary);
  std::vector<std::uint8_t> header(trace::kHeaderSize);
  in.read(reinterpret_cast<char*>(header.data()), static_cast<std::streamsize>(header.size()));
  if (static_cast<std::size_t>(in.gcount()) < header.size()) return {};  // not even its header yet
  const std::size_t keep =
      reader_ ? std::max<std::size_t>(static_cast<std::size_t>(reader_->settled_until()), header.size()) : 0;
  bytes_.resize(std::min(keep, bytes_.size()));
  in.seekg(static_cast<std::streamoff>(bytes_.size()));
  bytes_.insert(bytes_.end(), std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  bytes_read_ += header.size() + (bytes_.size() - std::min(keep, bytes_.size()));
  if (bytes_.size() < header.size()) return {};
  // The header as it is now (its index head moves as the writer goes).
  std::copy(header.begin(), header.end(), bytes_.begin());
  if (!reader_) {
    std::string error;
    reader_ = trace::Reader::from_memory(bytes_, path_, error);
    if (!reader_) return {};
  } else {
    reader_->grow(bytes_);
  }
  trace::RecordView record;
  while (reader_->next(record)) records_.add(*reader_, record);
  return records_.take_complete();
}

}  // namespace clvet::replay
