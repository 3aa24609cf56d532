// Memory commands (§5.2.2-5.2.4, §5.4.2, §5.4.4): read, write, copy (linear and rectangular),
// fill, map, unmap and migrate. Each validates its handles, then queues a command whose work
// runs on the queue's thread; blocking calls wait for it.
#include <array>
#include <cstdint>
#include <cstring>
#include <new>
#include <vector>

#include "clvet/rules/memory_objects.h"
#include "clvet/rules/rule_ids.gen.h"
#include "device_impl.gen.h"
#include "enqueue.h"
#include "memory.h"
#include "svm.h"

namespace clvet::device::impl {
namespace {

using rules::memory::RectPitches;

// Copies `region` (bytes, rows, slices) between two memories, each with its own origin and
// pitches. memmove: a buffer may be copied to its own sub-buffer, which the copy-overlap rule
// does not forbid.
void copy_rect(std::byte* dst, const Triple& dst_origin, RectPitches dp, const std::byte* src,
               const Triple& src_origin, RectPitches sp, const Triple& region) {
  for (std::size_t z = 0; z < region[2]; ++z) {
    for (std::size_t y = 0; y < region[1]; ++y) {
      const std::size_t s =
          (src_origin[2] + z) * sp.slice + (src_origin[1] + y) * sp.row + src_origin[0];
      const std::size_t d =
          (dst_origin[2] + z) * dp.slice + (dst_origin[1] + y) * dp.row + dst_origin[0];
      std::memmove(dst + d, src + s, region[0]);
    }
  }
}

// Calls row(offset) with the first byte of each row of `region` (bytes, rows, slices) at
// `origin` under pitches `p`: the rows a rectangular command touches.
template <class Row>
void for_each_row(const Triple& origin, RectPitches p, const Triple& region, Row row) {
  for (std::size_t z = 0; z < region[2]; ++z)
    for (std::size_t y = 0; y < region[1]; ++y)
      row((origin[2] + z) * p.slice + (origin[1] + y) * p.row + origin[0]);
}

}  // namespace

Status EnqueueReadBuffer(const args::EnqueueReadBuffer& a) {
  Ref<Queue> queue = lookup<Queue>(a.command_queue);
  if (!queue) return fail(rule::EnqueueReadBufferInvalidCommandQueue);
  Ref<Mem> mem = lookup<Mem>(a.buffer);
  if (!mem) return fail(rule::EnqueueReadBufferInvalidMemObject);
  return with_host_memory(rule::EnqueueReadBufferOutOfHostMemory, [&] {
    return submit(*queue, CL_COMMAND_READ_BUFFER, a.num_events_in_wait_list, a.event_wait_list,
                  a.event, a.blocking_read,
                  holding({mem},
                          [m = mem.get(), offset = a.offset, size = a.size, ptr = a.ptr] {
                            if (size) std::memcpy(ptr, m->data() + offset, size);
                            // Into a coarse-grain SVM allocation: its bytes are the buffer's,
                            // written where the buffer's were.
                            const std::uint8_t* marks = m->written_marks();
                            SvmAllocations::instance().receive_marks(
                                ptr, marks ? marks + offset : nullptr, size);
                            return CL_SUCCESS;
                          }),
                  &rule::EnqueueReadBufferBlockingWaitListFailed);
  });
}

Status EnqueueWriteBuffer(const args::EnqueueWriteBuffer& a) {
  Ref<Queue> queue = lookup<Queue>(a.command_queue);
  if (!queue) return fail(rule::EnqueueWriteBufferInvalidCommandQueue);
  Ref<Mem> mem = lookup<Mem>(a.buffer);
  if (!mem) return fail(rule::EnqueueWriteBufferInvalidMemObject);
  // Non-blocking: the spec lets the command read ptr when it runs, not when it is queued.
  return with_host_memory(rule::EnqueueWriteBufferOutOfHostMemory, [&] {
    return submit(*queue, CL_COMMAND_WRITE_BUFFER, a.num_events_in_wait_list, a.event_wait_list,
                  a.event, a.blocking_write,
                  holding({mem},
                          [m = mem.get(), offset = a.offset, size = a.size, ptr = a.ptr] {
                            if (size) std::memcpy(m->data() + offset, ptr, size);
                            m->mark_written(offset, size);
                            return CL_SUCCESS;
                          }),
                  &rule::EnqueueWriteBufferBlockingWaitListFailed);
  });
}

Status EnqueueReadBufferRect(const args::EnqueueReadBufferRect& a) {
  Ref<Queue> queue = lookup<Queue>(a.command_queue);
  if (!queue) return fail(rule::EnqueueReadBufferRectInvalidCommandQueue);
  Ref<Mem> mem = lookup<Mem>(a.buffer);
  if (!mem) return fail(rule::EnqueueReadBufferRectInvalidMemObject);
  const RectPitches bp =
      rules::memory::effective_pitches(a.region, a.buffer_row_pitch, a.buffer_slice_pitch);
  const RectPitches hp =
      rules::memory::effective_pitches(a.region, a.host_row_pitch, a.host_slice_pitch);
  return with_host_memory(rule::EnqueueReadBufferRectOutOfHostMemory, [&] {
    return submit(*queue, CL_COMMAND_READ_BUFFER_RECT, a.num_events_in_wait_list, a.event_wait_list,
                  a.event, a.blocking_read,
                  holding({mem},
                          [m = mem.get(), bo = triple(a.buffer_origin), ho = triple(a.host_origin),
                           region = triple(a.region), bp, hp, ptr = a.ptr] {
                            copy_rect(static_cast<std::byte*>(ptr), ho, hp, m->data(), bo, bp,
                                      region);
                            // Into a coarse-grain SVM allocation: each row's bytes are the
                            // buffer row's, written where the buffer's were.
                            const std::uint8_t* marks = m->written_marks();
                            for (std::size_t z = 0; z < region[2]; ++z)
                              for (std::size_t y = 0; y < region[1]; ++y) {
                                const std::size_t s =
                                    (bo[2] + z) * bp.slice + (bo[1] + y) * bp.row + bo[0];
                                const std::size_t d =
                                    (ho[2] + z) * hp.slice + (ho[1] + y) * hp.row + ho[0];
                                SvmAllocations::instance().receive_marks(
                                    static_cast<std::byte*>(ptr) + d, marks ? marks + s : nullptr,
                                    region[0]);
                              }
                            return CL_SUCCESS;
                          }),
                  &rule::EnqueueReadBufferRectBlockingWaitListFailed);
  });
}

Status EnqueueWriteBufferRect(const args::EnqueueWriteBufferRect& a) {
  Ref<Queue> queue = lookup<Queue>(a.command_queue);
  if (!queue) return fail(rule::EnqueueWriteBufferRectInvalidCommandQueue);
  Ref<Mem> mem = lookup<Mem>(a.buffer);
  if (!mem) return fail(rule::EnqueueWriteBufferRectInvalidMemObject);
  const RectPitches bp =
      rules::memory::effective_pitches(a.region, a.buffer_row_pitch, a.buffer_slice_pitch);
  const RectPitches hp =
      rules::memory::effective_pitches(a.region, a.host_row_pitch, a.host_slice_pitch);
  return with_host_memory(rule::EnqueueWriteBufferRectOutOfHostMemory, [&] {
    return submit(*queue, CL_COMMAND_WRITE_BUFFER_RECT, a.num_events_in_wait_list,
                  a.event_wait_list, a.event, a.blocking_write,
                  holding({mem},
                          [m = mem.get(), bo = triple(a.buffer_origin), ho = triple(a.host_origin),
                           region = triple(a.region), bp, hp, ptr = a.ptr] {
                            copy_rect(m->data(), bo, bp, static_cast<const std::byte*>(ptr), ho, hp,
                                      region);
                            for_each_row(bo, bp, region, [&](std::size_t row) {
                              m->mark_written(row, region[0]);
                            });
                            return CL_SUCCESS;
                          }),
                  &rule::EnqueueWriteBufferRectBlockingWaitListFailed);
  });
}

Status EnqueueCopyBuffer(const args::EnqueueCopyBuffer& a) {
  Ref<Queue> queue = lookup<Queue>(a.command_queue);
  if (!queue) return fail(rule::EnqueueCopyBufferInvalidCommandQueue);
  Ref<Mem> src = lookup<Mem>(a.src_buffer);
  Ref<Mem> dst = lookup<Mem>(a.dst_buffer);
  if (!src || !dst) return fail(rule::EnqueueCopyBufferInvalidMemObject);
  return with_host_memory(rule::EnqueueCopyBufferOutOfHostMemory, [&] {
    return submit(*queue, CL_COMMAND_COPY_BUFFER, a.num_events_in_wait_list, a.event_wait_list,
                  a.event, false,
                  holding({src, dst}, [sm = src.get(), dm = dst.get(), s = a.src_offset,
                                       d = a.dst_offset, size = a.size] {
                    // memmove: a buffer and its own sub-buffer may overlap legitimately.
                    if (size) std::memmove(dm->data() + d, sm->data() + s, size);
                    dm->copy_marks(*sm, s, d, size);  // unwritten bytes stay unwritten
                    return CL_SUCCESS;
                  }));
  });
}

Status EnqueueCopyBufferRect(const args::EnqueueCopyBufferRect& a) {
  Ref<Queue> queue = lookup<Queue>(a.command_queue);
  if (!queue) return fail(rule::EnqueueCopyBufferRectInvalidCommandQueue);
  Ref<Mem> src = lookup<Mem>(a.src_buffer);
  Ref<Mem> dst = lookup<Mem>(a.dst_buffer);
  if (!src || !dst) return fail(rule::EnqueueCopyBufferRectInvalidMemObject);
  const RectPitches sp =
      rules::memory::effective_pitches(a.region, a.src_row_pitch, a.src_slice_pitch);
  const RectPitches dp =
      rules::memory::effective_pitches(a.region, a.dst_row_pitch, a.dst_slice_pitch);
  return with_host_memory(rule::EnqueueCopyBufferRectOutOfHostMemory, [&] {
    return submit(
        *queue, CL_COMMAND_COPY_BUFFER_RECT, a.num_events_in_wait_list, a.event_wait_list, a.event,
        false,
        holding({src, dst}, [sm = src.get(), dm = dst.get(), so = triple(a.src_origin),
                             doff = triple(a.dst_origin), region = triple(a.region), sp, dp] {
          copy_rect(dm->data(), doff, dp, sm->data(), so, sp, region);
          // Row by row, pairing the source's rows with the destination's in order.
          std::vector<std::size_t> from;
          for_each_row(so, sp, region, [&](std::size_t row) { from.push_back(row); });
          std::size_t next = 0;
          for_each_row(doff, dp, region, [&](std::size_t row) {
            dm->copy_marks(*sm, from[next++], row, region[0]);
          });
          return CL_SUCCESS;
        }));
  });
}

Status EnqueueFillBuffer(const args::EnqueueFillBuffer& a) {
  Ref<Queue> queue = lookup<Queue>(a.command_queue);
  if (!queue) return fail(rule::EnqueueFillBufferInvalidCommandQueue);
  Ref<Mem> mem = lookup<Mem>(a.buffer);
  if (!mem) return fail(rule::EnqueueFillBufferInvalidMemObject);
  return with_host_memory(rule::EnqueueFillBufferOutOfHostMemory, [&] {
    // §5.2.3: the pattern may be freed once the call returns.
    const auto* bytes = static_cast<const std::byte*>(a.pattern);
    std::vector<std::byte> pattern(bytes, bytes + a.pattern_size);
    return submit(*queue, CL_COMMAND_FILL_BUFFER, a.num_events_in_wait_list, a.event_wait_list,
                  a.event, false,
                  holding({mem}, [m = mem.get(), pattern = std::move(pattern), offset = a.offset,
                                  size = a.size] {
                    std::byte* out = m->data() + offset;
                    for (std::size_t done = 0; done < size; done += pattern.size())
                      std::memcpy(out + done, pattern.data(), pattern.size());
                    m->mark_written(offset, size);
                    return CL_SUCCESS;
                  }));
  });
}

Result<void*> EnqueueMapBuffer(const args::EnqueueMapBuffer& a) {
  Ref<Queue> queue = lookup<Queue>(a.command_queue);
  if (!queue) return fail(rule::EnqueueMapBufferInvalidCommandQueue);
  Ref<Mem> mem = lookup<Mem>(a.buffer);
  if (!mem) return fail(rule::EnqueueMapBufferInvalidMemObject);
  // Every data store is host memory, so the mapped region is the store itself (for
  // CL_MEM_USE_HOST_PTR, host_ptr + offset as §5.2.4 requires) and always holds the latest bits.
  void* pointer = mem->data() + a.offset;
  const bool for_writing = rules::memory::map_is_for_writing(a.map_flags);
  if (!mem->add_mapping(pointer, a.offset, a.size, for_writing))
    return fail(rule::EnqueueMapBufferOverlappingWriteMap,
                "the region overlaps a live mapping of the same data store, and one of the two "
                "maps it for writing");
  Status status = with_host_memory(rule::EnqueueMapBufferOutOfHostMemory, [&] {
    return submit(*queue, CL_COMMAND_MAP_BUFFER, a.num_events_in_wait_list, a.event_wait_list,
                  a.event, a.blocking_map, holding({mem}, [] { return CL_SUCCESS; }),
                  &rule::EnqueueMapBufferBlockingWaitListFailed);
  });
  if (!status) {
    mem->remove_mapping(pointer);  // the application never receives the pointer
    return status.error();
  }
  return pointer;
}

Status EnqueueUnmapMemObject(const args::EnqueueUnmapMemObject& a) {
  Ref<Queue> queue = lookup<Queue>(a.command_queue);
  if (!queue) return fail(rule::EnqueueUnmapMemObjectInvalidCommandQueue);
  Ref<Mem> mem = lookup<Mem>(a.memobj);
  if (!mem) return fail(rule::EnqueueUnmapMemObjectInvalidMemObject);
  // The mapping ends now, so the map count drops at once (§5.4.2) and a following map of the
  // region is not refused; the command still orders the unmap in the queue.
  Mapping mapping{};
  if (!mem->remove_mapping(a.mapped_ptr, &mapping))
    return fail(rule::EnqueueUnmapMemObjectInvalidMappedPtr,
                "mapped_ptr is not the pointer of a live mapping of memobj");
  // A mapping for writing may have written any byte of its region (§5.4.2): at the unmap the
  // region counts as written.
  const bool wrote = mapping.for_writing;
  const std::size_t offset = mapping.offset - mem->offset(), size = mapping.size;
  return with_host_memory(rule::EnqueueUnmapMemObjectOutOfHostMemory, [&] {
    return submit(*queue, CL_COMMAND_UNMAP_MEM_OBJECT, a.num_events_in_wait_list, a.event_wait_list,
                  a.event, false, holding({mem}, [m = mem.get(), wrote, offset, size] {
                    if (wrote) m->mark_written(offset, size);
                    return CL_SUCCESS;
                  }));
  });
}

Status EnqueueMigrateMemObjects(const args::EnqueueMigrateMemObjects& a) {
  Ref<Queue> queue = lookup<Queue>(a.command_queue);
  if (!queue) return fail(rule::EnqueueMigrateMemObjectsInvalidCommandQueue);
  return with_host_memory(rule::EnqueueMigrateMemObjectsOutOfHostMemory, [&]() -> Status {
    // One device whose memory is host memory: migration moves nothing, but the command keeps
    // the objects alive and takes its place in the queue's order.
    std::vector<Ref<Mem>> objects;
    for (cl_uint i = 0; i < a.num_mem_objects; ++i) {
      Ref<Mem> mem = lookup<Mem>(a.mem_objects[i]);
      if (!mem) return fail(rule::EnqueueMigrateMemObjectsInvalidMemObject);
      objects.push_back(std::move(mem));
    }
    return submit(*queue, CL_COMMAND_MIGRATE_MEM_OBJECTS, a.num_events_in_wait_list,
                  a.event_wait_list, a.event, false,
                  holding(std::move(objects), [] { return CL_SUCCESS; }));
  });
}

}  // namespace clvet::device::impl
