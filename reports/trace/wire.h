// The byte-level building blocks of trace payloads: the output buffer (public, in
// clvet/trace/buffer.h, so that encoding inlines into the layer), fixed-width loads and stores
// and a bounds-checked decoder. Private to reports/trace.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <new>
#include <string_view>

#include "clvet/trace/buffer.h"

namespace clvet::trace::wire {

// Fixed-width little-endian fields (load64 ... store16): in clvet/trace/buffer.h, public, so that
// the recorder's hot path (writer.h) inlines into the layer.

// Reads a payload that may come from a damaged or hostile file: every read is checked, and
// the first failure sticks (ok() turns false, later reads return zeros), so decoders can
// read a whole structure and test once at the end.
class Decoder {
 public:
  Decoder(const std::uint8_t* data, std::size_t size) : p_(data), end_(data + size) {}

  bool ok() const { return error_ == nullptr; }
  const char* error() const { return error_; }
  std::size_t remaining() const { return static_cast<std::size_t>(end_ - p_); }
  bool at_end() const { return p_ == end_; }
  void fail(const char* why) {
    if (!error_) error_ = why;
    p_ = end_;
  }

  std::uint8_t byte() {
    if (p_ == end_) {
      fail("payload ends early");
      return 0;
    }
    return *p_++;
  }
  std::uint8_t peek() const { return p_ == end_ ? 0 : *p_; }
  std::uint64_t varint() {
    // Most numbers of a call (tags' neighbours, counts, parameter numbers, small scalars) fit
    // in one byte.
    if (p_ != end_ && *p_ < 0x80) return *p_++;
    if (end_ - p_ >= 10) {
      // Room for the longest number: no check of the end at each byte.
      std::uint64_t v = 0;
      for (int i = 0; i < 10; ++i) {
        const std::uint8_t b = p_[i];
        v |= static_cast<std::uint64_t>(b & 0x7f) << (7 * i);
        if (!(b & 0x80)) {
          p_ += i + 1;
          return v;
        }
      }
      fail("number longer than 64 bits");
      return 0;
    }
    std::uint64_t v = 0;
    for (int shift = 0; shift < 64; shift += 7) {
      if (p_ == end_) {
        fail("payload ends inside a number");
        return 0;
      }
      std::uint8_t b = *p_++;
      v |= static_cast<std::uint64_t>(b & 0x7f) << shift;
      if (!(b & 0x80)) return v;
    }
    fail("number longer than 64 bits");
    return 0;
  }
  std::int64_t svarint() {
    std::uint64_t v = varint();
    return static_cast<std::int64_t>((v >> 1) ^ (~(v & 1) + 1));
  }
  std::uint64_t fixed64() {
    if (remaining() < 8) {
      fail("payload ends inside a number");
      return 0;
    }
    std::uint64_t v = load64(p_);
    p_ += 8;
    return v;
  }
  // A count of things still to come, each at least `min_bytes` long: a count that cannot
  // fit in what is left is damage, and checking it here keeps a bad count from allocating.
  std::uint64_t count(std::size_t min_bytes = 1) {
    std::uint64_t n = varint();
    if (min_bytes && n > remaining() / min_bytes) {
      fail("count larger than the payload");
      return 0;
    }
    return n;
  }
  std::string_view bytes(std::size_t n) {
    if (n > remaining()) {
      fail("payload ends inside a string");
      return {};
    }
    std::string_view s(reinterpret_cast<const char*>(p_), n);
    p_ += n;
    return s;
  }
  std::string_view text() { return bytes(count(1)); }

 private:
  const std::uint8_t* p_;
  const std::uint8_t* end_;
  const char* error_ = nullptr;
};

}  // namespace clvet::trace::wire
