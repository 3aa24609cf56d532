// A call's values written straight into memory of known room (its thread's call block), byte
// for byte what CallEncoder writes, without a buffer object: the cursor is a local the
// compiler keeps in a register, each value costs one bounds check, and a value that does not
// fit stops the writing (overflowed()), so that the caller records the call another way.
// For the recorder's hot path (layer/intercept/trace_observer.cpp), where a buffer's loads and
// stores of its size around every byte were most of a cheap call's cost.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

#include "clvet/rules/api.h"
#include "clvet/trace/buffer.h"
#include "clvet/trace/format.h"

namespace clvet::trace {

class Writer;
// Writer::store_blob, for RawEncoder::data (which must not hand its own address out, or the
// compiler could not keep it in registers).
std::uint64_t stored_blob(Writer& writer, const void* bytes, std::size_t size);

// Every method inline, always: a RawEncoder is worth it only while its cursor stays in a register.
#define CLVET_RAW [[gnu::always_inline]] inline

class RawEncoder {
 public:
  // Writes from `at` up to `limit`. `writer` stores bytes above `inline_limit` as blobs.
  RawEncoder(std::uint8_t* at, std::uint8_t* limit, Writer* writer, std::size_t inline_limit)
      : p_(at), limit_(limit), writer_(writer), inline_limit_(inline_limit) {}

  CLVET_RAW std::uint8_t* end() const { return p_; }
  CLVET_RAW bool overflowed() const { return overflowed_; }

  CLVET_RAW void null() {
    if (room(1)) *p_++ = tag::kNull;
  }
  CLVET_RAW void uint(std::uint64_t v) {
    if (!room(1 + kVarint)) return;
    *p_++ = tag::kUInt;
    p_ = wire::Buffer::put_varint(p_, v);
  }
  CLVET_RAW void sint(std::int64_t v) {
    if (!room(1 + kVarint)) return;
    *p_++ = tag::kInt;
    p_ = wire::Buffer::put_varint(p_, zigzag(v));
  }
  CLVET_RAW void floating(double v) {
    if (!room(9)) return;
    *p_++ = tag::kFloat;
    const auto bits = std::bit_cast<std::uint64_t>(v);
    for (int i = 0; i < 8; ++i) *p_++ = static_cast<std::uint8_t>(bits >> (8 * i));
  }
  CLVET_RAW void handle(api::ObjectKind kind, std::uint64_t id) {
    if (!room(2 + kVarint)) return;
    *p_++ = tag::kHandle;
    *p_++ = static_cast<std::uint8_t>(kind);
    p_ = wire::Buffer::put_varint(p_, id);
  }
  CLVET_RAW void pointer(std::uint64_t address) {
    if (!room(1 + kVarint)) return;
    *p_++ = tag::kPointer;
    p_ = wire::Buffer::put_varint(p_, address);
  }
  CLVET_RAW void pointer(const void* address) { pointer(reinterpret_cast<std::uintptr_t>(address)); }
  CLVET_RAW void string(std::string_view s) { text(tag::kString, s.data(), s.size()); }
  CLVET_RAW void inline_bytes(const void* data, std::size_t size) { text(tag::kBytes, data, size); }
  CLVET_RAW void blob(std::uint64_t hash, std::uint64_t size) {
    if (!room(9 + kVarint)) return;
    *p_++ = tag::kBlob;
    for (int i = 0; i < 8; ++i) *p_++ = static_cast<std::uint8_t>(hash >> (8 * i));
    p_ = wire::Buffer::put_varint(p_, size);
  }
  CLVET_RAW void array(std::size_t count) { marker(tag::kArray, count); }
  CLVET_RAW void properties(std::size_t pairs) { marker(tag::kProperties, pairs); }
  CLVET_RAW void key(std::uint64_t key) {
    if (room(kVarint)) p_ = wire::Buffer::put_varint(p_, key);
  }
  // Bytes as a value: inline when small, else stored once as a blob (CallEncoder::data).
  CLVET_RAW void data(const void* bytes, std::size_t size) {
    if (writer_ == nullptr || size <= inline_limit_) return inline_bytes(bytes, size);
    blob(stored_blob(*writer_, bytes, size), size);
  }

  // The call's markers (CallEncoder's).
  CLVET_RAW RawEncoder& input(std::uint32_t param) {
    marker(tag::kMarkInput, param);
    return *this;
  }
  CLVET_RAW RawEncoder& output(std::uint32_t param) {
    marker(tag::kMarkOutput, param);
    return *this;
  }
  CLVET_RAW RawEncoder& result(std::int32_t error) {
    marker(tag::kMarkResult, zigzag(error));
    return *this;
  }
  CLVET_RAW void created(api::ObjectKind kind, std::uint64_t id) {
    if (!room(2 + kVarint)) return;
    *p_++ = tag::kMarkCreated;
    *p_++ = static_cast<std::uint8_t>(kind);
    p_ = wire::Buffer::put_varint(p_, id);
  }
  CLVET_RAW void counted(std::uint8_t action, api::ObjectKind kind, std::uint64_t id, std::uint32_t refcount) {
    if (!room(3 + 2 * kVarint)) return;
    *p_++ = tag::kMarkCounted;
    *p_++ = action;
    *p_++ = static_cast<std::uint8_t>(kind);
    p_ = wire::Buffer::put_varint(p_, id);
    p_ = wire::Buffer::put_varint(p_, refcount);
  }
  // In place of a call block entry's parameters: those of the entry `distance` bytes before
  // this one's first byte in its block, a call of the same entry point (5.0).
  CLVET_RAW void repeat(std::uint64_t distance) { marker(tag::kMarkRepeat, distance); }
  // The call's last item: its duration, or that it returned untimed (CallEncoder::kNotTimed).
  CLVET_RAW void end(std::uint64_t duration_ns) { marker(tag::kMarkEnd, duration_ns); }
  CLVET_RAW void returned() {
    if (room(1)) *p_++ = tag::kMarkReturned;
  }

 private:
  static constexpr std::size_t kVarint = wire::Buffer::kMaxVarint;
  CLVET_RAW static std::uint64_t zigzag(std::int64_t v) {
    return (static_cast<std::uint64_t>(v) << 1) ^ static_cast<std::uint64_t>(v >> 63);
  }
  // Whether `n` more bytes fit; once one does not, nothing more is written.
  CLVET_RAW bool room(std::size_t n) {
    if (static_cast<std::size_t>(limit_ - p_) >= n) return true;
    overflowed_ = true;
    limit_ = p_;
    return false;
  }
  CLVET_RAW void marker(std::uint8_t tag, std::uint64_t v) {
    if (!room(1 + kVarint)) return;
    *p_++ = tag;
    p_ = wire::Buffer::put_varint(p_, v);
  }
  CLVET_RAW void text(std::uint8_t tag, const void* data, std::size_t size) {
    if (size > static_cast<std::size_t>(limit_ - p_) || !room(1 + kVarint + size)) {
      overflowed_ = true;
      limit_ = p_;
      return;
    }
    *p_++ = tag;
    p_ = wire::Buffer::put_varint(p_, size);
    if (size != 0) std::memcpy(p_, data, size);
    p_ += size;
  }

  std::uint8_t* p_;
  std::uint8_t* limit_;
  Writer* writer_;
  std::size_t inline_limit_;
  bool overflowed_ = false;
};

}  // namespace clvet::trace

#undef CLVET_RAW
