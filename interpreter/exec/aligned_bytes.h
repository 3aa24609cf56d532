// Byte storage aligned for every OpenCL C type, for the memory a kernel's variables live in
// (private areas, the __local arena, program-scope variables, by-value arguments).
#pragma once

#include <cstddef>
#include <cstdint>
#include <new>
#include <vector>

namespace clvet::interp {

// The widest OpenCL C types, long16 and double16, are 128 bytes, and a type is aligned to its
// size (OpenCL 1.2 §6.1.5): storage aligned to 128 bytes lets every variable sit at its own
// alignment, as the program's layout places it.
inline constexpr std::size_t kMaxTypeAlignment = 128;

template <class T>
struct MaxAlignedAllocator {
  using value_type = T;
  MaxAlignedAllocator() = default;
  template <class U>
  MaxAlignedAllocator(const MaxAlignedAllocator<U>&) {}
  T* allocate(std::size_t n) {
    return static_cast<T*>(::operator new(n * sizeof(T), std::align_val_t(kMaxTypeAlignment)));
  }
  void deallocate(T* p, std::size_t) { ::operator delete(p, std::align_val_t(kMaxTypeAlignment)); }
  template <class U>
  bool operator==(const MaxAlignedAllocator<U>&) const { return true; }
};

using AlignedBytes = std::vector<std::byte, MaxAlignedAllocator<std::byte>>;

// `n` rounded up to a multiple of `align` (a power of two).
constexpr std::uint64_t align_up(std::uint64_t n, std::uint64_t align) {
  return (n + align - 1) / align * align;
}

}  // namespace clvet::interp
