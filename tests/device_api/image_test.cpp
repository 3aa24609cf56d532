// Image objects (OpenCL 1.2 §5.3, 3.0 clCreateImageWithProperties) on a device without
// images (the reference device under CLVET_IMAGES=0): creation checks its arguments in the spec's order before "no devices in context
// that support images", clGetSupportedImageFormats answers with no formats, and the image
// commands and queries reject a buffer as "not a valid image object".
#include <vector>

#include "fixtures.h"

namespace clvet::test {
namespace {

const cl_image_format kRGBA8{CL_RGBA, CL_UNORM_INT8};

cl_image_desc desc_2d(size_t width = 16, size_t height = 8) {
  cl_image_desc d{};
  d.image_type = CL_MEM_OBJECT_IMAGE2D;
  d.image_width = width;
  d.image_height = height;
  return d;
}

class Images : public WithQueue {
 protected:
  WithoutImages no_images;
  void SetUp() override {
    WithQueue::SetUp();
    cl_int err;
    buffer = clCreateBuffer(context, CL_MEM_READ_WRITE, 4096, nullptr, &err);
    ASSERT_EQ(err, CL_SUCCESS);
    other_context = clCreateContext(nullptr, 1, &device, nullptr, nullptr, &err);
    ASSERT_EQ(err, CL_SUCCESS);
    other_buffer = clCreateBuffer(other_context, CL_MEM_READ_WRITE, 4096, nullptr, &err);
    ASSERT_EQ(err, CL_SUCCESS);
    other_event = clCreateUserEvent(other_context, &err);
    ASSERT_EQ(err, CL_SUCCESS);
  }
  void TearDown() override {
    clSetUserEventStatus(other_event, CL_COMPLETE);
    clReleaseEvent(other_event);
    clReleaseMemObject(other_buffer);
    clReleaseContext(other_context);
    clReleaseMemObject(buffer);
    WithQueue::TearDown();
  }
  cl_mem make_buffer(cl_mem_flags flags, size_t size = 4096) {
    cl_int err;
    cl_mem m = clCreateBuffer(context, flags, size, nullptr, &err);
    EXPECT_EQ(err, CL_SUCCESS);
    return m;
  }

  cl_mem buffer = nullptr;
  cl_context other_context = nullptr;
  cl_mem other_buffer = nullptr;
  cl_event other_event = nullptr;
  unsigned char host[4096] = {};
};

// ---- §5.3.1 clCreateImage ----

// "CL_INVALID_CONTEXT if context is not a valid context."
TEST_F(Images, CreateImageInvalidContext) {
  cl_int err;
  cl_image_desc d = desc_2d();
  EXPECT_RULE_ERRCODE(clCreateImage(released_context(), 0, &kRGBA8, &d, nullptr, &err), err,
                      CL_INVALID_CONTEXT, "CreateImageInvalidContext");
}

// "CL_INVALID_VALUE if values specified in flags are not valid" (table 5.3's exclusions, unknown
// bits, and CL_MEM_KERNEL_READ_AND_WRITE, which only clGetSupportedImageFormats takes).
TEST_F(Images, CreateImageInvalidFlags) {
  cl_image_desc d = desc_2d();
  for (cl_mem_flags flags : {cl_mem_flags{CL_MEM_READ_WRITE | CL_MEM_READ_ONLY},
                             cl_mem_flags{CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS},
                             cl_mem_flags{CL_MEM_USE_HOST_PTR | CL_MEM_COPY_HOST_PTR},
                             cl_mem_flags{1} << 40, cl_mem_flags{CL_MEM_KERNEL_READ_AND_WRITE}}) {
    cl_int err;
    EXPECT_RULE_ERRCODE(clCreateImage(context, flags, &kRGBA8, &d, nullptr, &err), err,
                        CL_INVALID_VALUE, "CreateImageInvalidFlags");
  }
}

// "CL_INVALID_IMAGE_FORMAT_DESCRIPTOR if values specified in image_format are not valid or if
// image_format is NULL" (tables 5.6, 5.7 and their restrictions).
TEST_F(Images, CreateImageInvalidFormat) {
  cl_image_desc d = desc_2d();
  cl_int err;
  EXPECT_RULE_ERRCODE(clCreateImage(context, 0, nullptr, &d, nullptr, &err), err,
                      CL_INVALID_IMAGE_FORMAT_DESCRIPTOR, "CreateImageInvalidFormat");
  const cl_image_format bad[] = {
      {0x1234, CL_UNORM_INT8},             // unknown order
      {CL_RGBA, 0x1234},                   // unknown type
      {CL_INTENSITY, CL_SIGNED_INT8},      // INTENSITY: normalized or float types only
      {CL_RGB, CL_UNORM_INT8},             // RGB: packed types only
      {CL_BGRA, CL_FLOAT},                 // BGRA: 8-bit types only
      {CL_R, CL_UNORM_SHORT_565},          // packed types need RGB or RGBx
      {CL_RGB, CL_UNORM_INT_101010_2},     // 10-10-10-2 needs RGBA (2.2 §5.3.1.1)
  };
  for (const cl_image_format& format : bad)
    EXPECT_RULE_ERRCODE(clCreateImage(context, 0, &format, &d, nullptr, &err), err,
                        CL_INVALID_IMAGE_FORMAT_DESCRIPTOR, "CreateImageInvalidFormat");
}

// "CL_INVALID_IMAGE_DESCRIPTOR if values specified in image_desc are not valid or if image_desc
// is NULL" (§5.3.1.2).
TEST_F(Images, CreateImageInvalidDescriptor) {
  cl_int err;
  EXPECT_RULE_ERRCODE(clCreateImage(context, 0, &kRGBA8, nullptr, nullptr, &err), err,
                      CL_INVALID_IMAGE_DESCRIPTOR, "CreateImageInvalidDescriptor");
  std::vector<cl_image_desc> bad;
  cl_image_desc d = desc_2d();
  d.image_type = CL_MEM_OBJECT_BUFFER;  // not an image type
  bad.push_back(d);
  d = desc_2d(0, 8);  // width >= 1
  bad.push_back(d);
  d = desc_2d(16, 0);  // height >= 1 for 2D
  bad.push_back(d);
  d = desc_2d();
  d.image_type = CL_MEM_OBJECT_IMAGE2D_ARRAY;  // array size >= 1
  bad.push_back(d);
  d = desc_2d();
  d.num_samples = 1;  // num_mip_levels and num_samples must be 0
  bad.push_back(d);
  d = desc_2d();
  d.image_row_pitch = 64;  // must be 0 if host_ptr is NULL
  bad.push_back(d);
  d = desc_2d();
  d.image_type = CL_MEM_OBJECT_IMAGE1D;
  d.buffer = buffer;  // only a 1D image buffer (or a 2D image) names a memory object
  bad.push_back(d);
  d = desc_2d();
  d.image_type = CL_MEM_OBJECT_IMAGE1D_BUFFER;
  d.buffer = nullptr;  // a 1D image buffer needs a buffer
  bad.push_back(d);
  d = desc_2d(2048, 1);
  d.image_type = CL_MEM_OBJECT_IMAGE1D_BUFFER;
  d.buffer = buffer;  // 2048 RGBA8 pixels do not fit the 4096-byte buffer
  bad.push_back(d);
  d = desc_2d(64, 64);
  d.buffer = buffer;  // 2.0, a 2D image from a buffer: row pitch * height > the buffer's size
  bad.push_back(d);
  for (const cl_image_desc& desc : bad)
    EXPECT_RULE_ERRCODE(clCreateImage(context, 0, &kRGBA8, &desc, nullptr, &err), err,
                        CL_INVALID_IMAGE_DESCRIPTOR, "CreateImageInvalidDescriptor");
  // With host memory: a row pitch below width * element size, or not a multiple of it.
  for (size_t pitch : {size_t{32}, size_t{66}}) {
    d = desc_2d();
    d.image_row_pitch = pitch;
    EXPECT_RULE_ERRCODE(clCreateImage(context, CL_MEM_COPY_HOST_PTR, &kRGBA8, &d, host, &err), err,
                        CL_INVALID_IMAGE_DESCRIPTOR, "CreateImageInvalidDescriptor");
  }
}

// "CL_INVALID_HOST_PTR if host_ptr is NULL and CL_MEM_USE_HOST_PTR or CL_MEM_COPY_HOST_PTR are
// set in flags or if host_ptr is not NULL but CL_MEM_COPY_HOST_PTR or CL_MEM_USE_HOST_PTR are
// not set in flags."
TEST_F(Images, CreateImageInvalidHostPtr) {
  cl_image_desc d = desc_2d();
  cl_int err;
  EXPECT_RULE_ERRCODE(clCreateImage(context, CL_MEM_USE_HOST_PTR, &kRGBA8, &d, nullptr, &err), err,
                      CL_INVALID_HOST_PTR, "CreateImageInvalidHostPtr");
  EXPECT_RULE_ERRCODE(clCreateImage(context, CL_MEM_COPY_HOST_PTR, &kRGBA8, &d, nullptr, &err), err,
                      CL_INVALID_HOST_PTR, "CreateImageInvalidHostPtr");
  EXPECT_RULE_ERRCODE(clCreateImage(context, CL_MEM_READ_ONLY, &kRGBA8, &d, host, &err), err,
                      CL_INVALID_HOST_PTR, "CreateImageInvalidHostPtr");
}

// The two 1D-image-buffer CL_INVALID_VALUE clauses: access flags that contradict the buffer's,
// a host pointer flag, and host access flags that contradict the buffer's.
TEST_F(Images, CreateImageFromBufferFlagConflicts) {
  cl_mem write_only = make_buffer(CL_MEM_WRITE_ONLY);
  cl_mem no_host = make_buffer(CL_MEM_HOST_NO_ACCESS);
  cl_image_desc d = desc_2d(64, 1);
  d.image_type = CL_MEM_OBJECT_IMAGE1D_BUFFER;
  cl_int err;
  d.buffer = write_only;
  EXPECT_RULE_ERRCODE(clCreateImage(context, CL_MEM_READ_ONLY, &kRGBA8, &d, nullptr, &err), err,
                      CL_INVALID_VALUE, "CreateImageSourceAccessConflict");
  d.buffer = buffer;
  EXPECT_RULE_ERRCODE(clCreateImage(context, CL_MEM_ALLOC_HOST_PTR, &kRGBA8, &d, nullptr, &err),
                      err, CL_INVALID_VALUE, "CreateImageSourceAccessConflict");
  d.buffer = no_host;
  EXPECT_RULE_ERRCODE(clCreateImage(context, CL_MEM_HOST_READ_ONLY, &kRGBA8, &d, nullptr, &err),
                      err, CL_INVALID_VALUE, "CreateImageSourceHostAccessConflict");
  clReleaseMemObject(write_only);
  clReleaseMemObject(no_host);
}

// "CL_INVALID_OPERATION if there are no devices in context that support images": every valid
// request of every image type ends here.
TEST_F(Images, CreateImageNoImageSupport) {
  std::vector<cl_image_desc> good;
  cl_image_desc d = desc_2d();
  good.push_back(d);
  d.image_type = CL_MEM_OBJECT_IMAGE3D;
  d.image_depth = 4;
  good.push_back(d);
  d = desc_2d(16, 0);
  d.image_type = CL_MEM_OBJECT_IMAGE1D;
  good.push_back(d);
  d.image_type = CL_MEM_OBJECT_IMAGE1D_ARRAY;
  d.image_array_size = 3;
  good.push_back(d);
  d = desc_2d();
  d.image_type = CL_MEM_OBJECT_IMAGE2D_ARRAY;
  d.image_array_size = 3;
  good.push_back(d);
  d = desc_2d(64, 0);
  d.image_type = CL_MEM_OBJECT_IMAGE1D_BUFFER;
  d.buffer = buffer;
  good.push_back(d);
  d = desc_2d(16, 16);
  d.buffer = buffer;  // 2.0: a 2D image from a buffer, 16 * 16 * 4 bytes of its 4096
  good.push_back(d);
  for (const cl_image_desc& desc : good) {
    cl_int err;
    EXPECT_RULE_ERRCODE(clCreateImage(context, 0, &kRGBA8, &desc, nullptr, &err), err,
                        CL_INVALID_OPERATION, "CreateImageNoImageSupport");
  }
  cl_int err;
  d = desc_2d();
  EXPECT_RULE_ERRCODE(clCreateImage(context, CL_MEM_COPY_HOST_PTR, &kRGBA8, &d, host, &err), err,
                      CL_INVALID_OPERATION, "CreateImageNoImageSupport");
}

// ---- 3.0 §5.3.1 clCreateImageWithProperties: clCreateImage's clauses and its properties ----
TEST_F(Images, CreateImageWithPropertiesClauses) {
  cl_image_desc d = desc_2d();
  cl_int err;
  EXPECT_RULE_ERRCODE(clCreateImageWithProperties(released_context(), nullptr, 0, &kRGBA8, &d,
                                                  nullptr, &err),
                      err, CL_INVALID_CONTEXT, "CreateImageWithPropertiesInvalidContext");
  // OpenCL 3.0 defines no image properties: any name is unsupported.
  const cl_mem_properties props[] = {0x4444, 0, 0};
  EXPECT_RULE_ERRCODE(clCreateImageWithProperties(context, props, 0, &kRGBA8, &d, nullptr, &err),
                      err, CL_INVALID_PROPERTY, "CreateImageWithPropertiesInvalidProperty");
  EXPECT_RULE_ERRCODE(clCreateImageWithProperties(context, nullptr, CL_MEM_READ_ONLY | CL_MEM_WRITE_ONLY,
                                                  &kRGBA8, &d, nullptr, &err),
                      err, CL_INVALID_VALUE, "CreateImageWithPropertiesInvalidFlags");
  EXPECT_RULE_ERRCODE(clCreateImageWithProperties(context, nullptr, 0, nullptr, &d, nullptr, &err),
                      err, CL_INVALID_IMAGE_FORMAT_DESCRIPTOR,
                      "CreateImageWithPropertiesInvalidFormat");
  EXPECT_RULE_ERRCODE(clCreateImageWithProperties(context, nullptr, 0, &kRGBA8, nullptr, nullptr,
                                                  &err),
                      err, CL_INVALID_IMAGE_DESCRIPTOR, "CreateImageWithPropertiesInvalidDescriptor");
  EXPECT_RULE_ERRCODE(clCreateImageWithProperties(context, nullptr, CL_MEM_USE_HOST_PTR, &kRGBA8,
                                                  &d, nullptr, &err),
                      err, CL_INVALID_HOST_PTR, "CreateImageWithPropertiesInvalidHostPtr");
  cl_mem read_only = make_buffer(CL_MEM_READ_ONLY | CL_MEM_HOST_WRITE_ONLY);
  cl_image_desc from = desc_2d(64, 0);
  from.image_type = CL_MEM_OBJECT_IMAGE1D_BUFFER;
  from.buffer = read_only;
  EXPECT_RULE_ERRCODE(clCreateImageWithProperties(context, nullptr, CL_MEM_WRITE_ONLY, &kRGBA8,
                                                  &from, nullptr, &err),
                      err, CL_INVALID_VALUE, "CreateImageWithPropertiesSourceAccessConflict");
  EXPECT_RULE_ERRCODE(clCreateImageWithProperties(context, nullptr, CL_MEM_HOST_READ_ONLY, &kRGBA8,
                                                  &from, nullptr, &err),
                      err, CL_INVALID_VALUE, "CreateImageWithPropertiesSourceHostAccessConflict");
  const cl_mem_properties empty[] = {0};
  EXPECT_RULE_ERRCODE(clCreateImageWithProperties(context, empty, 0, &kRGBA8, &d, nullptr, &err),
                      err, CL_INVALID_OPERATION, "CreateImageWithPropertiesNoImageSupport");
  clReleaseMemObject(read_only);
}

// ---- clCreateImage2D / clCreateImage3D (1.0, deprecated by 1.2) ----
TEST_F(Images, CreateImage2DClauses) {
  cl_int err;
  EXPECT_RULE_ERRCODE(clCreateImage2D(released_context(), 0, &kRGBA8, 16, 16, 0, nullptr, &err),
                      err, CL_INVALID_CONTEXT, "CreateImage2DInvalidContext");
  EXPECT_RULE_ERRCODE(clCreateImage2D(context, CL_MEM_READ_WRITE | CL_MEM_WRITE_ONLY, &kRGBA8, 16,
                                      16, 0, nullptr, &err),
                      err, CL_INVALID_VALUE, "CreateImage2DInvalidFlags");
  const cl_image_format bad{CL_LUMINANCE, CL_UNSIGNED_INT32};
  EXPECT_RULE_ERRCODE(clCreateImage2D(context, 0, &bad, 16, 16, 0, nullptr, &err), err,
                      CL_INVALID_IMAGE_FORMAT_DESCRIPTOR, "CreateImage2DInvalidFormat");
  // "image_width or image_height are 0 ... or if values specified by image_row_pitch do not
  // follow rules described in the argument description".
  EXPECT_RULE_ERRCODE(clCreateImage2D(context, 0, &kRGBA8, 0, 16, 0, nullptr, &err), err,
                      CL_INVALID_IMAGE_SIZE, "CreateImage2DInvalidSize");
  EXPECT_RULE_ERRCODE(clCreateImage2D(context, 0, &kRGBA8, 16, 0, 0, nullptr, &err), err,
                      CL_INVALID_IMAGE_SIZE, "CreateImage2DInvalidSize");
  EXPECT_RULE_ERRCODE(clCreateImage2D(context, 0, &kRGBA8, 16, 16, 64, nullptr, &err), err,
                      CL_INVALID_IMAGE_SIZE, "CreateImage2DInvalidSize");
  EXPECT_RULE_ERRCODE(clCreateImage2D(context, CL_MEM_COPY_HOST_PTR, &kRGBA8, 16, 4, 60, host, &err),
                      err, CL_INVALID_IMAGE_SIZE, "CreateImage2DInvalidSize");
  EXPECT_RULE_ERRCODE(clCreateImage2D(context, 0, &kRGBA8, 16, 4, 0, host, &err), err,
                      CL_INVALID_HOST_PTR, "CreateImage2DInvalidHostPtr");
  EXPECT_RULE_ERRCODE(clCreateImage2D(context, CL_MEM_COPY_HOST_PTR, &kRGBA8, 16, 4, 128, host, &err),
                      err, CL_INVALID_OPERATION, "CreateImage2DNoImageSupport");
}

TEST_F(Images, CreateImage3DClauses) {
  cl_int err;
  EXPECT_RULE_ERRCODE(clCreateImage3D(released_context(), 0, &kRGBA8, 8, 8, 8, 0, 0, nullptr, &err),
                      err, CL_INVALID_CONTEXT, "CreateImage3DInvalidContext");
  EXPECT_RULE_ERRCODE(clCreateImage3D(context, cl_mem_flags{1} << 33, &kRGBA8, 8, 8, 8, 0, 0,
                                      nullptr, &err),
                      err, CL_INVALID_VALUE, "CreateImage3DInvalidFlags");
  EXPECT_RULE_ERRCODE(clCreateImage3D(context, 0, nullptr, 8, 8, 8, 0, 0, nullptr, &err), err,
                      CL_INVALID_IMAGE_FORMAT_DESCRIPTOR, "CreateImage3DInvalidFormat");
  // "image_depth <= 1" and slice pitches that are not a multiple of the row pitch.
  EXPECT_RULE_ERRCODE(clCreateImage3D(context, 0, &kRGBA8, 8, 8, 1, 0, 0, nullptr, &err), err,
                      CL_INVALID_IMAGE_SIZE, "CreateImage3DInvalidSize");
  EXPECT_RULE_ERRCODE(clCreateImage3D(context, CL_MEM_USE_HOST_PTR, &kRGBA8, 4, 4, 2, 16, 70, host,
                                      &err),
                      err, CL_INVALID_IMAGE_SIZE, "CreateImage3DInvalidSize");
  EXPECT_RULE_ERRCODE(clCreateImage3D(context, CL_MEM_USE_HOST_PTR, &kRGBA8, 4, 4, 2, 0, 0, nullptr,
                                      &err),
                      err, CL_INVALID_HOST_PTR, "CreateImage3DInvalidHostPtr");
  EXPECT_RULE_ERRCODE(clCreateImage3D(context, CL_MEM_USE_HOST_PTR, &kRGBA8, 4, 4, 2, 16, 64, host,
                                      &err),
                      err, CL_INVALID_OPERATION, "CreateImage3DNoImageSupport");
}

// ---- §5.3.2 clGetSupportedImageFormats ----

TEST_F(Images, GetSupportedImageFormatsClauses) {
  cl_uint count = 99;
  cl_image_format formats[4];
  EXPECT_RULE(clGetSupportedImageFormats(released_context(), 0, CL_MEM_OBJECT_IMAGE2D, 0, nullptr,
                                         &count),
              CL_INVALID_CONTEXT, "GetSupportedImageFormatsInvalidContext");
  // "CL_INVALID_VALUE if flags or image_type are not valid, or if num_entries is 0 and
  // image_formats is not NULL."
  EXPECT_RULE(clGetSupportedImageFormats(context, CL_MEM_READ_ONLY | CL_MEM_WRITE_ONLY,
                                         CL_MEM_OBJECT_IMAGE2D, 0, nullptr, &count),
              CL_INVALID_VALUE, "GetSupportedImageFormatsInvalidValue");
  EXPECT_RULE(clGetSupportedImageFormats(context, 0, CL_MEM_OBJECT_BUFFER, 0, nullptr, &count),
              CL_INVALID_VALUE, "GetSupportedImageFormatsInvalidValue");
  EXPECT_RULE(clGetSupportedImageFormats(context, 0, CL_MEM_OBJECT_IMAGE2D, 0, formats, &count),
              CL_INVALID_VALUE, "GetSupportedImageFormatsInvalidValue");
  EXPECT_EQ(count, 99u);
}

// §5.3.2: "clGetSupportedImageFormats returns a union of image formats supported by all
// devices in the context." A device without image support supports no format, so the call
// succeeds with none, for every image type and flag (CL_MEM_KERNEL_READ_AND_WRITE included).
TEST_F(Images, GetSupportedImageFormatsReturnsNoFormats) {
  const cl_mem_object_type types[] = {CL_MEM_OBJECT_IMAGE1D,       CL_MEM_OBJECT_IMAGE1D_BUFFER,
                                      CL_MEM_OBJECT_IMAGE1D_ARRAY, CL_MEM_OBJECT_IMAGE2D,
                                      CL_MEM_OBJECT_IMAGE2D_ARRAY, CL_MEM_OBJECT_IMAGE3D};
  for (cl_mem_object_type type : types)
    for (cl_mem_flags flags : {cl_mem_flags{0}, cl_mem_flags{CL_MEM_READ_ONLY},
                               cl_mem_flags{CL_MEM_KERNEL_READ_AND_WRITE}}) {
      cl_uint count = 99;
      cl_image_format formats[4] = {};
      EXPECT_EQ(clGetSupportedImageFormats(context, flags, type, 4, formats, &count), CL_SUCCESS);
      EXPECT_EQ(count, 0u);
      EXPECT_EQ(clGetSupportedImageFormats(context, flags, type, 0, nullptr, nullptr), CL_SUCCESS);
    }
}

// ---- §5.3.3 - §5.3.7: commands and queries on a memory object that is not an image ----

// clEnqueueReadImage / clEnqueueWriteImage: the queue, then the contexts (image or wait list
// from another context), then "CL_INVALID_MEM_OBJECT if image is not a valid image object".
TEST_F(Images, ReadWriteImageClauses) {
  size_t origin[3] = {0, 0, 0}, region[3] = {1, 1, 1};
  EXPECT_RULE(clEnqueueReadImage(released_queue(), buffer, CL_TRUE, origin, region, 0, 0, host, 0,
                                 nullptr, nullptr),
              CL_INVALID_COMMAND_QUEUE, "EnqueueReadImageInvalidQueue");
  EXPECT_RULE(clEnqueueReadImage(queue, other_buffer, CL_TRUE, origin, region, 0, 0, host, 0,
                                 nullptr, nullptr),
              CL_INVALID_CONTEXT, "EnqueueReadImageContextMismatch");
  EXPECT_RULE(clEnqueueReadImage(queue, buffer, CL_TRUE, origin, region, 0, 0, host, 1,
                                 &other_event, nullptr),
              CL_INVALID_CONTEXT, "EnqueueReadImageContextMismatch");
  EXPECT_RULE(clEnqueueReadImage(queue, buffer, CL_TRUE, origin, region, 0, 0, host, 0, nullptr,
                                 nullptr),
              CL_INVALID_MEM_OBJECT, "EnqueueReadImageInvalidImage");
  EXPECT_RULE(clEnqueueWriteImage(released_queue(), buffer, CL_TRUE, origin, region, 0, 0, host, 0,
                                  nullptr, nullptr),
              CL_INVALID_COMMAND_QUEUE, "EnqueueWriteImageInvalidQueue");
  EXPECT_RULE(clEnqueueWriteImage(queue, other_buffer, CL_TRUE, origin, region, 0, 0, host, 0,
                                  nullptr, nullptr),
              CL_INVALID_CONTEXT, "EnqueueWriteImageContextMismatch");
  EXPECT_RULE(clEnqueueWriteImage(queue, buffer, CL_FALSE, origin, region, 0, 0, host, 0, nullptr,
                                  nullptr),
              CL_INVALID_MEM_OBJECT, "EnqueueWriteImageInvalidImage");
}

// clEnqueueCopyImage: queue, contexts of both images and the wait list, then "CL_INVALID_MEM_OBJECT
// if src_image and dst_image are not valid image objects".
TEST_F(Images, CopyImageClauses) {
  size_t origin[3] = {0, 0, 0}, region[3] = {1, 1, 1};
  EXPECT_RULE(clEnqueueCopyImage(released_queue(), buffer, buffer, origin, origin, region, 0,
                                 nullptr, nullptr),
              CL_INVALID_COMMAND_QUEUE, "EnqueueCopyImageInvalidQueue");
  EXPECT_RULE(clEnqueueCopyImage(queue, buffer, other_buffer, origin, origin, region, 0, nullptr,
                                 nullptr),
              CL_INVALID_CONTEXT, "EnqueueCopyImageContextMismatch");
  EXPECT_RULE(clEnqueueCopyImage(queue, buffer, buffer, origin, origin, region, 1, &other_event,
                                 nullptr),
              CL_INVALID_CONTEXT, "EnqueueCopyImageContextMismatch");
  EXPECT_RULE(clEnqueueCopyImage(queue, buffer, buffer, origin, origin, region, 0, nullptr, nullptr),
              CL_INVALID_MEM_OBJECT, "EnqueueCopyImageInvalidImage");
}

// clEnqueueFillImage (§5.3.4).
TEST_F(Images, FillImageClauses) {
  size_t origin[3] = {0, 0, 0}, region[3] = {1, 1, 1};
  float color[4] = {1, 0, 0, 1};
  EXPECT_RULE(clEnqueueFillImage(released_queue(), buffer, color, origin, region, 0, nullptr,
                                 nullptr),
              CL_INVALID_COMMAND_QUEUE, "EnqueueFillImageInvalidQueue");
  EXPECT_RULE(clEnqueueFillImage(queue, other_buffer, color, origin, region, 0, nullptr, nullptr),
              CL_INVALID_CONTEXT, "EnqueueFillImageContextMismatch");
  EXPECT_RULE(clEnqueueFillImage(queue, buffer, color, origin, region, 0, nullptr, nullptr),
              CL_INVALID_MEM_OBJECT, "EnqueueFillImageInvalidImage");
}

// clEnqueueCopyImageToBuffer / clEnqueueCopyBufferToImage (§5.3.5): "CL_INVALID_MEM_OBJECT if
// src_image is not a valid image object or dst_buffer is not a valid buffer object ...".
TEST_F(Images, CopyBetweenImageAndBufferClauses) {
  size_t origin[3] = {0, 0, 0}, region[3] = {1, 1, 1};
  EXPECT_RULE(clEnqueueCopyImageToBuffer(released_queue(), buffer, buffer, origin, region, 0, 0,
                                         nullptr, nullptr),
              CL_INVALID_COMMAND_QUEUE, "EnqueueCopyImageToBufferInvalidQueue");
  EXPECT_RULE(clEnqueueCopyImageToBuffer(queue, buffer, other_buffer, origin, region, 0, 0,
                                         nullptr, nullptr),
              CL_INVALID_CONTEXT, "EnqueueCopyImageToBufferContextMismatch");
  EXPECT_RULE(clEnqueueCopyImageToBuffer(queue, buffer, buffer, origin, region, 0, 0, nullptr,
                                         nullptr),
              CL_INVALID_MEM_OBJECT, "EnqueueCopyImageToBufferInvalidMem");
  EXPECT_RULE(clEnqueueCopyBufferToImage(released_queue(), buffer, buffer, 0, origin, region, 0,
                                         nullptr, nullptr),
              CL_INVALID_COMMAND_QUEUE, "EnqueueCopyBufferToImageInvalidQueue");
  EXPECT_RULE(clEnqueueCopyBufferToImage(queue, buffer, buffer, 0, origin, region, 1, &other_event,
                                         nullptr),
              CL_INVALID_CONTEXT, "EnqueueCopyBufferToImageContextMismatch");
  EXPECT_RULE(clEnqueueCopyBufferToImage(queue, buffer, buffer, 0, origin, region, 0, nullptr,
                                         nullptr),
              CL_INVALID_MEM_OBJECT, "EnqueueCopyBufferToImageInvalidMem");
}

// clEnqueueMapImage (§5.3.6): NULL and the code in errcode_ret.
TEST_F(Images, MapImageClauses) {
  size_t origin[3] = {0, 0, 0}, region[3] = {1, 1, 1}, row = 0, slice = 0;
  cl_int err;
  EXPECT_RULE_ERRCODE(clEnqueueMapImage(released_queue(), buffer, CL_TRUE, CL_MAP_READ, origin,
                                        region, &row, &slice, 0, nullptr, nullptr, &err),
                      err, CL_INVALID_COMMAND_QUEUE, "EnqueueMapImageInvalidQueue");
  EXPECT_RULE_ERRCODE(clEnqueueMapImage(queue, other_buffer, CL_TRUE, CL_MAP_READ, origin, region,
                                        &row, &slice, 0, nullptr, nullptr, &err),
                      err, CL_INVALID_CONTEXT, "EnqueueMapImageContextMismatch");
  EXPECT_RULE_ERRCODE(clEnqueueMapImage(queue, buffer, CL_TRUE, CL_MAP_READ, origin, region, &row,
                                        &slice, 0, nullptr, nullptr, &err),
                      err, CL_INVALID_MEM_OBJECT, "EnqueueMapImageInvalidImage");
}

// §5.3.7: "CL_INVALID_MEM_OBJECT if image is a not a valid image object", for a buffer and for
// an object of another kind, whatever param_name asks.
TEST_F(Images, GetImageInfoOfNonImage) {
  size_t width = 0;
  EXPECT_RULE(clGetImageInfo(buffer, CL_IMAGE_WIDTH, sizeof width, &width, nullptr),
              CL_INVALID_MEM_OBJECT, "GetImageInfoInvalidImage");
  EXPECT_RULE(clGetImageInfo(reinterpret_cast<cl_mem>(other_event), CL_IMAGE_FORMAT, 0, nullptr,
                             nullptr),
              CL_INVALID_MEM_OBJECT, "GetImageInfoInvalidImage");
}

}  // namespace
}  // namespace clvet::test
