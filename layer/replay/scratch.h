// Memory for the arguments of the one call being re-issued: a bump allocator emptied before
// each call that keeps its chunks, so that re-issuing a call allocates nothing once the first
// calls have grown it (a million calls, a million resets, no malloc).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <deque>
#include <memory>
#include <string>
#include <vector>

namespace clvet::replay {

class Scratch {
 public:
  // `size` zeroed bytes aligned to `align` (a power of two, at most max_align_t's), valid
  // until the next reset().
  void* allocate(std::size_t size, std::size_t align) {
    std::size_t at = (used_ + align - 1) & ~(align - 1);
    if (chunk_ >= chunks_.size() || at + size > chunks_[chunk_].size) {
      next_chunk(size);
      at = 0;
    }
    void* p = chunks_[chunk_].bytes() + at;
    used_ = at + size;
    std::memset(p, 0, size);
    return p;
  }
  // Bytes that must stay as they are until the next reset() (a blob read from the trace).
  const std::string& keep(std::string bytes) {
    if (kept_used_ == kept_.size()) kept_.emplace_back();
    std::string& slot = kept_[kept_used_++];
    slot = std::move(bytes);
    return slot;
  }
  // Everything allocated since the last reset() is given back; the chunks stay, except those
  // made for one large request.
  void reset() {
    std::erase_if(chunks_, [](const Chunk& c) { return c.size > kChunk; });
    chunk_ = 0;
    used_ = 0;
    for (std::size_t k = 0; k < kept_used_; ++k) std::string().swap(kept_[k]);
    kept_used_ = 0;
  }

 private:
  static constexpr std::size_t kChunk = 64 * 1024;
  struct Chunk {
    std::unique_ptr<std::max_align_t[]> storage;
    std::byte* bytes() const { return reinterpret_cast<std::byte*>(storage.get()); }
    std::size_t size = 0;
  };
  void next_chunk(std::size_t size) {
    // The chunk after the current one when it is large enough, else a new one in its place.
    if (chunk_ < chunks_.size()) ++chunk_;
    if (chunk_ < chunks_.size() && chunks_[chunk_].size >= size) return;
    const std::size_t bytes = size > kChunk ? size : kChunk;
    Chunk c{std::make_unique<std::max_align_t[]>((bytes + sizeof(std::max_align_t) - 1) / sizeof(std::max_align_t)),
            bytes};
    if (chunk_ < chunks_.size())
      chunks_.insert(chunks_.begin() + static_cast<std::ptrdiff_t>(chunk_), std::move(c));
    else
      chunks_.push_back(std::move(c));
  }

  std::vector<Chunk> chunks_;
  std::size_t chunk_ = 0;  // the chunk being filled
  std::size_t used_ = 0;   // bytes of it handed out
  std::deque<std::string> kept_;  // a deque: what keep() returned stays where it is
  std::size_t kept_used_ = 0;
};

}  // namespace clvet::replay
