// Facts of memory objects that the rules judge by and the reference device acts on alike:
// table 5.3's flag groups, which map flags write (table 5.5), a rectangle's pitches (OpenCL 1.2
// §5.2.2, §5.2.3).
#pragma once

#include <cstddef>

#include "clvet/rules/opencl.h"

namespace clvet::rules::memory {

// Table 5.3 (cl_mem_flags), grouped by the exclusions the table states.
inline constexpr cl_mem_flags kMemKernelAccessFlags =
    CL_MEM_READ_WRITE | CL_MEM_WRITE_ONLY | CL_MEM_READ_ONLY;
inline constexpr cl_mem_flags kMemHostPtrFlags =
    CL_MEM_USE_HOST_PTR | CL_MEM_ALLOC_HOST_PTR | CL_MEM_COPY_HOST_PTR;
// Added by OpenCL 1.2.
inline constexpr cl_mem_flags kMemHostAccessFlags =
    CL_MEM_HOST_WRITE_ONLY | CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS;

// CL_INVALID_HOST_PTR of every memory object's creation (1.2 §5.2.1, §5.3.1): host_ptr must
// be given exactly when CL_MEM_USE_HOST_PTR or CL_MEM_COPY_HOST_PTR is.
inline bool host_ptr_mismatch(cl_mem_flags flags, const void* host_ptr) {
  const bool wants_ptr = (flags & (CL_MEM_USE_HOST_PTR | CL_MEM_COPY_HOST_PTR)) != 0;
  return wants_ptr != (host_ptr != nullptr);
}

// What a memory object made from another (a sub-buffer, 1.2 §5.2.1; an image from a buffer or
// an image, 2.2 §5.3.1) takes of its source's flags: the kernel access and host access flags
// where its own do not say, and the host pointer flags always.
inline cl_mem_flags inherited_flags(cl_mem_flags source, cl_mem_flags flags) {
  if (!(flags & kMemKernelAccessFlags)) flags |= source & kMemKernelAccessFlags;
  flags |= source & kMemHostPtrFlags;
  if (!(flags & kMemHostAccessFlags)) flags |= source & kMemHostAccessFlags;
  return flags;
}

inline bool map_is_for_writing(cl_map_flags flags) {
  return (flags & (CL_MAP_WRITE | CL_MAP_WRITE_INVALIDATE_REGION)) != 0;
}

// A rectangle of clEnqueue{Read,Write,Copy}BufferRect: origin and region are (x bytes, y rows,
// z slices); a pitch of 0 means "tightly packed".
struct RectPitches {
  size_t row;
  size_t slice;
};
inline RectPitches effective_pitches(const size_t* region, size_t row_pitch, size_t slice_pitch) {
  const size_t row = row_pitch ? row_pitch : region[0];
  return {row, slice_pitch ? slice_pitch : region[1] * row};
}

}  // namespace clvet::rules::memory
