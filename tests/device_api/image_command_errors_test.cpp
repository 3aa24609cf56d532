// The error clauses of the image commands and of images made from a buffer or an image, on the
// reference device with images (OpenCL 1.2 §5.3.1-5.3.6, 2.2 §5.3.1 and cl_khr_image2d_from_buffer,
// 3.0 clCreateImageWithProperties): each call gets the spec's error and the rule naming the
// clause, and the commands that follow still work.
#include <cstdint>
#include <vector>

#include "fixtures.h"

namespace clvet::test {
namespace {

const cl_image_format kRGBA8{CL_RGBA, CL_UNORM_INT8};
const cl_image_format kR32F{CL_R, CL_FLOAT};

cl_image_desc desc(cl_mem_object_type type, size_t w, size_t h = 0, size_t d = 0,
                   size_t layers = 0) {
  cl_image_desc out{};
  out.image_type = type;
  out.image_width = w;
  out.image_height = h;
  out.image_depth = d;
  out.image_array_size = layers;
  return out;
}

class ImageCommandErrors : public WithQueue {
 protected:
  void TearDown() override {
    for (cl_event e : events_) clReleaseEvent(e);
    for (cl_mem m : mems_) clReleaseMemObject(m);
    WithQueue::TearDown();
  }
  cl_mem image(cl_mem_flags flags, const cl_image_format& format, const cl_image_desc& d,
               void* host = nullptr) {
    cl_int err = CL_INVALID_VALUE;
    cl_mem m = clCreateImage(context, flags, &format, &d, host, &err);
    EXPECT_EQ(err, CL_SUCCESS);
    if (m) mems_.push_back(m);
    return m;
  }
  cl_mem image2d(cl_mem_flags flags = CL_MEM_READ_WRITE) {
    return image(flags, kRGBA8, desc(CL_MEM_OBJECT_IMAGE2D, 8, 8));
  }
  cl_mem buffer(size_t size, cl_mem_flags flags = CL_MEM_READ_WRITE, void* host = nullptr) {
    cl_int err = CL_INVALID_VALUE;
    cl_mem m = clCreateBuffer(context, flags, size, host, &err);
    EXPECT_EQ(err, CL_SUCCESS);
    if (m) mems_.push_back(m);
    return m;
  }
  cl_event user_event() {
    cl_int err = CL_INVALID_VALUE;
    cl_event e = clCreateUserEvent(context, &err);
    EXPECT_EQ(err, CL_SUCCESS);
    events_.push_back(e);
    return e;
  }
  // An event that already failed: a blocking command waiting on it fails too.
  cl_event failed_event() {
    cl_event e = user_event();
    EXPECT_EQ(clSetUserEventStatus(e, -1), CL_SUCCESS);
    return e;
  }
  // The 8 x 8 RGBA8 image still reads whole after the refused calls.
  void expect_still_reads(cl_mem m) {
    std::vector<unsigned char> out(8 * 8 * 4);
    EXPECT_EQ(clEnqueueReadImage(queue, m, CL_TRUE, kOrigin, kWhole, 0, 0, out.data(), 0, nullptr,
                                 nullptr),
              CL_SUCCESS);
  }

  static constexpr size_t kOrigin[3] = {0, 0, 0};
  static constexpr size_t kWhole[3] = {8, 8, 1};
  static constexpr size_t kEmpty[3] = {0, 1, 1};   // "region[0..2] must not be 0"
  static constexpr size_t kPast[3] = {9, 1, 1};    // wider than the image
  static constexpr size_t kOne[3] = {1, 1, 1};
  unsigned char host_[8 * 8 * 4] = {};

 private:
  std::vector<cl_mem> mems_;
  std::vector<cl_event> events_;
};

// §5.3.3 clEnqueueReadImage / clEnqueueWriteImage.
TEST_F(ImageCommandErrors, ReadAndWriteImage) {
  cl_mem m = image2d();
  EXPECT_RULE(clEnqueueReadImage(queue, m, CL_TRUE, kOrigin, kEmpty, 0, 0, host_, 0, nullptr,
                                 nullptr),
              CL_INVALID_VALUE, "EnqueueReadImageBadOriginRegion");
  EXPECT_RULE(clEnqueueReadImage(queue, m, CL_TRUE, nullptr, kOne, 0, 0, host_, 0, nullptr,
                                 nullptr),
              CL_INVALID_VALUE, "EnqueueReadImageBadOriginRegion");
  EXPECT_RULE(clEnqueueWriteImage(queue, m, CL_TRUE, kOrigin, kPast, 0, 0, host_, 0, nullptr,
                                  nullptr),
              CL_INVALID_VALUE, "EnqueueWriteImageOutOfBounds");
  const cl_event none = nullptr;
  EXPECT_RULE(clEnqueueReadImage(queue, m, CL_TRUE, kOrigin, kOne, 0, 0, host_, 1, nullptr,
                                 nullptr),
              CL_INVALID_EVENT_WAIT_LIST, "EnqueueReadImageInvalidWaitList");
  EXPECT_RULE(clEnqueueWriteImage(queue, m, CL_TRUE, kOrigin, kOne, 0, 0, host_, 1, &none,
                                  nullptr),
              CL_INVALID_EVENT_WAIT_LIST, "EnqueueWriteImageInvalidWaitList");
  // §5.3.3 (1.2): host access flags.
  cl_mem hidden = image2d(CL_MEM_READ_WRITE | CL_MEM_HOST_NO_ACCESS);
  EXPECT_RULE(clEnqueueReadImage(queue, hidden, CL_TRUE, kOrigin, kOne, 0, 0, host_, 0, nullptr,
                                 nullptr),
              CL_INVALID_OPERATION, "EnqueueReadImageHostAccess");
  cl_mem read_only = image2d(CL_MEM_READ_WRITE | CL_MEM_HOST_READ_ONLY);
  EXPECT_RULE(clEnqueueWriteImage(queue, read_only, CL_TRUE, kOrigin, kOne, 0, 0, host_, 0,
                                  nullptr, nullptr),
              CL_INVALID_OPERATION, "EnqueueWriteImageHostAccess");
  // Blocking, waiting on an event that failed.
  cl_event failed = failed_event();
  EXPECT_RULE(clEnqueueReadImage(queue, m, CL_TRUE, kOrigin, kOne, 0, 0, host_, 1, &failed,
                                 nullptr),
              CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST, "EnqueueReadImageBlockingWaitListFailed");
  EXPECT_RULE(clEnqueueWriteImage(queue, m, CL_TRUE, kOrigin, kOne, 0, 0, host_, 1, &failed,
                                  nullptr),
              CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST,
              "EnqueueWriteImageBlockingWaitListFailed");
  expect_still_reads(m);
}

// §5.3.3 clEnqueueCopyImage.
TEST_F(ImageCommandErrors, CopyImage) {
  cl_mem a = image2d(), b = image2d();
  cl_mem other = image(CL_MEM_READ_WRITE, kR32F, desc(CL_MEM_OBJECT_IMAGE2D, 8, 8));
  EXPECT_RULE(clEnqueueCopyImage(queue, a, other, kOrigin, kOrigin, kOne, 0, nullptr, nullptr),
              CL_IMAGE_FORMAT_MISMATCH, "EnqueueCopyImageFormatMismatch");
  const size_t inside[3] = {4, 4, 0};
  EXPECT_RULE(clEnqueueCopyImage(queue, a, b, kOrigin, inside, kWhole, 0, nullptr, nullptr),
              CL_INVALID_VALUE, "EnqueueCopyImageOutOfBounds");
  EXPECT_RULE(clEnqueueCopyImage(queue, a, b, kOrigin, kOrigin, kEmpty, 0, nullptr, nullptr),
              CL_INVALID_VALUE, "EnqueueCopyImageBadOriginRegion");
  EXPECT_RULE(clEnqueueCopyImage(queue, a, b, kOrigin, kOrigin, kOne, 1, nullptr, nullptr),
              CL_INVALID_EVENT_WAIT_LIST, "EnqueueCopyImageInvalidWaitList");
  // The same image, regions [0, 4) and [2, 6) in x and y overlap; [0, 4) and [4, 8) do not.
  const size_t half[3] = {4, 4, 1}, shifted[3] = {2, 2, 0}, beside[3] = {4, 0, 0};
  EXPECT_RULE(clEnqueueCopyImage(queue, a, a, kOrigin, shifted, half, 0, nullptr, nullptr),
              CL_MEM_COPY_OVERLAP, "EnqueueCopyImageOverlap");
  EXPECT_EQ(clEnqueueCopyImage(queue, a, a, kOrigin, beside, half, 0, nullptr, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(clFinish(queue), CL_SUCCESS);
  expect_still_reads(a);
}

// §5.3.4 clEnqueueFillImage.
TEST_F(ImageCommandErrors, FillImage) {
  cl_mem m = image2d();
  const float color[4] = {0.5f, 0.5f, 0.5f, 1.0f};
  EXPECT_RULE(clEnqueueFillImage(queue, m, color, kOrigin, kEmpty, 0, nullptr, nullptr),
              CL_INVALID_VALUE, "EnqueueFillImageBadOriginRegion");
  EXPECT_RULE(clEnqueueFillImage(queue, m, color, kOrigin, kOne, 1, nullptr, nullptr),
              CL_INVALID_EVENT_WAIT_LIST, "EnqueueFillImageInvalidWaitList");
  expect_still_reads(m);
}

// §5.3.5 clEnqueueCopyImageToBuffer / clEnqueueCopyBufferToImage: the image's region and the
// buffer's bytes (region's texels x element size) must both fit.
TEST_F(ImageCommandErrors, CopiesBetweenImagesAndBuffers) {
  cl_mem m = image2d();
  cl_mem b = buffer(8 * 8 * 4);
  EXPECT_RULE(clEnqueueCopyImageToBuffer(queue, m, b, kOrigin, kPast, 0, 0, nullptr, nullptr),
              CL_INVALID_VALUE, "EnqueueCopyImageToBufferOutOfBounds");
  EXPECT_RULE(clEnqueueCopyImageToBuffer(queue, m, b, kOrigin, kWhole, 4, 0, nullptr, nullptr),
              CL_INVALID_VALUE, "EnqueueCopyImageToBufferOutOfBounds");
  EXPECT_RULE(clEnqueueCopyImageToBuffer(queue, m, b, kOrigin, kEmpty, 0, 0, nullptr, nullptr),
              CL_INVALID_VALUE, "EnqueueCopyImageToBufferBadOriginRegion");
  EXPECT_RULE(clEnqueueCopyImageToBuffer(queue, m, b, kOrigin, kOne, 0, 1, nullptr, nullptr),
              CL_INVALID_EVENT_WAIT_LIST, "EnqueueCopyImageToBufferInvalidWaitList");
  EXPECT_RULE(clEnqueueCopyBufferToImage(queue, b, m, 0, kOrigin, kPast, 0, nullptr, nullptr),
              CL_INVALID_VALUE, "EnqueueCopyBufferToImageOutOfBounds");
  EXPECT_RULE(clEnqueueCopyBufferToImage(queue, b, m, 8, kOrigin, kWhole, 0, nullptr, nullptr),
              CL_INVALID_VALUE, "EnqueueCopyBufferToImageOutOfBounds");
  EXPECT_RULE(clEnqueueCopyBufferToImage(queue, b, m, 0, nullptr, kOne, 0, nullptr, nullptr),
              CL_INVALID_VALUE, "EnqueueCopyBufferToImageBadOriginRegion");
  EXPECT_RULE(clEnqueueCopyBufferToImage(queue, b, m, 0, kOrigin, kOne, 1, nullptr, nullptr),
              CL_INVALID_EVENT_WAIT_LIST, "EnqueueCopyBufferToImageInvalidWaitList");
  EXPECT_EQ(clEnqueueCopyImageToBuffer(queue, m, b, kOrigin, kWhole, 0, 0, nullptr, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(clFinish(queue), CL_SUCCESS);
}

// §5.3.6 clEnqueueMapImage.
TEST_F(ImageCommandErrors, MapImage) {
  cl_mem m = image2d();
  size_t row = 0, slice = 0;
  cl_int err;
  auto map = [&](cl_mem image, cl_map_flags flags, const size_t* origin, const size_t* region,
                 size_t* slice_pitch, cl_uint n, const cl_event* list) {
    clear_last_rule();
    err = CL_SUCCESS;
    return clEnqueueMapImage(queue, image, CL_TRUE, flags, origin, region, &row, slice_pitch, n,
                             list, nullptr, &err);
  };
  EXPECT_EQ(map(m, CL_MAP_READ, kOrigin, kPast, &slice, 0, nullptr), nullptr);
  EXPECT_EQ(err, CL_INVALID_VALUE);
  EXPECT_EQ(last_rule(), "EnqueueMapImageOutOfBoundsOrFlags");
  EXPECT_EQ(map(m, CL_MAP_READ | CL_MAP_WRITE_INVALIDATE_REGION, kOrigin, kOne, &slice, 0,
                nullptr),
            nullptr);
  EXPECT_EQ(err, CL_INVALID_VALUE);
  EXPECT_EQ(last_rule(), "EnqueueMapImageOutOfBoundsOrFlags");
  EXPECT_EQ(map(m, CL_MAP_READ, kOrigin, kEmpty, &slice, 0, nullptr), nullptr);
  EXPECT_EQ(err, CL_INVALID_VALUE);
  EXPECT_EQ(last_rule(), "EnqueueMapImageBadOriginRegion");
  // A 2D image array needs image_slice_pitch; a 2D image does not.
  cl_mem layers = image(CL_MEM_READ_WRITE, kRGBA8, desc(CL_MEM_OBJECT_IMAGE2D_ARRAY, 4, 4, 0, 2));
  EXPECT_EQ(map(layers, CL_MAP_READ, kOrigin, kOne, nullptr, 0, nullptr), nullptr);
  EXPECT_EQ(err, CL_INVALID_VALUE);
  EXPECT_EQ(last_rule(), "EnqueueMapImageNullSlicePitch");
  EXPECT_EQ(map(m, CL_MAP_READ, kOrigin, kOne, &slice, 1, nullptr), nullptr);
  EXPECT_EQ(err, CL_INVALID_EVENT_WAIT_LIST);
  EXPECT_EQ(last_rule(), "EnqueueMapImageInvalidWaitList");
  cl_event failed = failed_event();
  EXPECT_EQ(map(m, CL_MAP_READ, kOrigin, kOne, &slice, 1, &failed), nullptr);
  EXPECT_EQ(err, CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
  EXPECT_EQ(last_rule(), "EnqueueMapImageBlockingWaitListFailed");
  cl_mem write_only = image2d(CL_MEM_READ_WRITE | CL_MEM_HOST_WRITE_ONLY);
  EXPECT_EQ(map(write_only, CL_MAP_READ, kOrigin, kOne, &slice, 0, nullptr), nullptr);
  EXPECT_EQ(err, CL_INVALID_OPERATION);
  EXPECT_EQ(last_rule(), "EnqueueMapImageHostAccess");
  // A map of a 2D image without slice pitch still works. A second map for writing of the same
  // texels while they are mapped for writing is CL_INVALID_OPERATION (1.2 §5.4.3).
  // CL_MAP_FAILURE, which the device answered before, is for a region that cannot be mapped.
  void* p = map(m, CL_MAP_WRITE, kOrigin, kOne, nullptr, 0, nullptr);
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(err, CL_SUCCESS);
  EXPECT_EQ(map(m, CL_MAP_WRITE, kOrigin, kOne, nullptr, 0, nullptr), nullptr);
  EXPECT_EQ(err, CL_INVALID_OPERATION);
  EXPECT_EQ(last_rule(), "EnqueueMapImageOverlappingWriteMap");
  EXPECT_EQ(clEnqueueUnmapMemObject(queue, m, p, 0, nullptr, nullptr), CL_SUCCESS);
  EXPECT_EQ(clFinish(queue), CL_SUCCESS);
}

// 3.0 §5.3.1: a device without images (CL_DEVICE_IMAGE_SUPPORT = CL_FALSE, CLVET_IMAGES=0)
// refuses every image command with CL_INVALID_OPERATION; the image was made while it had them.
TEST_F(ImageCommandErrors, CommandsOnADeviceWithoutImages) {
  cl_mem m = image2d(), n = image2d();
  cl_mem b = buffer(8 * 8 * 4);
  const float color[4] = {};
  size_t row = 0;
  cl_int err = CL_SUCCESS;
  WithoutImages no_images;
  EXPECT_RULE(clEnqueueReadImage(queue, m, CL_TRUE, kOrigin, kOne, 0, 0, host_, 0, nullptr,
                                 nullptr),
              CL_INVALID_OPERATION, "EnqueueReadImageNoImageSupport");
  EXPECT_RULE(clEnqueueWriteImage(queue, m, CL_TRUE, kOrigin, kOne, 0, 0, host_, 0, nullptr,
                                  nullptr),
              CL_INVALID_OPERATION, "EnqueueWriteImageNoImageSupport");
  EXPECT_RULE(clEnqueueCopyImage(queue, m, n, kOrigin, kOrigin, kOne, 0, nullptr, nullptr),
              CL_INVALID_OPERATION, "EnqueueCopyImageNoImageSupport");
  EXPECT_RULE(clEnqueueFillImage(queue, m, color, kOrigin, kOne, 0, nullptr, nullptr),
              CL_INVALID_OPERATION, "EnqueueFillImageNoImageSupport");
  EXPECT_RULE(clEnqueueCopyImageToBuffer(queue, m, b, kOrigin, kOne, 0, 0, nullptr, nullptr),
              CL_INVALID_OPERATION, "EnqueueCopyImageToBufferNoImageSupport");
  EXPECT_RULE(clEnqueueCopyBufferToImage(queue, b, m, 0, kOrigin, kOne, 0, nullptr, nullptr),
              CL_INVALID_OPERATION, "EnqueueCopyBufferToImageNoImageSupport");
  clear_last_rule();
  EXPECT_EQ(clEnqueueMapImage(queue, m, CL_TRUE, CL_MAP_READ, kOrigin, kOne, &row, nullptr, 0,
                              nullptr, nullptr, &err),
            nullptr);
  EXPECT_EQ(err, CL_INVALID_OPERATION);
  EXPECT_EQ(last_rule(), "EnqueueMapImageNoImageSupport");
}

// §5.3.1 (1.2) and clCreateImage2D / clCreateImage3D (1.0, as the 3.0 API documents them), and
// 3.0 clCreateImageWithProperties: a valid format the device does not list, and dimensions past
// the device's maxima.
TEST_F(ImageCommandErrors, CreationOfUnlistedFormatsAndOversizedImages) {
  cl_int err;
  const cl_image_format srgba{CL_sRGBA, CL_UNORM_INT8};  // listed only for CL_MEM_READ_ONLY
  cl_image_desc d = desc(CL_MEM_OBJECT_IMAGE2D, 8, 8);
  EXPECT_RULE_ERRCODE(clCreateImageWithProperties(context, nullptr, CL_MEM_READ_WRITE, &srgba, &d,
                                                  nullptr, &err),
                      err, CL_IMAGE_FORMAT_NOT_SUPPORTED,
                      "CreateImageWithPropertiesFormatNotSupported");
  EXPECT_RULE_ERRCODE(clCreateImage2D(context, CL_MEM_READ_WRITE, &srgba, 8, 8, 0, nullptr, &err),
                      err, CL_IMAGE_FORMAT_NOT_SUPPORTED, "CreateImage2DFormatNotSupported");
  // CL_DEPTH is listed for 2D images and 2D image arrays only (2.2 §5.3.2.1, footnote 9).
  const cl_image_format depth{CL_DEPTH, CL_FLOAT};
  EXPECT_RULE_ERRCODE(
      clCreateImage3D(context, CL_MEM_READ_ONLY, &depth, 4, 4, 4, 0, 0, nullptr, &err), err,
      CL_IMAGE_FORMAT_NOT_SUPPORTED, "CreateImage3DFormatNotSupported");
  // CL_DEVICE_IMAGE2D_MAX_WIDTH is 16384.
  cl_image_desc huge = desc(CL_MEM_OBJECT_IMAGE2D, 1 << 20, 1);
  EXPECT_RULE_ERRCODE(clCreateImageWithProperties(context, nullptr, 0, &kRGBA8, &huge, nullptr,
                                                  &err),
                      err, CL_INVALID_IMAGE_SIZE, "CreateImageWithPropertiesInvalidSize");
}

// cl_khr_image2d_from_buffer (2.2 §5.3.1.2): the device advertises it with pitch and base
// alignments of one pixel, and refuses a row pitch that is no multiple of the element size or
// a buffer whose host memory is not aligned to the element (CL_INVALID_IMAGE_FORMAT_DESCRIPTOR).
TEST_F(ImageCommandErrors, Image2DFromBuffer) {
  const std::string extensions = device_string(device, CL_DEVICE_EXTENSIONS);
  EXPECT_NE((" " + extensions + " ").find(" cl_khr_image2d_from_buffer "), std::string::npos);
  cl_uint pitch_alignment = 0, base_alignment = 0;
  ASSERT_EQ(clGetDeviceInfo(device, CL_DEVICE_IMAGE_PITCH_ALIGNMENT, sizeof pitch_alignment,
                            &pitch_alignment, nullptr),
            CL_SUCCESS);
  ASSERT_EQ(clGetDeviceInfo(device, CL_DEVICE_IMAGE_BASE_ADDRESS_ALIGNMENT,
                            sizeof base_alignment, &base_alignment, nullptr),
            CL_SUCCESS);
  // Both non-zero with the extension (3.0 table 4.3), powers of two.
  EXPECT_EQ(pitch_alignment, 1u);
  EXPECT_EQ(base_alignment, 1u);

  cl_mem store = buffer(4096);
  cl_int err;
  cl_image_desc d = desc(CL_MEM_OBJECT_IMAGE2D, 8, 8);
  d.buffer = store;
  d.image_row_pitch = 33;  // not a multiple of 4 bytes (CL_RGBA / CL_UNORM_INT8)
  EXPECT_RULE_ERRCODE(clCreateImage(context, 0, &kRGBA8, &d, nullptr, &err), err,
                      CL_INVALID_IMAGE_FORMAT_DESCRIPTOR, "CreateImageFromBufferMisaligned");
  EXPECT_RULE_ERRCODE(clCreateImageWithProperties(context, nullptr, 0, &kRGBA8, &d, nullptr, &err),
                      err, CL_INVALID_IMAGE_FORMAT_DESCRIPTOR,
                      "CreateImageWithPropertiesFromBufferMisaligned");
  // Host memory one byte past a four-byte boundary.
  std::vector<std::uint32_t> words(1025);
  auto* odd = reinterpret_cast<unsigned char*>(words.data()) + 1;
  cl_mem on_host = buffer(4096, CL_MEM_READ_WRITE | CL_MEM_USE_HOST_PTR, odd);
  d.buffer = on_host;
  d.image_row_pitch = 32;
  EXPECT_RULE_ERRCODE(clCreateImage(context, 0, &kRGBA8, &d, nullptr, &err), err,
                      CL_INVALID_IMAGE_FORMAT_DESCRIPTOR, "CreateImageFromBufferMisaligned");
  // Aligned, with a padded pitch of 36 bytes: accepted.
  d.buffer = store;
  d.image_row_pitch = 36;
  cl_mem ok = clCreateImage(context, 0, &kRGBA8, &d, nullptr, &err);
  EXPECT_EQ(err, CL_SUCCESS);
  size_t pitch = 0;
  EXPECT_EQ(clGetImageInfo(ok, CL_IMAGE_ROW_PITCH, sizeof pitch, &pitch, nullptr), CL_SUCCESS);
  EXPECT_EQ(pitch, 36u);
  clReleaseMemObject(ok);
}

// 2.2 §5.3.1: a 2D image from a 2D image repeats its descriptor and channel data type and
// changes the order only as the table allows (CL_sRGBA from CL_RGBA, CL_DEPTH from CL_R, ...).
TEST_F(ImageCommandErrors, Image2DFromImage) {
  cl_mem rgba = image2d();
  cl_int err;
  cl_image_desc d = desc(CL_MEM_OBJECT_IMAGE2D, 8, 8);
  d.mem_object = rgba;
  const cl_image_format bgra{CL_BGRA, CL_UNORM_INT8}, rgba16{CL_RGBA, CL_UNORM_INT16};
  EXPECT_RULE_ERRCODE(clCreateImage(context, 0, &bgra, &d, nullptr, &err), err,
                      CL_INVALID_IMAGE_FORMAT_DESCRIPTOR, "CreateImageFromImageMismatch");
  EXPECT_RULE_ERRCODE(clCreateImageWithProperties(context, nullptr, 0, &rgba16, &d, nullptr, &err),
                      err, CL_INVALID_IMAGE_FORMAT_DESCRIPTOR,
                      "CreateImageWithPropertiesFromImageMismatch");
  cl_image_desc narrower = d;
  narrower.image_width = 4;
  EXPECT_RULE_ERRCODE(clCreateImage(context, 0, &kRGBA8, &narrower, nullptr, &err), err,
                      CL_INVALID_IMAGE_FORMAT_DESCRIPTOR, "CreateImageFromImageMismatch");
  const cl_image_format srgba{CL_sRGBA, CL_UNORM_INT8};
  cl_mem view = clCreateImage(context, CL_MEM_READ_ONLY, &srgba, &d, nullptr, &err);
  EXPECT_EQ(err, CL_SUCCESS);
  clReleaseMemObject(view);
}

}  // namespace
}  // namespace clvet::test
