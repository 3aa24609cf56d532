// Image entry points (OpenCL 1.2 §5.3, 2.2 §5.3.1 and 3.0 clCreateImageWithProperties):
// creation (own store, host memory, or a buffer's or image's store), the supported formats and
// clGetImageInfo. The image commands are in enqueue_image_api.cpp.
#include <algorithm>
#include <bit>
#include <cstring>
#include <new>
#include <vector>

#include "clvet/checker/kernel_checker.h"
#include "clvet/rules/image_formats.h"
#include "clvet/rules/memory_objects.h"
#include "clvet/rules/rule_ids.gen.h"
#include "context.h"
#include "device_impl.gen.h"
#include "image.h"
#include "info.h"
#include "options.h"
#include "platform.h"

namespace clvet::device::impl {

namespace {

constexpr rules::Version kVersion{3, 0};

// The channel orders and data types the device lists: every pair of tables 5.6 and 5.7 (and
// 2.1's CL_UNORM_INT_101010_2) that rules::images::format_invalid admits, less
//  - elements whose bits are not a power of two (2.2 §5.3.1.1: "The number of bits per element
//    ... must be a power of two"): CL_RGx and CL_sRGB, whose three channels make 24, 48 or 96;
//  - CL_Rx, which is optional (1.2 appendix F.1, "Optional image formats: CL_Rx, CL_RGx and
//    CL_RGBx"; none of them is in 3.0's minimum lists of §5.3.2.1) and whose element the spec
//    and the CTS size differently: 3.0 §5.3.1.1's table calls it "a two channel image format,
//    where ... the second channel is ignored", the CTS's harness (get_pixel_size) one channel,
//    so no element size agrees with both, and an application following either would copy the
//    wrong number of bytes. It stays a valid format of two channels (rules::images), which the
//    device refuses with CL_IMAGE_FORMAT_NOT_SUPPORTED;
//  - CL_DEPTH but for 2D images and 2D image arrays (2.2 §5.3.2.1, footnote 9);
//  - the sRGB orders where kernels may write: the device does not have
//    cl_khr_srgb_image_writes (2.2 §5.3.2.1, footnote 10), so they are listed only for
//    CL_MEM_READ_ONLY.
constexpr cl_channel_order kOrders[] = {
    CL_R,    CL_A,     CL_RG,    CL_RA,    CL_RGB,       CL_RGBA,      CL_BGRA, CL_ARGB,
    CL_ABGR, CL_RGx,   CL_RGBx,  CL_INTENSITY, CL_LUMINANCE, CL_DEPTH, CL_sRGB,
    CL_sRGBx, CL_sRGBA, CL_sBGRA};
constexpr cl_channel_type kTypes[] = {
    CL_SNORM_INT8,     CL_SNORM_INT16,     CL_UNORM_INT8,       CL_UNORM_INT16,
    CL_UNORM_SHORT_565, CL_UNORM_SHORT_555, CL_UNORM_INT_101010, CL_UNORM_INT_101010_2,
    CL_SIGNED_INT8,    CL_SIGNED_INT16,    CL_SIGNED_INT32,     CL_UNSIGNED_INT8,
    CL_UNSIGNED_INT16, CL_UNSIGNED_INT32,  CL_HALF_FLOAT,       CL_FLOAT};

bool is_srgb(cl_channel_order order) {
  return order == CL_sRGB || order == CL_sRGBx || order == CL_sRGBA || order == CL_sBGRA;
}

// The formats the context's devices support for an image type and flags (§5.3.2: "a union
// of image formats supported by all devices in the context").
std::vector<cl_image_format> supported_formats(const Context& context, cl_mem_flags flags,
                                               cl_mem_object_type type) {
  const bool any = std::any_of(context.devices().begin(), context.devices().end(),
                               [](const Ref<Device>& d) { return d->image_support(); });
  std::vector<cl_image_format> formats;
  if (!any) return formats;
  const bool kernel_writes = !(flags & CL_MEM_READ_ONLY);
  const bool depth_allowed = type == CL_MEM_OBJECT_IMAGE2D || type == CL_MEM_OBJECT_IMAGE2D_ARRAY;
  for (cl_channel_order order : kOrders)
    for (cl_channel_type data_type : kTypes) {
      const cl_image_format f{order, data_type};
      if (rules::images::format_invalid(&f, kVersion)) continue;
      if (!std::has_single_bit(rules::images::element_size(f, kVersion))) continue;
      if (order == CL_DEPTH && !depth_allowed) continue;
      if (is_srgb(order) && kernel_writes) continue;
      formats.push_back(f);
    }
  return formats;
}

bool listed(const std::vector<cl_image_format>& formats, const cl_image_format& format) {
  return std::any_of(formats.begin(), formats.end(), [&](const cl_image_format& f) {
    return f.image_channel_order == format.image_channel_order &&
           f.image_channel_data_type == format.image_channel_data_type;
  });
}

// The rules of the entry point creating an image.
struct CreationRules {
  const rules::Rule& invalid_context;
  const rules::Rule& not_supported;
  const rules::Rule& allocation_failure;
  const rules::Rule& out_of_host_memory;
};

// Copies the application's host_ptr (laid out with `host`'s pitches) into `image`'s store.
void copy_from_host(const Image& image, const cl_image_desc& host, const void* host_ptr) {
  const std::size_t rows = host.image_type == CL_MEM_OBJECT_IMAGE1D_ARRAY
                               ? host.image_array_size
                               : std::max<std::size_t>(1, host.image_height);
  const std::size_t slices = host.image_type == CL_MEM_OBJECT_IMAGE3D        ? host.image_depth
                             : host.image_type == CL_MEM_OBJECT_IMAGE2D_ARRAY ? host.image_array_size
                                                                              : 1;
  const auto* from = static_cast<const std::byte*>(host_ptr);
  image.for_each_row({0, 0, 0}, {image.desc().image_width, rows, slices}, host.image_row_pitch,
                     host.image_slice_pitch, [&](std::size_t at, std::size_t host_at) {
                       std::memcpy(image.data() + at, from + host_at,
                                   image.desc().image_width * image.element_size());
                     });
}

Result<cl_mem> create(cl_context handle, const cl_mem_properties* properties, cl_mem_flags flags,
                      const cl_image_format& format, cl_image_desc desc, void* host_ptr,
                      const CreationRules& rules) {
  Ref<Context> context = lookup<Context>(handle);
  if (!context) return fail(rules.invalid_context, "the context was released during the call");
  const std::size_t element = rules::images::element_size(format, kVersion);
  Ref<Mem> source = desc.mem_object ? lookup<Mem>(desc.mem_object) : Ref<Mem>();
  if (source) flags = rules::memory::inherited_flags(source->flags(), flags);
  if (!listed(supported_formats(*context, flags, desc.image_type), format))
    return fail(rules.not_supported,
                "no device of the context lists this format for these flags and image type "
                "(clGetSupportedImageFormats)");
  try {
    Image* image = nullptr;
    if (source) {
      // §5.3.1.2: the image uses the buffer's (or image's) store, with the pitch given or
      // computed; a 2D image from a 2D image takes that image's pitch.
      if (auto* from = dynamic_cast<Image*>(source.get())) desc.image_row_pitch = from->desc().image_row_pitch;
      const cl_image_desc layout = laid_out(desc, element, true);
      Ref<Mem> root(source->parent() ? source->parent() : source.get());
      image = new Image(root, source->offset(), source, flags, copy_properties(properties), format,
                        layout, element);
    } else {
      const bool use_host = flags & CL_MEM_USE_HOST_PTR;
      const cl_image_desc layout = laid_out(desc, element, use_host);
      std::unique_ptr<DataStore> store;
      try {
        store = use_host ? DataStore::borrow(host_ptr, store_size(layout))
                         : DataStore::allocate(store_size(layout), store_alignment(*context));
      } catch (const std::bad_alloc&) {
        return fail(rules.allocation_failure, "the image's data store could not be allocated");
      }
      image = new Image(context, flags, std::move(store), host_ptr, copy_properties(properties),
                        format, layout, element);
      if (flags & CL_MEM_COPY_HOST_PTR) copy_from_host(*image, laid_out(desc, element, true), host_ptr);
      // Without host data the texels are undefined; the uninitialised-value checker tracks
      // which bytes something writes.
      if (!(flags & (CL_MEM_COPY_HOST_PTR | CL_MEM_USE_HOST_PTR)) &&
          checker::KernelChecks::parse(options::value("check")).uninit)
        image->mark_unwritten();
    }
    return image->id();
  } catch (const std::bad_alloc&) {
    return fail(rules.out_of_host_memory, "the image object could not be allocated");
  }
}

cl_image_desc desc_2d_3d(cl_mem_object_type type, std::size_t width, std::size_t height,
                         std::size_t depth, std::size_t row_pitch, std::size_t slice_pitch) {
  cl_image_desc d{};
  d.image_type = type;
  d.image_width = width;
  d.image_height = height;
  d.image_depth = depth;
  d.image_row_pitch = row_pitch;
  d.image_slice_pitch = slice_pitch;
  return d;
}

}  // namespace

Result<cl_mem> CreateImage(const args::CreateImage& a) {
  return create(a.context, nullptr, a.flags, *a.image_format, *a.image_desc, a.host_ptr,
                {rule::CreateImageInvalidContext, rule::CreateImageFormatNotSupported,
                 rule::CreateImageAllocationFailure, rule::CreateImageOutOfHostMemory});
}

Result<cl_mem> CreateImageWithProperties(const args::CreateImageWithProperties& a) {
  return create(a.context, a.properties, a.flags, *a.image_format, *a.image_desc, a.host_ptr,
                {rule::CreateImageWithPropertiesInvalidContext,
                 rule::CreateImageWithPropertiesFormatNotSupported,
                 rule::CreateImageWithPropertiesAllocationFailure,
                 rule::CreateImageWithPropertiesOutOfHostMemory});
}

Result<cl_mem> CreateImage2D(const args::CreateImage2D& a) {
  return create(a.context, nullptr, a.flags, *a.image_format,
                desc_2d_3d(CL_MEM_OBJECT_IMAGE2D, a.image_width, a.image_height, 0,
                           a.image_row_pitch, 0),
                a.host_ptr,
                {rule::CreateImage2DInvalidContext, rule::CreateImage2DFormatNotSupported,
                 rule::CreateImage2DAllocationFailure, rule::CreateImage2DOutOfHostMemory});
}

Result<cl_mem> CreateImage3D(const args::CreateImage3D& a) {
  return create(a.context, nullptr, a.flags, *a.image_format,
                desc_2d_3d(CL_MEM_OBJECT_IMAGE3D, a.image_width, a.image_height, a.image_depth,
                           a.image_row_pitch, a.image_slice_pitch),
                a.host_ptr,
                {rule::CreateImage3DInvalidContext, rule::CreateImage3DFormatNotSupported,
                 rule::CreateImage3DAllocationFailure, rule::CreateImage3DOutOfHostMemory});
}

Status GetSupportedImageFormats(const args::GetSupportedImageFormats& a) {
  Ref<Context> context = lookup<Context>(a.context);
  if (!context) return fail(rule::GetSupportedImageFormatsInvalidContext);
  std::vector<cl_image_format> formats;
  try {
    formats = supported_formats(*context, a.flags, a.image_type);
  } catch (const std::bad_alloc&) {
    return fail(rule::GetSupportedImageFormatsOutOfHostMemory);
  }
  for (cl_uint i = 0; a.image_formats && i < a.num_entries && i < formats.size(); ++i)
    a.image_formats[i] = formats[i];
  if (a.num_image_formats) *a.num_image_formats = static_cast<cl_uint>(formats.size());
  return {};
}

// Also answers the rules' InfoQuery::Image, so it validates its handle itself.
Status GetImageInfo(const args::GetImageInfo& a) {
  Ref<Mem> mem = lookup<Mem>(a.image);
  auto* image = dynamic_cast<Image*>(mem.get());
  if (!image) return fail(rule::GetImageInfoInvalidImage, "image names no image object");
  InfoWriter out(a.param_value_size, a.param_value, a.param_value_size_ret,
                 rule::GetImageInfoBadParam);
  const cl_image_desc& d = image->desc();
  const cl_mem_object_type type = d.image_type;
  const bool has_height = type == CL_MEM_OBJECT_IMAGE2D || type == CL_MEM_OBJECT_IMAGE2D_ARRAY ||
                          type == CL_MEM_OBJECT_IMAGE3D;
  switch (a.param_name) {
    case CL_IMAGE_FORMAT: return out.scalar<cl_image_format>(image->format());
    case CL_IMAGE_ELEMENT_SIZE: return out.scalar<size_t>(image->element_size());
    case CL_IMAGE_ROW_PITCH: return out.scalar<size_t>(d.image_row_pitch);
    // 0 for 1D and 2D images; a 1D array's is the size of each of its 1D images.
    case CL_IMAGE_SLICE_PITCH: return out.scalar<size_t>(d.image_slice_pitch);
    case CL_IMAGE_WIDTH: return out.scalar<size_t>(d.image_width);
    case CL_IMAGE_HEIGHT: return out.scalar<size_t>(has_height ? d.image_height : 0);
    case CL_IMAGE_DEPTH: return out.scalar<size_t>(type == CL_MEM_OBJECT_IMAGE3D ? d.image_depth : 0);
    case CL_IMAGE_ARRAY_SIZE:
      return out.scalar<size_t>((type == CL_MEM_OBJECT_IMAGE1D_ARRAY || type == CL_MEM_OBJECT_IMAGE2D_ARRAY) ? d.image_array_size : 0);
    case CL_IMAGE_BUFFER:
      return out.scalar<cl_mem>(image->source() && image->source()->type() == CL_MEM_OBJECT_BUFFER
                                    ? image->source()->id()
                                    : nullptr);
    case CL_IMAGE_NUM_MIP_LEVELS:
    case CL_IMAGE_NUM_SAMPLES: return out.scalar<cl_uint>(0);
    default:
      return fail(rule::GetImageInfoBadParam, "unknown param_name " + std::to_string(a.param_name));
  }
}

}  // namespace clvet::device::impl
