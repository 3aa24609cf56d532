// The growable byte buffer record payloads are encoded into, with LEB128 varints. Public so
// that the call encoder's methods (writer.h) inline into the layer's wrappers: the layer
// encodes every argument of every call through it.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <new>
#include <string_view>

namespace clvet::trace::wire {

// Fixed-width little-endian fields. On a little-endian host a field is its bytes in memory,
// one load or store (the byte-wise form below compiles to shifts and ors per byte).
template <typename T>
inline T load_le(const std::uint8_t* p) {
  T v = 0;
  if constexpr (std::endian::native == std::endian::little) {
    std::memcpy(&v, p, sizeof v);
  } else {
    for (int i = static_cast<int>(sizeof v) - 1; i >= 0; --i) v = static_cast<T>((v << 8) | p[i]);
  }
  return v;
}
template <typename T>
inline void store_le(std::uint8_t* p, T v) {
  if constexpr (std::endian::native == std::endian::little) {
    std::memcpy(p, &v, sizeof v);
  } else {
    for (std::size_t i = 0; i < sizeof v; ++i) p[i] = static_cast<std::uint8_t>(v >> (8 * i));
  }
}
inline std::uint64_t load64(const std::uint8_t* p) { return load_le<std::uint64_t>(p); }
inline std::uint32_t load32(const std::uint8_t* p) { return load_le<std::uint32_t>(p); }
inline std::uint16_t load16(const std::uint8_t* p) { return load_le<std::uint16_t>(p); }
inline void store64(std::uint8_t* p, std::uint64_t v) { store_le(p, v); }
inline void store32(std::uint8_t* p, std::uint32_t v) { store_le(p, v); }
inline void store16(std::uint8_t* p, std::uint16_t v) { store_le(p, v); }

// A byte buffer that is reused call after call, so the hot path allocates only while a
// thread's largest record so far grows. std::vector would zero-fill on resize.
class Buffer {
 public:
  Buffer() = default;
  Buffer(const Buffer&) = delete;
  Buffer& operator=(const Buffer&) = delete;
  ~Buffer() {
    if (!external_) std::free(data_);
  }

  void clear() { size_ = 0; }
  // Writes into `room` bytes at `at`, memory the buffer does not own (the free space of a call
  // block), from the start. Should they run out, what was written moves to memory of the
  // buffer's own and writing goes on there (external() turns false).
  void attach(std::uint8_t* at, std::size_t room) {
    if (!external_) std::free(data_);
    data_ = at;
    size_ = 0;
    capacity_ = room;
    external_ = true;
  }
  bool external() const { return external_; }
  void truncate(std::size_t size) {
    if (size < size_) size_ = size;
  }
  std::size_t size() const { return size_; }
  const std::uint8_t* data() const { return data_; }
  std::uint8_t* data() { return data_; }

  // Room for `n` more bytes; returns where they go. The caller then calls commit(n).
  std::uint8_t* reserve(std::size_t n) {
    if (size_ + n > capacity_) grow(size_ + n);
    return data_ + size_;
  }
  void commit(std::size_t n) { size_ += n; }

  void byte(std::uint8_t b) {
    *reserve(1) = b;
    size_ += 1;
  }
  void bytes(const void* p, std::size_t n) {
    if (n == 0) return;
    std::memcpy(reserve(n), p, n);
    size_ += n;
  }
  void varint(std::uint64_t v) {
    if (v < 0x80 && size_ < capacity_) {  // most counts, enums and ids: one byte
      data_[size_++] = static_cast<std::uint8_t>(v);
      return;
    }
    std::uint8_t* out = reserve(kMaxVarint);
    size_ = static_cast<std::size_t>(put_varint(out, v) - data_);
  }
  // A varint at `out`, which has room for kMaxVarint bytes; returns the byte after it. For
  // encoders that reserve once for several fields (a call's header) instead of once each.
  static constexpr std::size_t kMaxVarint = 10;
  static std::uint8_t* put_varint(std::uint8_t* out, std::uint64_t v) {
    while (v >= 0x80) {
      *out++ = static_cast<std::uint8_t>(v) | 0x80;
      v >>= 7;
    }
    *out++ = static_cast<std::uint8_t>(v);
    return out;
  }
  // Ends a run of put_varint() into reserve()d room at `end`.
  void commit_to(const std::uint8_t* end) { size_ = static_cast<std::size_t>(end - data_); }
  void svarint(std::int64_t v) {  // zigzag: small negative numbers stay short
    varint((static_cast<std::uint64_t>(v) << 1) ^ static_cast<std::uint64_t>(v >> 63));
  }
  void fixed64(std::uint64_t v) {  // little-endian, as every field of the format
    std::uint8_t b[8];
    for (int i = 0; i < 8; ++i) b[i] = static_cast<std::uint8_t>(v >> (8 * i));
    bytes(b, 8);
  }
  void text(std::string_view s) {
    varint(s.size());
    bytes(s.data(), s.size());
  }

 private:
  void grow(std::size_t needed) {
    std::size_t capacity = capacity_ ? capacity_ * 2 : 256;
    while (capacity < needed) capacity *= 2;
    auto* p = static_cast<std::uint8_t*>(external_ ? std::malloc(capacity)
                                                   : std::realloc(data_, capacity));
    if (!p) throw std::bad_alloc();
    if (external_ && size_ != 0) std::memcpy(p, data_, size_);
    external_ = false;
    data_ = p;
    capacity_ = capacity;
  }

  std::uint8_t* data_ = nullptr;
  std::size_t size_ = 0;
  std::size_t capacity_ = 0;
  bool external_ = false;  // data_ is attach()ed memory, not the buffer's to free or grow
};

}  // namespace clvet::trace::wire
