// Image data layouts: element sizes, pitches, spans and packed copies.
#include "image_bytes.h"

#include <cstring>

#include "clvet/rules/args.gen.h"
#include "clvet/rules/image_formats.h"
#include "dispatch.h"
#include "objects.h"
#include "trace_encode.h"

namespace clvet::layer::image_bytes {

std::size_t element_size(const cl_image_format& format) {
  // By the newest version's table: the layer records whatever format the driver took, and an
  // order ending in x stores its ignored channel too (3.0 §5.3.1.1).
  return rules::images::element_size(format, rules::Version{3, 0});
}

Layout Layout::packed_defaults() const {
  Layout out = *this;
  if (out.row_pitch == 0) out.row_pitch = region[0] * element;
  if (out.slice_pitch == 0) out.slice_pitch = array_1d ? out.row_pitch : out.row_pitch * region[1];
  return out;
}

std::size_t Layout::span() const {
  if (region[0] == 0 || region[1] == 0 || region[2] == 0 || element == 0) return 0;
  const Layout l = packed_defaults();
  const std::size_t last_row = array_1d ? 0 : (region[1] - 1) * l.row_pitch;
  const std::size_t last_slice = array_1d ? (region[1] - 1) * l.slice_pitch
                                          : (region[2] - 1) * l.slice_pitch;
  return last_slice + last_row + region[0] * element;
}

Layout of_image(const cl_image_desc& desc, std::size_t element) {
  Layout l;
  l.element = element;
  l.row_pitch = desc.image_row_pitch;
  l.slice_pitch = desc.image_slice_pitch;
  l.region[0] = desc.image_width;
  l.region[1] = 1;
  l.region[2] = 1;
  switch (desc.image_type) {
    case CL_MEM_OBJECT_IMAGE2D: l.region[1] = desc.image_height; break;
    case CL_MEM_OBJECT_IMAGE3D:
      l.region[1] = desc.image_height;
      l.region[2] = desc.image_depth;
      break;
    case CL_MEM_OBJECT_IMAGE2D_ARRAY:
      l.region[1] = desc.image_height;
      l.region[2] = desc.image_array_size;
      break;
    case CL_MEM_OBJECT_IMAGE1D_ARRAY:
      l.region[1] = desc.image_array_size;
      l.array_1d = true;
      break;
    default: break;  // 1D, 1D buffer: one row
  }
  return l;
}

std::vector<unsigned char> packed(const void* data, const Layout& layout) {
  const Layout l = layout.packed_defaults();
  const std::size_t row_bytes = l.region[0] * l.element;
  std::vector<unsigned char> out;
  if (layout.span() == 0) return out;
  out.reserve(row_bytes * l.region[1] * l.region[2]);
  const auto* base = static_cast<const unsigned char*>(data);
  for (std::size_t z = 0; z < l.region[2]; ++z)
    for (std::size_t y = 0; y < l.region[1]; ++y) {
      const unsigned char* row =
          base + (l.array_1d ? y * l.slice_pitch : z * l.slice_pitch + y * l.row_pitch);
      out.insert(out.end(), row, row + row_bytes);
    }
  return out;
}

namespace {

// What the driver says of an image the application passes: its element size, and whether it
// is a 1D image array. Zero when the image is not live or the driver does not answer.
Layout of_live_image(const void* image) {
  Layout l;
  if (objects().brief(image).kind != api::ObjectKind::Mem) return l;
  auto* m = static_cast<cl_mem>(const_cast<void*>(image));
  const cl_icd_dispatch& d = next();
  std::size_t element = 0;
  cl_mem_object_type type = 0;
  if (d.clGetImageInfo == nullptr || d.clGetMemObjectInfo == nullptr ||
      d.clGetImageInfo(m, CL_IMAGE_ELEMENT_SIZE, sizeof element, &element, nullptr) != CL_SUCCESS ||
      d.clGetMemObjectInfo(m, CL_MEM_TYPE, sizeof type, &type, nullptr) != CL_SUCCESS)
    return l;
  l.element = element;
  l.array_1d = type == CL_MEM_OBJECT_IMAGE1D_ARRAY;
  return l;
}

}  // namespace

std::size_t fill_color_size(const void* image) {
  constexpr std::size_t kDepth = sizeof(cl_float), kFourComponents = 4 * sizeof(cl_float);
  if (objects().brief(image).kind != api::ObjectKind::Mem) return kDepth;
  const cl_icd_dispatch& d = next();
  cl_image_format format{};
  if (d.clGetImageInfo == nullptr ||
      d.clGetImageInfo(static_cast<cl_mem>(const_cast<void*>(image)), CL_IMAGE_FORMAT,
                       sizeof format, &format, nullptr) != CL_SUCCESS)
    return kDepth;
#ifdef CL_DEPTH
  if (format.image_channel_order == CL_DEPTH) return kDepth;
#endif
  return kFourComponents;
}

namespace {

bool reads_host_ptr(cl_mem_flags flags, const void* host_ptr) {
  return host_ptr != nullptr && (flags & (CL_MEM_COPY_HOST_PTR | CL_MEM_USE_HOST_PTR)) != 0;
}

void input(trace::CallEncoder& encoder, std::uint32_t param, const void* data, const Layout& l) {
  const std::size_t size = l.span();
  if (data == nullptr || size == 0) return;
  encoder.input(param);
  encoder.data(data, size);
}

// The memory object an image description names (mem_object: the buffer of a 1D image buffer
// or of a 2D image from a buffer, the image a 2D image views), as the description's Input:
// the struct's bytes hold the recording process's address, which a replay cannot map.
void described_object(trace::CallEncoder& encoder, std::uint32_t param, const cl_image_desc* desc) {
  if (desc == nullptr || desc->buffer == nullptr) return;
  encoder.input(param);
  encode::handle(encoder, desc->buffer, api::ObjectKind::Mem);
}

void region_of(Layout& l, const size_t* region) {
  if (region == nullptr) return;
  for (int i = 0; i < 3; ++i) l.region[i] = region[i];
}

}  // namespace

void encode_inputs(trace::CallEncoder& encoder, std::uint32_t entry, const void* args) {
  switch (entry) {
    case args::CreateImage::kEntryIndex: {
      const auto& a = *static_cast<const args::CreateImage*>(args);
      described_object(encoder, 3, a.image_desc);
      if (!reads_host_ptr(a.flags, a.host_ptr) || a.image_format == nullptr ||
          a.image_desc == nullptr)
        return;
      input(encoder, 4, a.host_ptr, of_image(*a.image_desc, element_size(*a.image_format)));
      return;
    }
    case args::CreateImageWithProperties::kEntryIndex: {
      const auto& a = *static_cast<const args::CreateImageWithProperties*>(args);
      described_object(encoder, 4, a.image_desc);
      if (!reads_host_ptr(a.flags, a.host_ptr) || a.image_format == nullptr ||
          a.image_desc == nullptr)
        return;
      input(encoder, 5, a.host_ptr, of_image(*a.image_desc, element_size(*a.image_format)));
      return;
    }
    case args::CreateImage2D::kEntryIndex: {
      const auto& a = *static_cast<const args::CreateImage2D*>(args);
      if (!reads_host_ptr(a.flags, a.host_ptr) || a.image_format == nullptr) return;
      Layout l;
      l.region[0] = a.image_width;
      l.region[1] = a.image_height;
      l.region[2] = 1;
      l.element = element_size(*a.image_format);
      l.row_pitch = a.image_row_pitch;
      input(encoder, 6, a.host_ptr, l);
      return;
    }
    case args::CreateImage3D::kEntryIndex: {
      const auto& a = *static_cast<const args::CreateImage3D*>(args);
      if (!reads_host_ptr(a.flags, a.host_ptr) || a.image_format == nullptr) return;
      Layout l;
      l.region[0] = a.image_width;
      l.region[1] = a.image_height;
      l.region[2] = a.image_depth;
      l.element = element_size(*a.image_format);
      l.row_pitch = a.image_row_pitch;
      l.slice_pitch = a.image_slice_pitch;
      input(encoder, 8, a.host_ptr, l);
      return;
    }
    case args::EnqueueWriteImage::kEntryIndex: {
      const auto& a = *static_cast<const args::EnqueueWriteImage*>(args);
      Layout l = of_live_image(a.image);
      region_of(l, a.region);
      l.row_pitch = a.input_row_pitch;
      l.slice_pitch = a.input_slice_pitch;
      input(encoder, 7, a.ptr, l);
      return;
    }
    default: return;
  }
}

Layout of_mapping(const void* args) {
  const auto& a = *static_cast<const args::EnqueueMapImage*>(args);
  Layout l = of_live_image(a.image);
  region_of(l, a.region);
  // clEnqueueMapImage (1.2 §5.4.2): image_row_pitch is required; image_slice_pitch may be NULL
  // for 1D and 2D images, whose regions have one slice.
  l.row_pitch = a.image_row_pitch != nullptr ? *a.image_row_pitch : 0;
  l.slice_pitch = a.image_slice_pitch != nullptr ? *a.image_slice_pitch : 0;
  return l;
}

Layout of_read(const void* args) {
  const auto& a = *static_cast<const args::EnqueueReadImage*>(args);
  Layout l = of_live_image(a.image);
  region_of(l, a.region);
  l.row_pitch = a.row_pitch;
  l.slice_pitch = a.slice_pitch;
  return l;
}

void encode_outputs(trace::CallEncoder& encoder, std::uint32_t entry, const void* args) {
  if (entry != args::EnqueueReadImage::kEntryIndex) return;
  const auto& a = *static_cast<const args::EnqueueReadImage*>(args);
  if (a.blocking_read == CL_FALSE || a.ptr == nullptr) return;
  const std::vector<unsigned char> pixels = packed(a.ptr, of_read(args));
  if (pixels.empty()) return;
  encoder.output(7);
  encoder.data(pixels.data(), pixels.size());
}

}  // namespace clvet::layer::image_bytes
