// Every worker's __local arena and private areas during one launch, so that an address in another
// work-group's __local or private memory is still known to lie in that space: a program may
// store such a pointer where other work-groups read it, and to_local, to_private and get_fence
// (OpenCL C 3.0 §6.15.9) ask of the address, not of whose memory it is.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <mutex>
#include <utility>

namespace clvet::interp {

class LaunchSpaces {
 public:
  // [base, base + size) is memory of `space` (kLocal or kPrivate) until the launch ends.
  void add(const void* base, std::size_t size, std::uint8_t space);
  // The space of the range holding `address`, or kGlobal where none does.
  std::uint8_t space_of(std::uint64_t address) const;

 private:
  mutable std::mutex mutex_;
  std::map<std::uint64_t, std::pair<std::uint64_t, std::uint8_t>> ranges_;  // base -> end, space
};

}  // namespace clvet::interp
