// The shared virtual memory allocations the application made (clSVMAlloc) and freed
// (clSVMFree, clEnqueueSVMFree), so that an SVM pointer inside a value can be judged before
// the call without touching the memory (§5.6.1).
#pragma once

#include <cstddef>

namespace clvet::layer {

void svm_allocated(const void* pointer, std::size_t size);
void svm_freed(const void* pointer);

enum class SvmPointer {
  Live,     // inside an allocation not yet freed
  Freed,    // inside one freed, and inside none alive
  Unknown,  // inside no allocation the layer has seen
};
SvmPointer svm_pointer(const void* pointer);

}  // namespace clvet::layer
