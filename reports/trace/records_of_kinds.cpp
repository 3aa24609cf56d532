// A trace's records of some kinds, found by walking its frames through a bounded window of the
// file: the frames of other kinds (a trace with data is mostly blobs) are checked and passed
// over, never kept.
#include "clvet/trace/records_of_kinds.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <optional>
#include <span>
#include <vector>

#include <fmt/format.h>

#include "frame.h"
#include "frame_walk.h"
#include "wire.h"

namespace clvet::trace {
namespace {

// The file's bytes, kRecordsOfKindsPart at a time: one pread fills the window from the offset
// asked. A read that comes back short is where the file ends (it may have been cut since an
// earlier read: what was read before stays as it was read).
class Window {
 public:
  explicit Window(int fd) : fd_(fd), bytes_(kRecordsOfKindsPart) {}

  // Up to `n` (at most kRecordsOfKindsPart) bytes at `offset`: fewer where the file ends first.
  std::span<const std::uint8_t> at(std::uint64_t offset, std::size_t n) {
    n = std::min(n, kRecordsOfKindsPart);
    if (offset < start_ || offset + n > start_ + have_) {
      if (ended_ && offset >= start_ && offset <= start_ + have_)
        return {bytes_.data() + (offset - start_), start_ + have_ - offset};
      fill(offset);
    }
    const std::size_t available = static_cast<std::size_t>(start_ + have_ - offset);
    return {bytes_.data() + (offset - start_), std::min(n, available)};
  }

 private:
  void fill(std::uint64_t offset) {
    start_ = offset;
    have_ = 0;
    while (have_ < bytes_.size()) {
      const ssize_t got = ::pread(fd_, bytes_.data() + have_, bytes_.size() - have_,
                                  static_cast<off_t>(offset + have_));
      if (got < 0 && errno == EINTR) continue;
      if (got <= 0) break;
      have_ += static_cast<std::size_t>(got);
    }
    ended_ = have_ < bytes_.size();
  }

  int fd_;
  std::vector<std::uint8_t> bytes_;
  std::uint64_t start_ = 0;
  std::size_t have_ = 0;
  bool ended_ = false;
};

// The walk of Reader::next() over the file's frames: a whole frame is given (or passed over), and
// what follows a zero header is decided by frame_walk.h, as the reader decides it; anything else
// ends the trace (damage, or the end of the file). A whole frame is checked in parts through the
// window, never held.
class Walk {
 public:
  explicit Walk(int fd) : window_(fd) {}
  // Where records start (the header's size) and the size of a call block's prelude.
  void set_layout(std::uint32_t records_start, std::uint32_t prelude_size) {
    layout_ = {records_start, prelude_size};
  }

  // The size of the whole frame at `offset` (header, payload and padding, its checksum right),
  // and its kind; nullopt when there is none there.
  struct Whole {
    RecordKind kind;
    std::uint64_t total;
  };
  std::optional<Whole> whole_frame(std::uint64_t offset) {
    const auto header = window_.at(offset, kFrameSize);
    if (header.size() < kFrameSize || wire::load32(header.data() + frame::kMagic) != kRecordMagic)
      return std::nullopt;
    const std::uint16_t kind = wire::load16(header.data() + frame::kKind);
    const std::uint16_t flags = wire::load16(header.data() + frame::kFlags);
    const std::uint32_t length = wire::load32(header.data() + frame::kLength);
    const std::uint32_t stored = wire::load32(header.data() + frame::kChecksum);
    frame::PartsChecksum checksum(kind, flags, length);
    const std::uint64_t total = kFrameSize + align_up(length);
    for (std::uint64_t at = kFrameSize; at < total;) {
      const auto part = window_.at(offset + at, static_cast<std::size_t>(total - at));
      if (part.empty()) return std::nullopt;  // the file ends inside the frame
      // The payload's bytes are checksummed, the padding's must be zero.
      const std::size_t payload =
          at < kFrameSize + length
              ? static_cast<std::size_t>(std::min<std::uint64_t>(part.size(), kFrameSize + length - at))
              : 0;
      checksum.add(part.data(), payload);
      for (std::size_t i = payload; i < part.size(); ++i)
        if (part[i] != 0) return std::nullopt;
      at += part.size();
    }
    if (checksum.value() != stored) return std::nullopt;
    return Whole{static_cast<RecordKind>(kind), total};
  }

  // What follows a zero header at `offset`, decided as Reader::next() decides it.
  frame_walk::AfterZero after_zero_header(std::uint64_t offset) {
    return frame_walk::after_zero_header(
        offset, layout_, [this](std::uint64_t at, std::size_t n) { return window_.at(at, n); },
        [this](std::uint64_t at) { return whole_frame(at).has_value(); });
  }

  bool zero_header(std::uint64_t offset) {
    const auto header = window_.at(offset, kFrameSize);
    return header.size() == kFrameSize &&
           std::all_of(header.begin(), header.end(), [](std::uint8_t b) { return b == 0; });
  }

  // Appends the `total` bytes at `offset` to `out`.
  bool copy(std::uint64_t offset, std::uint64_t total, std::vector<std::uint8_t>& out) {
    for (std::uint64_t at = 0; at < total;) {
      const auto part = window_.at(offset + at, static_cast<std::size_t>(total - at));
      if (part.empty()) return false;
      out.insert(out.end(), part.begin(), part.end());
      at += part.size();
    }
    return true;
  }

  Window& window() { return window_; }

 private:
  Window window_;
  frame_walk::Layout layout_;
};

struct File {
  int fd;
  ~File() { ::close(fd); }
};

}  // namespace

std::optional<std::vector<std::uint8_t>> records_of_kinds(const std::string& path,
                                                          std::span<const RecordKind> kinds,
                                                          std::string& error) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    error = fmt::format("{}: cannot be opened ({})", path, std::strerror(errno));
    return std::nullopt;
  }
  const File file{fd};
  // One window for the header and the records: a small trace is read by one pread.
  Walk walk(fd);
  const auto header = walk.window().at(0, kHeaderSize);
  if (header.size() < kHeaderSize || std::memcmp(header.data(), kFileMagic, sizeof kFileMagic) != 0) {
    error = fmt::format("{}: no clvet trace header", path);
    return std::nullopt;
  }
  const std::uint16_t major = wire::load16(header.data() + header::kMajor);
  const std::uint32_t header_size = wire::load32(header.data() + header::kHeaderSize);
  if (header_size < kHeaderSize || header_size % kAlignment != 0 || header_size > 4096) {
    error = fmt::format("{}: file header gives an impossible header size {}", path, header_size);
    return std::nullopt;
  }
  // The header as it is (Reader::open_header() judges it), but for its index head: the index
  // records are not copied.
  std::vector<std::uint8_t> out;
  const auto whole_header = walk.window().at(0, header_size);
  out.assign(whole_header.begin(), whole_header.end());
  if (out.size() < header_size) return out;
  wire::store64(out.data() + header::kIndexHead, 0);

  walk.set_layout(header_size, major >= 4 ? block::kPreludeSize : block::kPreludeSizeBefore4);
  for (std::uint64_t at = header_size;;) {
    if (const auto whole = walk.whole_frame(at)) {
      if (std::find(kinds.begin(), kinds.end(), whole->kind) != kinds.end() &&
          !walk.copy(at, whole->total, out))
        break;
      if (whole->kind == RecordKind::End) break;  // nothing after the footer belongs to the trace
      at += whole->total;
      continue;
    }
    if (!walk.zero_header(at)) break;  // damage, or the end of the file
    const frame_walk::AfterZero after = walk.after_zero_header(at);
    if (after.what == frame_walk::AfterZero::What::End) break;
    at = after.what == frame_walk::AfterZero::What::UnsealedBlock ? at + kFrameSize + after.size
                                                                  : after.next;
  }
  return out;
}

}  // namespace clvet::trace
