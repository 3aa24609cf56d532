// Record frames and hashes: the 16-byte header every record starts with, its checksum, and
// the content hash that names blobs. Private to reports/trace.
#pragma once

#include <cstddef>
#include <cstdint>

#include "clvet/trace/format.h"

namespace clvet::trace::frame {

// Byte offsets inside the frame header.
inline constexpr std::uint32_t kMagic = 0;     // u32 kRecordMagic
inline constexpr std::uint32_t kKind = 4;      // u16 RecordKind
inline constexpr std::uint32_t kFlags = 6;     // u16, 0 in version 1.0
inline constexpr std::uint32_t kLength = 8;    // u32 payload bytes, padding not counted
inline constexpr std::uint32_t kChecksum = 12; // u32, see checksum()

// Low 32 bits of XXH3-64 of the payload, seeded with kind, flags and length so that a damaged
// header is caught as surely as a damaged payload.
std::uint32_t checksum(std::uint16_t kind, std::uint16_t flags, const void* payload,
                       std::uint32_t length);

// checksum() of a payload read in parts: each part added in order, then value().
class PartsChecksum {
 public:
  PartsChecksum(std::uint16_t kind, std::uint16_t flags, std::uint32_t length);
  ~PartsChecksum();
  PartsChecksum(const PartsChecksum&) = delete;
  PartsChecksum& operator=(const PartsChecksum&) = delete;
  void add(const void* part, std::size_t size);
  std::uint32_t value() const;

 private:
  void* state_;  // XXH3_state_t, whose definition stays in frame.cpp
};

// The frame header of a record whose payload is ready.
void write_header(std::uint8_t out[kFrameSize], RecordKind kind, const void* payload,
                  std::uint32_t length);

// XXH3-64 of the bytes: the name a blob is stored and referenced by.
std::uint64_t content_hash(const void* data, std::size_t size);

}  // namespace clvet::trace::frame
