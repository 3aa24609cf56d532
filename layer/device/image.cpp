// Image objects: layout, texel offsets and the interpreter's view of them.
#include "image.h"

#include <algorithm>

namespace clvet::device {

cl_image_desc laid_out(const cl_image_desc& desc, std::size_t element_size, bool keep_pitches) {
  cl_image_desc d = desc;
  if (!keep_pitches) d.image_row_pitch = d.image_slice_pitch = 0;
  if (d.image_row_pitch == 0) d.image_row_pitch = d.image_width * element_size;
  switch (d.image_type) {
    case CL_MEM_OBJECT_IMAGE1D_ARRAY:
      if (d.image_slice_pitch == 0) d.image_slice_pitch = d.image_row_pitch;
      break;
    case CL_MEM_OBJECT_IMAGE2D_ARRAY:
    case CL_MEM_OBJECT_IMAGE3D:
      if (d.image_slice_pitch == 0) d.image_slice_pitch = d.image_row_pitch * d.image_height;
      break;
    default:
      d.image_slice_pitch = 0;  // CL_IMAGE_SLICE_PITCH: 0 for 1D and 2D images
      break;
  }
  return d;
}

std::size_t store_size(const cl_image_desc& d) {
  switch (d.image_type) {
    case CL_MEM_OBJECT_IMAGE2D: return d.image_row_pitch * d.image_height;
    case CL_MEM_OBJECT_IMAGE3D: return d.image_slice_pitch * d.image_depth;
    case CL_MEM_OBJECT_IMAGE1D_ARRAY:
    case CL_MEM_OBJECT_IMAGE2D_ARRAY: return d.image_slice_pitch * d.image_array_size;
    default: return d.image_row_pitch;
  }
}

Image::Image(Ref<Context> context, cl_mem_flags flags, std::unique_ptr<DataStore> store,
             void* host_ptr, std::vector<cl_mem_properties> properties,
             const cl_image_format& format, const cl_image_desc& desc, std::size_t element_size)
    : Mem(std::move(context), flags, std::move(store), host_ptr, std::move(properties)),
      format_(format),
      desc_(desc),
      element_size_(element_size) {
  desc_.buffer = nullptr;
}

Image::Image(Ref<Mem> root, std::size_t origin, Ref<Mem> source, cl_mem_flags flags,
             std::vector<cl_mem_properties> properties, const cl_image_format& format,
             const cl_image_desc& desc, std::size_t element_size)
    : Mem(std::move(root), flags, origin, store_size(desc), std::move(properties)),
      format_(format),
      desc_(desc),
      element_size_(element_size),
      source_(std::move(source)) {
  desc_.buffer = source_->id();
}

std::size_t Image::offset_of(const std::size_t origin[3]) const {
  const std::size_t x = origin[0] * element_size_;
  switch (desc_.image_type) {
    case CL_MEM_OBJECT_IMAGE1D_ARRAY: return x + origin[1] * desc_.image_slice_pitch;
    case CL_MEM_OBJECT_IMAGE2D: return x + origin[1] * desc_.image_row_pitch;
    case CL_MEM_OBJECT_IMAGE2D_ARRAY:
    case CL_MEM_OBJECT_IMAGE3D:
      return x + origin[1] * desc_.image_row_pitch + origin[2] * desc_.image_slice_pitch;
    default: return x;
  }
}

interp::ImageDescriptor Image::descriptor() const {
  interp::ImageDescriptor d;
  d.type = desc_.image_type;
  d.order = format_.image_channel_order;
  d.data_type = format_.image_channel_data_type;
  d.width = desc_.image_width;
  d.height = std::max<std::size_t>(1, desc_.image_height);
  d.depth = std::max<std::size_t>(1, desc_.image_depth);
  d.array_size = std::max<std::size_t>(1, desc_.image_array_size);
  d.element_size = element_size_;
  d.row_pitch = desc_.image_row_pitch;
  d.slice_pitch = desc_.image_slice_pitch;
  d.data = data();
  return d;
}

// The interpreter names formats and types with cl.h's values.
static_assert(interp::cl_values::kRGBA == CL_RGBA && interp::cl_values::kABGR == CL_ABGR &&
              interp::cl_values::ksBGRA == CL_sBGRA && interp::cl_values::kRx == CL_Rx);
static_assert(interp::cl_values::kSnormInt8 == CL_SNORM_INT8 &&
              interp::cl_values::kFloat == CL_FLOAT &&
              interp::cl_values::kUnormInt101010 == CL_UNORM_INT_101010);
static_assert(interp::cl_values::kImage2D == CL_MEM_OBJECT_IMAGE2D &&
              interp::cl_values::kImage1DBuffer == CL_MEM_OBJECT_IMAGE1D_BUFFER);

}  // namespace clvet::device
