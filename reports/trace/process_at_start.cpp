// The process record near the start of a trace, for the layer (is this file of this clvet run?)
// and clvet run (which process of the run wrote it?).
#include "clvet/trace/process_at_start.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <vector>

#include "clvet/trace/reader.h"

namespace clvet::trace {
namespace {

// The first `limit` bytes of the open file, fewer where it is shorter.
std::vector<std::uint8_t> first_bytes(int fd, std::size_t limit) {
  std::vector<std::uint8_t> bytes(limit);
  std::size_t got = 0;
  while (got < limit) {
    const ssize_t n = ::pread(fd, bytes.data() + got, limit - got, static_cast<off_t>(got));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    got += static_cast<std::size_t>(n);
  }
  bytes.resize(got);
  return bytes;
}

}  // namespace

std::optional<ProcessInfo> process_at_start(const std::string& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return std::nullopt;
  std::optional<ProcessInfo> found;
  for (std::size_t limit = std::size_t{64} << 10; limit <= std::size_t{16} << 20; limit *= 4) {
    const std::vector<std::uint8_t> bytes = first_bytes(fd, limit);
    std::string error;
    auto reader = Reader::from_memory(bytes, path, error);
    if (!reader) break;
    RecordView r;
    bool seen = false;
    while (reader->next(r)) {
      if (r.kind != RecordKind::ProcessInfo) continue;
      seen = true;
      ProcessInfo info;
      if (reader->decode(r, info)) found = std::move(info);
      break;
    }
    if (seen || bytes.size() < limit) break;  // the record, or the whole file without one
  }
  ::close(fd);
  return found;
}

}  // namespace clvet::trace
