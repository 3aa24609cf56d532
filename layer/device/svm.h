// The live clSVMAlloc allocations (OpenCL 2.2 §5.6.1) of every context: where each lies, its
// flags, the call that made it and, for coarse-grain ones, which of its bytes something wrote
// (the uninitialised-value checker's marks), so that launches reach them as memory objects.
#pragma once

#include <CL/cl.h>

#include <cstddef>
#include <cstdint>
#include <mutex>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace clvet::device {

struct SvmAllocation {
  std::uintptr_t base = 0;
  std::size_t size = 0;
  cl_context context = nullptr;
  cl_svm_mem_flags flags = 0;
  std::uint64_t call = 0;  // clSVMAlloc's call index
  // One byte per byte, 1 where written: the host writes a coarse-grain allocation only through
  // commands and maps the device sees (§5.6.2), so its marks are known; a fine-grain one the
  // host may write at any time, so it has none (every byte counts as written).
  std::uint8_t* written = nullptr;
  bool fine_grain() const { return (flags & CL_MEM_SVM_FINE_GRAIN_BUFFER) != 0; }
  // "SVM allocation of 256 bytes (clSVMAlloc, call #3)", as findings name it.
  std::string label() const;
};

class SvmAllocations {
 public:
  static SvmAllocations& instance();
  void add(const SvmAllocation& allocation);
  // Removes the allocation `ptr` starts in `context`; false when there is none.
  bool remove(void* ptr, cl_context context);
  // The allocation of `context` holding [ptr, ptr + size) (size 0: holding ptr).
  std::optional<SvmAllocation> find(const void* ptr, std::size_t size, cl_context context) const;
  // Every live allocation of `context`.
  std::vector<SvmAllocation> of(cl_context context) const;
  // The host or a command wrote [ptr, ptr + size) (inside coarse-grain allocations: marks).
  void mark_written(const void* ptr, std::size_t size);
  // A copy moved [src, src + size) to [dst, dst + size): the destination's marks become the
  // source's (written where the source is no coarse-grain allocation).
  void copy_marks(void* dst, const void* src, std::size_t size);
  // A command read a memory object's bytes into [dst, dst + size): the destination's marks
  // become the object's (`marks`, one a byte; NULL where every byte is written).
  void receive_marks(void* dst, const std::uint8_t* marks, std::size_t size);

 private:
  // The allocation holding `address`, under the lock.
  const SvmAllocation* holding(std::uintptr_t address) const;
  mutable std::mutex mutex_;
  std::map<std::uintptr_t, SvmAllocation> live_;
};

}  // namespace clvet::device
