// A call block entry's header (FORMAT.md, CallBlock, 4.0): what it is relative to and how it is
// written. Public so that the recorder's hot path (Writer::open_direct) inlines into the layer;
// the rest of the codec is private to reports/trace (codec.h).
#pragma once

#include <cstddef>
#include <cstdint>

#include "clvet/trace/buffer.h"

namespace clvet::trace::codec {

// What a call block entry's header is relative to (4.0): its block's thread and the index and
// entry time of the block's first call (codec::block_base() reads them from its prelude).
struct BlockBase {
  std::uint64_t thread = 0, index = 0, enter_ns = 0;
  // For a reader of 5.0 blocks, where an entry's parameters may be a Repeat item naming an
  // earlier entry of its block: the block's first entry and the decoded entry's first byte (its
  // state), in the reader's bytes. nullptr: no Repeat item is valid (a writer's base, a 4.x
  // block).
  const std::uint8_t* entries = nullptr;
  const std::uint8_t* entry = nullptr;
};
// An entry's header: its index and entry time as differences from the base's (svarints, so
// that a clock that stepped back or an index out of order still reads), its entry point.
inline constexpr std::size_t kMaxEntryHeader = 3 * wire::Buffer::kMaxVarint;
inline std::uint8_t* put_entry_header(std::uint8_t* p, const BlockBase& base, std::uint64_t index,
                                      std::uint64_t enter_ns, std::uint32_t entry) {
  const auto zigzag = [](std::uint64_t difference) {
    const auto d = static_cast<std::int64_t>(difference);
    return (static_cast<std::uint64_t>(d) << 1) ^ static_cast<std::uint64_t>(d >> 63);
  };
  p = wire::Buffer::put_varint(p, zigzag(index - base.index));
  p = wire::Buffer::put_varint(p, zigzag(enter_ns - base.enter_ns));
  return wire::Buffer::put_varint(p, entry);
}

}  // namespace clvet::trace::codec
