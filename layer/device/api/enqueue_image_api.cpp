// Image commands (OpenCL 1.2 §5.3.3-5.3.6): read, write, copy, fill, copies between images
// and buffers, and map. The rules checked the origins, regions and formats; each command copies
// rows of texels on the queue's thread and keeps the unwritten-byte marks as buffers do.
#include <array>
#include <cstring>
#include <new>
#include <vector>

#include "clvet/interp/image.h"
#include "clvet/rules/memory_objects.h"
#include "clvet/rules/rule_ids.gen.h"
#include "device_impl.gen.h"
#include "enqueue.h"
#include "image.h"

namespace clvet::device::impl {
namespace {

// The image behind a handle the rules found valid (it may have been released since).
Ref<Image> image_of(cl_mem handle) {
  Ref<Mem> mem = lookup<Mem>(handle);
  return Ref<Image>(dynamic_cast<Image*>(mem.get()));
}

// Host pitches of a read or write (§5.3.3): 0 means packed, a slice (or a 1D array's layer)
// row pitch * rows.
struct HostPitches {
  std::size_t row, slice;
};
HostPitches host_pitches(const Image& image, const Triple& region, std::size_t row,
                         std::size_t slice) {
  if (row == 0) row = region[0] * image.element_size();
  if (slice == 0)
    slice = image.desc().image_type == CL_MEM_OBJECT_IMAGE1D_ARRAY ? row : row * region[1];
  return {row, slice};
}

}  // namespace

Status EnqueueReadImage(const args::EnqueueReadImage& a) {
  Ref<Queue> queue = lookup<Queue>(a.command_queue);
  if (!queue) return fail(rule::EnqueueReadImageInvalidQueue);
  Ref<Image> image = image_of(a.image);
  if (!image) return fail(rule::EnqueueReadImageInvalidImage);
  const Triple origin = triple(a.origin), region = triple(a.region);
  const HostPitches host = host_pitches(*image, region, a.row_pitch, a.slice_pitch);
  return with_host_memory(rule::EnqueueReadImageOutOfHostMemory, [&] {
    return submit(*queue, CL_COMMAND_READ_IMAGE, a.num_events_in_wait_list, a.event_wait_list,
                  a.event, a.blocking_read,
                  holding({image}, [i = image.get(), origin, region, host, ptr = a.ptr] {
                    const std::size_t bytes = region[0] * i->element_size();
                    i->for_each_row(origin, region, host.row, host.slice,
                                    [&](std::size_t at, std::size_t host_at) {
                                      std::memcpy(static_cast<std::byte*>(ptr) + host_at,
                                                  i->data() + at, bytes);
                                    });
                    return CL_SUCCESS;
                  }),
                  &rule::EnqueueReadImageBlockingWaitListFailed);
  });
}

Status EnqueueWriteImage(const args::EnqueueWriteImage& a) {
  Ref<Queue> queue = lookup<Queue>(a.command_queue);
  if (!queue) return fail(rule::EnqueueWriteImageInvalidQueue);
  Ref<Image> image = image_of(a.image);
  if (!image) return fail(rule::EnqueueWriteImageInvalidImage);
  const Triple origin = triple(a.origin), region = triple(a.region);
  const HostPitches host = host_pitches(*image, region, a.input_row_pitch, a.input_slice_pitch);
  return with_host_memory(rule::EnqueueWriteImageOutOfHostMemory, [&] {
    return submit(*queue, CL_COMMAND_WRITE_IMAGE, a.num_events_in_wait_list, a.event_wait_list,
                  a.event, a.blocking_write,
                  holding({image}, [i = image.get(), origin, region, host, ptr = a.ptr] {
                    const std::size_t bytes = region[0] * i->element_size();
                    i->for_each_row(origin, region, host.row, host.slice,
                                    [&](std::size_t at, std::size_t host_at) {
                                      std::memcpy(i->data() + at,
                                                  static_cast<const std::byte*>(ptr) + host_at,
                                                  bytes);
                                      i->mark_written(at, bytes);
                                    });
                    return CL_SUCCESS;
                  }),
                  &rule::EnqueueWriteImageBlockingWaitListFailed);
  });
}

Status EnqueueCopyImage(const args::EnqueueCopyImage& a) {
  Ref<Queue> queue = lookup<Queue>(a.command_queue);
  if (!queue) return fail(rule::EnqueueCopyImageInvalidQueue);
  Ref<Image> src = image_of(a.src_image), dst = image_of(a.dst_image);
  if (!src || !dst) return fail(rule::EnqueueCopyImageInvalidImage);
  const Triple so = triple(a.src_origin), d_o = triple(a.dst_origin), region = triple(a.region);
  return with_host_memory(rule::EnqueueCopyImageOutOfHostMemory, [&] {
    return submit(*queue, CL_COMMAND_COPY_IMAGE, a.num_events_in_wait_list, a.event_wait_list,
                  a.event, false,
                  holding({src, dst}, [s = src.get(), d = dst.get(), so, d_o, region] {
                    // Rows pair up in order; a 1D array's layers are its rows. Copying between
                    // a 1D array and a 2D image pairs layers with rows the same way.
                    std::vector<std::size_t> from;
                    s->for_each_row(so, region, 0, 0,
                                    [&](std::size_t at, std::size_t) { from.push_back(at); });
                    const std::size_t bytes = region[0] * s->element_size();
                    std::size_t next = 0;
                    d->for_each_row(d_o, region, 0, 0, [&](std::size_t at, std::size_t) {
                      std::memmove(d->data() + at, s->data() + from[next], bytes);
                      d->copy_marks(*s, from[next], at, bytes);
                      ++next;
                    });
                    return CL_SUCCESS;
                  }));
  });
}

Status EnqueueFillImage(const args::EnqueueFillImage& a) {
  Ref<Queue> queue = lookup<Queue>(a.command_queue);
  if (!queue) return fail(rule::EnqueueFillImageInvalidQueue);
  Ref<Image> image = image_of(a.image);
  if (!image) return fail(rule::EnqueueFillImageInvalidImage);
  // §5.3.4: fill_color is a float4, int4 or uint4 by the channel data type (2.2 §5.3.4: "a
  // single floating point value if the channel order is CL_DEPTH"), converted as a
  // write_image* would; the texel is made now, since the colour may be freed on return.
  interp::Color color{};
  const bool depth = image->format().image_channel_order == CL_DEPTH;
  std::memcpy(&color, a.fill_color, depth ? sizeof(float) : sizeof color);
  std::vector<std::byte> texel(image->element_size());
  interp::write_texel(image->descriptor(), color, texel.data());
  const Triple origin = triple(a.origin), region = triple(a.region);
  return with_host_memory(rule::EnqueueFillImageOutOfHostMemory, [&] {
    return submit(*queue, CL_COMMAND_FILL_IMAGE, a.num_events_in_wait_list, a.event_wait_list,
                  a.event, false,
                  holding({image}, [i = image.get(), texel = std::move(texel), origin, region] {
                    const std::size_t es = texel.size();
                    i->for_each_row(origin, region, 0, 0, [&](std::size_t at, std::size_t) {
                      for (std::size_t x = 0; x < region[0]; ++x)
                        std::memcpy(i->data() + at + x * es, texel.data(), es);
                      i->mark_written(at, region[0] * es);
                    });
                    return CL_SUCCESS;
                  }));
  });
}

Status EnqueueCopyImageToBuffer(const args::EnqueueCopyImageToBuffer& a) {
  Ref<Queue> queue = lookup<Queue>(a.command_queue);
  if (!queue) return fail(rule::EnqueueCopyImageToBufferInvalidQueue);
  Ref<Image> src = image_of(a.src_image);
  Ref<Mem> dst = lookup<Mem>(a.dst_buffer);
  if (!src || !dst) return fail(rule::EnqueueCopyImageToBufferInvalidMem);
  const Triple origin = triple(a.src_origin), region = triple(a.region);
  // §5.3.5: the buffer's bytes are the region packed: rows of region[0] texels, then slices.
  const HostPitches packed = host_pitches(*src, region, 0, 0);
  return with_host_memory(rule::EnqueueCopyImageToBufferOutOfHostMemory, [&] {
    return submit(*queue, CL_COMMAND_COPY_IMAGE_TO_BUFFER, a.num_events_in_wait_list,
                  a.event_wait_list, a.event, false,
                  holding({src, dst}, [s = src.get(), d = dst.get(), origin, region, packed,
                                       offset = a.dst_offset] {
                    const std::size_t bytes = region[0] * s->element_size();
                    s->for_each_row(origin, region, packed.row, packed.slice,
                                    [&](std::size_t at, std::size_t host_at) {
                                      std::memmove(d->data() + offset + host_at, s->data() + at, bytes);
                                      d->copy_marks(*s, at, offset + host_at, bytes);
                                    });
                    return CL_SUCCESS;
                  }));
  });
}

Status EnqueueCopyBufferToImage(const args::EnqueueCopyBufferToImage& a) {
  Ref<Queue> queue = lookup<Queue>(a.command_queue);
  if (!queue) return fail(rule::EnqueueCopyBufferToImageInvalidQueue);
  Ref<Mem> src = lookup<Mem>(a.src_buffer);
  Ref<Image> dst = image_of(a.dst_image);
  if (!src || !dst) return fail(rule::EnqueueCopyBufferToImageInvalidMem);
  const Triple origin = triple(a.dst_origin), region = triple(a.region);
  const HostPitches packed = host_pitches(*dst, region, 0, 0);
  return with_host_memory(rule::EnqueueCopyBufferToImageOutOfHostMemory, [&] {
    return submit(*queue, CL_COMMAND_COPY_BUFFER_TO_IMAGE, a.num_events_in_wait_list,
                  a.event_wait_list, a.event, false,
                  holding({src, dst}, [s = src.get(), d = dst.get(), origin, region, packed,
                                       offset = a.src_offset] {
                    const std::size_t bytes = region[0] * d->element_size();
                    d->for_each_row(origin, region, packed.row, packed.slice,
                                    [&](std::size_t at, std::size_t host_at) {
                                      std::memmove(d->data() + at, s->data() + offset + host_at, bytes);
                                      d->copy_marks(*s, offset + host_at, at, bytes);
                                    });
                    return CL_SUCCESS;
                  }));
  });
}

Result<void*> EnqueueMapImage(const args::EnqueueMapImage& a) {
  Ref<Queue> queue = lookup<Queue>(a.command_queue);
  if (!queue) return fail(rule::EnqueueMapImageInvalidQueue);
  Ref<Image> image = image_of(a.image);
  if (!image) return fail(rule::EnqueueMapImageInvalidImage);
  // The store is host memory: the mapped region is the store itself at the origin, with the
  // image's own pitches (for CL_MEM_USE_HOST_PTR, host_ptr's, as §5.3.6 requires).
  const Triple origin = triple(a.origin), region = triple(a.region);
  const cl_image_desc& d = image->desc();
  const std::size_t first = image->offset_of(origin.data());
  const Triple last_texel = {origin[0] + region[0] - 1, origin[1] + region[1] - 1,
                             origin[2] + region[2] - 1};
  const std::size_t span = image->offset_of(last_texel.data()) + image->element_size() - first;
  void* pointer = image->data() + first;
  *a.image_row_pitch = d.image_row_pitch;
  const bool has_slices = d.image_type == CL_MEM_OBJECT_IMAGE3D ||
                          d.image_type == CL_MEM_OBJECT_IMAGE1D_ARRAY ||
                          d.image_type == CL_MEM_OBJECT_IMAGE2D_ARRAY;
  if (a.image_slice_pitch) *a.image_slice_pitch = has_slices ? d.image_slice_pitch : 0;
  const bool for_writing = rules::memory::map_is_for_writing(a.map_flags);
  if (!image->add_mapping(pointer, first, span, for_writing))
    return fail(rule::EnqueueMapImageOverlappingWriteMap,
                "the region overlaps a live mapping of the same data store, and one of the two "
                "maps it for writing");
  Status status = with_host_memory(rule::EnqueueMapImageOutOfHostMemory, [&] {
    return submit(*queue, CL_COMMAND_MAP_IMAGE, a.num_events_in_wait_list, a.event_wait_list,
                  a.event, a.blocking_map, holding({image}, [] { return CL_SUCCESS; }),
                  &rule::EnqueueMapImageBlockingWaitListFailed);
  });
  if (!status) {
    image->remove_mapping(pointer);
    return status.error();
  }
  return pointer;
}

}  // namespace clvet::device::impl
