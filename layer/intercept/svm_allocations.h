// The shared virtual memory allocations the application made (clSVMAlloc) and freed
// (clSVMFree, clEnqueueSVMFree), so that an SVM pointer inside a value can be judged before
// the call without touching the memory (§5.6.1).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace clvet::layer {

// `flags`: clSVMAlloc's cl_svm_mem_flags (fine-grain allocations are the host's to write
// without a map, 2.0 §5.6.1).
void svm_allocated(const void* pointer, std::size_t size, std::uint64_t flags = 0);
void svm_freed(const void* pointer);

enum class SvmPointer {
  Live,     // inside an allocation not yet freed
  Freed,    // inside one freed, and inside none alive
  Unknown,  // inside no allocation the layer has seen
};
SvmPointer svm_pointer(const void* pointer);

// The allocation `pointer` is inside: its state and extent (start NULL when Unknown).
struct SvmExtent {
  SvmPointer state = SvmPointer::Unknown;
  const void* start = nullptr;
  std::size_t size = 0;
};
SvmExtent svm_allocation_of(const void* pointer);

// The live fine-grain buffer allocations (CL_MEM_SVM_FINE_GRAIN_BUFFER), by address: memory
// the host reads and writes directly, between commands, with no map (2.0 §5.6.2.1).
struct SharedAllocation {
  const void* pointer = nullptr;
  std::size_t size = 0;
};
std::vector<SharedAllocation> fine_grain_allocations();
// Whether any is live (one load: a launch traced with data checks it on every call).
bool any_fine_grain_allocations();

}  // namespace clvet::layer
