// Rules: Reading, writing, copying, filling, mapping, unmapping and migrating memory objects
// (OpenCL 1.2 §5.2.2-5.2.4, §5.4.2, §5.4.4).
#pragma once

#include <cstdint>

#include "catalogue.h"
#include "clvet/rules/memory_objects.h"
#include "memory.h"

namespace clvet::rules::memory {

// (offset, size) does not fit in a memory object of `total` bytes (written so nothing overflows).
inline bool range_outside(size_t offset, size_t size, size_t total) {
  return offset > total || size > total - offset;
}

// CL_MISALIGNED_SUB_BUFFER_OFFSET: a sub-buffer whose origin is not aligned for the queue's
// device (it may be aligned for another device of the context, so creation succeeded).
inline bool sub_buffer_misaligned(const World& w, cl_command_queue queue, cl_mem mem) {
  if (parent_of(w, mem) == nullptr) return false;
  return mem_offset(w, mem) % base_addr_align_bytes(w, device_of(w, queue)) != 0;
}

// The host access flags of table 5.3 (OpenCL 1.2).
inline bool host_cannot_read(cl_mem_flags flags) {
  return (flags & (CL_MEM_HOST_WRITE_ONLY | CL_MEM_HOST_NO_ACCESS)) != 0;
}
inline bool host_cannot_write(cl_mem_flags flags) {
  return (flags & (CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS)) != 0;
}

// Table 5.5: unknown bits, or CL_MAP_WRITE_INVALIDATE_REGION (OpenCL 1.2) with READ or WRITE.
inline bool map_flags_invalid(cl_map_flags flags, Version version) {
  cl_map_flags known = CL_MAP_READ | CL_MAP_WRITE;
  if (version >= Version{1, 2}) known |= CL_MAP_WRITE_INVALIDATE_REGION;
  if (flags & ~known) return true;
  return (flags & CL_MAP_WRITE_INVALIDATE_REGION) && (flags & (CL_MAP_READ | CL_MAP_WRITE));
}
inline bool map_forbidden_by_host_access(cl_mem_flags mem, cl_map_flags map) {
  if ((map & CL_MAP_READ) && host_cannot_read(mem)) return true;
  return map_is_for_writing(map) && host_cannot_write(mem);
}

// clEnqueueFillBuffer: {1, 2, 4, ..., 128}, the sizes of OpenCL's scalar and vector types.
inline bool fill_pattern_size_valid(size_t size) {
  return size != 0 && size <= 128 && (size & (size - 1)) == 0;
}

// clEnqueueMigrateMemObjects, for a list that may be NULL (another rule reports that).
inline bool any_mem_invalid(const World& w, cl_uint count, const cl_mem* list) {
  if (list == nullptr) return false;
  for (cl_uint i = 0; i < count; ++i)
    if (!valid(w, list[i])) return true;
  return false;
}
inline bool any_mem_in_other_context(const World& w, cl_command_queue queue, cl_uint count,
                                     const cl_mem* list) {
  if (list == nullptr) return false;
  const cl_context context = context_of(w, queue);
  for (cl_uint i = 0; i < count; ++i)
    if (context_of(w, list[i]) != context) return true;
  return false;
}

// --- Rectangles (clEnqueue{Read,Write,Copy}BufferRect): origin and region are (x bytes,
// y rows, z slices); a pitch of 0 means "tightly packed".
inline bool region_has_zero(const size_t* region) {
  return region[0] == 0 || region[1] == 0 || region[2] == 0;
}
inline bool row_pitch_too_small(size_t row_pitch, const size_t* region) {
  return row_pitch != 0 && row_pitch < region[0];
}
// slice_pitch < region[1] * row_pitch, where an overflowing product is larger than any pitch.
inline bool slice_pitch_below_rows(size_t slice_pitch, size_t row, const size_t* region) {
  size_t rows = 0;
  return __builtin_mul_overflow(region[1], row, &rows) || slice_pitch < rows;
}
// The 1.2 wording of clEnqueue{Read,Write}BufferRect: both conditions at once.
inline bool slice_pitch_small_and_not_multiple(size_t slice_pitch, size_t row_pitch,
                                               const size_t* region) {
  const size_t row = row_pitch ? row_pitch : region[0];
  if (slice_pitch == 0 || row == 0) return false;
  return slice_pitch_below_rows(slice_pitch, row, region) && slice_pitch % row != 0;
}
// The wording of clEnqueueCopyBufferRect and of 3.0: either condition.
inline bool slice_pitch_small_or_not_multiple(size_t slice_pitch, size_t row_pitch,
                                              const size_t* region) {
  const size_t row = row_pitch ? row_pitch : region[0];
  if (slice_pitch == 0 || row == 0) return false;
  return slice_pitch_below_rows(slice_pitch, row, region) || slice_pitch % row != 0;
}
// The byte offset of a rectangle's first byte; false when it overflows.
inline bool rect_start(const size_t* origin, RectPitches p, size_t* start) {
  size_t z = 0, y = 0;
  return !__builtin_mul_overflow(origin[2], p.slice, &z) &&
         !__builtin_mul_overflow(origin[1], p.row, &y) && !__builtin_add_overflow(z, y, start) &&
         !__builtin_add_overflow(*start, origin[0], start);
}
// One past the last byte of a non-empty rectangle; false when it overflows.
inline bool rect_end(const size_t* origin, const size_t* region, RectPitches p, size_t* end) {
  size_t start = 0, z = 0, y = 0;
  return rect_start(origin, p, &start) && !__builtin_mul_overflow(region[2] - 1, p.slice, &z) &&
         !__builtin_mul_overflow(region[1] - 1, p.row, &y) &&
         !__builtin_add_overflow(start, z, end) && !__builtin_add_overflow(*end, y, end) &&
         !__builtin_add_overflow(*end, region[0], end);
}
// The rectangle reaches past `total` bytes. An empty region touches nothing (another rule
// reports it).
inline bool rect_outside(const size_t* origin, const size_t* region, size_t row_pitch,
                         size_t slice_pitch, size_t total) {
  if (region_has_zero(region)) return false;
  size_t end = 0;
  if (!rect_end(origin, region, effective_pitches(region, row_pitch, slice_pitch), &end))
    return true;
  return end > total;
}

// Whether two rectangles of the same region share a byte, given the offsets of their first
// bytes in one data store and their pitches. Exact, row by row: Appendix E's test assumes one
// pair of pitches, and sub-buffers of one buffer may be copied with different ones. Only
// rectangles whose byte spans intersect get the row-by-row search, which is
// O(rows * slices * slices).
inline bool rects_overlap(size_t a, RectPitches pa, size_t b, RectPitches pb,
                          const size_t* region) {
  using I = std::int64_t;
  const I width = static_cast<I>(region[0]), rows = static_cast<I>(region[1]),
          slices = static_cast<I>(region[2]);
  const I a_end = static_cast<I>(a) + (slices - 1) * static_cast<I>(pa.slice) +
                  (rows - 1) * static_cast<I>(pa.row) + width;
  const I b_end = static_cast<I>(b) + (slices - 1) * static_cast<I>(pb.slice) +
                  (rows - 1) * static_cast<I>(pb.row) + width;
  if (a_end <= static_cast<I>(b) || b_end <= static_cast<I>(a)) return false;
  auto floor_div = [](I n, I d) { return n >= 0 ? n / d : -((-n + d - 1) / d); };
  const I rb = static_cast<I>(pb.row);
  for (I za = 0; za < slices; ++za) {
    for (I ya = 0; ya < rows; ++ya) {
      const I s = static_cast<I>(a) + za * static_cast<I>(pa.slice) + ya * static_cast<I>(pa.row);
      for (I zb = 0; zb < slices; ++zb) {
        // Rows of b in slice zb start at t + y * rb; they meet [s, s + width) when
        // s - width < t + y * rb < s + width.
        const I t = static_cast<I>(b) + zb * static_cast<I>(pb.slice);
        I low = floor_div(s - width - t, rb) + 1;
        I high = floor_div(s + width - 1 - t, rb);
        if (low < 0) low = 0;
        if (high > rows - 1) high = rows - 1;
        if (low <= high) return true;
      }
    }
  }
  return false;
}

// The offset that places `mem`'s bytes in the data store it shares with `other`: 0 for the
// same object, its sub-buffer origin when both are different sub-buffers of one buffer.
// Returns false when the two share no data store in the sense of CL_MEM_COPY_OVERLAP (a
// buffer and its own sub-buffer are not covered by the clause).
inline bool shared_store_offsets(const World& w, cl_mem src, cl_mem dst, size_t* src_base,
                                 size_t* dst_base) {
  *src_base = *dst_base = 0;
  if (src == dst) return true;
  const cl_mem parent = parent_of(w, src);
  if (parent == nullptr || parent != parent_of(w, dst)) return false;
  *src_base = mem_offset(w, src);
  *dst_base = mem_offset(w, dst);
  return true;
}

// clEnqueueCopyBuffer's CL_MEM_COPY_OVERLAP.
inline bool copy_ranges_overlap(const World& w, cl_mem src, size_t src_offset, cl_mem dst,
                                size_t dst_offset, size_t size) {
  size_t s = 0, d = 0;
  if (size == 0 || !shared_store_offsets(w, src, dst, &s, &d)) return false;
  s += src_offset;
  d += dst_offset;
  return s <= d ? d - s < size : s - d < size;
}

// clEnqueueCopyBufferRect within one buffer: its row pitches differ and (`both`) or (not
// `both`) its slice pitches differ, comparing the pitches in effect (0 = tightly packed).
inline bool same_buffer_pitches_differ(const args::EnqueueCopyBufferRect& a, bool both) {
  if (a.src_buffer != a.dst_buffer) return false;
  const RectPitches ps = effective_pitches(a.region, a.src_row_pitch, a.src_slice_pitch);
  const RectPitches pd = effective_pitches(a.region, a.dst_row_pitch, a.dst_slice_pitch);
  const bool rows = ps.row != pd.row, slices = ps.slice != pd.slice;
  return both ? rows && slices : rows || slices;
}

// clEnqueueCopyBufferRect's CL_MEM_COPY_OVERLAP (earlier rules made origins, region and
// pitches valid and in bounds).
inline bool copy_rects_overlap(const World& w, const args::EnqueueCopyBufferRect& a) {
  size_t src_base = 0, dst_base = 0;
  if (!shared_store_offsets(w, a.src_buffer, a.dst_buffer, &src_base, &dst_base)) return false;
  const RectPitches ps = effective_pitches(a.region, a.src_row_pitch, a.src_slice_pitch);
  const RectPitches pd = effective_pitches(a.region, a.dst_row_pitch, a.dst_slice_pitch);
  size_t s = 0, d = 0;
  if (!rect_start(a.src_origin, ps, &s) || !rect_start(a.dst_origin, pd, &d)) return false;
  return rects_overlap(src_base + s, ps, dst_base + d, pd, a.region);
}

}  // namespace clvet::rules::memory

// §5.2.2 clEnqueueReadBuffer
CLVET_ROLE_RULE_WORDED(EnqueueReadBufferInvalidCommandQueue, EnqueueReadBuffer,
                       InvalidHostCommandQueue, Spec::OpenCL12, "5.2.2", V1_0,
                       "CL_INVALID_COMMAND_QUEUE if command_queue is not a valid command-queue.")
CLVET_RULE(EnqueueReadBufferInvalidMemObject, "clEnqueueReadBuffer", CL_INVALID_MEM_OBJECT,
           Spec::OpenCL12, "5.2.2", "CL_INVALID_MEM_OBJECT if buffer is not a valid buffer object.",
           V1_0, Still, CLVET_CHECK(EnqueueReadBuffer, !memory::is_buffer(w, a.buffer)))
CLVET_ROLE_RULE(EnqueueReadBufferInvalidWaitList, EnqueueReadBuffer, InvalidEventWaitList,
                Spec::OpenCL12, "5.2.2", V1_0)
CLVET_RULE(EnqueueReadBufferContextMismatch, "clEnqueueReadBuffer", CL_INVALID_CONTEXT,
           Spec::OpenCL12, "5.2.2",
           "CL_INVALID_CONTEXT if the context associated with command_queue and buffer are not the "
           "same or if the context associated with command_queue and events in event_wait_list are "
           "not the same.",
           V1_0, Still,
           CLVET_CHECK(EnqueueReadBuffer,
                       context_of(w, a.command_queue) != context_of(w, a.buffer)))
CLVET_ROLE_RULE_WORDED(EnqueueReadBufferWaitListContextMismatch, EnqueueReadBuffer,
                       WaitListContextDiffers, Spec::OpenCL12, "5.2.2", V1_0,
                       "CL_INVALID_CONTEXT if the context associated with command_queue and buffer "
                       "are not the same or if the context associated with command_queue and "
                       "events in event_wait_list are not the same.")
CLVET_RULE(EnqueueReadBufferOutOfBounds, "clEnqueueReadBuffer", CL_INVALID_VALUE, Spec::OpenCL12,
           "5.2.2",
           "CL_INVALID_VALUE if the region being read or written specified by (offset, size) is "
           "out of bounds or if ptr is a NULL value or if size is 0.",
           V1_0, Still,
           CLVET_CHECK(EnqueueReadBuffer,
                       memory::range_outside(a.offset, a.size, memory::mem_size(w, a.buffer))))
CLVET_RULE(EnqueueReadBufferNullPtr, "clEnqueueReadBuffer", CL_INVALID_VALUE, Spec::OpenCL12,
           "5.2.2",
           "CL_INVALID_VALUE if the region being read or written specified by (offset, size) is "
           "out of bounds or if ptr is a NULL value or if size is 0.",
           V1_0, Still, CLVET_CHECK(EnqueueReadBuffer, a.ptr == nullptr))
// OpenCL 2.0 dropped "or if size is 0" from this clause.
CLVET_RULE(EnqueueReadBufferSizeZero, "clEnqueueReadBuffer", CL_INVALID_VALUE, Spec::OpenCL12,
           "5.2.2",
           "CL_INVALID_VALUE if the region being read or written specified by (offset, size) is "
           "out of bounds or if ptr is a NULL value or if size is 0.",
           V1_0, V2_0, CLVET_CHECK(EnqueueReadBuffer, a.size == 0))
CLVET_RULE(EnqueueReadBufferMisalignedSubBuffer, "clEnqueueReadBuffer",
           CL_MISALIGNED_SUB_BUFFER_OFFSET, Spec::OpenCL12, "5.2.2",
           "CL_MISALIGNED_SUB_BUFFER_OFFSET if buffer is a sub-buffer object and offset specified "
           "when the sub-buffer object is created is not aligned to CL_DEVICE_MEM_BASE_ADDR_ALIGN "
           "value for device associated with queue.",
           V1_1, Still,
           CLVET_CHECK(EnqueueReadBuffer,
                       memory::sub_buffer_misaligned(w, a.command_queue, a.buffer)))
CLVET_RULE(EnqueueReadBufferHostAccess, "clEnqueueReadBuffer", CL_INVALID_OPERATION, Spec::OpenCL12,
           "5.2.2",
           "CL_INVALID_OPERATION if clEnqueueReadBuffer is called on buffer which has been created "
           "with CL_MEM_HOST_WRITE_ONLY or CL_MEM_HOST_NO_ACCESS.",
           V1_2, Still,
           CLVET_CHECK(EnqueueReadBuffer, memory::host_cannot_read(memory::mem_flags(w, a.buffer))))
CLVET_RULE(EnqueueReadBufferBlockingWaitListFailed, "clEnqueueReadBuffer",
           CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST, Spec::OpenCL12, "5.2.2",
           "CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST if the read and write operations are "
           "blocking and the execution status of any of the events in event_wait_list is a "
           "negative integer value.",
           V1_1, Still, nullptr,
           "raised when blocking_read is CL_TRUE and an event of the wait list ended with an error")
CLVET_RULE(EnqueueReadBufferAllocationFailure, "clEnqueueReadBuffer",
           CL_MEM_OBJECT_ALLOCATION_FAILURE, Spec::OpenCL12, "5.2.2",
           "CL_MEM_OBJECT_ALLOCATION_FAILURE if there is a failure to allocate memory for data "
           "store associated with buffer.",
           V1_0, Still, nullptr,
           "not raised by the reference device: data stores are allocated when the memory object "
           "is created")
CLVET_RULE(EnqueueReadBufferOutOfResources, "clEnqueueReadBuffer", CL_OUT_OF_RESOURCES,
           Spec::OpenCL12, "5.2.2",
           "CL_OUT_OF_RESOURCES if there is a failure to allocate resources required by the OpenCL "
           "implementation on the device.",
           V1_0, Still, nullptr,
           "not raised by the reference device, whose device resources are host memory")
CLVET_RULE(EnqueueReadBufferOutOfHostMemory, "clEnqueueReadBuffer", CL_OUT_OF_HOST_MEMORY,
           Spec::OpenCL12, "5.2.2",
           "CL_OUT_OF_HOST_MEMORY if there is a failure to allocate resources required by the "
           "OpenCL implementation on the host.",
           V1_0, Still, nullptr, "raised when allocating the command or its event fails")

// §5.2.2 clEnqueueWriteBuffer
CLVET_ROLE_RULE_WORDED(EnqueueWriteBufferInvalidCommandQueue, EnqueueWriteBuffer,
                       InvalidHostCommandQueue, Spec::OpenCL12, "5.2.2", V1_0,
                       "CL_INVALID_COMMAND_QUEUE if command_queue is not a valid command-queue.")
CLVET_RULE(EnqueueWriteBufferInvalidMemObject, "clEnqueueWriteBuffer", CL_INVALID_MEM_OBJECT,
           Spec::OpenCL12, "5.2.2", "CL_INVALID_MEM_OBJECT if buffer is not a valid buffer object.",
           V1_0, Still, CLVET_CHECK(EnqueueWriteBuffer, !memory::is_buffer(w, a.buffer)))
CLVET_ROLE_RULE(EnqueueWriteBufferInvalidWaitList, EnqueueWriteBuffer, InvalidEventWaitList,
                Spec::OpenCL12, "5.2.2", V1_0)
CLVET_RULE(EnqueueWriteBufferContextMismatch, "clEnqueueWriteBuffer", CL_INVALID_CONTEXT,
           Spec::OpenCL12, "5.2.2",
           "CL_INVALID_CONTEXT if the context associated with command_queue and buffer are not the "
           "same or if the context associated with command_queue and events in event_wait_list are "
           "not the same.",
           V1_0, Still,
           CLVET_CHECK(EnqueueWriteBuffer,
                       context_of(w, a.command_queue) != context_of(w, a.buffer)))
CLVET_ROLE_RULE_WORDED(EnqueueWriteBufferWaitListContextMismatch, EnqueueWriteBuffer,
                       WaitListContextDiffers, Spec::OpenCL12, "5.2.2", V1_0,
                       "CL_INVALID_CONTEXT if the context associated with command_queue and buffer "
                       "are not the same or if the context associated with command_queue and "
                       "events in event_wait_list are not the same.")
CLVET_RULE(EnqueueWriteBufferOutOfBounds, "clEnqueueWriteBuffer", CL_INVALID_VALUE, Spec::OpenCL12,
           "5.2.2",
           "CL_INVALID_VALUE if the region being read or written specified by (offset, size) is "
           "out of bounds or if ptr is a NULL value or if size is 0.",
           V1_0, Still,
           CLVET_CHECK(EnqueueWriteBuffer,
                       memory::range_outside(a.offset, a.size, memory::mem_size(w, a.buffer))))
CLVET_RULE(EnqueueWriteBufferNullPtr, "clEnqueueWriteBuffer", CL_INVALID_VALUE, Spec::OpenCL12,
           "5.2.2",
           "CL_INVALID_VALUE if the region being read or written specified by (offset, size) is "
           "out of bounds or if ptr is a NULL value or if size is 0.",
           V1_0, Still, CLVET_CHECK(EnqueueWriteBuffer, a.ptr == nullptr))
// OpenCL 2.0 dropped "or if size is 0" from this clause.
CLVET_RULE(EnqueueWriteBufferSizeZero, "clEnqueueWriteBuffer", CL_INVALID_VALUE, Spec::OpenCL12,
           "5.2.2",
           "CL_INVALID_VALUE if the region being read or written specified by (offset, size) is "
           "out of bounds or if ptr is a NULL value or if size is 0.",
           V1_0, V2_0, CLVET_CHECK(EnqueueWriteBuffer, a.size == 0))
CLVET_RULE(EnqueueWriteBufferMisalignedSubBuffer, "clEnqueueWriteBuffer",
           CL_MISALIGNED_SUB_BUFFER_OFFSET, Spec::OpenCL12, "5.2.2",
           "CL_MISALIGNED_SUB_BUFFER_OFFSET if buffer is a sub-buffer object and offset specified "
           "when the sub-buffer object is created is not aligned to CL_DEVICE_MEM_BASE_ADDR_ALIGN "
           "value for device associated with queue.",
           V1_1, Still,
           CLVET_CHECK(EnqueueWriteBuffer,
                       memory::sub_buffer_misaligned(w, a.command_queue, a.buffer)))
CLVET_RULE(EnqueueWriteBufferHostAccess, "clEnqueueWriteBuffer", CL_INVALID_OPERATION,
           Spec::OpenCL12, "5.2.2",
           "CL_INVALID_OPERATION if clEnqueueWriteBuffer is called on buffer which has been "
           "created with CL_MEM_HOST_READ_ONLY or CL_MEM_HOST_NO_ACCESS.",
           V1_2, Still,
           CLVET_CHECK(EnqueueWriteBuffer,
                       memory::host_cannot_write(memory::mem_flags(w, a.buffer))))
CLVET_RULE(EnqueueWriteBufferBlockingWaitListFailed, "clEnqueueWriteBuffer",
           CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST, Spec::OpenCL12, "5.2.2",
           "CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST if the read and write operations are "
           "blocking and the execution status of any of the events in event_wait_list is a "
           "negative integer value.",
           V1_1, Still, nullptr,
           "raised when blocking_write is CL_TRUE and an event of the wait list ended with an "
           "error")
CLVET_RULE(EnqueueWriteBufferAllocationFailure, "clEnqueueWriteBuffer",
           CL_MEM_OBJECT_ALLOCATION_FAILURE, Spec::OpenCL12, "5.2.2",
           "CL_MEM_OBJECT_ALLOCATION_FAILURE if there is a failure to allocate memory for data "
           "store associated with buffer.",
           V1_0, Still, nullptr,
           "not raised by the reference device: data stores are allocated when the memory object "
           "is created")
CLVET_RULE(EnqueueWriteBufferOutOfResources, "clEnqueueWriteBuffer", CL_OUT_OF_RESOURCES,
           Spec::OpenCL12, "5.2.2",
           "CL_OUT_OF_RESOURCES if there is a failure to allocate resources required by the OpenCL "
           "implementation on the device.",
           V1_0, Still, nullptr,
           "not raised by the reference device, whose device resources are host memory")
CLVET_RULE(EnqueueWriteBufferOutOfHostMemory, "clEnqueueWriteBuffer", CL_OUT_OF_HOST_MEMORY,
           Spec::OpenCL12, "5.2.2",
           "CL_OUT_OF_HOST_MEMORY if there is a failure to allocate resources required by the "
           "OpenCL implementation on the host.",
           V1_0, Still, nullptr, "raised when allocating the command or its event fails")

// §5.2.2 clEnqueueReadBufferRect (OpenCL 1.1)
CLVET_ROLE_RULE_WORDED(EnqueueReadBufferRectInvalidCommandQueue, EnqueueReadBufferRect,
                       InvalidHostCommandQueue, Spec::OpenCL12, "5.2.2", V1_1,
                       "CL_INVALID_COMMAND_QUEUE if command_queue is not a valid command-queue.")
CLVET_RULE(EnqueueReadBufferRectInvalidMemObject, "clEnqueueReadBufferRect", CL_INVALID_MEM_OBJECT,
           Spec::OpenCL12, "5.2.2", "CL_INVALID_MEM_OBJECT if buffer is not a valid buffer object.",
           V1_1, Still, CLVET_CHECK(EnqueueReadBufferRect, !memory::is_buffer(w, a.buffer)))
CLVET_ROLE_RULE(EnqueueReadBufferRectInvalidWaitList, EnqueueReadBufferRect, InvalidEventWaitList,
                Spec::OpenCL12, "5.2.2", V1_1)
CLVET_RULE(EnqueueReadBufferRectContextMismatch, "clEnqueueReadBufferRect", CL_INVALID_CONTEXT,
           Spec::OpenCL12, "5.2.2",
           "CL_INVALID_CONTEXT if the context associated with command_queue and buffer are not the "
           "same or if the context associated with command_queue and events in event_wait_list are "
           "not the same.",
           V1_1, Still,
           CLVET_CHECK(EnqueueReadBufferRect,
                       context_of(w, a.command_queue) != context_of(w, a.buffer)))
CLVET_ROLE_RULE_WORDED(EnqueueReadBufferRectWaitListContextMismatch, EnqueueReadBufferRect,
                       WaitListContextDiffers, Spec::OpenCL12, "5.2.2", V1_1,
                       "CL_INVALID_CONTEXT if the context associated with command_queue and buffer "
                       "are not the same or if the context associated with command_queue and "
                       "events in event_wait_list are not the same.")
// The unified 3.0 specification states what 1.2 left implicit: the three arrays are read.
CLVET_RULE(EnqueueReadBufferRectNullOriginOrRegion, "clEnqueueReadBufferRect", CL_INVALID_VALUE,
           Spec::Api30, "5.2.2",
           "CL_INVALID_VALUE if buffer_origin, host_origin, or region is NULL.", V1_1, Still,
           CLVET_CHECK(EnqueueReadBufferRect, a.buffer_origin == nullptr ||
                                                  a.host_origin == nullptr || a.region == nullptr))
CLVET_RULE(EnqueueReadBufferRectOutOfBounds, "clEnqueueReadBufferRect", CL_INVALID_VALUE,
           Spec::OpenCL12, "5.2.2",
           "CL_INVALID_VALUE if the region being read or written specified by (buffer_origin, "
           "region, buffer_row_pitch, buffer_slice_pitch) is out of bounds.",
           V1_1, Still,
           CLVET_CHECK(EnqueueReadBufferRect,
                       memory::rect_outside(a.buffer_origin, a.region, a.buffer_row_pitch,
                                            a.buffer_slice_pitch, memory::mem_size(w, a.buffer))))
CLVET_RULE(EnqueueReadBufferRectNullPtr, "clEnqueueReadBufferRect", CL_INVALID_VALUE,
           Spec::OpenCL12, "5.2.2", "CL_INVALID_VALUE if ptr is a NULL value.", V1_1, Still,
           CLVET_CHECK(EnqueueReadBufferRect, a.ptr == nullptr))
CLVET_RULE(EnqueueReadBufferRectRegionZero, "clEnqueueReadBufferRect", CL_INVALID_VALUE,
           Spec::OpenCL12, "5.2.2", "CL_INVALID_VALUE if any region array element is 0.", V1_1,
           Still, CLVET_CHECK(EnqueueReadBufferRect, memory::region_has_zero(a.region)))
CLVET_RULE(EnqueueReadBufferRectBufferRowPitchTooSmall, "clEnqueueReadBufferRect", CL_INVALID_VALUE,
           Spec::OpenCL12, "5.2.2",
           "CL_INVALID_VALUE if buffer_row_pitch is not 0 and is less than region[0].", V1_1, Still,
           CLVET_CHECK(EnqueueReadBufferRect,
                       memory::row_pitch_too_small(a.buffer_row_pitch, a.region)))
CLVET_RULE(EnqueueReadBufferRectHostRowPitchTooSmall, "clEnqueueReadBufferRect", CL_INVALID_VALUE,
           Spec::OpenCL12, "5.2.2",
           "CL_INVALID_VALUE if host_row_pitch is not 0 and is less than region[0].", V1_1, Still,
           CLVET_CHECK(EnqueueReadBufferRect,
                       memory::row_pitch_too_small(a.host_row_pitch, a.region)))
// 1.2 joins the two conditions with "and"; 3.0 (next rule) makes each an error on its own.
CLVET_RULE(EnqueueReadBufferRectBufferSlicePitch, "clEnqueueReadBufferRect", CL_INVALID_VALUE,
           Spec::OpenCL12, "5.2.2",
           "CL_INVALID_VALUE if buffer_slice_pitch is not 0 and is less than region[1] * "
           "buffer_row_pitch and not a multiple of buffer_row_pitch.",
           V1_1, Still,
           CLVET_CHECK(EnqueueReadBufferRect,
                       memory::slice_pitch_small_and_not_multiple(a.buffer_slice_pitch,
                                                                  a.buffer_row_pitch, a.region)))
CLVET_RULE(EnqueueReadBufferRectBufferSlicePitchInvalid, "clEnqueueReadBufferRect",
           CL_INVALID_VALUE, Spec::Api30, "5.2.2",
           "CL_INVALID_VALUE if buffer_slice_pitch is not equal to zero and is less than region[1] "
           "times buffer_row_pitch; if buffer_slice_pitch is not equal to zero and is not a "
           "multiple of buffer_row_pitch.",
           V1_1, Still,
           CLVET_CHECK(EnqueueReadBufferRect,
                       memory::slice_pitch_small_or_not_multiple(a.buffer_slice_pitch,
                                                                 a.buffer_row_pitch, a.region)))
// 1.2 joins the two conditions with "and"; 3.0 (next rule) makes each an error on its own.
CLVET_RULE(EnqueueReadBufferRectHostSlicePitch, "clEnqueueReadBufferRect", CL_INVALID_VALUE,
           Spec::OpenCL12, "5.2.2",
           "CL_INVALID_VALUE if host_slice_pitch is not 0 and is less than region[1] * "
           "host_row_pitch and not a multiple of host_row_pitch.",
           V1_1, Still,
           CLVET_CHECK(EnqueueReadBufferRect,
                       memory::slice_pitch_small_and_not_multiple(a.host_slice_pitch,
                                                                  a.host_row_pitch, a.region)))
CLVET_RULE(EnqueueReadBufferRectHostSlicePitchInvalid, "clEnqueueReadBufferRect", CL_INVALID_VALUE,
           Spec::Api30, "5.2.2",
           "CL_INVALID_VALUE if host_slice_pitch is not equal to zero and is less than region[1] "
           "times host_row_pitch; if host_slice_pitch is not equal to zero and is not a multiple "
           "of host_row_pitch.",
           V1_1, Still,
           CLVET_CHECK(EnqueueReadBufferRect,
                       memory::slice_pitch_small_or_not_multiple(a.host_slice_pitch,
                                                                 a.host_row_pitch, a.region)))
CLVET_RULE(EnqueueReadBufferRectMisalignedSubBuffer, "clEnqueueReadBufferRect",
           CL_MISALIGNED_SUB_BUFFER_OFFSET, Spec::OpenCL12, "5.2.2",
           "CL_MISALIGNED_SUB_BUFFER_OFFSET if buffer is a sub-buffer object and offset specified "
           "when the sub-buffer object is created is not aligned to CL_DEVICE_MEM_BASE_ADDR_ALIGN "
           "value for device associated with queue.",
           V1_1, Still,
           CLVET_CHECK(EnqueueReadBufferRect,
                       memory::sub_buffer_misaligned(w, a.command_queue, a.buffer)))
CLVET_RULE(EnqueueReadBufferRectHostAccess, "clEnqueueReadBufferRect", CL_INVALID_OPERATION,
           Spec::OpenCL12, "5.2.2",
           "CL_INVALID_OPERATION if clEnqueueReadBufferRect is called on buffer which has been "
           "created with CL_MEM_HOST_WRITE_ONLY or CL_MEM_HOST_NO_ACCESS.",
           V1_2, Still,
           CLVET_CHECK(EnqueueReadBufferRect,
                       memory::host_cannot_read(memory::mem_flags(w, a.buffer))))
CLVET_RULE(EnqueueReadBufferRectBlockingWaitListFailed, "clEnqueueReadBufferRect",
           CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST, Spec::OpenCL12, "5.2.2",
           "CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST if the read and write operations are "
           "blocking and the execution status of any of the events in event_wait_list is a "
           "negative integer value.",
           V1_1, Still, nullptr,
           "raised when blocking_read is CL_TRUE and an event of the wait list ended with an error")
CLVET_RULE(EnqueueReadBufferRectAllocationFailure, "clEnqueueReadBufferRect",
           CL_MEM_OBJECT_ALLOCATION_FAILURE, Spec::OpenCL12, "5.2.2",
           "CL_MEM_OBJECT_ALLOCATION_FAILURE if there is a failure to allocate memory for data "
           "store associated with buffer.",
           V1_1, Still, nullptr,
           "not raised by the reference device: data stores are allocated when the memory object "
           "is created")
CLVET_RULE(EnqueueReadBufferRectOutOfResources, "clEnqueueReadBufferRect", CL_OUT_OF_RESOURCES,
           Spec::OpenCL12, "5.2.2",
           "CL_OUT_OF_RESOURCES if there is a failure to allocate resources required by the OpenCL "
           "implementation on the device.",
           V1_1, Still, nullptr,
           "not raised by the reference device, whose device resources are host memory")
CLVET_RULE(EnqueueReadBufferRectOutOfHostMemory, "clEnqueueReadBufferRect", CL_OUT_OF_HOST_MEMORY,
           Spec::OpenCL12, "5.2.2",
           "CL_OUT_OF_HOST_MEMORY if there is a failure to allocate resources required by the "
           "OpenCL implementation on the host.",
           V1_1, Still, nullptr, "raised when allocating the command or its event fails")

// §5.2.2 clEnqueueWriteBufferRect (OpenCL 1.1)
CLVET_ROLE_RULE_WORDED(EnqueueWriteBufferRectInvalidCommandQueue, EnqueueWriteBufferRect,
                       InvalidHostCommandQueue, Spec::OpenCL12, "5.2.2", V1_1,
                       "CL_INVALID_COMMAND_QUEUE if command_queue is not a valid command-queue.")
CLVET_RULE(EnqueueWriteBufferRectInvalidMemObject, "clEnqueueWriteBufferRect",
           CL_INVALID_MEM_OBJECT, Spec::OpenCL12, "5.2.2",
           "CL_INVALID_MEM_OBJECT if buffer is not a valid buffer object.", V1_1, Still,
           CLVET_CHECK(EnqueueWriteBufferRect, !memory::is_buffer(w, a.buffer)))
CLVET_ROLE_RULE(EnqueueWriteBufferRectInvalidWaitList, EnqueueWriteBufferRect, InvalidEventWaitList,
                Spec::OpenCL12, "5.2.2", V1_1)
CLVET_RULE(EnqueueWriteBufferRectContextMismatch, "clEnqueueWriteBufferRect", CL_INVALID_CONTEXT,
           Spec::OpenCL12, "5.2.2",
           "CL_INVALID_CONTEXT if the context associated with command_queue and buffer are not the "
           "same or if the context associated with command_queue and events in event_wait_list are "
           "not the same.",
           V1_1, Still,
           CLVET_CHECK(EnqueueWriteBufferRect,
                       context_of(w, a.command_queue) != context_of(w, a.buffer)))
CLVET_ROLE_RULE_WORDED(EnqueueWriteBufferRectWaitListContextMismatch, EnqueueWriteBufferRect,
                       WaitListContextDiffers, Spec::OpenCL12, "5.2.2", V1_1,
                       "CL_INVALID_CONTEXT if the context associated with command_queue and buffer "
                       "are not the same or if the context associated with command_queue and "
                       "events in event_wait_list are not the same.")
// The unified 3.0 specification states what 1.2 left implicit: the three arrays are read.
CLVET_RULE(EnqueueWriteBufferRectNullOriginOrRegion, "clEnqueueWriteBufferRect", CL_INVALID_VALUE,
           Spec::Api30, "5.2.2",
           "CL_INVALID_VALUE if buffer_origin, host_origin, or region is NULL.", V1_1, Still,
           CLVET_CHECK(EnqueueWriteBufferRect, a.buffer_origin == nullptr ||
                                                   a.host_origin == nullptr || a.region == nullptr))
CLVET_RULE(EnqueueWriteBufferRectOutOfBounds, "clEnqueueWriteBufferRect", CL_INVALID_VALUE,
           Spec::OpenCL12, "5.2.2",
           "CL_INVALID_VALUE if the region being read or written specified by (buffer_origin, "
           "region, buffer_row_pitch, buffer_slice_pitch) is out of bounds.",
           V1_1, Still,
           CLVET_CHECK(EnqueueWriteBufferRect,
                       memory::rect_outside(a.buffer_origin, a.region, a.buffer_row_pitch,
                                            a.buffer_slice_pitch, memory::mem_size(w, a.buffer))))
CLVET_RULE(EnqueueWriteBufferRectNullPtr, "clEnqueueWriteBufferRect", CL_INVALID_VALUE,
           Spec::OpenCL12, "5.2.2", "CL_INVALID_VALUE if ptr is a NULL value.", V1_1, Still,
           CLVET_CHECK(EnqueueWriteBufferRect, a.ptr == nullptr))
CLVET_RULE(EnqueueWriteBufferRectRegionZero, "clEnqueueWriteBufferRect", CL_INVALID_VALUE,
           Spec::OpenCL12, "5.2.2", "CL_INVALID_VALUE if any region array element is 0.", V1_1,
           Still, CLVET_CHECK(EnqueueWriteBufferRect, memory::region_has_zero(a.region)))
CLVET_RULE(EnqueueWriteBufferRectBufferRowPitchTooSmall, "clEnqueueWriteBufferRect",
           CL_INVALID_VALUE, Spec::OpenCL12, "5.2.2",
           "CL_INVALID_VALUE if buffer_row_pitch is not 0 and is less than region[0].", V1_1, Still,
           CLVET_CHECK(EnqueueWriteBufferRect,
                       memory::row_pitch_too_small(a.buffer_row_pitch, a.region)))
CLVET_RULE(EnqueueWriteBufferRectHostRowPitchTooSmall, "clEnqueueWriteBufferRect", CL_INVALID_VALUE,
           Spec::OpenCL12, "5.2.2",
           "CL_INVALID_VALUE if host_row_pitch is not 0 and is less than region[0].", V1_1, Still,
           CLVET_CHECK(EnqueueWriteBufferRect,
                       memory::row_pitch_too_small(a.host_row_pitch, a.region)))
// 1.2 joins the two conditions with "and"; 3.0 (next rule) makes each an error on its own.
CLVET_RULE(EnqueueWriteBufferRectBufferSlicePitch, "clEnqueueWriteBufferRect", CL_INVALID_VALUE,
           Spec::OpenCL12, "5.2.2",
           "CL_INVALID_VALUE if buffer_slice_pitch is not 0 and is less than region[1] * "
           "buffer_row_pitch and not a multiple of buffer_row_pitch.",
           V1_1, Still,
           CLVET_CHECK(EnqueueWriteBufferRect,
                       memory::slice_pitch_small_and_not_multiple(a.buffer_slice_pitch,
                                                                  a.buffer_row_pitch, a.region)))
CLVET_RULE(EnqueueWriteBufferRectBufferSlicePitchInvalid, "clEnqueueWriteBufferRect",
           CL_INVALID_VALUE, Spec::Api30, "5.2.2",
           "CL_INVALID_VALUE if buffer_slice_pitch is not equal to zero and is less than region[1] "
           "times buffer_row_pitch; if buffer_slice_pitch is not equal to zero and is not a "
           "multiple of buffer_row_pitch.",
           V1_1, Still,
           CLVET_CHECK(EnqueueWriteBufferRect,
                       memory::slice_pitch_small_or_not_multiple(a.buffer_slice_pitch,
                                                                 a.buffer_row_pitch, a.region)))
// 1.2 joins the two conditions with "and"; 3.0 (next rule) makes each an error on its own.
CLVET_RULE(EnqueueWriteBufferRectHostSlicePitch, "clEnqueueWriteBufferRect", CL_INVALID_VALUE,
           Spec::OpenCL12, "5.2.2",
           "CL_INVALID_VALUE if host_slice_pitch is not 0 and is less than region[1] * "
           "host_row_pitch and not a multiple of host_row_pitch.",
           V1_1, Still,
           CLVET_CHECK(EnqueueWriteBufferRect,
                       memory::slice_pitch_small_and_not_multiple(a.host_slice_pitch,
                                                                  a.host_row_pitch, a.region)))
CLVET_RULE(EnqueueWriteBufferRectHostSlicePitchInvalid, "clEnqueueWriteBufferRect",
           CL_INVALID_VALUE, Spec::Api30, "5.2.2",
           "CL_INVALID_VALUE if host_slice_pitch is not equal to zero and is less than region[1] "
           "times host_row_pitch; if host_slice_pitch is not equal to zero and is not a multiple "
           "of host_row_pitch.",
           V1_1, Still,
           CLVET_CHECK(EnqueueWriteBufferRect,
                       memory::slice_pitch_small_or_not_multiple(a.host_slice_pitch,
                                                                 a.host_row_pitch, a.region)))
CLVET_RULE(EnqueueWriteBufferRectMisalignedSubBuffer, "clEnqueueWriteBufferRect",
           CL_MISALIGNED_SUB_BUFFER_OFFSET, Spec::OpenCL12, "5.2.2",
           "CL_MISALIGNED_SUB_BUFFER_OFFSET if buffer is a sub-buffer object and offset specified "
           "when the sub-buffer object is created is not aligned to CL_DEVICE_MEM_BASE_ADDR_ALIGN "
           "value for device associated with queue.",
           V1_1, Still,
           CLVET_CHECK(EnqueueWriteBufferRect,
                       memory::sub_buffer_misaligned(w, a.command_queue, a.buffer)))
CLVET_RULE(EnqueueWriteBufferRectHostAccess, "clEnqueueWriteBufferRect", CL_INVALID_OPERATION,
           Spec::OpenCL12, "5.2.2",
           "CL_INVALID_OPERATION if clEnqueueWriteBufferRect is called on buffer which has been "
           "created with CL_MEM_HOST_READ_ONLY or CL_MEM_HOST_NO_ACCESS.",
           V1_2, Still,
           CLVET_CHECK(EnqueueWriteBufferRect,
                       memory::host_cannot_write(memory::mem_flags(w, a.buffer))))
CLVET_RULE(EnqueueWriteBufferRectBlockingWaitListFailed, "clEnqueueWriteBufferRect",
           CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST, Spec::OpenCL12, "5.2.2",
           "CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST if the read and write operations are "
           "blocking and the execution status of any of the events in event_wait_list is a "
           "negative integer value.",
           V1_1, Still, nullptr,
           "raised when blocking_write is CL_TRUE and an event of the wait list ended with an "
           "error")
CLVET_RULE(EnqueueWriteBufferRectAllocationFailure, "clEnqueueWriteBufferRect",
           CL_MEM_OBJECT_ALLOCATION_FAILURE, Spec::OpenCL12, "5.2.2",
           "CL_MEM_OBJECT_ALLOCATION_FAILURE if there is a failure to allocate memory for data "
           "store associated with buffer.",
           V1_1, Still, nullptr,
           "not raised by the reference device: data stores are allocated when the memory object "
           "is created")
CLVET_RULE(EnqueueWriteBufferRectOutOfResources, "clEnqueueWriteBufferRect", CL_OUT_OF_RESOURCES,
           Spec::OpenCL12, "5.2.2",
           "CL_OUT_OF_RESOURCES if there is a failure to allocate resources required by the OpenCL "
           "implementation on the device.",
           V1_1, Still, nullptr,
           "not raised by the reference device, whose device resources are host memory")
CLVET_RULE(EnqueueWriteBufferRectOutOfHostMemory, "clEnqueueWriteBufferRect", CL_OUT_OF_HOST_MEMORY,
           Spec::OpenCL12, "5.2.2",
           "CL_OUT_OF_HOST_MEMORY if there is a failure to allocate resources required by the "
           "OpenCL implementation on the host.",
           V1_1, Still, nullptr, "raised when allocating the command or its event fails")

// §5.2.2 clEnqueueCopyBuffer
CLVET_ROLE_RULE_WORDED(EnqueueCopyBufferInvalidCommandQueue, EnqueueCopyBuffer,
                       InvalidHostCommandQueue, Spec::OpenCL12, "5.2.2", V1_0,
                       "CL_INVALID_COMMAND_QUEUE if command_queue is not a valid command-queue.")
CLVET_RULE(EnqueueCopyBufferInvalidMemObject, "clEnqueueCopyBuffer", CL_INVALID_MEM_OBJECT,
           Spec::OpenCL12, "5.2.2",
           "CL_INVALID_MEM_OBJECT if src_buffer and dst_buffer are not valid buffer objects.", V1_0,
           Still,
           CLVET_CHECK(EnqueueCopyBuffer,
                       !memory::is_buffer(w, a.src_buffer) || !memory::is_buffer(w, a.dst_buffer)))
CLVET_ROLE_RULE(EnqueueCopyBufferInvalidWaitList, EnqueueCopyBuffer, InvalidEventWaitList,
                Spec::OpenCL12, "5.2.2", V1_0)
CLVET_RULE(EnqueueCopyBufferContextMismatch, "clEnqueueCopyBuffer", CL_INVALID_CONTEXT,
           Spec::OpenCL12, "5.2.2",
           "CL_INVALID_CONTEXT if the context associated with command_queue, src_buffer and "
           "dst_buffer are not the same or if the context associated with command_queue and events "
           "in event_wait_list are not the same.",
           V1_0, Still,
           CLVET_CHECK(EnqueueCopyBuffer,
                       context_of(w, a.command_queue) != context_of(w, a.src_buffer) ||
                           context_of(w, a.command_queue) != context_of(w, a.dst_buffer)))
CLVET_ROLE_RULE_WORDED(EnqueueCopyBufferWaitListContextMismatch, EnqueueCopyBuffer,
                       WaitListContextDiffers, Spec::OpenCL12, "5.2.2", V1_0,
                       "CL_INVALID_CONTEXT if the context associated with command_queue, "
                       "src_buffer and dst_buffer are not the same or if the context associated "
                       "with command_queue and events in event_wait_list are not the same.")
CLVET_RULE(
    EnqueueCopyBufferOutOfBounds, "clEnqueueCopyBuffer", CL_INVALID_VALUE, Spec::OpenCL12, "5.2.2",
    "CL_INVALID_VALUE if src_offset, dst_offset, size, src_offset + size or dst_offset + "
    "size require accessing elements outside the src_buffer and dst_buffer buffer objects "
    "respectively.",
    V1_0, Still,
    CLVET_CHECK(EnqueueCopyBuffer,
                memory::range_outside(a.src_offset, a.size, memory::mem_size(w, a.src_buffer)) ||
                    memory::range_outside(a.dst_offset, a.size, memory::mem_size(w, a.dst_buffer))))
// Dropped by OpenCL 2.0.
CLVET_RULE(EnqueueCopyBufferSizeZero, "clEnqueueCopyBuffer", CL_INVALID_VALUE, Spec::OpenCL12,
           "5.2.2", "CL_INVALID_VALUE if size is 0.", V1_0, V2_0,
           CLVET_CHECK(EnqueueCopyBuffer, a.size == 0))
CLVET_RULE(EnqueueCopyBufferMisalignedSrcSubBuffer, "clEnqueueCopyBuffer",
           CL_MISALIGNED_SUB_BUFFER_OFFSET, Spec::OpenCL12, "5.2.2",
           "CL_MISALIGNED_SUB_BUFFER_OFFSET if src_buffer is a sub-buffer object and offset "
           "specified when the sub-buffer object is created is not aligned to "
           "CL_DEVICE_MEM_BASE_ADDR_ALIGN value for device associated with queue.",
           V1_1, Still,
           CLVET_CHECK(EnqueueCopyBuffer,
                       memory::sub_buffer_misaligned(w, a.command_queue, a.src_buffer)))
CLVET_RULE(EnqueueCopyBufferMisalignedDstSubBuffer, "clEnqueueCopyBuffer",
           CL_MISALIGNED_SUB_BUFFER_OFFSET, Spec::OpenCL12, "5.2.2",
           "CL_MISALIGNED_SUB_BUFFER_OFFSET if dst_buffer is a sub-buffer object and offset "
           "specified when the sub-buffer object is created is not aligned to "
           "CL_DEVICE_MEM_BASE_ADDR_ALIGN value for device associated with queue.",
           V1_1, Still,
           CLVET_CHECK(EnqueueCopyBuffer,
                       memory::sub_buffer_misaligned(w, a.command_queue, a.dst_buffer)))
CLVET_RULE(EnqueueCopyBufferOverlap, "clEnqueueCopyBuffer", CL_MEM_COPY_OVERLAP, Spec::OpenCL12,
           "5.2.2",
           "CL_MEM_COPY_OVERLAP if src_buffer and dst_buffer are the same buffer or sub-buffer "
           "object and the source and destination regions overlap or if src_buffer and dst_buffer "
           "are different sub-buffers of the same associated buffer object and they overlap. The "
           "regions overlap if src_offset <= dst_offset <= src_offset + size - 1 or if dst_offset "
           "<= src_offset <= dst_offset + size - 1.",
           V1_0, Still,
           CLVET_CHECK(EnqueueCopyBuffer,
                       memory::copy_ranges_overlap(w, a.src_buffer, a.src_offset, a.dst_buffer,
                                                   a.dst_offset, a.size)))
CLVET_RULE(EnqueueCopyBufferAllocationFailure, "clEnqueueCopyBuffer",
           CL_MEM_OBJECT_ALLOCATION_FAILURE, Spec::OpenCL12, "5.2.2",
           "CL_MEM_OBJECT_ALLOCATION_FAILURE if there is a failure to allocate memory for data "
           "store associated with src_buffer or dst_buffer.",
           V1_0, Still, nullptr,
           "not raised by the reference device: data stores are allocated when the memory object "
           "is created")
CLVET_RULE(EnqueueCopyBufferOutOfResources, "clEnqueueCopyBuffer", CL_OUT_OF_RESOURCES,
           Spec::OpenCL12, "5.2.2",
           "CL_OUT_OF_RESOURCES if there is a failure to allocate resources required by the OpenCL "
           "implementation on the device.",
           V1_0, Still, nullptr,
           "not raised by the reference device, whose device resources are host memory")
CLVET_RULE(EnqueueCopyBufferOutOfHostMemory, "clEnqueueCopyBuffer", CL_OUT_OF_HOST_MEMORY,
           Spec::OpenCL12, "5.2.2",
           "CL_OUT_OF_HOST_MEMORY if there is a failure to allocate resources required by the "
           "OpenCL implementation on the host.",
           V1_0, Still, nullptr, "raised when allocating the command or its event fails")

// §5.2.2 clEnqueueCopyBufferRect (OpenCL 1.1)
CLVET_ROLE_RULE_WORDED(EnqueueCopyBufferRectInvalidCommandQueue, EnqueueCopyBufferRect,
                       InvalidHostCommandQueue, Spec::OpenCL12, "5.2.2", V1_1,
                       "CL_INVALID_COMMAND_QUEUE if command_queue is not a valid command-queue.")
CLVET_RULE(EnqueueCopyBufferRectInvalidMemObject, "clEnqueueCopyBufferRect", CL_INVALID_MEM_OBJECT,
           Spec::OpenCL12, "5.2.2",
           "CL_INVALID_MEM_OBJECT if src_buffer and dst_buffer are not valid buffer objects.", V1_1,
           Still,
           CLVET_CHECK(EnqueueCopyBufferRect,
                       !memory::is_buffer(w, a.src_buffer) || !memory::is_buffer(w, a.dst_buffer)))
CLVET_ROLE_RULE(EnqueueCopyBufferRectInvalidWaitList, EnqueueCopyBufferRect, InvalidEventWaitList,
                Spec::OpenCL12, "5.2.2", V1_1)
CLVET_RULE(EnqueueCopyBufferRectContextMismatch, "clEnqueueCopyBufferRect", CL_INVALID_CONTEXT,
           Spec::OpenCL12, "5.2.2",
           "CL_INVALID_CONTEXT if the context associated with command_queue, src_buffer and "
           "dst_buffer are not the same or if the context associated with command_queue and events "
           "in event_wait_list are not the same.",
           V1_1, Still,
           CLVET_CHECK(EnqueueCopyBufferRect,
                       context_of(w, a.command_queue) != context_of(w, a.src_buffer) ||
                           context_of(w, a.command_queue) != context_of(w, a.dst_buffer)))
CLVET_ROLE_RULE_WORDED(EnqueueCopyBufferRectWaitListContextMismatch, EnqueueCopyBufferRect,
                       WaitListContextDiffers, Spec::OpenCL12, "5.2.2", V1_1,
                       "CL_INVALID_CONTEXT if the context associated with command_queue, "
                       "src_buffer and dst_buffer are not the same or if the context associated "
                       "with command_queue and events in event_wait_list are not the same.")
// The unified 3.0 specification states what 1.2 left implicit: the three arrays are read.
CLVET_RULE(EnqueueCopyBufferRectNullOriginOrRegion, "clEnqueueCopyBufferRect", CL_INVALID_VALUE,
           Spec::Api30, "5.2.2", "CL_INVALID_VALUE if src_origin, dst_origin, or region is NULL.",
           V1_1, Still,
           CLVET_CHECK(EnqueueCopyBufferRect,
                       a.src_origin == nullptr || a.dst_origin == nullptr || a.region == nullptr))
CLVET_RULE(EnqueueCopyBufferRectOutOfBounds, "clEnqueueCopyBufferRect", CL_INVALID_VALUE,
           Spec::OpenCL12, "5.2.2",
           "CL_INVALID_VALUE if (src_origin, region, src_row_pitch, src_slice_pitch) or "
           "(dst_origin, region, dst_row_pitch, dst_slice_pitch) require accessing elements "
           "outside the src_buffer and dst_buffer buffer objects respectively.",
           V1_1, Still,
           CLVET_CHECK(EnqueueCopyBufferRect,
                       memory::rect_outside(a.src_origin, a.region, a.src_row_pitch,
                                            a.src_slice_pitch, memory::mem_size(w, a.src_buffer)) ||
                           memory::rect_outside(a.dst_origin, a.region, a.dst_row_pitch,
                                                a.dst_slice_pitch,
                                                memory::mem_size(w, a.dst_buffer))))
CLVET_RULE(EnqueueCopyBufferRectRegionZero, "clEnqueueCopyBufferRect", CL_INVALID_VALUE,
           Spec::OpenCL12, "5.2.2", "CL_INVALID_VALUE if any region array element is 0.", V1_1,
           Still, CLVET_CHECK(EnqueueCopyBufferRect, memory::region_has_zero(a.region)))
CLVET_RULE(EnqueueCopyBufferRectSrcRowPitchTooSmall, "clEnqueueCopyBufferRect", CL_INVALID_VALUE,
           Spec::OpenCL12, "5.2.2",
           "CL_INVALID_VALUE if src_row_pitch is not 0 and is less than region[0].", V1_1, Still,
           CLVET_CHECK(EnqueueCopyBufferRect,
                       memory::row_pitch_too_small(a.src_row_pitch, a.region)))
CLVET_RULE(EnqueueCopyBufferRectDstRowPitchTooSmall, "clEnqueueCopyBufferRect", CL_INVALID_VALUE,
           Spec::OpenCL12, "5.2.2",
           "CL_INVALID_VALUE if dst_row_pitch is not 0 and is less than region[0].", V1_1, Still,
           CLVET_CHECK(EnqueueCopyBufferRect,
                       memory::row_pitch_too_small(a.dst_row_pitch, a.region)))
CLVET_RULE(EnqueueCopyBufferRectSrcSlicePitchInvalid, "clEnqueueCopyBufferRect", CL_INVALID_VALUE,
           Spec::OpenCL12, "5.2.2",
           "CL_INVALID_VALUE if src_slice_pitch is not 0 and is less than region[1] * "
           "src_row_pitch or if src_slice_pitch is not 0 and is not a multiple of src_row_pitch.",
           V1_1, Still,
           CLVET_CHECK(EnqueueCopyBufferRect,
                       memory::slice_pitch_small_or_not_multiple(a.src_slice_pitch, a.src_row_pitch,
                                                                 a.region)))
CLVET_RULE(EnqueueCopyBufferRectDstSlicePitchInvalid, "clEnqueueCopyBufferRect", CL_INVALID_VALUE,
           Spec::OpenCL12, "5.2.2",
           "CL_INVALID_VALUE if dst_slice_pitch is not 0 and is less than region[1] * "
           "dst_row_pitch or if dst_slice_pitch is not 0 and is not a multiple of dst_row_pitch.",
           V1_1, Still,
           CLVET_CHECK(EnqueueCopyBufferRect,
                       memory::slice_pitch_small_or_not_multiple(a.dst_slice_pitch, a.dst_row_pitch,
                                                                 a.region)))
// 1.2 joins the two inequalities with "and"; 3.0 (next rule) makes each an error on its own.
CLVET_RULE(EnqueueCopyBufferRectSameBufferPitches, "clEnqueueCopyBufferRect", CL_INVALID_VALUE,
           Spec::OpenCL12, "5.2.2",
           "CL_INVALID_VALUE if src_buffer and dst_buffer are the same buffer object and "
           "src_slice_pitch is not equal to dst_slice_pitch and src_row_pitch is not equal to "
           "dst_row_pitch.",
           V1_1, Still,
           CLVET_CHECK(EnqueueCopyBufferRect, memory::same_buffer_pitches_differ(a, /*both=*/true)))
CLVET_RULE(EnqueueCopyBufferRectSameBufferPitchMismatch, "clEnqueueCopyBufferRect",
           CL_INVALID_VALUE, Spec::Api30, "5.2.2",
           "CL_INVALID_VALUE if src_buffer and dst_buffer are the same buffer object and "
           "src_row_pitch is not equal to dst_row_pitch; if src_buffer and dst_buffer are the same "
           "buffer object and src_slice_pitch is not equal to dst_slice_pitch.",
           V1_1, Still,
           CLVET_CHECK(EnqueueCopyBufferRect,
                       memory::same_buffer_pitches_differ(a, /*both=*/false)))
CLVET_RULE(EnqueueCopyBufferRectOverlap, "clEnqueueCopyBufferRect", CL_MEM_COPY_OVERLAP,
           Spec::OpenCL12, "5.2.2",
           "CL_MEM_COPY_OVERLAP if src_buffer and dst_buffer are the same buffer or sub-buffer "
           "object and the source and destination regions overlap or if src_buffer and dst_buffer "
           "are different sub-buffers of the same associated buffer object and they overlap. Refer "
           "to Appendix E for details on how to determine if source and destination regions "
           "overlap.",
           V1_1, Still, CLVET_CHECK(EnqueueCopyBufferRect, memory::copy_rects_overlap(w, a)))
CLVET_RULE(EnqueueCopyBufferRectMisalignedSrcSubBuffer, "clEnqueueCopyBufferRect",
           CL_MISALIGNED_SUB_BUFFER_OFFSET, Spec::OpenCL12, "5.2.2",
           "CL_MISALIGNED_SUB_BUFFER_OFFSET if src_buffer is a sub-buffer object and offset "
           "specified when the sub-buffer object is created is not aligned to "
           "CL_DEVICE_MEM_BASE_ADDR_ALIGN value for device associated with queue.",
           V1_1, Still,
           CLVET_CHECK(EnqueueCopyBufferRect,
                       memory::sub_buffer_misaligned(w, a.command_queue, a.src_buffer)))
CLVET_RULE(EnqueueCopyBufferRectMisalignedDstSubBuffer, "clEnqueueCopyBufferRect",
           CL_MISALIGNED_SUB_BUFFER_OFFSET, Spec::OpenCL12, "5.2.2",
           "CL_MISALIGNED_SUB_BUFFER_OFFSET if dst_buffer is a sub-buffer object and offset "
           "specified when the sub-buffer object is created is not aligned to "
           "CL_DEVICE_MEM_BASE_ADDR_ALIGN value for device associated with queue.",
           V1_1, Still,
           CLVET_CHECK(EnqueueCopyBufferRect,
                       memory::sub_buffer_misaligned(w, a.command_queue, a.dst_buffer)))
CLVET_RULE(EnqueueCopyBufferRectAllocationFailure, "clEnqueueCopyBufferRect",
           CL_MEM_OBJECT_ALLOCATION_FAILURE, Spec::OpenCL12, "5.2.2",
           "CL_MEM_OBJECT_ALLOCATION_FAILURE if there is a failure to allocate memory for data "
           "store associated with src_buffer or dst_buffer.",
           V1_1, Still, nullptr,
           "not raised by the reference device: data stores are allocated when the memory object "
           "is created")
CLVET_RULE(EnqueueCopyBufferRectOutOfResources, "clEnqueueCopyBufferRect", CL_OUT_OF_RESOURCES,
           Spec::OpenCL12, "5.2.2",
           "CL_OUT_OF_RESOURCES if there is a failure to allocate resources required by the OpenCL "
           "implementation on the device.",
           V1_1, Still, nullptr,
           "not raised by the reference device, whose device resources are host memory")
CLVET_RULE(EnqueueCopyBufferRectOutOfHostMemory, "clEnqueueCopyBufferRect", CL_OUT_OF_HOST_MEMORY,
           Spec::OpenCL12, "5.2.2",
           "CL_OUT_OF_HOST_MEMORY if there is a failure to allocate resources required by the "
           "OpenCL implementation on the host.",
           V1_1, Still, nullptr, "raised when allocating the command or its event fails")

// §5.2.3 clEnqueueFillBuffer (OpenCL 1.2)
CLVET_ROLE_RULE_WORDED(EnqueueFillBufferInvalidCommandQueue, EnqueueFillBuffer,
                       InvalidHostCommandQueue, Spec::OpenCL12, "5.2.3", V1_2,
                       "CL_INVALID_COMMAND_QUEUE if command_queue is not a valid command-queue.")
CLVET_RULE(EnqueueFillBufferInvalidMemObject, "clEnqueueFillBuffer", CL_INVALID_MEM_OBJECT,
           Spec::OpenCL12, "5.2.3", "CL_INVALID_MEM_OBJECT if buffer is not a valid buffer object.",
           V1_2, Still, CLVET_CHECK(EnqueueFillBuffer, !memory::is_buffer(w, a.buffer)))
CLVET_ROLE_RULE(EnqueueFillBufferInvalidWaitList, EnqueueFillBuffer, InvalidEventWaitList,
                Spec::OpenCL12, "5.2.3", V1_2)
CLVET_RULE(EnqueueFillBufferContextMismatch, "clEnqueueFillBuffer", CL_INVALID_CONTEXT,
           Spec::OpenCL12, "5.2.3",
           "CL_INVALID_CONTEXT if the context associated with command_queue and buffer are not the "
           "same or if the context associated with command_queue and events in event_wait_list are "
           "not the same.",
           V1_2, Still,
           CLVET_CHECK(EnqueueFillBuffer,
                       context_of(w, a.command_queue) != context_of(w, a.buffer)))
CLVET_ROLE_RULE_WORDED(EnqueueFillBufferWaitListContextMismatch, EnqueueFillBuffer,
                       WaitListContextDiffers, Spec::OpenCL12, "5.2.3", V1_2,
                       "CL_INVALID_CONTEXT if the context associated with command_queue and buffer "
                       "are not the same or if the context associated with command_queue and "
                       "events in event_wait_list are not the same.")
CLVET_RULE(EnqueueFillBufferOutOfBounds, "clEnqueueFillBuffer", CL_INVALID_VALUE, Spec::OpenCL12,
           "5.2.3",
           "CL_INVALID_VALUE if offset or offset + size require accessing elements outside the "
           "buffer buffer object respectively.",
           V1_2, Still,
           CLVET_CHECK(EnqueueFillBuffer,
                       memory::range_outside(a.offset, a.size, memory::mem_size(w, a.buffer))))
CLVET_RULE(EnqueueFillBufferInvalidPattern, "clEnqueueFillBuffer", CL_INVALID_VALUE, Spec::OpenCL12,
           "5.2.3",
           "CL_INVALID_VALUE if pattern is NULL or if pattern_size is 0 or if pattern_size is not "
           "one of {1, 2, 4, 8, 16, 32, 64, 128}.",
           V1_2, Still,
           CLVET_CHECK(EnqueueFillBuffer,
                       a.pattern == nullptr || !memory::fill_pattern_size_valid(a.pattern_size)))
CLVET_RULE(EnqueueFillBufferNotPatternMultiple, "clEnqueueFillBuffer", CL_INVALID_VALUE,
           Spec::OpenCL12, "5.2.3",
           "CL_INVALID_VALUE if offset and size are not a multiple of pattern_size.", V1_2, Still,
           CLVET_CHECK(EnqueueFillBuffer,
                       a.offset % a.pattern_size != 0 || a.size % a.pattern_size != 0))
CLVET_RULE(EnqueueFillBufferMisalignedSubBuffer, "clEnqueueFillBuffer",
           CL_MISALIGNED_SUB_BUFFER_OFFSET, Spec::OpenCL12, "5.2.3",
           "CL_MISALIGNED_SUB_BUFFER_OFFSET if buffer is a sub-buffer object and offset specified "
           "when the sub-buffer object is created is not aligned to CL_DEVICE_MEM_BASE_ADDR_ALIGN "
           "value for device associated with queue.",
           V1_2, Still,
           CLVET_CHECK(EnqueueFillBuffer,
                       memory::sub_buffer_misaligned(w, a.command_queue, a.buffer)))
CLVET_RULE(EnqueueFillBufferAllocationFailure, "clEnqueueFillBuffer",
           CL_MEM_OBJECT_ALLOCATION_FAILURE, Spec::OpenCL12, "5.2.3",
           "CL_MEM_OBJECT_ALLOCATION_FAILURE if there is a failure to allocate memory for data "
           "store associated with buffer.",
           V1_2, Still, nullptr,
           "not raised by the reference device: data stores are allocated when the memory object "
           "is created")
CLVET_RULE(EnqueueFillBufferOutOfResources, "clEnqueueFillBuffer", CL_OUT_OF_RESOURCES,
           Spec::OpenCL12, "5.2.3",
           "CL_OUT_OF_RESOURCES if there is a failure to allocate resources required by the OpenCL "
           "implementation on the device.",
           V1_2, Still, nullptr,
           "not raised by the reference device, whose device resources are host memory")
CLVET_RULE(EnqueueFillBufferOutOfHostMemory, "clEnqueueFillBuffer", CL_OUT_OF_HOST_MEMORY,
           Spec::OpenCL12, "5.2.3",
           "CL_OUT_OF_HOST_MEMORY if there is a failure to allocate resources required by the "
           "OpenCL implementation on the host.",
           V1_2, Still, nullptr, "raised when allocating the command or its event fails")

// §5.2.4 clEnqueueMapBuffer
CLVET_ROLE_RULE_WORDED(EnqueueMapBufferInvalidCommandQueue, EnqueueMapBuffer,
                       InvalidHostCommandQueue, Spec::OpenCL12, "5.2.4", V1_0,
                       "CL_INVALID_COMMAND_QUEUE if command_queue is not a valid command-queue.")
CLVET_RULE(EnqueueMapBufferInvalidMemObject, "clEnqueueMapBuffer", CL_INVALID_MEM_OBJECT,
           Spec::OpenCL12, "5.2.4", "CL_INVALID_MEM_OBJECT if buffer is not a valid buffer object.",
           V1_0, Still, CLVET_CHECK(EnqueueMapBuffer, !memory::is_buffer(w, a.buffer)))
CLVET_ROLE_RULE(EnqueueMapBufferInvalidWaitList, EnqueueMapBuffer, InvalidEventWaitList,
                Spec::OpenCL12, "5.2.4", V1_0)
CLVET_RULE(EnqueueMapBufferContextMismatch, "clEnqueueMapBuffer", CL_INVALID_CONTEXT,
           Spec::OpenCL12, "5.2.4",
           "CL_INVALID_CONTEXT if context associated with command_queue and buffer are not the "
           "same or if the context associated with command_queue and events in event_wait_list are "
           "not the same.",
           V1_0, Still,
           CLVET_CHECK(EnqueueMapBuffer, context_of(w, a.command_queue) != context_of(w, a.buffer)))
CLVET_ROLE_RULE_WORDED(
    EnqueueMapBufferWaitListContextMismatch, EnqueueMapBuffer, WaitListContextDiffers,
    Spec::OpenCL12, "5.2.4", V1_0,
    "CL_INVALID_CONTEXT if context associated with command_queue and buffer are not the same or if "
    "the context associated with command_queue and events in event_wait_list are not the same.")
CLVET_RULE(EnqueueMapBufferOutOfBounds, "clEnqueueMapBuffer", CL_INVALID_VALUE, Spec::OpenCL12,
           "5.2.4",
           "CL_INVALID_VALUE if region being mapped given by (offset, size) is out of bounds or if "
           "size is 0 or if values specified in map_flags are not valid.",
           V1_0, Still,
           CLVET_CHECK(EnqueueMapBuffer,
                       memory::range_outside(a.offset, a.size, memory::mem_size(w, a.buffer))))
CLVET_RULE(EnqueueMapBufferSizeZero, "clEnqueueMapBuffer", CL_INVALID_VALUE, Spec::OpenCL12,
           "5.2.4",
           "CL_INVALID_VALUE if region being mapped given by (offset, size) is out of bounds or if "
           "size is 0 or if values specified in map_flags are not valid.",
           V1_0, Still, CLVET_CHECK(EnqueueMapBuffer, a.size == 0))
CLVET_RULE(EnqueueMapBufferInvalidMapFlags, "clEnqueueMapBuffer", CL_INVALID_VALUE, Spec::OpenCL12,
           "5.2.4",
           "CL_INVALID_VALUE if region being mapped given by (offset, size) is out of bounds or if "
           "size is 0 or if values specified in map_flags are not valid.",
           V1_0, Still,
           CLVET_CHECK(EnqueueMapBuffer, memory::map_flags_invalid(a.map_flags, w.version())))
CLVET_RULE(EnqueueMapBufferMisalignedSubBuffer, "clEnqueueMapBuffer",
           CL_MISALIGNED_SUB_BUFFER_OFFSET, Spec::OpenCL12, "5.2.4",
           "CL_MISALIGNED_SUB_BUFFER_OFFSET if buffer is a sub-buffer object and offset specified "
           "when the sub-buffer object is created is not aligned to CL_DEVICE_MEM_BASE_ADDR_ALIGN "
           "value for device associated with queue.",
           V1_1, Still,
           CLVET_CHECK(EnqueueMapBuffer,
                       memory::sub_buffer_misaligned(w, a.command_queue, a.buffer)))
CLVET_RULE(EnqueueMapBufferHostAccess, "clEnqueueMapBuffer", CL_INVALID_OPERATION, Spec::OpenCL12,
           "5.2.4",
           "CL_INVALID_OPERATION if buffer has been created with CL_MEM_HOST_WRITE_ONLY or "
           "CL_MEM_HOST_NO_ACCESS and CL_MAP_READ is set in map_flags or if buffer has been "
           "created with CL_MEM_HOST_READ_ONLY or CL_MEM_HOST_NO_ACCESS and CL_MAP_WRITE or "
           "CL_MAP_WRITE_INVALIDATE_REGION is set in map_flags.",
           V1_2, Still,
           CLVET_CHECK(EnqueueMapBuffer,
                       memory::map_forbidden_by_host_access(memory::mem_flags(w, a.buffer),
                                                            a.map_flags)))
// OpenCL 2.0 repeats this in clEnqueueMapBuffer's error list ("if mapping would lead to
// overlapping regions being mapped for writing"). Only the buffer knows its live mappings.
CLVET_RULE(EnqueueMapBufferOverlappingWriteMap, "clEnqueueMapBuffer", CL_INVALID_OPERATION,
           Spec::OpenCL12, "5.4.3",
           "Mapping (and unmapping) overlapped regions in a memory object and/or associated memory "
           "objects (sub-buffer objects or 1D image buffer objects that overlap this region) for "
           "writing is an error and will result in CL_INVALID_OPERATION error returned by "
           "clEnqueueMapBuffer, or clEnqueueMapImage.",
           V1_2, Still, nullptr,
           "raised when the region overlaps a live mapping of the buffer, its parent or a sibling "
           "sub-buffer and either mapping is for writing")
CLVET_RULE(EnqueueMapBufferMapFailure, "clEnqueueMapBuffer", CL_MAP_FAILURE, Spec::OpenCL12,
           "5.2.4",
           "CL_MAP_FAILURE if there is a failure to map the requested region into the host address "
           "space. This error cannot occur for buffer objects created with CL_MEM_USE_HOST_PTR or "
           "CL_MEM_ALLOC_HOST_PTR.",
           V1_0, Still, nullptr,
           "not raised by the reference device: every data store is host memory")
CLVET_RULE(EnqueueMapBufferBlockingWaitListFailed, "clEnqueueMapBuffer",
           CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST, Spec::OpenCL12, "5.2.4",
           "CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST if the map operation is blocking and the "
           "execution status of any of the events in event_wait_list is a negative integer value.",
           V1_1, Still, nullptr,
           "raised when blocking_map is CL_TRUE and an event of the wait list ended with an error")
CLVET_RULE(EnqueueMapBufferAllocationFailure, "clEnqueueMapBuffer",
           CL_MEM_OBJECT_ALLOCATION_FAILURE, Spec::OpenCL12, "5.2.4",
           "CL_MEM_OBJECT_ALLOCATION_FAILURE if there is a failure to allocate memory for data "
           "store associated with buffer.",
           V1_0, Still, nullptr,
           "not raised by the reference device: data stores are allocated when the memory object "
           "is created")
CLVET_RULE(EnqueueMapBufferOutOfResources, "clEnqueueMapBuffer", CL_OUT_OF_RESOURCES,
           Spec::OpenCL12, "5.2.4",
           "CL_OUT_OF_RESOURCES if there is a failure to allocate resources required by the OpenCL "
           "implementation on the device.",
           V1_0, Still, nullptr,
           "not raised by the reference device, whose device resources are host memory")
CLVET_RULE(EnqueueMapBufferOutOfHostMemory, "clEnqueueMapBuffer", CL_OUT_OF_HOST_MEMORY,
           Spec::OpenCL12, "5.2.4",
           "CL_OUT_OF_HOST_MEMORY if there is a failure to allocate resources required by the "
           "OpenCL implementation on the host.",
           V1_0, Still, nullptr, "raised when allocating the command or its event fails")

// §5.4.2 clEnqueueUnmapMemObject
CLVET_ROLE_RULE_WORDED(EnqueueUnmapMemObjectInvalidCommandQueue, EnqueueUnmapMemObject,
                       InvalidHostCommandQueue, Spec::OpenCL12, "5.4.2", V1_0,
                       "CL_INVALID_COMMAND_QUEUE if command_queue is not a valid command-queue.")
CLVET_RULE(EnqueueUnmapMemObjectInvalidMemObject, "clEnqueueUnmapMemObject", CL_INVALID_MEM_OBJECT,
           Spec::OpenCL12, "5.4.2", "CL_INVALID_MEM_OBJECT if memobj is not a valid memory object.",
           V1_0, Still, CLVET_CHECK(EnqueueUnmapMemObject, !valid(w, a.memobj)))
CLVET_ROLE_RULE(EnqueueUnmapMemObjectInvalidWaitList, EnqueueUnmapMemObject, InvalidEventWaitList,
                Spec::OpenCL12, "5.4.2", V1_0)
CLVET_RULE(EnqueueUnmapMemObjectContextMismatch, "clEnqueueUnmapMemObject", CL_INVALID_CONTEXT,
           Spec::OpenCL12, "5.4.2",
           "CL_INVALID_CONTEXT if context associated with command_queue and memobj are not the "
           "same or if the context associated with command_queue and events in event_wait_list are "
           "not the same.",
           V1_0, Still,
           CLVET_CHECK(EnqueueUnmapMemObject,
                       context_of(w, a.command_queue) != context_of(w, a.memobj)))
CLVET_ROLE_RULE_WORDED(
    EnqueueUnmapMemObjectWaitListContextMismatch, EnqueueUnmapMemObject, WaitListContextDiffers,
    Spec::OpenCL12, "5.4.2", V1_0,
    "CL_INVALID_CONTEXT if context associated with command_queue and memobj are not the same or if "
    "the context associated with command_queue and events in event_wait_list are not the same.")
CLVET_RULE(EnqueueUnmapMemObjectPipe, "clEnqueueUnmapMemObject", CL_INVALID_MEM_OBJECT,
           Spec::Runtime22, "5.5.2",
           "CL_INVALID_MEM_OBJECT if memobj is not a valid memory object or is a pipe object.",
           V2_0, Still,
           CLVET_CHECK(EnqueueUnmapMemObject,
                       get<cl_mem_object_type>(w, InfoQuery::Mem, a.memobj, CL_MEM_TYPE) ==
                           CL_MEM_OBJECT_PIPE))
CLVET_RULE(EnqueueUnmapMemObjectInvalidMappedPtr, "clEnqueueUnmapMemObject", CL_INVALID_VALUE,
           Spec::OpenCL12, "5.4.2",
           "CL_INVALID_VALUE if mapped_ptr is not a valid pointer returned by clEnqueueMapBuffer, "
           "or clEnqueueMapImage for memobj.",
           V1_0, Still, nullptr,
           "raised when mapped_ptr is not the pointer of a live mapping of memobj (only the object "
           "knows its mappings)")
CLVET_RULE(EnqueueUnmapMemObjectOutOfResources, "clEnqueueUnmapMemObject", CL_OUT_OF_RESOURCES,
           Spec::OpenCL12, "5.4.2",
           "CL_OUT_OF_RESOURCES if there is a failure to allocate resources required by the OpenCL "
           "implementation on the device.",
           V1_0, Still, nullptr,
           "not raised by the reference device, whose device resources are host memory")
CLVET_RULE(EnqueueUnmapMemObjectOutOfHostMemory, "clEnqueueUnmapMemObject", CL_OUT_OF_HOST_MEMORY,
           Spec::OpenCL12, "5.4.2",
           "CL_OUT_OF_HOST_MEMORY if there is a failure to allocate resources required by the "
           "OpenCL implementation on the host.",
           V1_0, Still, nullptr, "raised when allocating the command or its event fails")

// §5.4.4 clEnqueueMigrateMemObjects (OpenCL 1.2)
CLVET_ROLE_RULE_WORDED(EnqueueMigrateMemObjectsInvalidCommandQueue, EnqueueMigrateMemObjects,
                       InvalidHostCommandQueue, Spec::OpenCL12, "5.4.4", V1_2,
                       "CL_INVALID_COMMAND_QUEUE if command_queue is not a valid command-queue.")
CLVET_RULE(EnqueueMigrateMemObjectsInvalidMemObject, "clEnqueueMigrateMemObjects",
           CL_INVALID_MEM_OBJECT, Spec::OpenCL12, "5.4.4",
           "CL_INVALID_MEM_OBJECT if any of the memory objects in mem_objects is not a valid "
           "memory object.",
           V1_2, Still,
           CLVET_CHECK(EnqueueMigrateMemObjects,
                       memory::any_mem_invalid(w, a.num_mem_objects, a.mem_objects)))
CLVET_ROLE_RULE(EnqueueMigrateMemObjectsInvalidWaitList, EnqueueMigrateMemObjects,
                InvalidEventWaitList, Spec::OpenCL12, "5.4.4", V1_2)
CLVET_RULE(EnqueueMigrateMemObjectsContextMismatch, "clEnqueueMigrateMemObjects",
           CL_INVALID_CONTEXT, Spec::OpenCL12, "5.4.4",
           "CL_INVALID_CONTEXT if the context associated with command_queue and memory objects in "
           "mem_objects are not the same or if the context associated with command_queue and "
           "events in event_wait_list are not the same.",
           V1_2, Still,
           CLVET_CHECK(EnqueueMigrateMemObjects,
                       memory::any_mem_in_other_context(w, a.command_queue, a.num_mem_objects,
                                                        a.mem_objects)))
CLVET_ROLE_RULE_WORDED(EnqueueMigrateMemObjectsWaitListContextMismatch, EnqueueMigrateMemObjects,
                       WaitListContextDiffers, Spec::OpenCL12, "5.4.4", V1_2,
                       "CL_INVALID_CONTEXT if the context associated with command_queue and memory "
                       "objects in mem_objects are not the same or if the context associated with "
                       "command_queue and events in event_wait_list are not the same.")
CLVET_RULE(EnqueueMigrateMemObjectsNoMemObjects, "clEnqueueMigrateMemObjects", CL_INVALID_VALUE,
           Spec::OpenCL12, "5.4.4",
           "CL_INVALID_VALUE if num_mem_objects is zero or if mem_objects is NULL.", V1_2, Still,
           CLVET_CHECK(EnqueueMigrateMemObjects,
                       a.num_mem_objects == 0 || a.mem_objects == nullptr))
CLVET_RULE(EnqueueMigrateMemObjectsInvalidFlags, "clEnqueueMigrateMemObjects", CL_INVALID_VALUE,
           Spec::OpenCL12, "5.4.4",
           "CL_INVALID_VALUE if flags is not 0 or is not any of the values described in the table "
           "above.",
           V1_2, Still,
           CLVET_CHECK(EnqueueMigrateMemObjects,
                       (a.flags &
                        ~cl_mem_migration_flags{CL_MIGRATE_MEM_OBJECT_HOST |
                                                CL_MIGRATE_MEM_OBJECT_CONTENT_UNDEFINED}) != 0))
CLVET_RULE(EnqueueMigrateMemObjectsAllocationFailure, "clEnqueueMigrateMemObjects",
           CL_MEM_OBJECT_ALLOCATION_FAILURE, Spec::OpenCL12, "5.4.4",
           "CL_MEM_OBJECT_ALLOCATION_FAILURE if there is a failure to allocate memory for the "
           "specified set of memory objects in mem_objects.",
           V1_2, Still, nullptr,
           "not raised by the reference device: data stores are allocated when the memory object "
           "is created")
CLVET_RULE(EnqueueMigrateMemObjectsOutOfResources, "clEnqueueMigrateMemObjects",
           CL_OUT_OF_RESOURCES, Spec::OpenCL12, "5.4.4",
           "CL_OUT_OF_RESOURCES if there is a failure to allocate resources required by the OpenCL "
           "implementation on the device.",
           V1_2, Still, nullptr,
           "not raised by the reference device, whose device resources are host memory")
CLVET_RULE(EnqueueMigrateMemObjectsOutOfHostMemory, "clEnqueueMigrateMemObjects",
           CL_OUT_OF_HOST_MEMORY, Spec::OpenCL12, "5.4.4",
           "CL_OUT_OF_HOST_MEMORY if there is a failure to allocate resources required by the "
           "OpenCL implementation on the host.",
           V1_2, Still, nullptr, "raised when allocating the command or its event fails")
