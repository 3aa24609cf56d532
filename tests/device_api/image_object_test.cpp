// Image objects on the reference device with images (OpenCL 1.2 §5.3, 2.2 §5.3): every image
// type created with its pitches and host memory, the supported formats, clGetImageInfo and
// clGetMemObjectInfo, the image commands against bytes computed here from the spec's layout
// rules, and bad input (a format not listed, a region past the image, a pitch too small): the
// spec's error and the rule that names it.
#include <algorithm>
#include <cstring>
#include <fstream>
#include <numeric>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "fixtures.h"

namespace clvet::test {
namespace {

const cl_image_format kRGBA8{CL_RGBA, CL_UNORM_INT8};
const cl_image_format kR32F{CL_R, CL_FLOAT};

cl_image_desc desc(cl_mem_object_type type, size_t w, size_t h = 0, size_t d = 0, size_t layers = 0) {
  cl_image_desc out{};
  out.image_type = type;
  out.image_width = w;
  out.image_height = h;
  out.image_depth = d;
  out.image_array_size = layers;
  return out;
}

class ImageObjects : public WithQueue {
 protected:
  cl_mem make(cl_mem_flags flags, const cl_image_format& format, const cl_image_desc& d,
              void* host = nullptr) {
    cl_int err = CL_INVALID_VALUE;
    cl_mem m = clCreateImage(context, flags, &format, &d, host, &err);
    EXPECT_EQ(err, CL_SUCCESS);
    return m;
  }
  template <class T> T image_info(cl_mem image, cl_image_info param) {
    T v{};
    EXPECT_EQ(clGetImageInfo(image, param, sizeof v, &v, nullptr), CL_SUCCESS) << param;
    return v;
  }
  std::vector<cl_image_format> formats(cl_mem_flags flags, cl_mem_object_type type) {
    cl_uint n = 0;
    EXPECT_EQ(clGetSupportedImageFormats(context, flags, type, 0, nullptr, &n), CL_SUCCESS);
    std::vector<cl_image_format> list(n);
    EXPECT_EQ(clGetSupportedImageFormats(context, flags, type, n, list.data(), nullptr), CL_SUCCESS);
    return list;
  }
  static bool has(const std::vector<cl_image_format>& list, cl_channel_order o, cl_channel_type t) {
    for (const cl_image_format& f : list)
      if (f.image_channel_order == o && f.image_channel_data_type == t) return true;
    return false;
  }
};

// 2.2 §5.3.2.1: the minimum formats of both tables, for every image type and access flag; sRGBA
// only for reading (the device lacks cl_khr_srgb_image_writes, footnote 10).
TEST_F(ImageObjects, SupportedFormatsHoldTheMinimumLists) {
  const cl_channel_type kMinimum[] = {CL_UNORM_INT8,     CL_UNORM_INT16,    CL_SNORM_INT8,
                                      CL_SNORM_INT16,    CL_SIGNED_INT8,    CL_SIGNED_INT16,
                                      CL_SIGNED_INT32,   CL_UNSIGNED_INT8,  CL_UNSIGNED_INT16,
                                      CL_UNSIGNED_INT32, CL_HALF_FLOAT,     CL_FLOAT};
  for (cl_mem_object_type type :
       {CL_MEM_OBJECT_IMAGE1D, CL_MEM_OBJECT_IMAGE1D_BUFFER, CL_MEM_OBJECT_IMAGE1D_ARRAY,
        CL_MEM_OBJECT_IMAGE2D, CL_MEM_OBJECT_IMAGE2D_ARRAY, CL_MEM_OBJECT_IMAGE3D}) {
    for (cl_mem_flags flags : {cl_mem_flags{CL_MEM_READ_ONLY}, cl_mem_flags{CL_MEM_WRITE_ONLY},
                               cl_mem_flags{CL_MEM_READ_WRITE},
                               cl_mem_flags{CL_MEM_KERNEL_READ_AND_WRITE}}) {
      auto list = formats(flags, type);
      for (cl_channel_order order : {CL_R, CL_RG, CL_RGBA})
        for (cl_channel_type t : kMinimum) EXPECT_TRUE(has(list, order, t)) << order << " " << t;
      EXPECT_TRUE(has(list, CL_BGRA, CL_UNORM_INT8));
      EXPECT_EQ(has(list, CL_sRGBA, CL_UNORM_INT8), flags == CL_MEM_READ_ONLY) << flags;
    }
  }
}

// §5.3.1 and table 5.9: a 2D image with a host row pitch copies host_ptr row by row; its own
// row pitch is packed, and clEnqueueReadImage with a host pitch gives the rows back.
TEST_F(ImageObjects, CopyHostPtrWithRowPitchAndReadBack) {
  const size_t w = 5, h = 3, pitch = 32;  // 20 bytes of texels, 12 of padding per row
  std::vector<unsigned char> host(pitch * h, 0xEE);
  for (size_t y = 0; y < h; ++y)
    for (size_t x = 0; x < w * 4; ++x) host[y * pitch + x] = static_cast<unsigned char>(y * 40 + x);
  cl_image_desc d = desc(CL_MEM_OBJECT_IMAGE2D, w, h);
  d.image_row_pitch = pitch;
  cl_mem image = make(CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, kRGBA8, d, host.data());
  EXPECT_EQ(image_info<size_t>(image, CL_IMAGE_ROW_PITCH), w * 4);
  EXPECT_EQ(image_info<size_t>(image, CL_IMAGE_SLICE_PITCH), 0u);
  EXPECT_EQ(image_info<size_t>(image, CL_IMAGE_ELEMENT_SIZE), 4u);
  EXPECT_EQ(image_info<size_t>(image, CL_IMAGE_HEIGHT), h);
  EXPECT_EQ(image_info<size_t>(image, CL_IMAGE_DEPTH), 0u);
  cl_image_format f = image_info<cl_image_format>(image, CL_IMAGE_FORMAT);
  EXPECT_EQ(f.image_channel_order, cl_channel_order{CL_RGBA});
  // Read the 3x2 texels at (1, 1) into rows 16 bytes apart.
  const size_t origin[3] = {1, 1, 0}, region[3] = {3, 2, 1};
  std::vector<unsigned char> out(16 * 2, 0);
  ASSERT_EQ(clEnqueueReadImage(queue, image, CL_TRUE, origin, region, 16, 0, out.data(), 0,
                               nullptr, nullptr),
            CL_SUCCESS);
  for (size_t y = 0; y < 2; ++y)
    for (size_t x = 0; x < 12; ++x)
      EXPECT_EQ(out[y * 16 + x], host[(1 + y) * pitch + 4 + x]) << y << " " << x;
  size_t mem_size = 0;
  clGetMemObjectInfo(image, CL_MEM_SIZE, sizeof mem_size, &mem_size, nullptr);
  EXPECT_EQ(mem_size, w * 4 * h);
  cl_mem_object_type type = 0;
  clGetMemObjectInfo(image, CL_MEM_TYPE, sizeof type, &type, nullptr);
  EXPECT_EQ(type, cl_mem_object_type{CL_MEM_OBJECT_IMAGE2D});
  clReleaseMemObject(image);
}

// §5.3.1.2: CL_MEM_USE_HOST_PTR keeps the application's pitches, and a map returns host_ptr at
// the origin with them (§5.3.6); a 3D image's slices are slice_pitch apart.
TEST_F(ImageObjects, UseHostPtr3DMapsInPlace) {
  const size_t w = 4, h = 3, depth = 2, row = 24, slice = 96;  // slice: a multiple of row
  std::vector<float> host(slice * depth / sizeof(float), -1.0f);
  cl_image_desc d = desc(CL_MEM_OBJECT_IMAGE3D, w, h, depth);
  d.image_row_pitch = row;
  d.image_slice_pitch = slice;
  cl_mem image = make(CL_MEM_READ_WRITE | CL_MEM_USE_HOST_PTR, kR32F, d, host.data());
  EXPECT_EQ(image_info<size_t>(image, CL_IMAGE_ROW_PITCH), row);
  EXPECT_EQ(image_info<size_t>(image, CL_IMAGE_SLICE_PITCH), slice);
  const float values[2] = {1.5f, 2.5f};
  const size_t origin[3] = {2, 1, 1}, region[3] = {2, 1, 1};
  ASSERT_EQ(clEnqueueWriteImage(queue, image, CL_TRUE, origin, region, 0, 0, values, 0, nullptr,
                                nullptr),
            CL_SUCCESS);
  auto* base = reinterpret_cast<unsigned char*>(host.data());
  float at[2];
  std::memcpy(at, base + 1 * slice + 1 * row + 2 * sizeof(float), sizeof at);
  EXPECT_EQ(at[0], 1.5f);
  EXPECT_EQ(at[1], 2.5f);
  size_t mapped_row = 0, mapped_slice = 0;
  cl_int err;
  void* p = clEnqueueMapImage(queue, image, CL_TRUE, CL_MAP_READ, origin, region, &mapped_row,
                              &mapped_slice, 0, nullptr, nullptr, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  EXPECT_EQ(p, base + 1 * slice + 1 * row + 2 * sizeof(float));
  EXPECT_EQ(mapped_row, row);
  EXPECT_EQ(mapped_slice, slice);
  cl_uint count = 0;
  clGetMemObjectInfo(image, CL_MEM_MAP_COUNT, sizeof count, &count, nullptr);
  EXPECT_EQ(count, 1u);
  EXPECT_EQ(clEnqueueUnmapMemObject(queue, image, p, 0, nullptr, nullptr), CL_SUCCESS);
  clFinish(queue);
  clReleaseMemObject(image);
}

// 1D, 1D array and 2D array: the array size, the layers of a 1D array in its y coordinate
// (§5.3.3: region[1] counts layers), fills converted as write_imageui would (§5.3.4), copies
// between images and to a buffer packed (§5.3.5).
TEST_F(ImageObjects, ArraysFillCopyAndCopyToBuffer) {
  const cl_image_format u16{CL_RG, CL_UNSIGNED_INT16};
  cl_mem a1 = make(CL_MEM_READ_WRITE, u16, desc(CL_MEM_OBJECT_IMAGE1D_ARRAY, 6, 0, 0, 3));
  cl_mem a2 = make(CL_MEM_READ_WRITE, u16, desc(CL_MEM_OBJECT_IMAGE2D_ARRAY, 6, 2, 0, 3));
  EXPECT_EQ(image_info<size_t>(a1, CL_IMAGE_ARRAY_SIZE), 3u);
  EXPECT_EQ(image_info<size_t>(a1, CL_IMAGE_HEIGHT), 0u);
  EXPECT_EQ(image_info<size_t>(a1, CL_IMAGE_SLICE_PITCH), 6u * 4);
  EXPECT_EQ(image_info<size_t>(a2, CL_IMAGE_SLICE_PITCH), 6u * 4 * 2);
  // uint4 (70000, 7, 0, 0): 70000 saturates to 65535 (convert_ushort_sat, §8.3.4).
  const cl_uint color[4] = {70000, 7, 9, 9};
  const size_t all1[3] = {6, 3, 1}, zero[3] = {0, 0, 0};
  ASSERT_EQ(clEnqueueFillImage(queue, a1, color, zero, all1, 0, nullptr, nullptr), CL_SUCCESS);
  // Layers 1 and 2 of the 1D array into rows 0 and 1 of layer 2 of the 2D array.
  const size_t src[3] = {0, 1, 0}, dst[3] = {0, 0, 2}, region[3] = {6, 2, 1};
  ASSERT_EQ(clEnqueueCopyImage(queue, a1, a2, src, dst, region, 0, nullptr, nullptr), CL_SUCCESS);
  cl_int err;
  cl_mem buffer = clCreateBuffer(context, CL_MEM_READ_WRITE, 64, nullptr, &err);
  const size_t from[3] = {2, 1, 2}, part[3] = {3, 1, 1};
  ASSERT_EQ(clEnqueueCopyImageToBuffer(queue, a2, buffer, from, part, 8, 0, nullptr, nullptr),
            CL_SUCCESS);
  unsigned short out[8] = {};
  ASSERT_EQ(clEnqueueReadBuffer(queue, buffer, CL_TRUE, 8, 12, out, 0, nullptr, nullptr), CL_SUCCESS);
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(out[2 * i], 65535) << i;
    EXPECT_EQ(out[2 * i + 1], 7) << i;
  }
  // And back: the buffer's texels into a 1D image, then read whole.
  cl_mem one = make(CL_MEM_READ_WRITE, u16, desc(CL_MEM_OBJECT_IMAGE1D, 4));
  const size_t origin1[3] = {1, 0, 0}, region1[3] = {3, 1, 1};
  ASSERT_EQ(clEnqueueCopyBufferToImage(queue, buffer, one, 8, origin1, region1, 0, nullptr, nullptr),
            CL_SUCCESS);
  unsigned short back[8] = {};
  const size_t whole[3] = {3, 1, 1};
  ASSERT_EQ(clEnqueueReadImage(queue, one, CL_TRUE, origin1, whole, 0, 0, back, 0, nullptr, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(back[0], 65535);
  EXPECT_EQ(back[5], 7);
  for (cl_mem m : {a1, a2, one, buffer}) clReleaseMemObject(m);
}

// §5.3.4 with §8.3.1.2: a float fill of a normalised format rounds to nearest even and
// saturates; BGRA stores blue first.
TEST_F(ImageObjects, FillConvertsAsWriteImagef) {
  const cl_image_format bgra{CL_BGRA, CL_UNORM_INT8};
  cl_mem image = make(CL_MEM_READ_WRITE, bgra, desc(CL_MEM_OBJECT_IMAGE2D, 2, 2));
  // r = 0.5 -> 127.5 -> 128 (even); g = 2 -> 255; b = -1 -> 0; a = 1/255 -> 1.
  const float color[4] = {0.5f, 2.0f, -1.0f, 1.0f / 255.0f};
  const size_t origin[3] = {0, 0, 0}, region[3] = {2, 2, 1};
  ASSERT_EQ(clEnqueueFillImage(queue, image, color, origin, region, 0, nullptr, nullptr), CL_SUCCESS);
  unsigned char out[16] = {};
  ASSERT_EQ(clEnqueueReadImage(queue, image, CL_TRUE, origin, region, 0, 0, out, 0, nullptr, nullptr),
            CL_SUCCESS);
  for (int t = 0; t < 4; ++t) {
    EXPECT_EQ(out[4 * t + 0], 0);    // B
    EXPECT_EQ(out[4 * t + 1], 255);  // G
    EXPECT_EQ(out[4 * t + 2], 128);  // R
    EXPECT_EQ(out[4 * t + 3], 1);    // A
  }
  clReleaseMemObject(image);
}

// 2.2 §5.3.1.2 and cl_khr_image2d_from_buffer: a 1D image buffer and a 2D image made from a
// buffer share its bytes; CL_MEM_ASSOCIATED_MEMOBJECT and CL_IMAGE_BUFFER name it.
TEST_F(ImageObjects, ImagesFromABufferShareItsBytes) {
  cl_int err;
  std::vector<unsigned char> bytes(256);
  std::iota(bytes.begin(), bytes.end(), 0);
  cl_mem buffer = clCreateBuffer(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, bytes.size(),
                                 bytes.data(), &err);
  ASSERT_EQ(err, CL_SUCCESS);
  cl_image_desc d1 = desc(CL_MEM_OBJECT_IMAGE1D_BUFFER, 64);
  d1.buffer = buffer;
  cl_mem one = make(0, kRGBA8, d1);
  cl_image_desc d2 = desc(CL_MEM_OBJECT_IMAGE2D, 4, 3);
  d2.image_row_pitch = 32;
  d2.buffer = buffer;
  cl_mem two = make(0, kRGBA8, d2);
  EXPECT_EQ(image_info<cl_mem>(one, CL_IMAGE_BUFFER), buffer);
  cl_mem associated = nullptr;
  clGetMemObjectInfo(two, CL_MEM_ASSOCIATED_MEMOBJECT, sizeof associated, &associated, nullptr);
  EXPECT_EQ(associated, buffer);
  EXPECT_EQ(image_info<size_t>(two, CL_IMAGE_ROW_PITCH), 32u);
  unsigned char texel[4];
  const size_t origin[3] = {1, 2, 0}, region[3] = {1, 1, 1};
  ASSERT_EQ(clEnqueueReadImage(queue, two, CL_TRUE, origin, region, 0, 0, texel, 0, nullptr, nullptr),
            CL_SUCCESS);
  for (int c = 0; c < 4; ++c) EXPECT_EQ(texel[c], 2 * 32 + 4 + c);
  // A write through the 1D image buffer shows in the buffer.
  const unsigned char mark[4] = {1, 2, 3, 4};
  const size_t at[3] = {10, 0, 0};
  ASSERT_EQ(clEnqueueWriteImage(queue, one, CL_TRUE, at, region, 0, 0, mark, 0, nullptr, nullptr),
            CL_SUCCESS);
  unsigned char seen[4];
  ASSERT_EQ(clEnqueueReadBuffer(queue, buffer, CL_TRUE, 40, 4, seen, 0, nullptr, nullptr), CL_SUCCESS);
  EXPECT_EQ(std::memcmp(seen, mark, 4), 0);
  for (cl_mem m : {two, one, buffer}) clReleaseMemObject(m);
}

// Bad input: each gets the spec's error and names its rule, and nothing crashes.
TEST_F(ImageObjects, BadInputGetsTheSpecsErrors) {
  cl_int err;
  // §5.3.1: a valid format the device does not list (sRGBA for writing, footnote 10).
  const cl_image_format srgba{CL_sRGBA, CL_UNORM_INT8};
  cl_image_desc d = desc(CL_MEM_OBJECT_IMAGE2D, 8, 8);
  EXPECT_RULE_ERRCODE(clCreateImage(context, CL_MEM_WRITE_ONLY, &srgba, &d, nullptr, &err), err,
                      CL_IMAGE_FORMAT_NOT_SUPPORTED, "CreateImageFormatNotSupported");
  // §5.3.1.2: a row pitch smaller than width * element size.
  std::vector<unsigned char> host(8 * 8 * 4);
  d.image_row_pitch = 16;
  EXPECT_RULE_ERRCODE(clCreateImage(context, CL_MEM_COPY_HOST_PTR, &kRGBA8, &d, host.data(), &err),
                      err, CL_INVALID_IMAGE_DESCRIPTOR, "CreateImageInvalidDescriptor");
  d.image_row_pitch = 0;
  // Larger than CL_DEVICE_IMAGE2D_MAX_WIDTH.
  cl_image_desc huge = desc(CL_MEM_OBJECT_IMAGE2D, 1 << 20, 1);
  EXPECT_RULE_ERRCODE(clCreateImage(context, 0, &kRGBA8, &huge, nullptr, &err), err,
                      CL_INVALID_IMAGE_SIZE, "CreateImageInvalidSize");
  cl_mem image = make(CL_MEM_READ_WRITE, kRGBA8, d);
  // §5.3.3: a region past the image, and an empty region.
  unsigned char out[8 * 8 * 4];
  const size_t origin[3] = {4, 4, 0}, past[3] = {5, 1, 1}, empty[3] = {0, 1, 1};
  EXPECT_RULE(clEnqueueReadImage(queue, image, CL_TRUE, origin, past, 0, 0, out, 0, nullptr, nullptr),
              CL_INVALID_VALUE, "EnqueueReadImageOutOfBounds");
  EXPECT_RULE(clEnqueueWriteImage(queue, image, CL_TRUE, origin, empty, 0, 0, out, 0, nullptr, nullptr),
              CL_INVALID_VALUE, "EnqueueWriteImageBadOriginRegion");
  const float color[4] = {};
  EXPECT_RULE(clEnqueueFillImage(queue, image, color, origin, past, 0, nullptr, nullptr),
              CL_INVALID_VALUE, "EnqueueFillImageOutOfBounds");
  EXPECT_RULE(clEnqueueFillImage(queue, image, nullptr, origin, past, 0, nullptr, nullptr),
              CL_INVALID_VALUE, "EnqueueFillImageNullColor");
  // §5.3.6: image_row_pitch NULL.
  const size_t one[3] = {1, 1, 1};
  clear_last_rule();
  EXPECT_EQ(clEnqueueMapImage(queue, image, CL_TRUE, CL_MAP_READ, origin, one, nullptr, nullptr,
                              0, nullptr, nullptr, &err),
            nullptr);
  EXPECT_EQ(err, CL_INVALID_VALUE);
  EXPECT_EQ(last_rule(), "EnqueueMapImageNullRowPitch");
  // §5.3.7: an unknown param_name.
  size_t v;
  EXPECT_RULE(clGetImageInfo(image, 0x1234, sizeof v, &v, nullptr), CL_INVALID_VALUE,
              "GetImageInfoBadParam");
  clReleaseMemObject(image);
}

// §5.7.2: image and sampler arguments. An image whose flags forbid the parameter's access, a
// buffer or an image of another type where an image2d_t is declared, and a NULL sampler.
TEST_F(ImageObjects, KernelArgumentsOfImagesAndSamplers) {
  const char* source =
      "kernel void k(read_only image2d_t a, write_only image2d_t b, sampler_t s) {}";
  cl_int err;
  cl_program p = clCreateProgramWithSource(context, 1, &source, nullptr, &err);
  ASSERT_EQ(clBuildProgram(p, 0, nullptr, "", nullptr, nullptr), CL_SUCCESS);
  cl_kernel k = clCreateKernel(p, "k", &err);
  ASSERT_EQ(err, CL_SUCCESS);
  cl_mem write_only = make(CL_MEM_WRITE_ONLY, kRGBA8, desc(CL_MEM_OBJECT_IMAGE2D, 4, 4));
  cl_mem read_only = make(CL_MEM_READ_ONLY, kRGBA8, desc(CL_MEM_OBJECT_IMAGE2D, 4, 4));
  cl_mem volume = make(CL_MEM_READ_WRITE, kRGBA8, desc(CL_MEM_OBJECT_IMAGE3D, 4, 4, 4));
  cl_mem buffer = clCreateBuffer(context, CL_MEM_READ_WRITE, 64, nullptr, &err);
  EXPECT_RULE(clSetKernelArg(k, 0, sizeof write_only, &write_only), CL_INVALID_ARG_VALUE,
              "SetKernelArgImageAccess");
  EXPECT_RULE(clSetKernelArg(k, 1, sizeof read_only, &read_only), CL_INVALID_ARG_VALUE,
              "SetKernelArgImageAccess");
  EXPECT_EQ(clSetKernelArg(k, 0, sizeof read_only, &read_only), CL_SUCCESS);
  EXPECT_EQ(clSetKernelArg(k, 1, sizeof write_only, &write_only), CL_SUCCESS);
  EXPECT_RULE(clSetKernelArg(k, 0, sizeof buffer, &buffer), CL_INVALID_MEM_OBJECT,
              "SetKernelArgInvalidMemObject");
  EXPECT_RULE(clSetKernelArg(k, 0, sizeof volume, &volume), CL_INVALID_MEM_OBJECT,
              "SetKernelArgInvalidMemObject");
  cl_sampler none = nullptr;
  EXPECT_RULE(clSetKernelArg(k, 2, sizeof none, &none), CL_INVALID_SAMPLER,
              "SetKernelArgInvalidSampler");
  for (cl_mem m : {write_only, read_only, volume, buffer}) clReleaseMemObject(m);
  clReleaseKernel(k);
  clReleaseProgram(p);
}

// §5.5.1, table 5.12: a sampler answers its settings; clCreateSamplerWithProperties takes the
// defaults of 2.2 §5.7.1 for what the list leaves out.
TEST_F(ImageObjects, SamplersAnswerTheirSettings) {
  cl_int err;
  cl_sampler s = clCreateSampler(context, CL_FALSE, CL_ADDRESS_CLAMP_TO_EDGE, CL_FILTER_LINEAR, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  cl_addressing_mode mode = 0;
  clGetSamplerInfo(s, CL_SAMPLER_ADDRESSING_MODE, sizeof mode, &mode, nullptr);
  EXPECT_EQ(mode, cl_addressing_mode{CL_ADDRESS_CLAMP_TO_EDGE});
  cl_filter_mode filter = 0;
  clGetSamplerInfo(s, CL_SAMPLER_FILTER_MODE, sizeof filter, &filter, nullptr);
  EXPECT_EQ(filter, cl_filter_mode{CL_FILTER_LINEAR});
  cl_bool normalized = CL_TRUE;
  clGetSamplerInfo(s, CL_SAMPLER_NORMALIZED_COORDS, sizeof normalized, &normalized, nullptr);
  EXPECT_EQ(normalized, cl_bool{CL_FALSE});
  EXPECT_RULE(clGetSamplerInfo(s, 0x1234, sizeof mode, &mode, nullptr), CL_INVALID_VALUE,
              "GetSamplerInfoBadParam");
  clReleaseSampler(s);
  const cl_sampler_properties props[] = {CL_SAMPLER_FILTER_MODE, CL_FILTER_LINEAR, 0};
  s = clCreateSamplerWithProperties(context, props, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  clGetSamplerInfo(s, CL_SAMPLER_ADDRESSING_MODE, sizeof mode, &mode, nullptr);
  EXPECT_EQ(mode, cl_addressing_mode{CL_ADDRESS_CLAMP});
  clGetSamplerInfo(s, CL_SAMPLER_NORMALIZED_COORDS, sizeof normalized, &normalized, nullptr);
  EXPECT_EQ(normalized, cl_bool{CL_TRUE});
  clReleaseSampler(s);
}

// 1.2 §5.5.2: cl_khr_mipmap_image's sampler queries on a device without the extension are
// CL_INVALID_VALUE; programs ask them to find out (pyopencl's get_info over every name it
// knows), so the finding is a note citing the clause, while a name no extension gives is an
// error.
TEST_F(ImageObjects, ProbingSamplerQueryIsANote) {
  using WriteFindings = cl_int(CL_API_CALL*)(const char*);
  auto write = reinterpret_cast<WriteFindings>(
      clGetExtensionFunctionAddressForPlatform(platform, "clvetWriteFindingsCLVET"));
  ASSERT_NE(write, nullptr);
  const std::string path = ::testing::TempDir() + "clvet_sampler_probe_findings.json";
  ASSERT_EQ(write(path.c_str()), CL_SUCCESS);  // the findings so far, forgotten
  cl_int err;
  cl_sampler s = clCreateSampler(context, CL_TRUE, CL_ADDRESS_REPEAT, CL_FILTER_NEAREST, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  cl_float lod = 0;
  cl_filter_mode filter = 0;
  EXPECT_EQ(clGetSamplerInfo(s, CL_SAMPLER_MIP_FILTER_MODE_KHR, sizeof filter, &filter, nullptr),
            CL_INVALID_VALUE);
  EXPECT_EQ(clGetSamplerInfo(s, CL_SAMPLER_LOD_MIN_KHR, sizeof lod, &lod, nullptr), CL_INVALID_VALUE);
  EXPECT_EQ(clGetSamplerInfo(s, CL_SAMPLER_LOD_MAX_KHR, sizeof lod, &lod, nullptr), CL_INVALID_VALUE);
  EXPECT_EQ(clGetSamplerInfo(s, 0x1234, sizeof lod, &lod, nullptr), CL_INVALID_VALUE);
  clReleaseSampler(s);
  ASSERT_EQ(write(path.c_str()), CL_SUCCESS);
  std::ifstream in(path);
  const nlohmann::json report = nlohmann::json::parse(in);
  std::vector<std::string> seen;
  for (const nlohmann::json& f : report.at("findings"))
    if (f.value("rule", "") == "GetSamplerInfoBadParam")
      for (int i = 0; i < f.value("count", 1); ++i) seen.push_back(f.value("severity", "") + " " + f.value("spec", ""));
  std::sort(seen.begin(), seen.end());
  EXPECT_EQ(seen, (std::vector<std::string>{"error OpenCL 1.2 §5.5.2", "note OpenCL 1.2 §5.5.2",
                                            "note OpenCL 1.2 §5.5.2", "note OpenCL 1.2 §5.5.2"}));
}

}  // namespace
}  // namespace clvet::test
