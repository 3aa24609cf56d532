// Checksums and content hashes, with xxHash compiled inline here (XXH_INLINE_ALL), so that the
// per-record checksum of a few dozen bytes costs no call into a shared library.
#define XXH_INLINE_ALL
#include <xxhash.h>

#include <new>

#include "frame.h"
#include "wire.h"

namespace clvet::trace::frame {

std::uint32_t checksum(std::uint16_t kind, std::uint16_t flags, const void* payload,
                       std::uint32_t length) {
  const std::uint64_t seed = std::uint64_t{kind} | std::uint64_t{flags} << 16 |
                             std::uint64_t{length} << 32;
  return static_cast<std::uint32_t>(XXH3_64bits_withSeed(payload, length, seed));
}

PartsChecksum::PartsChecksum(std::uint16_t kind, std::uint16_t flags, std::uint32_t length)
    : state_(XXH3_createState()) {
  if (state_ == nullptr) throw std::bad_alloc();
  const std::uint64_t seed = std::uint64_t{kind} | std::uint64_t{flags} << 16 |
                             std::uint64_t{length} << 32;
  XXH3_64bits_reset_withSeed(static_cast<XXH3_state_t*>(state_), seed);
}

PartsChecksum::~PartsChecksum() { XXH3_freeState(static_cast<XXH3_state_t*>(state_)); }

void PartsChecksum::add(const void* part, std::size_t size) {
  XXH3_64bits_update(static_cast<XXH3_state_t*>(state_), part, size);
}

std::uint32_t PartsChecksum::value() const {
  return static_cast<std::uint32_t>(XXH3_64bits_digest(static_cast<const XXH3_state_t*>(state_)));
}

void write_header(std::uint8_t out[kFrameSize], RecordKind kind, const void* payload,
                  std::uint32_t length) {
  const auto k = static_cast<std::uint16_t>(kind);
  wire::store32(out + kMagic, kRecordMagic);
  wire::store16(out + kKind, k);
  wire::store16(out + kFlags, 0);
  wire::store32(out + kLength, length);
  wire::store32(out + kChecksum, checksum(k, 0, payload, length));
}

std::uint64_t content_hash(const void* data, std::size_t size) { return XXH3_64bits(data, size); }

}  // namespace clvet::trace::frame
