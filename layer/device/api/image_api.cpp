// Image entry points (OpenCL 1.2 §5.3): creation, supported formats, read/write/copy/fill/map
// commands and clGetImageInfo. The reference device reports CL_DEVICE_IMAGE_SUPPORT =
// CL_FALSE, so the rules stop every call before an image could be made or used; what remains
// here answers the calls that get past them.
#include <algorithm>
#include <vector>

#include "clvet/rules/rule_ids.gen.h"
#include "context.h"
#include "device_impl.gen.h"

namespace clvet::device::impl {

namespace {

// The formats the context's devices support for an image type and flags (§5.3.2: "a union
// of image formats supported by all devices in the context"). A device without image support
// supports none, and no device of this platform supports images yet.
std::vector<cl_image_format> supported_formats(const Context&, cl_mem_flags, cl_mem_object_type) {
  return {};
}

// Creation reaches here only when the prechecks found a device that supports images; the
// format must then be one the devices list.
Result<cl_mem> create(cl_context handle, cl_mem_flags flags, const cl_image_format& format,
                      cl_mem_object_type type, const rules::Rule& invalid_context,
                      const rules::Rule& not_supported) {
  Ref<Context> context = lookup<Context>(handle);
  if (!context) return fail(invalid_context, "the context was released during the call");
  auto formats = supported_formats(*context, flags, type);
  bool listed = std::any_of(formats.begin(), formats.end(), [&](const cl_image_format& f) {
    return f.image_channel_order == format.image_channel_order &&
           f.image_channel_data_type == format.image_channel_data_type;
  });
  if (!listed) return fail(not_supported, "no device of the context lists this format");
  return fail(not_supported, "image objects are not implemented by the reference device yet");
}

}  // namespace

Result<cl_mem> CreateImage(const args::CreateImage& a) {
  return create(a.context, a.flags, *a.image_format, a.image_desc->image_type, rule::CreateImageInvalidContext,
                rule::CreateImageFormatNotSupported);
}

Result<cl_mem> CreateImageWithProperties(const args::CreateImageWithProperties& a) {
  return create(a.context, a.flags, *a.image_format, a.image_desc->image_type,
                rule::CreateImageWithPropertiesInvalidContext,
                rule::CreateImageWithPropertiesFormatNotSupported);
}

Result<cl_mem> CreateImage2D(const args::CreateImage2D& a) {
  return create(a.context, a.flags, *a.image_format, CL_MEM_OBJECT_IMAGE2D, rule::CreateImage2DInvalidContext,
                rule::CreateImage2DFormatNotSupported);
}

Result<cl_mem> CreateImage3D(const args::CreateImage3D& a) {
  return create(a.context, a.flags, *a.image_format, CL_MEM_OBJECT_IMAGE3D, rule::CreateImage3DInvalidContext,
                rule::CreateImage3DFormatNotSupported);
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

// No memory object of this device is an image, so every query names "not a valid image
// object". The World's InfoQuery::Image comes here directly, without the prechecks.
Status GetImageInfo(const args::GetImageInfo&) {
  return fail(rule::GetImageInfoInvalidImage, "the reference device has no image objects");
}

// The image commands: their prechecks demand a valid image, which no call can hold yet.
Status EnqueueReadImage(const args::EnqueueReadImage&) {
  return fail(rule::EnqueueReadImageInvalidImage, "the reference device has no image objects");
}
Status EnqueueWriteImage(const args::EnqueueWriteImage&) {
  return fail(rule::EnqueueWriteImageInvalidImage, "the reference device has no image objects");
}
Status EnqueueCopyImage(const args::EnqueueCopyImage&) {
  return fail(rule::EnqueueCopyImageInvalidImage, "the reference device has no image objects");
}
Status EnqueueFillImage(const args::EnqueueFillImage&) {
  return fail(rule::EnqueueFillImageInvalidImage, "the reference device has no image objects");
}
Status EnqueueCopyImageToBuffer(const args::EnqueueCopyImageToBuffer&) {
  return fail(rule::EnqueueCopyImageToBufferInvalidMem, "the reference device has no image objects");
}
Status EnqueueCopyBufferToImage(const args::EnqueueCopyBufferToImage&) {
  return fail(rule::EnqueueCopyBufferToImageInvalidMem, "the reference device has no image objects");
}
Result<void*> EnqueueMapImage(const args::EnqueueMapImage&) {
  return fail(rule::EnqueueMapImageInvalidImage, "the reference device has no image objects");
}

}  // namespace clvet::device::impl
