// The trace file as a series of MAP_SHARED chunks that grow on demand: a record costs a
// memcpy into the page cache, and the pages of a process that is killed still reach the file.
// Private to reports/trace.
#pragma once

#include <atomic>
#include <cstdint>
#include <cstring>
#include <memory>
#include <mutex>
#include <string>

#include <sys/types.h>

namespace clvet::trace {

class FileMapping {
 public:
  FileMapping() = default;
  FileMapping(const FileMapping&) = delete;
  FileMapping& operator=(const FileMapping&) = delete;
  ~FileMapping() { unmap(); }

  // `chunk_size` is a power of two and a multiple of the page size.
  bool open(int fd, std::uint64_t chunk_size, std::string& error);
  std::uint64_t chunk_size() const { return chunk_; }

  // Makes [0, end) writable, growing the file chunk by chunk. Thread-safe; the common case is
  // one atomic load. False when the file cannot grow (disk full): nothing is mapped past it.
  bool ensure(std::uint64_t end) {
    if (end <= mapped_.load(std::memory_order_acquire) << shift_) return true;
    return grow(end);
  }
  // Copies bytes to the file; the range must have been ensure()d. Crosses chunks as needed.
  void write(std::uint64_t offset, const void* data, std::uint64_t size) {
    const std::uint64_t within = offset & (chunk_ - 1);
    if (within + size > chunk_) return write_across(offset, data, size);
    std::memcpy(chunks_[offset >> shift_].load(std::memory_order_acquire) + within, data, size);
  }
  // The address of a byte of a mapped chunk (the file header lives in chunk 0).
  std::uint8_t* at(std::uint64_t offset) {
    return chunks_[offset >> shift_].load(std::memory_order_acquire) + (offset & (chunk_ - 1));
  }
  std::uint64_t mapped_bytes() const { return mapped_.load(std::memory_order_acquire) * chunk_; }
  const std::string& error() const { return error_; }
  void unmap();

 private:
  bool grow(std::uint64_t end);
  // Writes `size` zero bytes at `offset` through the file (grow()): 0, or the errno.
  int write_zeros(off_t offset, off_t size);
  void write_across(std::uint64_t offset, const void* data, std::uint64_t size);

  // Fixed capacity so that writers reading the table never see it move: 65536 chunks of the
  // default 8 MiB is 512 GiB of trace, in a 512 KiB table.
  static constexpr std::uint64_t kMaxChunks = std::uint64_t{1} << 16;
  int fd_ = -1;
  std::uint64_t chunk_ = 0;
  unsigned shift_ = 0;  // log2(chunk_): the hot path divides by shifting
  std::unique_ptr<std::atomic<std::uint8_t*>[]> chunks_;
  std::atomic<std::uint64_t> mapped_{0};
  std::mutex grow_mutex_;
  std::string error_;
};

}  // namespace clvet::trace
