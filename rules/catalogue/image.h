// Rules: Image objects (OpenCL 1.2 §5.3; 2.2 §5.3 and the 3.0 API for what 3.0 added).
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <utility>

#include "catalogue.h"
#include "clvet/rules/image_formats.h"
#include "clvet/rules/memory_objects.h"

// The two allocation clauses nearly every entry point ends with; the implementation raises them.
#define CLVET_ALLOCATION_RULES(Prefix, Entry, SpecDoc, Section, Since, DeviceWhen, HostWhen)     \
  CLVET_RULE(Prefix##OutOfResources, Entry, CL_OUT_OF_RESOURCES, SpecDoc, Section,              \
             "CL_OUT_OF_RESOURCES if there is a failure to allocate resources required by the "  \
             "OpenCL implementation on the device.",                                             \
             Since, Still, nullptr, DeviceWhen)                                                  \
  CLVET_RULE(Prefix##OutOfHostMemory, Entry, CL_OUT_OF_HOST_MEMORY, SpecDoc, Section,           \
             "CL_OUT_OF_HOST_MEMORY if there is a failure to allocate resources required by the " \
             "OpenCL implementation on the host.",                                               \
             Since, Still, nullptr, HostWhen)

namespace clvet::rules::images {

// ---- device capabilities, read through the World as the application would read them ----

inline bool device_supports_images(const World& w, cl_device_id device) {
  return get<cl_bool>(w, InfoQuery::Device, device, CL_DEVICE_IMAGE_SUPPORT).value_or(CL_FALSE) ==
         CL_TRUE;
}
// "there are no devices in context that support images". Only asked of valid contexts.
inline bool no_device_supports_images(const World& w, cl_context context) {
  for (cl_device_id device : devices_of(w, context))
    if (device_supports_images(w, device)) return false;
  return true;
}
// "the device associated with command_queue does not support images".
inline bool queue_lacks_images(const World& w, cl_command_queue queue) {
  return valid(w, queue) && !device_supports_images(w, device_of(w, queue));
}

// ---- memory flags (table 5.3) ----

inline constexpr cl_mem_flags kAccessFlags = CL_MEM_READ_WRITE | CL_MEM_WRITE_ONLY | CL_MEM_READ_ONLY;
inline constexpr cl_mem_flags kHostPtrFlags =
    CL_MEM_USE_HOST_PTR | CL_MEM_ALLOC_HOST_PTR | CL_MEM_COPY_HOST_PTR;
inline constexpr cl_mem_flags kHostAccessFlags =
    CL_MEM_HOST_WRITE_ONLY | CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS;

// Unknown bits, or mutually exclusive ones together. CL_MEM_KERNEL_READ_AND_WRITE (2.0) is
// "only used by clGetSupportedImageFormats", so it is valid only where `for_format_query`.
inline bool mem_flags_invalid(cl_mem_flags flags, Version version, bool for_format_query) {
  cl_mem_flags known = kAccessFlags | kHostPtrFlags | kHostAccessFlags;
  if (for_format_query && version >= V2_0) known |= CL_MEM_KERNEL_READ_AND_WRITE;
  if (flags & ~known) return true;
  if (std::popcount(flags & kAccessFlags) > 1) return true;
  if (std::popcount(flags & kHostAccessFlags) > 1) return true;
  return (flags & CL_MEM_USE_HOST_PTR) && (flags & (CL_MEM_ALLOC_HOST_PTR | CL_MEM_COPY_HOST_PTR));
}

// ---- image formats (§5.3.1.1, tables 5.6 and 5.7) ----

inline bool is_image_type(cl_mem_object_type type) {
  switch (type) {
    case CL_MEM_OBJECT_IMAGE1D:
    case CL_MEM_OBJECT_IMAGE1D_BUFFER:
    case CL_MEM_OBJECT_IMAGE1D_ARRAY:
    case CL_MEM_OBJECT_IMAGE2D:
    case CL_MEM_OBJECT_IMAGE2D_ARRAY:
    case CL_MEM_OBJECT_IMAGE3D: return true;
    default: return false;
  }
}
inline bool is_array_type(cl_mem_object_type type) {
  return type == CL_MEM_OBJECT_IMAGE1D_ARRAY || type == CL_MEM_OBJECT_IMAGE2D_ARRAY;
}

// Channels, element sizes and the valid pairs of tables 5.6 and 5.7: clvet/rules/image_formats.h.

// ---- memory objects as the World sees them ----

inline std::optional<cl_mem_object_type> mem_type(const World& w, cl_mem mem) {
  if (!valid(w, mem)) return std::nullopt;
  return get<cl_mem_object_type>(w, InfoQuery::Mem, mem, CL_MEM_TYPE);
}
inline bool is_image(const World& w, cl_mem mem) {
  auto type = mem_type(w, mem);
  return type && is_image_type(*type);
}
inline bool is_buffer(const World& w, cl_mem mem) {
  return mem_type(w, mem) == cl_mem_object_type{CL_MEM_OBJECT_BUFFER};
}
inline cl_mem_flags mem_flags(const World& w, cl_mem mem) {
  return get<cl_mem_flags>(w, InfoQuery::Mem, mem, CL_MEM_FLAGS).value_or(0);
}

// An image's shape, from clGetMemObjectInfo and clGetImageInfo. Only read for valid images.
struct Shape {
  cl_mem_object_type type = 0;
  std::size_t width = 0, height = 0, depth = 0, array_size = 0, element_size = 0;
  cl_image_format format{};
  cl_mem_flags flags = 0;
  cl_mem buffer = nullptr;
};
inline Shape shape_of(const World& w, cl_mem image) {
  Shape s;
  auto size = [&](cl_image_info param) {
    return get<std::size_t>(w, InfoQuery::Image, image, param).value_or(0);
  };
  s.type = mem_type(w, image).value_or(0);
  s.width = size(CL_IMAGE_WIDTH);
  s.height = size(CL_IMAGE_HEIGHT);
  s.depth = size(CL_IMAGE_DEPTH);
  s.array_size = size(CL_IMAGE_ARRAY_SIZE);
  s.element_size = size(CL_IMAGE_ELEMENT_SIZE);
  s.format = get<cl_image_format>(w, InfoQuery::Image, image, CL_IMAGE_FORMAT).value_or(cl_image_format{});
  s.flags = mem_flags(w, image);
  s.buffer = get<cl_mem>(w, InfoQuery::Image, image, CL_IMAGE_BUFFER).value_or(nullptr);
  return s;
}

// The extent of each origin/region coordinate of an image of `s`'s type (§5.3.3: x, then y or
// the array index, then z or the array index).
inline std::array<std::size_t, 3> extent(const Shape& s) {
  switch (s.type) {
    case CL_MEM_OBJECT_IMAGE1D_ARRAY: return {s.width, s.array_size, 1};
    case CL_MEM_OBJECT_IMAGE2D: return {s.width, s.height, 1};
    case CL_MEM_OBJECT_IMAGE2D_ARRAY: return {s.width, s.height, s.array_size};
    case CL_MEM_OBJECT_IMAGE3D: return {s.width, s.height, s.depth};
    default: return {s.width, 1, 1};  // 1D image and 1D image buffer
  }
}

// "values in origin and region do not follow rules described in the argument description":
// NULL arrays, a zero region, or coordinates an image of this type does not have.
inline bool origin_region_malformed(cl_mem_object_type type, const std::size_t* origin,
                                    const std::size_t* region) {
  if (origin == nullptr || region == nullptr) return true;
  if (region[0] == 0 || region[1] == 0 || region[2] == 0) return true;
  switch (type) {
    case CL_MEM_OBJECT_IMAGE1D:
    case CL_MEM_OBJECT_IMAGE1D_BUFFER:
      return origin[1] != 0 || origin[2] != 0 || region[1] != 1 || region[2] != 1;
    case CL_MEM_OBJECT_IMAGE1D_ARRAY:
    case CL_MEM_OBJECT_IMAGE2D: return origin[2] != 0 || region[2] != 1;
    default: return false;
  }
}

// "the region ... specified by origin and region is out of bounds". NULL arrays are the
// other clause's.
inline bool region_out_of_bounds(const Shape& s, const std::size_t* origin,
                                 const std::size_t* region) {
  if (origin == nullptr || region == nullptr) return false;
  auto limit = extent(s);
  for (int i = 0; i < 3; ++i)
    if (region[i] > limit[i] || origin[i] > limit[i] - region[i]) return true;
  return false;
}

// "image dimensions ... are not supported by device associated with queue". A device without
// images reports 0 for every maximum; that case is the no-image-support clause's, not this one's.
inline bool shape_exceeds_device(const World& w, const Shape& s, cl_device_id device) {
  if (!device_supports_images(w, device)) return false;
  auto max = [&](cl_device_info param) {
    return get<std::size_t>(w, InfoQuery::Device, device, param).value_or(0);
  };
  switch (s.type) {
    case CL_MEM_OBJECT_IMAGE1D:
      return s.width > max(CL_DEVICE_IMAGE2D_MAX_WIDTH);
    case CL_MEM_OBJECT_IMAGE1D_BUFFER:
      return s.width > max(CL_DEVICE_IMAGE_MAX_BUFFER_SIZE);
    case CL_MEM_OBJECT_IMAGE1D_ARRAY:
      return s.width > max(CL_DEVICE_IMAGE2D_MAX_WIDTH) ||
             s.array_size > max(CL_DEVICE_IMAGE_MAX_ARRAY_SIZE);
    case CL_MEM_OBJECT_IMAGE2D:
      return s.width > max(CL_DEVICE_IMAGE2D_MAX_WIDTH) ||
             s.height > max(CL_DEVICE_IMAGE2D_MAX_HEIGHT);
    case CL_MEM_OBJECT_IMAGE2D_ARRAY:
      return s.width > max(CL_DEVICE_IMAGE2D_MAX_WIDTH) ||
             s.height > max(CL_DEVICE_IMAGE2D_MAX_HEIGHT) ||
             s.array_size > max(CL_DEVICE_IMAGE_MAX_ARRAY_SIZE);
    case CL_MEM_OBJECT_IMAGE3D:
      return s.width > max(CL_DEVICE_IMAGE3D_MAX_WIDTH) ||
             s.height > max(CL_DEVICE_IMAGE3D_MAX_HEIGHT) ||
             s.depth > max(CL_DEVICE_IMAGE3D_MAX_DEPTH);
    default: return false;
  }
}

// An image command's queue and image(s) share a context (checked only for valid handles; the
// validity clauses come separately).
inline bool in_other_context(const World& w, cl_command_queue queue, cl_mem mem) {
  return valid(w, queue) && valid(w, mem) && context_of(w, queue) != context_of(w, mem);
}
inline bool image_exceeds_queue_device(const World& w, cl_command_queue queue, cl_mem image) {
  return valid(w, queue) && is_image(w, image) &&
         shape_exceeds_device(w, shape_of(w, image), device_of(w, queue));
}
inline bool origin_region_bad(const World& w, cl_mem image, const std::size_t* origin,
                              const std::size_t* region) {
  return is_image(w, image) && origin_region_malformed(*mem_type(w, image), origin, region);
}
inline bool region_outside(const World& w, cl_mem image, const std::size_t* origin,
                           const std::size_t* region) {
  return is_image(w, image) && region_out_of_bounds(shape_of(w, image), origin, region);
}
// Bytes an image <-> buffer copy moves (§5.3.5: width * height * depth * element size).
inline std::size_t copy_bytes(const World& w, cl_mem image, const std::size_t* region) {
  if (region == nullptr || !is_image(w, image)) return 0;
  return region[0] * region[1] * region[2] * shape_of(w, image).element_size;
}
// The byte range [offset, offset + bytes) is not inside `buffer`.
inline bool buffer_range_outside(const World& w, cl_mem buffer, std::size_t offset,
                                 std::size_t bytes) {
  if (!is_buffer(w, buffer)) return false;
  std::size_t size = get<std::size_t>(w, InfoQuery::Mem, buffer, CL_MEM_SIZE).value_or(0);
  return bytes > size || offset > size - bytes;
}
// A sub-buffer whose origin is not aligned to the queue device's CL_DEVICE_MEM_BASE_ADDR_ALIGN.
inline bool sub_buffer_misaligned(const World& w, cl_command_queue queue, cl_mem buffer) {
  if (!valid(w, queue) || !is_buffer(w, buffer)) return false;
  if (get<cl_mem>(w, InfoQuery::Mem, buffer, CL_MEM_ASSOCIATED_MEMOBJECT).value_or(nullptr) ==
      nullptr)
    return false;
  std::size_t offset = get<std::size_t>(w, InfoQuery::Mem, buffer, CL_MEM_OFFSET).value_or(0);
  cl_uint bits =
      get<cl_uint>(w, InfoQuery::Device, device_of(w, queue), CL_DEVICE_MEM_BASE_ADDR_ALIGN)
          .value_or(8);
  std::size_t align = bits / 8 ? bits / 8 : 1;
  return offset % align != 0;
}
// `image` is a 1D image buffer made from `buffer`.
inline bool image_made_from(const World& w, cl_mem image, cl_mem buffer) {
  return is_image(w, image) && valid(w, buffer) && shape_of(w, image).buffer == buffer;
}

// ---- image creation (§5.3.1) ----

// An image description for the checks shared by clCreateImage and the 1.1 entry points.
struct Request {
  cl_mem_flags flags = 0;
  const cl_image_format* format = nullptr;
  const cl_image_desc* desc = nullptr;
  void* host_ptr = nullptr;
};

// The 1D image buffer's width must fit in its buffer (§5.3.1.2, "buffer").
inline bool image_buffer_too_small(const World& w, const Request& r) {
  const cl_image_desc* d = r.desc;
  if (d == nullptr || d->image_type != CL_MEM_OBJECT_IMAGE1D_BUFFER || !is_buffer(w, d->buffer) ||
      r.format == nullptr)
    return false;
  std::size_t size = get<std::size_t>(w, InfoQuery::Mem, d->buffer, CL_MEM_SIZE).value_or(0);
  return d->image_width * element_size(*r.format, w.version()) > size;
}

// "values specified in image_desc are not valid" (§5.3.1.2).
inline bool desc_invalid(const World& w, const Request& r) {
  const cl_image_desc* d = r.desc;
  if (d == nullptr || !is_image_type(d->image_type)) return true;
  const Version version = w.version();
  cl_mem_object_type type = d->image_type;
  if (d->image_width == 0) return true;
  bool has_height = type == CL_MEM_OBJECT_IMAGE2D || type == CL_MEM_OBJECT_IMAGE2D_ARRAY ||
                    type == CL_MEM_OBJECT_IMAGE3D;
  if (has_height && d->image_height == 0) return true;
  if (type == CL_MEM_OBJECT_IMAGE3D && d->image_depth == 0) return true;
  if (is_array_type(type) && d->image_array_size == 0) return true;
  // "num_mip_levels and num_samples must be 0" (no cl_khr_mipmap_image, no MSAA sharing).
  if (d->num_mip_levels != 0 || d->num_samples != 0) return true;
  // buffer (mem_object since 2.0): a buffer for a 1D image buffer; for a 2D image since 2.0
  // NULL, a buffer or a 2D image; NULL otherwise.
  cl_mem source = d->buffer;
  if (type == CL_MEM_OBJECT_IMAGE1D_BUFFER) {
    if (!is_buffer(w, source)) return true;
  } else if (type == CL_MEM_OBJECT_IMAGE2D && version >= V2_0 && source != nullptr) {
    if (!is_buffer(w, source) &&
        mem_type(w, source) != cl_mem_object_type{CL_MEM_OBJECT_IMAGE2D})
      return true;
  } else if (source != nullptr) {
    return true;
  }
  if (image_buffer_too_small(w, r)) return true;
  // "For a 2D image created from a buffer object, the image_row_pitch * image_height must be
  // <= size of the buffer object".
  if (type == CL_MEM_OBJECT_IMAGE2D && is_buffer(w, source) && r.format != nullptr) {
    std::size_t pitch = d->image_row_pitch ? d->image_row_pitch
                                           : d->image_width * element_size(*r.format, version);
    if (pitch * d->image_height >
        get<std::size_t>(w, InfoQuery::Mem, source, CL_MEM_SIZE).value_or(0))
      return true;
  }
  // Pitches: 0 without host memory; with it, 0 or large enough and a multiple of the element
  // (row) size. An invalid format is the format clause's, so pitches are skipped then.
  std::size_t element = r.format ? element_size(*r.format, version) : 0;
  if (element == 0) return false;
  bool has_memory = r.host_ptr != nullptr || source != nullptr;
  if (!has_memory) return d->image_row_pitch != 0 || d->image_slice_pitch != 0;
  std::size_t row = d->image_row_pitch ? d->image_row_pitch : d->image_width * element;
  if (d->image_row_pitch != 0 &&
      (d->image_row_pitch < d->image_width * element || d->image_row_pitch % element != 0))
    return true;
  bool has_slices = type == CL_MEM_OBJECT_IMAGE3D || is_array_type(type);
  if (!has_slices || d->image_slice_pitch == 0) return false;
  std::size_t min_slice = type == CL_MEM_OBJECT_IMAGE1D_ARRAY ? row : row * d->image_height;
  return d->image_slice_pitch < min_slice || d->image_slice_pitch % row != 0;
}

// 2.0: "For a 2D image created from a buffer, the pitch specified (or computed if pitch
// specified is 0) must be a multiple of the maximum of the CL_DEVICE_IMAGE_PITCH_ALIGNMENT
// value for all devices in the context ... that support images", and a CL_MEM_USE_HOST_PTR
// buffer's host_ptr "must be aligned to the minimum of the
// CL_DEVICE_IMAGE_BASE_ADDRESS_ALIGNMENT value" of those devices (both in pixels).
inline bool image2d_from_buffer_misaligned(const World& w, const Request& r) {
  const cl_image_desc* d = r.desc;
  if (d == nullptr || d->image_type != CL_MEM_OBJECT_IMAGE2D || !is_buffer(w, d->buffer) ||
      r.format == nullptr)
    return false;
  std::size_t element = element_size(*r.format, w.version());
  if (element == 0) return false;
  cl_context context = get<cl_context>(w, InfoQuery::Mem, d->buffer, CL_MEM_CONTEXT).value_or(nullptr);
  cl_uint pitch_align = 0, base_align = 0;
  for (cl_device_id device : devices_of(w, context)) {
    if (!device_supports_images(w, device)) continue;
    cl_uint p = get<cl_uint>(w, InfoQuery::Device, device, CL_DEVICE_IMAGE_PITCH_ALIGNMENT).value_or(0);
    cl_uint b =
        get<cl_uint>(w, InfoQuery::Device, device, CL_DEVICE_IMAGE_BASE_ADDRESS_ALIGNMENT).value_or(0);
    pitch_align = std::max(pitch_align, p);
    if (b != 0) base_align = base_align == 0 ? b : std::min(base_align, b);
  }
  std::size_t pitch = d->image_row_pitch ? d->image_row_pitch : d->image_width * element;
  if (pitch_align != 0 && pitch % (pitch_align * element) != 0) return true;
  if (base_align == 0 || !(mem_flags(w, d->buffer) & CL_MEM_USE_HOST_PTR)) return false;
  auto host = reinterpret_cast<std::uintptr_t>(
      get<void*>(w, InfoQuery::Mem, d->buffer, CL_MEM_HOST_PTR).value_or(nullptr));
  return host % (base_align * element) != 0;
}

// 2.0: a 2D image made from a 2D image must repeat its descriptor and channel data type, and
// may change the channel order only between the pairs of the spec's table (sRGB and linear
// orders, CL_DEPTH from CL_R).
inline bool image2d_from_image_mismatch(const World& w, const Request& r) {
  const cl_image_desc* d = r.desc;
  if (d == nullptr || d->image_type != CL_MEM_OBJECT_IMAGE2D || r.format == nullptr ||
      mem_type(w, d->buffer) != cl_mem_object_type{CL_MEM_OBJECT_IMAGE2D})
    return false;
  Shape s = shape_of(w, d->buffer);
  std::size_t row = get<std::size_t>(w, InfoQuery::Image, d->buffer, CL_IMAGE_ROW_PITCH).value_or(0);
  if (d->image_width != s.width || d->image_height != s.height ||
      (d->image_row_pitch != 0 && d->image_row_pitch != row))
    return true;
  if (r.format->image_channel_data_type != s.format.image_channel_data_type) return true;
  cl_channel_order want = r.format->image_channel_order, have = s.format.image_channel_order;
  if (want == have) return false;
  constexpr std::array<std::pair<cl_channel_order, cl_channel_order>, 9> kViews{{
      {CL_sBGRA, CL_BGRA}, {CL_BGRA, CL_sBGRA}, {CL_sRGBA, CL_RGBA}, {CL_RGBA, CL_sRGBA},
      {CL_sRGB, CL_RGB}, {CL_RGB, CL_sRGB}, {CL_sRGBx, CL_RGBx}, {CL_RGBx, CL_sRGBx},
      {CL_DEPTH, CL_R}}};
  for (auto& [a, b] : kViews)
    if (a == want && b == have) return false;
  return true;
}

// "image dimensions ... exceed the minimum maximum image dimensions ... for all devices in
// context". Devices without images report maxima of 0 and are left to the no-image-support
// clause; with no such device this clause does not apply.
inline bool size_exceeds_all_devices(const World& w, cl_context context, const Request& r) {
  if (r.desc == nullptr || !is_image_type(r.desc->image_type)) return false;
  Shape s;
  s.type = r.desc->image_type;
  s.width = r.desc->image_width;
  s.height = r.desc->image_height;
  s.depth = r.desc->image_depth;
  s.array_size = r.desc->image_array_size;
  bool any = false;
  for (cl_device_id device : devices_of(w, context)) {
    if (!device_supports_images(w, device)) continue;
    any = true;
    if (!shape_exceeds_device(w, s, device)) return false;
  }
  return any;
}

inline bool host_ptr_mismatch(const Request& r) {
  return memory::host_ptr_mismatch(r.flags, r.host_ptr);
}

// The image is made from another memory object (1D image buffer; 2D image from a buffer or
// image since 2.0), whose flags the image's flags must not contradict.
inline cl_mem source_object(const World& w, const Request& r) {
  if (r.desc == nullptr || !valid(w, r.desc->buffer)) return nullptr;
  return r.desc->buffer;
}
inline bool source_access_conflict(const World& w, const Request& r) {
  cl_mem source = source_object(w, r);
  if (source == nullptr) return false;
  cl_mem_flags from = mem_flags(w, source);
  if (r.flags & kHostPtrFlags) return true;
  if ((from & CL_MEM_WRITE_ONLY) && (r.flags & (CL_MEM_READ_WRITE | CL_MEM_READ_ONLY))) return true;
  return (from & CL_MEM_READ_ONLY) && (r.flags & (CL_MEM_READ_WRITE | CL_MEM_WRITE_ONLY));
}
inline bool source_host_access_conflict(const World& w, const Request& r) {
  cl_mem source = source_object(w, r);
  if (source == nullptr) return false;
  cl_mem_flags from = mem_flags(w, source);
  if ((from & CL_MEM_HOST_WRITE_ONLY) && (r.flags & CL_MEM_HOST_READ_ONLY)) return true;
  if ((from & CL_MEM_HOST_READ_ONLY) && (r.flags & CL_MEM_HOST_WRITE_ONLY)) return true;
  return (from & CL_MEM_HOST_NO_ACCESS) &&
         (r.flags & (CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_WRITE_ONLY));
}

// The descriptions the 1.1 entry points clCreateImage2D / clCreateImage3D stand for.
inline cl_image_desc desc_2d(std::size_t width, std::size_t height, std::size_t row_pitch) {
  cl_image_desc d{};
  d.image_type = CL_MEM_OBJECT_IMAGE2D;
  d.image_width = width;
  d.image_height = height;
  d.image_row_pitch = row_pitch;
  return d;
}
inline cl_image_desc desc_3d(std::size_t width, std::size_t height, std::size_t depth,
                             std::size_t row_pitch, std::size_t slice_pitch) {
  cl_image_desc d = desc_2d(width, height, row_pitch);
  d.image_type = CL_MEM_OBJECT_IMAGE3D;
  d.image_depth = depth;
  d.image_slice_pitch = slice_pitch;
  return d;
}
// clCreateImage2D/3D's CL_INVALID_IMAGE_SIZE: zero dimensions (3D: depth <= 1), maxima
// exceeded for all devices, or pitches that break the argument description.
inline bool legacy_size_invalid(const World& w, cl_context context, const cl_image_format* format,
                                const cl_image_desc& d, void* host_ptr) {
  if (d.image_width == 0 || d.image_height == 0) return true;
  if (d.image_type == CL_MEM_OBJECT_IMAGE3D && d.image_depth <= 1) return true;
  Request r{0, format, &d, host_ptr};
  if (size_exceeds_all_devices(w, context, r)) return true;
  return desc_invalid(w, r);  // with valid dimensions, only the pitch rules remain
}

// clGetSupportedImageFormats' image_type (§5.3.2).
inline bool image_type_invalid(cl_mem_object_type type) { return !is_image_type(type); }

// clEnqueueMapImage's map_flags (table 5.5): known bits, and CL_MAP_WRITE_INVALIDATE_REGION
// alone.
inline bool map_flags_invalid(cl_map_flags flags) {
  constexpr cl_map_flags known = CL_MAP_READ | CL_MAP_WRITE | CL_MAP_WRITE_INVALIDATE_REGION;
  if (flags & ~known) return true;
  return (flags & CL_MAP_WRITE_INVALIDATE_REGION) && (flags & (CL_MAP_READ | CL_MAP_WRITE));
}
inline bool map_host_access_conflict(const World& w, cl_mem image, cl_map_flags flags) {
  if (!is_image(w, image)) return false;
  cl_mem_flags f = mem_flags(w, image);
  if ((f & (CL_MEM_HOST_WRITE_ONLY | CL_MEM_HOST_NO_ACCESS)) && (flags & CL_MAP_READ)) return true;
  return (f & (CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS)) &&
         (flags & (CL_MAP_WRITE | CL_MAP_WRITE_INVALIDATE_REGION));
}

// clEnqueueCopyImage: the same image, and the two regions intersect.
inline bool copy_overlaps(const World& w, cl_mem src, cl_mem dst, const std::size_t* src_origin,
                          const std::size_t* dst_origin, const std::size_t* region) {
  if (src != dst || !is_image(w, src) || !src_origin || !dst_origin || !region) return false;
  for (int i = 0; i < 3; ++i)
    if (src_origin[i] + region[i] <= dst_origin[i] || dst_origin[i] + region[i] <= src_origin[i])
      return false;
  return true;
}
inline bool formats_differ(const World& w, cl_mem a, cl_mem b) {
  if (!is_image(w, a) || !is_image(w, b)) return false;
  cl_image_format fa = shape_of(w, a).format, fb = shape_of(w, b).format;
  return fa.image_channel_order != fb.image_channel_order ||
         fa.image_channel_data_type != fb.image_channel_data_type;
}

}  // namespace clvet::rules::images

// ============================================================================================
// §5.3.1 clCreateImage (1.2) and clCreateImageWithProperties (3.0). clCreateImage2D and
// clCreateImage3D (1.0, deprecated by 1.2) follow, with their clauses from the 3.0 API
// specification, which still documents them.
// ============================================================================================

#define CLVET_IMAGE_REQUEST(a) (::clvet::rules::images::Request{a.flags, a.image_format, a.image_desc, a.host_ptr})

CLVET_ROLE_RULE(CreateImageInvalidContext, CreateImage, InvalidContext, Spec::OpenCL12, "5.3.1",
                V1_2)
CLVET_RULE(CreateImageInvalidFlags, "clCreateImage", CL_INVALID_VALUE, Spec::OpenCL12, "5.3.1",
           "CL_INVALID_VALUE if values specified in flags are not valid.", V1_2, Still,
           CLVET_CHECK(CreateImage, images::mem_flags_invalid(a.flags, w.version(), false)))
CLVET_RULE(CreateImageInvalidFormat, "clCreateImage", CL_INVALID_IMAGE_FORMAT_DESCRIPTOR,
           Spec::OpenCL12, "5.3.1",
           "CL_INVALID_IMAGE_FORMAT_DESCRIPTOR if values specified in image_format are not valid or "
           "if image_format is NULL.",
           V1_2, Still, CLVET_CHECK(CreateImage, images::format_invalid(a.image_format, w.version())))
CLVET_RULE(CreateImageFromBufferMisaligned, "clCreateImage", CL_INVALID_IMAGE_FORMAT_DESCRIPTOR,
           Spec::Runtime22, "5.3.1",
           "CL_INVALID_IMAGE_FORMAT_DESCRIPTOR if a 2D image is created from a buffer and the row "
           "pitch and base address alignment does not follow the rules described for creating a 2D "
           "image from a buffer.",
           V2_0, Still,
           CLVET_CHECK(CreateImage, images::image2d_from_buffer_misaligned(w, CLVET_IMAGE_REQUEST(a))))
CLVET_RULE(CreateImageFromImageMismatch, "clCreateImage", CL_INVALID_IMAGE_FORMAT_DESCRIPTOR,
           Spec::Runtime22, "5.3.1",
           "CL_INVALID_IMAGE_FORMAT_DESCRIPTOR if a 2D image is created from a 2D image object and "
           "the rules described above are not followed.",
           V2_0, Still,
           CLVET_CHECK(CreateImage, images::image2d_from_image_mismatch(w, CLVET_IMAGE_REQUEST(a))))
CLVET_RULE(CreateImageInvalidDescriptor, "clCreateImage", CL_INVALID_IMAGE_DESCRIPTOR,
           Spec::OpenCL12, "5.3.1",
           "CL_INVALID_IMAGE_DESCRIPTOR if values specified in image_desc are not valid or if "
           "image_desc is NULL.",
           V1_2, Still, CLVET_CHECK(CreateImage, images::desc_invalid(w, CLVET_IMAGE_REQUEST(a))))
CLVET_RULE(CreateImageInvalidSize, "clCreateImage", CL_INVALID_IMAGE_SIZE, Spec::OpenCL12, "5.3.1",
           "CL_INVALID_IMAGE_SIZE if image dimensions specified in image_desc exceed the minimum "
           "maximum image dimensions described in table 4.3 for all devices in context.",
           V1_2, Still,
           CLVET_CHECK(CreateImage,
                       images::size_exceeds_all_devices(w, a.context, CLVET_IMAGE_REQUEST(a))))
CLVET_RULE(CreateImageInvalidHostPtr, "clCreateImage", CL_INVALID_HOST_PTR, Spec::OpenCL12, "5.3.1",
           "CL_INVALID_HOST_PTR if host_ptr is NULL and CL_MEM_USE_HOST_PTR or CL_MEM_COPY_HOST_PTR "
           "are set in flags or if host_ptr is not NULL but CL_MEM_COPY_HOST_PTR or "
           "CL_MEM_USE_HOST_PTR are not set in flags.",
           V1_2, Still, CLVET_CHECK(CreateImage, images::host_ptr_mismatch(CLVET_IMAGE_REQUEST(a))))
CLVET_RULE(CreateImageSourceAccessConflict, "clCreateImage", CL_INVALID_VALUE, Spec::OpenCL12,
           "5.3.1",
           "CL_INVALID_VALUE if a 1D image buffer is being created and the buffer object was "
           "created with CL_MEM_WRITE_ONLY and flags specifies CL_MEM_READ_WRITE or "
           "CL_MEM_READ_ONLY, or if the buffer object was created with CL_MEM_READ_ONLY and flags "
           "specifies CL_MEM_READ_WRITE or CL_MEM_WRITE_ONLY, or if flags specifies "
           "CL_MEM_USE_HOST_PTR or CL_MEM_ALLOC_HOST_PTR or CL_MEM_COPY_HOST_PTR.",
           V1_2, Still,
           CLVET_CHECK(CreateImage, images::source_access_conflict(w, CLVET_IMAGE_REQUEST(a))))
CLVET_RULE(CreateImageSourceHostAccessConflict, "clCreateImage", CL_INVALID_VALUE, Spec::OpenCL12,
           "5.3.1",
           "CL_INVALID_VALUE if a 1D image buffer is being created and the buffer object was "
           "created with CL_MEM_HOST_WRITE_ONLY and flags specifies CL_MEM_HOST_READ_ONLY, or if "
           "the buffer object was created with CL_MEM_HOST_READ_ONLY and flags specifies "
           "CL_MEM_HOST_WRITE_ONLY, or if the buffer object was created with "
           "CL_MEM_HOST_NO_ACCESS and flags specifies CL_MEM_HOST_READ_ONLY or "
           "CL_MEM_HOST_WRITE_ONLY.",
           V1_2, Still,
           CLVET_CHECK(CreateImage, images::source_host_access_conflict(w, CLVET_IMAGE_REQUEST(a))))
CLVET_RULE(CreateImageFormatNotSupported, "clCreateImage", CL_IMAGE_FORMAT_NOT_SUPPORTED,
           Spec::OpenCL12, "5.3.1",
           "CL_IMAGE_FORMAT_NOT_SUPPORTED if the image_format is not supported.", V1_2, Still,
           nullptr, "raised when no device of the context lists the format for the image type")
CLVET_RULE(CreateImageAllocationFailure, "clCreateImage", CL_MEM_OBJECT_ALLOCATION_FAILURE,
           Spec::OpenCL12, "5.3.1",
           "CL_MEM_OBJECT_ALLOCATION_FAILURE if there is a failure to allocate memory for image "
           "object.",
           V1_2, Still, nullptr, "raised when allocating the image's data store fails")
CLVET_RULE(CreateImageNoImageSupport, "clCreateImage", CL_INVALID_OPERATION, Spec::OpenCL12,
           "5.3.1",
           "CL_INVALID_OPERATION if there are no devices in context that support images (i.e. "
           "CL_DEVICE_IMAGE_SUPPORT specified in table 4.3 is CL_FALSE).",
           V1_2, Still, CLVET_CHECK(CreateImage, images::no_device_supports_images(w, a.context)))
CLVET_ALLOCATION_RULES(CreateImage, "clCreateImage", Spec::OpenCL12, "5.3.1", V1_2,
                       "never raised: images take no device resources beyond their data store",
                       "raised when allocating the image object throws std::bad_alloc")

// 3.0 §5.3.1 clCreateImageWithProperties: clCreateImage's clauses, and its property list. OpenCL
// 3.0 defines no image properties, so every property name is unsupported.
CLVET_ROLE_RULE(CreateImageWithPropertiesInvalidContext, CreateImageWithProperties, InvalidContext,
                Spec::Api30, "5.3.1", V3_0)
CLVET_RULE(CreateImageWithPropertiesInvalidProperty, "clCreateImageWithProperties",
           CL_INVALID_PROPERTY, Spec::Api30, "5.3.1",
           "CL_INVALID_PROPERTY if a property name in properties is not a supported property name, "
           "if the value specified for a supported property name is not valid, or if the same "
           "property name is specified more than once.",
           V3_0, Still,
           CLVET_CHECK(CreateImageWithProperties, !read_properties(a.properties).entries.empty()))
CLVET_RULE(CreateImageWithPropertiesInvalidFlags, "clCreateImageWithProperties", CL_INVALID_VALUE,
           Spec::Api30, "5.3.1",
           "CL_INVALID_VALUE if values specified in flags are not valid as defined in the Memory "
           "Flags table.",
           V3_0, Still,
           CLVET_CHECK(CreateImageWithProperties,
                       images::mem_flags_invalid(a.flags, w.version(), false)))
CLVET_RULE(CreateImageWithPropertiesInvalidFormat, "clCreateImageWithProperties",
           CL_INVALID_IMAGE_FORMAT_DESCRIPTOR, Spec::Api30, "5.3.1",
           "CL_INVALID_IMAGE_FORMAT_DESCRIPTOR if values specified in image_format are not valid or "
           "if image_format is NULL.",
           V3_0, Still,
           CLVET_CHECK(CreateImageWithProperties, images::format_invalid(a.image_format, w.version())))
CLVET_RULE(CreateImageWithPropertiesFromBufferMisaligned, "clCreateImageWithProperties",
           CL_INVALID_IMAGE_FORMAT_DESCRIPTOR, Spec::Api30, "5.3.1",
           "CL_INVALID_IMAGE_FORMAT_DESCRIPTOR if a 2D image is created from a buffer and the row "
           "pitch and base address alignment does not follow the rules described for creating a 2D "
           "image from a buffer.",
           V3_0, Still,
           CLVET_CHECK(CreateImageWithProperties,
                       images::image2d_from_buffer_misaligned(w, CLVET_IMAGE_REQUEST(a))))
CLVET_RULE(CreateImageWithPropertiesFromImageMismatch, "clCreateImageWithProperties",
           CL_INVALID_IMAGE_FORMAT_DESCRIPTOR, Spec::Api30, "5.3.1",
           "CL_INVALID_IMAGE_FORMAT_DESCRIPTOR if a 2D image is created from a 2D image object and "
           "the rules described above are not followed.",
           V3_0, Still,
           CLVET_CHECK(CreateImageWithProperties,
                       images::image2d_from_image_mismatch(w, CLVET_IMAGE_REQUEST(a))))
CLVET_RULE(CreateImageWithPropertiesInvalidDescriptor, "clCreateImageWithProperties",
           CL_INVALID_IMAGE_DESCRIPTOR, Spec::Api30, "5.3.1",
           "CL_INVALID_IMAGE_DESCRIPTOR if values specified in image_desc are not valid or if "
           "image_desc is NULL.",
           V3_0, Still,
           CLVET_CHECK(CreateImageWithProperties, images::desc_invalid(w, CLVET_IMAGE_REQUEST(a))))
CLVET_RULE(CreateImageWithPropertiesInvalidSize, "clCreateImageWithProperties",
           CL_INVALID_IMAGE_SIZE, Spec::Api30, "5.3.1",
           "CL_INVALID_IMAGE_SIZE if the image dimensions specified in image_desc are not valid or "
           "exceed the maximum image dimensions described in the Device Queries table for all "
           "devices in context.",
           V3_0, Still,
           CLVET_CHECK(CreateImageWithProperties,
                       images::size_exceeds_all_devices(w, a.context, CLVET_IMAGE_REQUEST(a))))
CLVET_RULE(CreateImageWithPropertiesInvalidHostPtr, "clCreateImageWithProperties",
           CL_INVALID_HOST_PTR, Spec::Api30, "5.3.1",
           "CL_INVALID_HOST_PTR if host_ptr is NULL and CL_MEM_USE_HOST_PTR or CL_MEM_COPY_HOST_PTR "
           "are set in flags or if host_ptr is not NULL but CL_MEM_COPY_HOST_PTR or "
           "CL_MEM_USE_HOST_PTR are not set in flags.",
           V3_0, Still,
           CLVET_CHECK(CreateImageWithProperties, images::host_ptr_mismatch(CLVET_IMAGE_REQUEST(a))))
CLVET_RULE(CreateImageWithPropertiesSourceAccessConflict, "clCreateImageWithProperties",
           CL_INVALID_VALUE, Spec::Api30, "5.3.1",
           "CL_INVALID_VALUE if an image is being created from another memory object (buffer or "
           "image) under one of the following circumstances: mem_object was created with "
           "CL_MEM_WRITE_ONLY and flags specifies CL_MEM_READ_WRITE or CL_MEM_READ_ONLY; mem_object "
           "was created with CL_MEM_READ_ONLY and flags specifies CL_MEM_READ_WRITE or "
           "CL_MEM_WRITE_ONLY; flags specifies CL_MEM_USE_HOST_PTR or CL_MEM_ALLOC_HOST_PTR or "
           "CL_MEM_COPY_HOST_PTR.",
           V3_0, Still,
           CLVET_CHECK(CreateImageWithProperties,
                       images::source_access_conflict(w, CLVET_IMAGE_REQUEST(a))))
CLVET_RULE(CreateImageWithPropertiesSourceHostAccessConflict, "clCreateImageWithProperties",
           CL_INVALID_VALUE, Spec::Api30, "5.3.1",
           "CL_INVALID_VALUE if an image is being created from another memory object (buffer or "
           "image) and mem_object was created with CL_MEM_HOST_WRITE_ONLY and flags specifies "
           "CL_MEM_HOST_READ_ONLY, or if mem_object was created with CL_MEM_HOST_READ_ONLY and "
           "flags specifies CL_MEM_HOST_WRITE_ONLY, or if mem_object was created with "
           "CL_MEM_HOST_NO_ACCESS and flags specifies CL_MEM_HOST_READ_ONLY or "
           "CL_MEM_HOST_WRITE_ONLY.",
           V3_0, Still,
           CLVET_CHECK(CreateImageWithProperties,
                       images::source_host_access_conflict(w, CLVET_IMAGE_REQUEST(a))))
CLVET_RULE(CreateImageWithPropertiesFormatNotSupported, "clCreateImageWithProperties",
           CL_IMAGE_FORMAT_NOT_SUPPORTED, Spec::Api30, "5.3.1",
           "CL_IMAGE_FORMAT_NOT_SUPPORTED if there are no devices in context that support "
           "image_format.",
           V3_0, Still, nullptr, "raised when no device of the context lists the format for the image type")
CLVET_RULE(CreateImageWithPropertiesAllocationFailure, "clCreateImageWithProperties",
           CL_MEM_OBJECT_ALLOCATION_FAILURE, Spec::Api30, "5.3.1",
           "CL_MEM_OBJECT_ALLOCATION_FAILURE if there is a failure to allocate memory for the image "
           "object.",
           V3_0, Still, nullptr, "raised when allocating the image's data store fails")
CLVET_RULE(CreateImageWithPropertiesNoImageSupport, "clCreateImageWithProperties",
           CL_INVALID_OPERATION, Spec::Api30, "5.3.1",
           "CL_INVALID_OPERATION if there are no devices in context that support images (i.e. "
           "CL_DEVICE_IMAGE_SUPPORT specified in the Device Queries table is CL_FALSE).",
           V3_0, Still,
           CLVET_CHECK(CreateImageWithProperties, images::no_device_supports_images(w, a.context)))
CLVET_ALLOCATION_RULES(CreateImageWithProperties, "clCreateImageWithProperties", Spec::Api30,
                       "5.3.1", V3_0,
                       "never raised: images take no device resources beyond their data store",
                       "raised when allocating the image object throws std::bad_alloc")

// clCreateImage2D (1.0; deprecated by 1.2).
CLVET_ROLE_RULE(CreateImage2DInvalidContext, CreateImage2D, InvalidContext, Spec::Api30, "5.3.1",
                V1_0)
CLVET_RULE(CreateImage2DInvalidFlags, "clCreateImage2D", CL_INVALID_VALUE, Spec::Api30, "5.3.1",
           "CL_INVALID_VALUE if values specified in flags are not valid.", V1_0, Still,
           CLVET_CHECK(CreateImage2D, images::mem_flags_invalid(a.flags, w.version(), false)))
CLVET_RULE(CreateImage2DInvalidFormat, "clCreateImage2D", CL_INVALID_IMAGE_FORMAT_DESCRIPTOR,
           Spec::Api30, "5.3.1",
           "CL_INVALID_IMAGE_FORMAT_DESCRIPTOR if values specified in image_format are not valid or "
           "if image_format is NULL.",
           V1_0, Still, CLVET_CHECK(CreateImage2D, images::format_invalid(a.image_format, w.version())))
CLVET_RULE(CreateImage2DInvalidSize, "clCreateImage2D", CL_INVALID_IMAGE_SIZE, Spec::Api30,
           "5.3.1",
           "CL_INVALID_IMAGE_SIZE if image_width or image_height are 0 or if they exceed the "
           "maximum values specified in CL_DEVICE_IMAGE2D_MAX_WIDTH or CL_DEVICE_IMAGE2D_MAX_HEIGHT "
           "respectively for all devices in context or if values specified by image_row_pitch do "
           "not follow rules described in the argument description above.",
           V1_0, Still,
           CLVET_CHECK(CreateImage2D,
                       images::legacy_size_invalid(
                           w, a.context, a.image_format,
                           images::desc_2d(a.image_width, a.image_height, a.image_row_pitch),
                           a.host_ptr)))
CLVET_RULE(CreateImage2DInvalidHostPtr, "clCreateImage2D", CL_INVALID_HOST_PTR, Spec::Api30,
           "5.3.1",
           "CL_INVALID_HOST_PTR if host_ptr is NULL and CL_MEM_USE_HOST_PTR or CL_MEM_COPY_HOST_PTR "
           "are set in flags or if host_ptr is not NULL but CL_MEM_COPY_HOST_PTR or "
           "CL_MEM_USE_HOST_PTR are not set in flags.",
           V1_0, Still,
           CLVET_CHECK(CreateImage2D, images::host_ptr_mismatch({a.flags, nullptr, nullptr, a.host_ptr})))
CLVET_RULE(CreateImage2DFormatNotSupported, "clCreateImage2D", CL_IMAGE_FORMAT_NOT_SUPPORTED,
           Spec::Api30, "5.3.1",
           "CL_IMAGE_FORMAT_NOT_SUPPORTED if there are no devices in context that support "
           "image_format.",
           V1_0, Still, nullptr, "raised when no device of the context lists the format for 2D images")
CLVET_RULE(CreateImage2DAllocationFailure, "clCreateImage2D", CL_MEM_OBJECT_ALLOCATION_FAILURE,
           Spec::Api30, "5.3.1",
           "CL_MEM_OBJECT_ALLOCATION_FAILURE if there is a failure to allocate memory for image "
           "object.",
           V1_0, Still, nullptr, "raised when allocating the image's data store fails")
CLVET_RULE(CreateImage2DNoImageSupport, "clCreateImage2D", CL_INVALID_OPERATION, Spec::Api30,
           "5.3.1",
           "CL_INVALID_OPERATION if there are no devices in context that support images (i.e. "
           "CL_DEVICE_IMAGE_SUPPORT specified in the Device Queries table is CL_FALSE).",
           V1_0, Still, CLVET_CHECK(CreateImage2D, images::no_device_supports_images(w, a.context)))
CLVET_ALLOCATION_RULES(CreateImage2D, "clCreateImage2D", Spec::Api30, "5.3.1", V1_0,
                       "never raised: images take no device resources beyond their data store",
                       "raised when allocating the image object throws std::bad_alloc")

// clCreateImage3D (1.0; deprecated by 1.2).
CLVET_ROLE_RULE(CreateImage3DInvalidContext, CreateImage3D, InvalidContext, Spec::Api30, "5.3.1",
                V1_0)
CLVET_RULE(CreateImage3DInvalidFlags, "clCreateImage3D", CL_INVALID_VALUE, Spec::Api30, "5.3.1",
           "CL_INVALID_VALUE if values specified in flags are not valid.", V1_0, Still,
           CLVET_CHECK(CreateImage3D, images::mem_flags_invalid(a.flags, w.version(), false)))
CLVET_RULE(CreateImage3DInvalidFormat, "clCreateImage3D", CL_INVALID_IMAGE_FORMAT_DESCRIPTOR,
           Spec::Api30, "5.3.1",
           "CL_INVALID_IMAGE_FORMAT_DESCRIPTOR if values specified in image_format are not valid or "
           "if image_format is NULL.",
           V1_0, Still, CLVET_CHECK(CreateImage3D, images::format_invalid(a.image_format, w.version())))
CLVET_RULE(CreateImage3DInvalidSize, "clCreateImage3D", CL_INVALID_IMAGE_SIZE, Spec::Api30,
           "5.3.1",
           "CL_INVALID_IMAGE_SIZE if image_width or image_height are 0 or if image_depth <= 1, or "
           "if they exceed the maximum values specified in CL_DEVICE_IMAGE3D_MAX_WIDTH, "
           "CL_DEVICE_IMAGE3D_MAX_HEIGHT or CL_DEVICE_IMAGE3D_MAX_DEPTH respectively for all "
           "devices in context, or if values specified by image_row_pitch and image_slice_pitch do "
           "not follow rules described in the argument description above.",
           V1_0, Still,
           CLVET_CHECK(CreateImage3D,
                       images::legacy_size_invalid(
                           w, a.context, a.image_format,
                           images::desc_3d(a.image_width, a.image_height, a.image_depth,
                                           a.image_row_pitch, a.image_slice_pitch),
                           a.host_ptr)))
CLVET_RULE(CreateImage3DInvalidHostPtr, "clCreateImage3D", CL_INVALID_HOST_PTR, Spec::Api30,
           "5.3.1",
           "CL_INVALID_HOST_PTR if host_ptr is NULL and CL_MEM_USE_HOST_PTR or CL_MEM_COPY_HOST_PTR "
           "are set in flags or if host_ptr is not NULL but CL_MEM_COPY_HOST_PTR or "
           "CL_MEM_USE_HOST_PTR are not set in flags.",
           V1_0, Still,
           CLVET_CHECK(CreateImage3D, images::host_ptr_mismatch({a.flags, nullptr, nullptr, a.host_ptr})))
CLVET_RULE(CreateImage3DFormatNotSupported, "clCreateImage3D", CL_IMAGE_FORMAT_NOT_SUPPORTED,
           Spec::Api30, "5.3.1",
           "CL_IMAGE_FORMAT_NOT_SUPPORTED if there are no devices in context that support "
           "image_format.",
           V1_0, Still, nullptr, "raised when no device of the context lists the format for 3D images")
CLVET_RULE(CreateImage3DAllocationFailure, "clCreateImage3D", CL_MEM_OBJECT_ALLOCATION_FAILURE,
           Spec::Api30, "5.3.1",
           "CL_MEM_OBJECT_ALLOCATION_FAILURE if there is a failure to allocate memory for image "
           "object.",
           V1_0, Still, nullptr, "raised when allocating the image's data store fails")
CLVET_RULE(CreateImage3DNoImageSupport, "clCreateImage3D", CL_INVALID_OPERATION, Spec::Api30,
           "5.3.1",
           "CL_INVALID_OPERATION if there are no devices in context that support images (i.e. "
           "CL_DEVICE_IMAGE_SUPPORT specified in the Device Queries table is CL_FALSE).",
           V1_0, Still, CLVET_CHECK(CreateImage3D, images::no_device_supports_images(w, a.context)))
CLVET_ALLOCATION_RULES(CreateImage3D, "clCreateImage3D", Spec::Api30, "5.3.1", V1_0,
                       "never raised: images take no device resources beyond their data store",
                       "raised when allocating the image object throws std::bad_alloc")

// ============================================================================================
// §5.3.2 clGetSupportedImageFormats
// ============================================================================================
CLVET_ROLE_RULE(GetSupportedImageFormatsInvalidContext, GetSupportedImageFormats, InvalidContext,
                Spec::OpenCL12, "5.3.2", V1_0)
CLVET_RULE(GetSupportedImageFormatsInvalidValue, "clGetSupportedImageFormats", CL_INVALID_VALUE,
           Spec::OpenCL12, "5.3.2",
           "CL_INVALID_VALUE if flags or image_type are not valid, or if num_entries is 0 and "
           "image_formats is not NULL.",
           V1_0, Still,
           CLVET_CHECK(GetSupportedImageFormats,
                       images::mem_flags_invalid(a.flags, w.version(), true) ||
                           images::image_type_invalid(a.image_type) ||
                           (a.num_entries == 0 && a.image_formats != nullptr)))
CLVET_ALLOCATION_RULES(GetSupportedImageFormats, "clGetSupportedImageFormats", Spec::OpenCL12,
                       "5.3.2", V1_0, "never raised: the query allocates nothing on the device",
                       "raised when collecting the formats throws std::bad_alloc")

// ============================================================================================
// §5.3.3 clEnqueueReadImage, clEnqueueWriteImage
// ============================================================================================
#define CLVET_READ_WRITE_IMAGE_RULES(Name, Blocking, Flags, HostClause, HostCheck)                 \
  CLVET_ROLE_RULE(Name##InvalidQueue, Name, InvalidCommandQueue, Spec::OpenCL12, "5.3.3", V1_0)    \
  CLVET_RULE(Name##ContextMismatch, "cl" #Name, CL_INVALID_CONTEXT, Spec::OpenCL12, "5.3.3",       \
             "CL_INVALID_CONTEXT if the context associated with command_queue and image are not "  \
             "the same or if the context associated with command_queue and events in "             \
             "event_wait_list are not the same.",                                                  \
             V1_0, Still,                                                                          \
             CLVET_CHECK(                                                                          \
                 Name, images::in_other_context(w, a.command_queue, a.image) ||                    \
                           valid_events_in_other_context(                                          \
                               w, a.command_queue, a.num_events_in_wait_list, a.event_wait_list))) \
  CLVET_RULE(Name##InvalidImage, "cl" #Name, CL_INVALID_MEM_OBJECT, Spec::OpenCL12, "5.3.3",       \
             "CL_INVALID_MEM_OBJECT if image is not a valid image object.", V1_0, Still,           \
             CLVET_CHECK(Name, !images::is_image(w, a.image)))                                     \
  CLVET_RULE(Name##OutOfBounds, "cl" #Name, CL_INVALID_VALUE, Spec::OpenCL12, "5.3.3",             \
             "CL_INVALID_VALUE if the region being read or written specified by origin and "       \
             "region is out of bounds or if ptr is a NULL value.",                                 \
             V1_0, Still,                                                                          \
             CLVET_CHECK(Name, images::region_outside(w, a.image, a.origin, a.region) ||           \
                                   a.ptr == nullptr))                                              \
  CLVET_RULE(Name##BadOriginRegion, "cl" #Name, CL_INVALID_VALUE, Spec::OpenCL12, "5.3.3",         \
             "CL_INVALID_VALUE if values in origin and region do not follow rules described in "   \
             "the argument description for origin and region.",                                    \
             V1_0, Still,                                                                          \
             CLVET_CHECK(Name, images::origin_region_bad(w, a.image, a.origin, a.region)))         \
  CLVET_ROLE_RULE(Name##InvalidWaitList, Name, InvalidEventWaitList, Spec::OpenCL12, "5.3.3",      \
                  V1_0)                                                                            \
  CLVET_RULE(Name##ImageSizeNotSupported, "cl" #Name, CL_INVALID_IMAGE_SIZE, Spec::OpenCL12,       \
             "5.3.3",                                                                              \
             "CL_INVALID_IMAGE_SIZE if image dimensions (image width, height, specified or "       \
             "compute row and/or slice pitch) for image are not supported by device associated "   \
             "with queue.",                                                                        \
             V1_0, Still,                                                                          \
             CLVET_CHECK(Name, images::image_exceeds_queue_device(w, a.command_queue, a.image)))   \
  CLVET_RULE(Name##FormatNotSupported, "cl" #Name, CL_IMAGE_FORMAT_NOT_SUPPORTED, Spec::OpenCL12,  \
             "5.3.3",                                                                              \
             "CL_IMAGE_FORMAT_NOT_SUPPORTED if image format (image channel order and data type) "  \
             "for image are not supported by device associated with queue.",                       \
             V1_0, Still, nullptr,                                                                 \
             "raised when the queue's device does not list the image's format")                    \
  CLVET_RULE(Name##AllocationFailure, "cl" #Name, CL_MEM_OBJECT_ALLOCATION_FAILURE,                \
             Spec::OpenCL12, "5.3.3",                                                              \
             "CL_MEM_OBJECT_ALLOCATION_FAILURE if there is a failure to allocate memory for "      \
             "data store associated with image.",                                                  \
             V1_0, Still, nullptr, "raised when the image's data store cannot be allocated")       \
  CLVET_RULE(Name##NoImageSupport, "cl" #Name, CL_INVALID_OPERATION, Spec::OpenCL12, "5.3.3",      \
             "CL_INVALID_OPERATION if the device associated with command_queue does not support "  \
             "images (i.e. CL_DEVICE_IMAGE_SUPPORT specified in table 4.3 is CL_FALSE).",          \
             V1_0, Still, CLVET_CHECK(Name, images::queue_lacks_images(w, a.command_queue)))       \
  CLVET_RULE(Name##HostAccess, "cl" #Name, CL_INVALID_OPERATION, Spec::OpenCL12, "5.3.3",          \
             HostClause, V1_2, Still,                                                              \
             CLVET_CHECK(Name, images::is_image(w, a.image) &&                                     \
                                   (images::mem_flags(w, a.image) & (HostCheck))))                 \
  CLVET_RULE(Name##BlockingWaitListFailed, "cl" #Name,                                             \
             CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST, Spec::OpenCL12, "5.3.3",                \
             "CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST if the read and write operations are "  \
             "blocking and the execution status of any of the events in event_wait_list is a "     \
             "negative integer value.",                                                            \
             V1_1, Still, nullptr,                                                                 \
             "raised when a blocking call's wait list contains an event that failed")              \
  CLVET_ALLOCATION_RULES(Name, "cl" #Name, Spec::OpenCL12, "5.3.3", V1_0,                          \
                         "never raised: the command takes no device resources",                    \
                         "raised when queuing the command throws std::bad_alloc")

CLVET_READ_WRITE_IMAGE_RULES(EnqueueReadImage, blocking_read, 0,
                             "CL_INVALID_OPERATION if clEnqueueReadImage is called on image which "
                             "has been created with CL_MEM_HOST_WRITE_ONLY or "
                             "CL_MEM_HOST_NO_ACCESS.",
                             CL_MEM_HOST_WRITE_ONLY | CL_MEM_HOST_NO_ACCESS)
CLVET_READ_WRITE_IMAGE_RULES(EnqueueWriteImage, blocking_write, 0,
                             "CL_INVALID_OPERATION if clEnqueueWriteImage is called on image which "
                             "has been created with CL_MEM_HOST_READ_ONLY or "
                             "CL_MEM_HOST_NO_ACCESS.",
                             CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS)

// ============================================================================================
// §5.3.3 clEnqueueCopyImage
// ============================================================================================
CLVET_ROLE_RULE(EnqueueCopyImageInvalidQueue, EnqueueCopyImage, InvalidCommandQueue, Spec::OpenCL12,
                "5.3.3", V1_0)
CLVET_RULE(EnqueueCopyImageContextMismatch, "clEnqueueCopyImage", CL_INVALID_CONTEXT,
           Spec::OpenCL12, "5.3.3",
           "CL_INVALID_CONTEXT if the context associated with command_queue, src_image and "
           "dst_image are not the same or if the context associated with command_queue and events "
           "in event_wait_list are not the same.",
           V1_0, Still,
           CLVET_CHECK(EnqueueCopyImage,
                       images::in_other_context(w, a.command_queue, a.src_image) ||
                           images::in_other_context(w, a.command_queue, a.dst_image) ||
                           valid_events_in_other_context(w, a.command_queue,
                                                         a.num_events_in_wait_list,
                                                         a.event_wait_list)))
CLVET_RULE(EnqueueCopyImageInvalidImage, "clEnqueueCopyImage", CL_INVALID_MEM_OBJECT,
           Spec::OpenCL12, "5.3.3",
           "CL_INVALID_MEM_OBJECT if src_image and dst_image are not valid image objects.", V1_0,
           Still,
           CLVET_CHECK(EnqueueCopyImage,
                       !images::is_image(w, a.src_image) || !images::is_image(w, a.dst_image)))
CLVET_RULE(EnqueueCopyImageFormatMismatch, "clEnqueueCopyImage", CL_IMAGE_FORMAT_MISMATCH,
           Spec::OpenCL12, "5.3.3",
           "CL_IMAGE_FORMAT_MISMATCH if src_image and dst_image do not use the same image format.",
           V1_0, Still, CLVET_CHECK(EnqueueCopyImage, images::formats_differ(w, a.src_image, a.dst_image)))
CLVET_RULE(EnqueueCopyImageOutOfBounds, "clEnqueueCopyImage", CL_INVALID_VALUE, Spec::OpenCL12,
           "5.3.3",
           "CL_INVALID_VALUE if the 2D or 3D rectangular region specified by src_origin and "
           "src_origin + region refers to a region outside src_image, or if the 2D or 3D "
           "rectangular region specified by dst_origin and dst_origin + region refers to a region "
           "outside dst_image.",
           V1_0, Still,
           CLVET_CHECK(EnqueueCopyImage,
                       images::region_outside(w, a.src_image, a.src_origin, a.region) ||
                           images::region_outside(w, a.dst_image, a.dst_origin, a.region)))
CLVET_RULE(EnqueueCopyImageBadOriginRegion, "clEnqueueCopyImage", CL_INVALID_VALUE,
           Spec::OpenCL12, "5.3.3",
           "CL_INVALID_VALUE if values in src_origin, dst_origin and region do not follow rules "
           "described in the argument description for src_origin, dst_origin and region.",
           V1_0, Still,
           CLVET_CHECK(EnqueueCopyImage,
                       images::origin_region_bad(w, a.src_image, a.src_origin, a.region) ||
                           images::origin_region_bad(w, a.dst_image, a.dst_origin, a.region)))
CLVET_ROLE_RULE(EnqueueCopyImageInvalidWaitList, EnqueueCopyImage, InvalidEventWaitList,
                Spec::OpenCL12, "5.3.3", V1_0)
CLVET_RULE(EnqueueCopyImageImageSizeNotSupported, "clEnqueueCopyImage", CL_INVALID_IMAGE_SIZE,
           Spec::OpenCL12, "5.3.3",
           "CL_INVALID_IMAGE_SIZE if image dimensions (image width, height, specified or compute "
           "row and/or slice pitch) for src_image or dst_image are not supported by device "
           "associated with queue.",
           V1_0, Still,
           CLVET_CHECK(EnqueueCopyImage,
                       images::image_exceeds_queue_device(w, a.command_queue, a.src_image) ||
                           images::image_exceeds_queue_device(w, a.command_queue, a.dst_image)))
CLVET_RULE(EnqueueCopyImageFormatNotSupported, "clEnqueueCopyImage", CL_IMAGE_FORMAT_NOT_SUPPORTED,
           Spec::OpenCL12, "5.3.3",
           "CL_IMAGE_FORMAT_NOT_SUPPORTED if image format (image channel order and data type) for "
           "src_image or dst_image are not supported by device associated with queue.",
           V1_0, Still, nullptr, "raised when the queue's device does not list an image's format")
CLVET_RULE(EnqueueCopyImageAllocationFailure, "clEnqueueCopyImage",
           CL_MEM_OBJECT_ALLOCATION_FAILURE, Spec::OpenCL12, "5.3.3",
           "CL_MEM_OBJECT_ALLOCATION_FAILURE if there is a failure to allocate memory for data "
           "store associated with src_image or dst_image.",
           V1_0, Still, nullptr, "raised when an image's data store cannot be allocated")
CLVET_ALLOCATION_RULES(EnqueueCopyImage, "clEnqueueCopyImage", Spec::OpenCL12, "5.3.3", V1_0,
                       "never raised: the command takes no device resources",
                       "raised when queuing the command throws std::bad_alloc")
CLVET_RULE(EnqueueCopyImageNoImageSupport, "clEnqueueCopyImage", CL_INVALID_OPERATION,
           Spec::OpenCL12, "5.3.3",
           "CL_INVALID_OPERATION if the device associated with command_queue does not support "
           "images (i.e. CL_DEVICE_IMAGE_SUPPORT specified in table 4.3 is CL_FALSE).",
           V1_0, Still, CLVET_CHECK(EnqueueCopyImage, images::queue_lacks_images(w, a.command_queue)))
CLVET_RULE(EnqueueCopyImageOverlap, "clEnqueueCopyImage", CL_MEM_COPY_OVERLAP, Spec::OpenCL12,
           "5.3.3",
           "CL_MEM_COPY_OVERLAP if src_image and dst_image are the same image object and the source "
           "and destination regions overlap.",
           V1_0, Still,
           CLVET_CHECK(EnqueueCopyImage, images::copy_overlaps(w, a.src_image, a.dst_image,
                                                               a.src_origin, a.dst_origin, a.region)))

// ============================================================================================
// §5.3.4 clEnqueueFillImage (1.2). The no-image-support clause is 3.0's.
// ============================================================================================
CLVET_ROLE_RULE(EnqueueFillImageInvalidQueue, EnqueueFillImage, InvalidCommandQueue, Spec::OpenCL12,
                "5.3.4", V1_2)
CLVET_RULE(EnqueueFillImageContextMismatch, "clEnqueueFillImage", CL_INVALID_CONTEXT,
           Spec::OpenCL12, "5.3.4",
           "CL_INVALID_CONTEXT if the context associated with command_queue and image are not the "
           "same or if the context associated with command_queue and events in event_wait_list "
           "are not the same.",
           V1_2, Still,
           CLVET_CHECK(EnqueueFillImage,
                       images::in_other_context(w, a.command_queue, a.image) ||
                           valid_events_in_other_context(w, a.command_queue,
                                                         a.num_events_in_wait_list,
                                                         a.event_wait_list)))
CLVET_RULE(EnqueueFillImageInvalidImage, "clEnqueueFillImage", CL_INVALID_MEM_OBJECT,
           Spec::OpenCL12, "5.3.4", "CL_INVALID_MEM_OBJECT if image is not a valid image object.",
           V1_2, Still, CLVET_CHECK(EnqueueFillImage, !images::is_image(w, a.image)))
CLVET_RULE(EnqueueFillImageNullColor, "clEnqueueFillImage", CL_INVALID_VALUE, Spec::OpenCL12,
           "5.3.4", "CL_INVALID_VALUE if fill_color is NULL.", V1_2, Still,
           CLVET_CHECK(EnqueueFillImage, a.fill_color == nullptr))
CLVET_RULE(EnqueueFillImageOutOfBounds, "clEnqueueFillImage", CL_INVALID_VALUE, Spec::OpenCL12,
           "5.3.4",
           "CL_INVALID_VALUE if the region being filled as specified by origin and region is out of "
           "bounds or if ptr is a NULL value.",
           V1_2, Still,
           CLVET_CHECK(EnqueueFillImage, images::region_outside(w, a.image, a.origin, a.region)))
CLVET_RULE(EnqueueFillImageBadOriginRegion, "clEnqueueFillImage", CL_INVALID_VALUE,
           Spec::OpenCL12, "5.3.4",
           "CL_INVALID_VALUE if values in origin and region do not follow rules described in the "
           "argument description for origin and region.",
           V1_2, Still,
           CLVET_CHECK(EnqueueFillImage, images::origin_region_bad(w, a.image, a.origin, a.region)))
CLVET_ROLE_RULE(EnqueueFillImageInvalidWaitList, EnqueueFillImage, InvalidEventWaitList,
                Spec::OpenCL12, "5.3.4", V1_2)
CLVET_RULE(EnqueueFillImageImageSizeNotSupported, "clEnqueueFillImage", CL_INVALID_IMAGE_SIZE,
           Spec::OpenCL12, "5.3.4",
           "CL_INVALID_IMAGE_SIZE if image dimensions (image width, height, specified or compute "
           "row and/or slice pitch) for image are not supported by device associated with queue.",
           V1_2, Still,
           CLVET_CHECK(EnqueueFillImage,
                       images::image_exceeds_queue_device(w, a.command_queue, a.image)))
CLVET_RULE(EnqueueFillImageFormatNotSupported, "clEnqueueFillImage", CL_IMAGE_FORMAT_NOT_SUPPORTED,
           Spec::OpenCL12, "5.3.4",
           "CL_IMAGE_FORMAT_NOT_SUPPORTED if image format (image channel order and data type) for "
           "image are not supported by device associated with queue.",
           V1_2, Still, nullptr, "raised when the queue's device does not list the image's format")
CLVET_RULE(EnqueueFillImageAllocationFailure, "clEnqueueFillImage",
           CL_MEM_OBJECT_ALLOCATION_FAILURE, Spec::OpenCL12, "5.3.4",
           "CL_MEM_OBJECT_ALLOCATION_FAILURE if there is a failure to allocate memory for data "
           "store associated with image.",
           V1_2, Still, nullptr, "raised when the image's data store cannot be allocated")
CLVET_RULE(EnqueueFillImageNoImageSupport, "clEnqueueFillImage", CL_INVALID_OPERATION,
           Spec::Api30, "5.3.4",
           "CL_INVALID_OPERATION if the device associated with command_queue does not support "
           "images (the query for CL_DEVICE_IMAGE_SUPPORT returns CL_FALSE).",
           V3_0, Still, CLVET_CHECK(EnqueueFillImage, images::queue_lacks_images(w, a.command_queue)))
CLVET_ALLOCATION_RULES(EnqueueFillImage, "clEnqueueFillImage", Spec::OpenCL12, "5.3.4", V1_2,
                       "never raised: the command takes no device resources",
                       "raised when queuing the command throws std::bad_alloc")

// ============================================================================================
// §5.3.5 clEnqueueCopyImageToBuffer, clEnqueueCopyBufferToImage
// ============================================================================================
CLVET_ROLE_RULE(EnqueueCopyImageToBufferInvalidQueue, EnqueueCopyImageToBuffer, InvalidCommandQueue,
                Spec::OpenCL12, "5.3.5", V1_0)
CLVET_RULE(EnqueueCopyImageToBufferContextMismatch, "clEnqueueCopyImageToBuffer",
           CL_INVALID_CONTEXT, Spec::OpenCL12, "5.3.5",
           "CL_INVALID_CONTEXT if the context associated with command_queue, src_image and "
           "dst_buffer are not the same or if the context associated with command_queue and events "
           "in event_wait_list are not the same.",
           V1_0, Still,
           CLVET_CHECK(EnqueueCopyImageToBuffer,
                       images::in_other_context(w, a.command_queue, a.src_image) ||
                           images::in_other_context(w, a.command_queue, a.dst_buffer) ||
                           valid_events_in_other_context(w, a.command_queue,
                                                         a.num_events_in_wait_list,
                                                         a.event_wait_list)))
CLVET_RULE(EnqueueCopyImageToBufferInvalidMem, "clEnqueueCopyImageToBuffer", CL_INVALID_MEM_OBJECT,
           Spec::OpenCL12, "5.3.5",
           "CL_INVALID_MEM_OBJECT if src_image is not a valid image object or dst_buffer is not a "
           "valid buffer object or if src_image is a 1D image buffer object created from "
           "dst_buffer.",
           V1_0, Still,
           CLVET_CHECK(EnqueueCopyImageToBuffer,
                       !images::is_image(w, a.src_image) || !images::is_buffer(w, a.dst_buffer) ||
                           images::image_made_from(w, a.src_image, a.dst_buffer)))
CLVET_RULE(EnqueueCopyImageToBufferOutOfBounds, "clEnqueueCopyImageToBuffer", CL_INVALID_VALUE,
           Spec::OpenCL12, "5.3.5",
           "CL_INVALID_VALUE if the 1D, 2D or 3D rectangular region specified by src_origin and "
           "src_origin + region refers to a region outside src_image, or if the region specified by "
           "dst_offset and dst_offset + dst_cb to a region outside dst_buffer.",
           V1_0, Still,
           CLVET_CHECK(EnqueueCopyImageToBuffer,
                       images::region_outside(w, a.src_image, a.src_origin, a.region) ||
                           images::buffer_range_outside(w, a.dst_buffer, a.dst_offset,
                                                        images::copy_bytes(w, a.src_image, a.region))))
CLVET_RULE(EnqueueCopyImageToBufferBadOriginRegion, "clEnqueueCopyImageToBuffer", CL_INVALID_VALUE,
           Spec::OpenCL12, "5.3.5",
           "CL_INVALID_VALUE if values in src_origin and region do not follow rules described in "
           "the argument description for src_origin and region.",
           V1_0, Still,
           CLVET_CHECK(EnqueueCopyImageToBuffer,
                       images::origin_region_bad(w, a.src_image, a.src_origin, a.region)))
CLVET_ROLE_RULE(EnqueueCopyImageToBufferInvalidWaitList, EnqueueCopyImageToBuffer,
                InvalidEventWaitList, Spec::OpenCL12, "5.3.5", V1_0)
CLVET_RULE(EnqueueCopyImageToBufferMisalignedSubBuffer, "clEnqueueCopyImageToBuffer",
           CL_MISALIGNED_SUB_BUFFER_OFFSET, Spec::OpenCL12, "5.3.5",
           "CL_MISALIGNED_SUB_BUFFER_OFFSET if dst_buffer is a sub-buffer object and offset "
           "specified when the sub-buffer object is created is not aligned to "
           "CL_DEVICE_MEM_BASE_ADDR_ALIGN value for device associated with queue.",
           V1_1, Still,
           CLVET_CHECK(EnqueueCopyImageToBuffer,
                       images::sub_buffer_misaligned(w, a.command_queue, a.dst_buffer)))
CLVET_RULE(EnqueueCopyImageToBufferImageSizeNotSupported, "clEnqueueCopyImageToBuffer",
           CL_INVALID_IMAGE_SIZE, Spec::OpenCL12, "5.3.5",
           "CL_INVALID_IMAGE_SIZE if image dimensions (image width, height, specified or compute "
           "row and/or slice pitch) for src_image are not supported by device associated with "
           "queue.",
           V1_0, Still,
           CLVET_CHECK(EnqueueCopyImageToBuffer,
                       images::image_exceeds_queue_device(w, a.command_queue, a.src_image)))
CLVET_RULE(EnqueueCopyImageToBufferFormatNotSupported, "clEnqueueCopyImageToBuffer",
           CL_IMAGE_FORMAT_NOT_SUPPORTED, Spec::OpenCL12, "5.3.5",
           "CL_IMAGE_FORMAT_NOT_SUPPORTED if image format (image channel order and data type) for "
           "src_image are not supported by device associated with queue.",
           V1_0, Still, nullptr, "raised when the queue's device does not list the image's format")
CLVET_RULE(EnqueueCopyImageToBufferAllocationFailure, "clEnqueueCopyImageToBuffer",
           CL_MEM_OBJECT_ALLOCATION_FAILURE, Spec::OpenCL12, "5.3.5",
           "CL_MEM_OBJECT_ALLOCATION_FAILURE if there is a failure to allocate memory for data "
           "store associated with src_image or dst_buffer.",
           V1_0, Still, nullptr, "raised when a data store cannot be allocated")
CLVET_RULE(EnqueueCopyImageToBufferNoImageSupport, "clEnqueueCopyImageToBuffer",
           CL_INVALID_OPERATION, Spec::OpenCL12, "5.3.5",
           "CL_INVALID_OPERATION if the device associated with command_queue does not support "
           "images (i.e. CL_DEVICE_IMAGE_SUPPORT specified in table 4.3 is CL_FALSE).",
           V1_0, Still,
           CLVET_CHECK(EnqueueCopyImageToBuffer, images::queue_lacks_images(w, a.command_queue)))
CLVET_ALLOCATION_RULES(EnqueueCopyImageToBuffer, "clEnqueueCopyImageToBuffer", Spec::OpenCL12,
                       "5.3.5", V1_0, "never raised: the command takes no device resources",
                       "raised when queuing the command throws std::bad_alloc")

CLVET_ROLE_RULE(EnqueueCopyBufferToImageInvalidQueue, EnqueueCopyBufferToImage, InvalidCommandQueue,
                Spec::OpenCL12, "5.3.5", V1_0)
CLVET_RULE(EnqueueCopyBufferToImageContextMismatch, "clEnqueueCopyBufferToImage",
           CL_INVALID_CONTEXT, Spec::OpenCL12, "5.3.5",
           "CL_INVALID_CONTEXT if the context associated with command_queue, src_buffer and "
           "dst_image are not the same or if the context associated with command_queue and events "
           "in event_wait_list are not the same.",
           V1_0, Still,
           CLVET_CHECK(EnqueueCopyBufferToImage,
                       images::in_other_context(w, a.command_queue, a.src_buffer) ||
                           images::in_other_context(w, a.command_queue, a.dst_image) ||
                           valid_events_in_other_context(w, a.command_queue,
                                                         a.num_events_in_wait_list,
                                                         a.event_wait_list)))
CLVET_RULE(EnqueueCopyBufferToImageInvalidMem, "clEnqueueCopyBufferToImage", CL_INVALID_MEM_OBJECT,
           Spec::OpenCL12, "5.3.5",
           "CL_INVALID_MEM_OBJECT if src_buffer is not a valid buffer object or dst_image is not a "
           "valid image object or if dst_image is a 1D image buffer object created from "
           "src_buffer.",
           V1_0, Still,
           CLVET_CHECK(EnqueueCopyBufferToImage,
                       !images::is_buffer(w, a.src_buffer) || !images::is_image(w, a.dst_image) ||
                           images::image_made_from(w, a.dst_image, a.src_buffer)))
CLVET_RULE(EnqueueCopyBufferToImageOutOfBounds, "clEnqueueCopyBufferToImage", CL_INVALID_VALUE,
           Spec::OpenCL12, "5.3.5",
           "CL_INVALID_VALUE if the 1D, 2D or 3D rectangular region specified by dst_origin and "
           "dst_origin + region refer to a region outside dst_image, or if the region specified by "
           "src_offset and src_offset + src_cb refer to a region outside src_buffer.",
           V1_0, Still,
           CLVET_CHECK(EnqueueCopyBufferToImage,
                       images::region_outside(w, a.dst_image, a.dst_origin, a.region) ||
                           images::buffer_range_outside(w, a.src_buffer, a.src_offset,
                                                        images::copy_bytes(w, a.dst_image, a.region))))
CLVET_RULE(EnqueueCopyBufferToImageBadOriginRegion, "clEnqueueCopyBufferToImage", CL_INVALID_VALUE,
           Spec::OpenCL12, "5.3.5",
           "CL_INVALID_VALUE if values in dst_origin and region do not follow rules described in "
           "the argument description for dst_origin and region.",
           V1_0, Still,
           CLVET_CHECK(EnqueueCopyBufferToImage,
                       images::origin_region_bad(w, a.dst_image, a.dst_origin, a.region)))
CLVET_ROLE_RULE(EnqueueCopyBufferToImageInvalidWaitList, EnqueueCopyBufferToImage,
                InvalidEventWaitList, Spec::OpenCL12, "5.3.5", V1_0)
CLVET_RULE(EnqueueCopyBufferToImageMisalignedSubBuffer, "clEnqueueCopyBufferToImage",
           CL_MISALIGNED_SUB_BUFFER_OFFSET, Spec::OpenCL12, "5.3.5",
           "CL_MISALIGNED_SUB_BUFFER_OFFSET if src_buffer is a sub-buffer object and offset "
           "specified when the sub-buffer object is created is not aligned to "
           "CL_DEVICE_MEM_BASE_ADDR_ALIGN value for device associated with queue.",
           V1_1, Still,
           CLVET_CHECK(EnqueueCopyBufferToImage,
                       images::sub_buffer_misaligned(w, a.command_queue, a.src_buffer)))
CLVET_RULE(EnqueueCopyBufferToImageImageSizeNotSupported, "clEnqueueCopyBufferToImage",
           CL_INVALID_IMAGE_SIZE, Spec::OpenCL12, "5.3.5",
           "CL_INVALID_IMAGE_SIZE if image dimensions (image width, height, specified or compute "
           "row and/or slice pitch) for dst_image are not supported by device associated with "
           "queue.",
           V1_0, Still,
           CLVET_CHECK(EnqueueCopyBufferToImage,
                       images::image_exceeds_queue_device(w, a.command_queue, a.dst_image)))
CLVET_RULE(EnqueueCopyBufferToImageFormatNotSupported, "clEnqueueCopyBufferToImage",
           CL_IMAGE_FORMAT_NOT_SUPPORTED, Spec::OpenCL12, "5.3.5",
           "CL_IMAGE_FORMAT_NOT_SUPPORTED if image format (image channel order and data type) for "
           "dst_image are not supported by device associated with queue.",
           V1_0, Still, nullptr, "raised when the queue's device does not list the image's format")
CLVET_RULE(EnqueueCopyBufferToImageAllocationFailure, "clEnqueueCopyBufferToImage",
           CL_MEM_OBJECT_ALLOCATION_FAILURE, Spec::OpenCL12, "5.3.5",
           "CL_MEM_OBJECT_ALLOCATION_FAILURE if there is a failure to allocate memory for data "
           "store associated with src_buffer or dst_image.",
           V1_0, Still, nullptr, "raised when a data store cannot be allocated")
CLVET_RULE(EnqueueCopyBufferToImageNoImageSupport, "clEnqueueCopyBufferToImage",
           CL_INVALID_OPERATION, Spec::OpenCL12, "5.3.5",
           "CL_INVALID_OPERATION if the device associated with command_queue does not support "
           "images (i.e. CL_DEVICE_IMAGE_SUPPORT specified in table 4.3 is CL_FALSE).",
           V1_0, Still,
           CLVET_CHECK(EnqueueCopyBufferToImage, images::queue_lacks_images(w, a.command_queue)))
CLVET_ALLOCATION_RULES(EnqueueCopyBufferToImage, "clEnqueueCopyBufferToImage", Spec::OpenCL12,
                       "5.3.5", V1_0, "never raised: the command takes no device resources",
                       "raised when queuing the command throws std::bad_alloc")

// ============================================================================================
// §5.3.6 clEnqueueMapImage
// ============================================================================================
CLVET_ROLE_RULE(EnqueueMapImageInvalidQueue, EnqueueMapImage, InvalidCommandQueue, Spec::OpenCL12,
                "5.3.6", V1_0)
CLVET_RULE(EnqueueMapImageContextMismatch, "clEnqueueMapImage", CL_INVALID_CONTEXT, Spec::OpenCL12,
           "5.3.6",
           "CL_INVALID_CONTEXT if context associated with command_queue and image are not the same "
           "or if context associated with command_queue and events in event_wait_list are not the "
           "same.",
           V1_0, Still,
           CLVET_CHECK(EnqueueMapImage, images::in_other_context(w, a.command_queue, a.image) ||
                                            valid_events_in_other_context(w, a.command_queue,
                                                                          a.num_events_in_wait_list,
                                                                          a.event_wait_list)))
CLVET_RULE(EnqueueMapImageInvalidImage, "clEnqueueMapImage", CL_INVALID_MEM_OBJECT,
           Spec::OpenCL12, "5.3.6", "CL_INVALID_MEM_OBJECT if image is not a valid image object.",
           V1_0, Still, CLVET_CHECK(EnqueueMapImage, !images::is_image(w, a.image)))
CLVET_RULE(EnqueueMapImageOutOfBoundsOrFlags, "clEnqueueMapImage", CL_INVALID_VALUE,
           Spec::OpenCL12, "5.3.6",
           "CL_INVALID_VALUE if region being mapped given by (origin, origin+region) is out of "
           "bounds or if values specified in map_flags are not valid.",
           V1_0, Still,
           CLVET_CHECK(EnqueueMapImage, images::region_outside(w, a.image, a.origin, a.region) ||
                                            images::map_flags_invalid(a.map_flags)))
CLVET_RULE(EnqueueMapImageBadOriginRegion, "clEnqueueMapImage", CL_INVALID_VALUE, Spec::OpenCL12,
           "5.3.6",
           "CL_INVALID_VALUE if values in origin and region do not follow rules described in the "
           "argument description for origin and region.",
           V1_0, Still,
           CLVET_CHECK(EnqueueMapImage, images::origin_region_bad(w, a.image, a.origin, a.region)))
CLVET_RULE(EnqueueMapImageNullRowPitch, "clEnqueueMapImage", CL_INVALID_VALUE, Spec::OpenCL12,
           "5.3.6", "CL_INVALID_VALUE if image_row_pitch is NULL.", V1_0, Still,
           CLVET_CHECK(EnqueueMapImage, a.image_row_pitch == nullptr))
CLVET_RULE(EnqueueMapImageNullSlicePitch, "clEnqueueMapImage", CL_INVALID_VALUE, Spec::OpenCL12,
           "5.3.6",
           "CL_INVALID_VALUE if image is a 3D image, 1D or 2D image array object and "
           "image_slice_pitch is NULL.",
           V1_0, Still,
           CLVET_CHECK(EnqueueMapImage,
                       a.image_slice_pitch == nullptr && images::is_image(w, a.image) &&
                           (images::mem_type(w, a.image) == cl_mem_object_type{CL_MEM_OBJECT_IMAGE3D} ||
                            images::is_array_type(*images::mem_type(w, a.image)))))
CLVET_ROLE_RULE(EnqueueMapImageInvalidWaitList, EnqueueMapImage, InvalidEventWaitList,
                Spec::OpenCL12, "5.3.6", V1_0)
CLVET_RULE(EnqueueMapImageImageSizeNotSupported, "clEnqueueMapImage", CL_INVALID_IMAGE_SIZE,
           Spec::OpenCL12, "5.3.6",
           "CL_INVALID_IMAGE_SIZE if image dimensions (image width, height, specified or compute "
           "row and/or slice pitch) for image are not supported by device associated with queue.",
           V1_0, Still,
           CLVET_CHECK(EnqueueMapImage,
                       images::image_exceeds_queue_device(w, a.command_queue, a.image)))
CLVET_RULE(EnqueueMapImageFormatNotSupported, "clEnqueueMapImage", CL_IMAGE_FORMAT_NOT_SUPPORTED,
           Spec::OpenCL12, "5.3.6",
           "CL_IMAGE_FORMAT_NOT_SUPPORTED if image format (image channel order and data type) for "
           "image are not supported by device associated with queue.",
           V1_0, Still, nullptr, "raised when the queue's device does not list the image's format")
// The clause clEnqueueMapBuffer's EnqueueMapBufferOverlappingWriteMap encodes names
// clEnqueueMapImage too. Only the image knows its live mappings.
CLVET_RULE(EnqueueMapImageOverlappingWriteMap, "clEnqueueMapImage", CL_INVALID_OPERATION,
           Spec::OpenCL12, "5.4.3",
           "Mapping (and unmapping) overlapped regions in a memory object and/or associated memory "
           "objects (sub-buffer objects or 1D image buffer objects that overlap this region) for "
           "writing is an error and will result in CL_INVALID_OPERATION error returned by "
           "clEnqueueMapBuffer, or clEnqueueMapImage.",
           V1_2, Still, nullptr,
           "raised when the region overlaps a live mapping of the image's data store and either "
           "mapping is for writing")
CLVET_RULE(EnqueueMapImageMapFailure, "clEnqueueMapImage", CL_MAP_FAILURE, Spec::OpenCL12, "5.3.6",
           "CL_MAP_FAILURE if there is a failure to map the requested region into the host address "
           "space. This error cannot occur for image objects created with CL_MEM_USE_HOST_PTR or "
           "CL_MEM_ALLOC_HOST_PTR.",
           V1_0, Still, nullptr,
           "not raised by the reference device: every data store is host memory")
CLVET_RULE(EnqueueMapImageBlockingWaitListFailed, "clEnqueueMapImage",
           CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST, Spec::OpenCL12, "5.3.6",
           "CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST if the map operation is blocking and the "
           "execution status of any of the events in event_wait_list is a negative integer value.",
           V1_1, Still, nullptr, "raised when a blocking call's wait list contains an event that failed")
CLVET_RULE(EnqueueMapImageAllocationFailure, "clEnqueueMapImage", CL_MEM_OBJECT_ALLOCATION_FAILURE,
           Spec::OpenCL12, "5.3.6",
           "CL_MEM_OBJECT_ALLOCATION_FAILURE if there is a failure to allocate memory for data "
           "store associated with image.",
           V1_0, Still, nullptr, "raised when the image's data store cannot be allocated")
CLVET_RULE(EnqueueMapImageNoImageSupport, "clEnqueueMapImage", CL_INVALID_OPERATION,
           Spec::OpenCL12, "5.3.6",
           "CL_INVALID_OPERATION if the device associated with command_queue does not support "
           "images (i.e. CL_DEVICE_IMAGE_SUPPORT specified in table 4.3 is CL_FALSE).",
           V1_0, Still, CLVET_CHECK(EnqueueMapImage, images::queue_lacks_images(w, a.command_queue)))
CLVET_RULE(EnqueueMapImageHostAccess, "clEnqueueMapImage", CL_INVALID_OPERATION, Spec::OpenCL12,
           "5.3.6",
           "CL_INVALID_OPERATION if image has been created with CL_MEM_HOST_WRITE_ONLY or "
           "CL_MEM_HOST_NO_ACCESS and CL_MAP_READ is set in map_flags or if image has been created "
           "with CL_MEM_HOST_READ_ONLY or CL_MEM_HOST_NO_ACCESS and CL_MAP_WRITE or "
           "CL_MAP_WRITE_INVALIDATE_REGION is set in map_flags.",
           V1_2, Still,
           CLVET_CHECK(EnqueueMapImage, images::map_host_access_conflict(w, a.image, a.map_flags)))
CLVET_ALLOCATION_RULES(EnqueueMapImage, "clEnqueueMapImage", Spec::OpenCL12, "5.3.6", V1_0,
                       "never raised: the command takes no device resources",
                       "raised when queuing the command throws std::bad_alloc")

// ============================================================================================
// §5.3.7 clGetImageInfo. The handle clause first, as for every query.
// ============================================================================================
CLVET_RULE(GetImageInfoInvalidImage, "clGetImageInfo", CL_INVALID_MEM_OBJECT, Spec::OpenCL12,
           "5.3.7", "CL_INVALID_MEM_OBJECT if image is a not a valid image object.", V1_0, Still,
           CLVET_CHECK(GetImageInfo, !images::is_image(w, a.image)))
CLVET_RULE(GetImageInfoBadParam, "clGetImageInfo", CL_INVALID_VALUE, Spec::OpenCL12, "5.3.7",
           "CL_INVALID_VALUE if param_name is not valid, or if size in bytes specified by "
           "param_value_size is < size of return type as described in table 5.9 and param_value "
           "is not NULL.",
           V1_0, Still, nullptr,
           "raised by the query when param_name is unknown or param_value_size is too small")
CLVET_ALLOCATION_RULES(GetImageInfo, "clGetImageInfo", Spec::OpenCL12, "5.3.7", V1_0,
                       "never raised: the query allocates nothing on the device",
                       "raised when building the answer throws std::bad_alloc")
