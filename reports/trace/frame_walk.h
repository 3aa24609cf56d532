// The walk over a trace's frames where no whole frame starts, which Reader::next() (over the
// mapped file) and records_of_kinds() (through a bounded window of it) share, so that both
// decide alike: a zero header is a call block its writer never sealed (passed over by its
// prelude's size) or a record its writer never completed (reading goes on at the next whole
// frame), and anything else ends the trace. Private to reports/trace.
//
// The bytes come from the caller: `bytes(offset, n)` gives up to n bytes at offset (fewer where
// the file ends), `whole(offset)` whether a whole frame, its checksum right, starts there (the
// mapped reader checks a frame in one piece, the window in parts).
#pragma once

#include <cstdint>
#include <optional>
#include <span>

#include "clvet/trace/format.h"
#include "wire.h"

namespace clvet::trace::frame_walk {

// Where the records start (the file header's size) and a call block prelude's size (FORMAT.md:
// smaller before 4.0).
struct Layout {
  std::uint64_t records_start = kHeaderSize;
  std::uint32_t prelude_size = block::kPreludeSize;
};

// The payload size of a call block its writer never sealed, at `offset`: a zero header, then a
// block prelude (its magic, a plausible size). `p` holds the bytes at `offset`, at least
// kFrameSize + the prelude's for there to be one.
inline std::optional<std::uint32_t> unsealed_block(std::span<const std::uint8_t> p,
                                                   std::uint64_t offset, const Layout& layout) {
  if (offset < layout.records_start || offset % kAlignment != 0 ||
      p.size() < kFrameSize + layout.prelude_size)
    return std::nullopt;
  for (std::uint32_t i = 0; i < kFrameSize; ++i)
    if (p[i] != 0) return std::nullopt;
  if (wire::load32(p.data() + kFrameSize) != block::kMagic) return std::nullopt;
  const std::uint32_t size = wire::load32(p.data() + kFrameSize + 4);
  if (size < layout.prelude_size + block::kEntryHeaderSize || size % kAlignment != 0)
    return std::nullopt;
  return size;
}

// The next whole frame or unsealed call block from `from` on: where reading goes on after a
// record never completed.
template <class Bytes, class Whole>
std::optional<std::uint64_t> next_whole_frame(std::uint64_t from, const Layout& layout,
                                              Bytes&& bytes, Whole&& whole) {
  for (std::uint64_t at = from;; at += kAlignment) {
    const std::span<const std::uint8_t> p = bytes(at, kFrameSize + layout.prelude_size);
    if (p.size() < kFrameSize) return std::nullopt;
    if (wire::load32(p.data()) != kRecordMagic) {
      if (unsealed_block(p, at, layout)) return at;
      continue;
    }
    if (whole(at)) return at;
  }
}

// What follows a zero header at `offset` (no whole frame starts there).
struct AfterZero {
  enum class What {
    UnsealedBlock,  // a call block never sealed: `size` its payload's bytes
    NotCompleted,   // a record never completed: reading goes on at `next`
    End,            // nothing whole follows: the trace ends here
  };
  What what = What::End;
  std::uint32_t size = 0;
  std::uint64_t next = 0;
};

template <class Bytes, class Whole>
AfterZero after_zero_header(std::uint64_t offset, const Layout& layout, Bytes&& bytes,
                            Whole&& whole) {
  AfterZero after;
  const std::span<const std::uint8_t> p = bytes(offset, kFrameSize + layout.prelude_size);
  if (const auto size = unsealed_block(p, offset, layout)) {
    after.what = AfterZero::What::UnsealedBlock;
    after.size = *size;
    return after;
  }
  if (const auto next = next_whole_frame(offset + kAlignment, layout, bytes, whole)) {
    after.what = AfterZero::What::NotCompleted;
    after.next = *next;
  }
  return after;
}

}  // namespace clvet::trace::frame_walk
