// SVM pointers that enqueued SVM commands and a kernel's execution information take, judged
// before the call against the allocations the layer saw (svm_allocations.h): a pointer into an
// allocation already freed never reaches the driver, which would read or write through it
// (2.2 §5.6.1, §5.9.2).
#pragma once

#include <cstdint>

#include "argument_values.h"

namespace clvet::layer {

// The verdict on the SVM pointers of a clEnqueueSVMMemcpy, clEnqueueSVMMemFill,
// clEnqueueSVMMap, clEnqueueSVMUnmap, clEnqueueSVMMigrateMem or clSetKernelExecInfo call
// (`entry_index`); none for other entry points.
//
// Where host memory is a valid pointer (clEnqueueSVMMemcpy's dst_ptr and src_ptr always; the
// others' on a device with fine-grain system SVM), the host may have allocated a freed
// allocation's addresses again: such a pointer is refused only when its memory is no longer
// mapped at all, where the driver would fault. Elsewhere only clSVMAlloc's allocations are
// valid, and a freed one is refused whatever its memory holds now.
ArgumentVerdict judge_svm_pointers(std::uint32_t entry_index, const void* args,
                                   const rules::World& world);
bool judges_svm_pointers(std::uint32_t entry_index);

}  // namespace clvet::layer
