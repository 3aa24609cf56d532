// The image built-ins on the reference device (OpenCL 1.2 §6.12.14, §8): sampler-less reads and
// writes, the get_image_* queries, and sampled reads for every addressing mode, normalised and
// unnormalised coordinates and both filters, against a host computation written here from §8.2
// and §8.3's formulas; and the cases where the spec leaves no latitude (nearest filtering,
// unnormalised coordinates, CLAMP_TO_EDGE / CLAMP / NONE) against PoCL.
#include <cmath>
#include <cstdlib>
#include <string>
#include <vector>

#include "reference_device.h"

namespace clvet::test {
namespace {

constexpr int kW = 5, kH = 3;

// The test image: texel (x, y) of a CL_RGBA / CL_FLOAT image holds (x, y, x + 10 y, 1).
float texel(int x, int y, int c) {
  const float v[4] = {float(x), float(y), float(x + 10 * y), 1.0f};
  return v[c];
}

// §8.2 written out for the host: one coordinate to its texel indices and weight.
int address(int mode, int i, int size) {
  if (mode == CL_ADDRESS_CLAMP_TO_EDGE) return i < 0 ? 0 : i > size - 1 ? size - 1 : i;
  if (mode == CL_ADDRESS_CLAMP) return i < -1 ? -1 : i > size ? size : i;
  return i;
}
struct Taps {
  int i0, i1;
  float a;
};
Taps axis(float s, int size, bool normalized, int mode, bool linear) {
  const float n = float(size);
  if (mode == CL_ADDRESS_REPEAT) {
    float u = (s - std::floor(s)) * n;
    if (!linear) {
      int i = int(std::floor(u));
      if (i > size - 1) i -= size;
      return {i, i, 0};
    }
    int i0 = int(std::floor(u - 0.5f)), i1 = i0 + 1;
    if (i0 < 0) i0 += size;
    if (i1 > size - 1) i1 -= size;
    return {i0, i1, (u - 0.5f) - std::floor(u - 0.5f)};
  }
  if (mode == CL_ADDRESS_MIRRORED_REPEAT) {
    float m = 2.0f * std::rint(0.5f * s);
    m = std::fabs(s - m);
    float u = m * n;
    if (!linear) {
      int i = std::min(int(std::floor(u)), size - 1);
      return {i, i, 0};
    }
    int i0 = int(std::floor(u - 0.5f));
    return {std::max(i0, 0), std::min(i0 + 1, size - 1), (u - 0.5f) - std::floor(u - 0.5f)};
  }
  float u = normalized ? s * n : s;
  if (!linear) {
    int i = address(mode, int(std::floor(u)), size);
    return {i, i, 0};
  }
  int i0 = int(std::floor(u - 0.5f));
  return {address(mode, i0, size), address(mode, i0 + 1, size), (u - 0.5f) - std::floor(u - 0.5f)};
}
// A texel or, outside the image, the border colour of CL_RGBA: (0, 0, 0, 0) (§6.12.14.1.1).
float at(int x, int y, int c) {
  if (x < 0 || x >= kW || y < 0 || y >= kH) return 0.0f;
  return texel(x, y, c);
}
std::vector<float> expected(float s, float t, bool normalized, int mode, bool linear) {
  Taps u = axis(s, kW, normalized, mode, linear), v = axis(t, kH, normalized, mode, linear);
  std::vector<float> out(4);
  for (int c = 0; c < 4; ++c) {
    if (!linear) {
      out[c] = at(u.i0, v.i0, c);
      continue;
    }
    out[c] = (1 - u.a) * (1 - v.a) * at(u.i0, v.i0, c) + u.a * (1 - v.a) * at(u.i1, v.i0, c) +
             (1 - u.a) * v.a * at(u.i0, v.i1, c) + u.a * v.a * at(u.i1, v.i1, c);
  }
  return out;
}

const char* kSampleSource = R"CLC(
__kernel void sample(__read_only image2d_t image, sampler_t sampler, __global const float2* coords,
                     __global float4* out) {
  size_t i = get_global_id(0);
  out[i] = read_imagef(image, sampler, coords[i]);
}
)CLC";

// Runs kSampleSource on `context`/`device` with a sampler of these settings over `coords`.
std::vector<float> sample_on(cl_context context, cl_device_id device, cl_command_queue queue,
                             const std::vector<float>& coords, bool normalized, int mode,
                             bool linear) {
  cl_int err;
  std::vector<float> pixels(kW * kH * 4);
  for (int y = 0; y < kH; ++y)
    for (int x = 0; x < kW; ++x)
      for (int c = 0; c < 4; ++c) pixels[(y * kW + x) * 4 + c] = texel(x, y, c);
  const cl_image_format format{CL_RGBA, CL_FLOAT};
  cl_image_desc d{};
  d.image_type = CL_MEM_OBJECT_IMAGE2D;
  d.image_width = kW;
  d.image_height = kH;
  cl_mem image = clCreateImage(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, &format, &d,
                               pixels.data(), &err);
  EXPECT_EQ(err, CL_SUCCESS);
  cl_sampler sampler = clCreateSampler(context, normalized, mode,
                                       linear ? CL_FILTER_LINEAR : CL_FILTER_NEAREST, &err);
  EXPECT_EQ(err, CL_SUCCESS);
  const size_t n = coords.size() / 2;
  cl_mem in = clCreateBuffer(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, coords.size() * 4,
                             const_cast<float*>(coords.data()), &err);
  cl_mem out = clCreateBuffer(context, CL_MEM_WRITE_ONLY, n * 16, nullptr, &err);
  const char* text = kSampleSource;
  cl_program program = clCreateProgramWithSource(context, 1, &text, nullptr, &err);
  EXPECT_EQ(clBuildProgram(program, 1, &device, "", nullptr, nullptr), CL_SUCCESS);
  cl_kernel kernel = clCreateKernel(program, "sample", &err);
  EXPECT_EQ(err, CL_SUCCESS);
  clSetKernelArg(kernel, 0, sizeof image, &image);
  clSetKernelArg(kernel, 1, sizeof sampler, &sampler);
  clSetKernelArg(kernel, 2, sizeof in, &in);
  clSetKernelArg(kernel, 3, sizeof out, &out);
  EXPECT_EQ(clEnqueueNDRangeKernel(queue, kernel, 1, nullptr, &n, nullptr, 0, nullptr, nullptr),
            CL_SUCCESS);
  std::vector<float> result(n * 4);
  EXPECT_EQ(clEnqueueReadBuffer(queue, out, CL_TRUE, 0, n * 16, result.data(), 0, nullptr, nullptr),
            CL_SUCCESS);
  clReleaseKernel(kernel);
  clReleaseProgram(program);
  for (cl_mem m : {image, in, out}) clReleaseMemObject(m);
  clReleaseSampler(sampler);
  return result;
}

// Coordinates around and outside the image, on texel edges and centres.
std::vector<float> coordinates(bool normalized) {
  const std::vector<float> s = normalized
                                   ? std::vector<float>{-1.3f, -0.5f, -0.1f, 0.0f, 0.1f, 0.25f,
                                                        0.5f, 0.7f, 0.99f, 1.0f, 1.5f, 2.7f}
                                   : std::vector<float>{-2.5f, -0.5f, 0.0f, 0.3f, 0.5f, 1.49f,
                                                        2.5f, 3.5f, 4.0f, 4.75f, 5.0f, 6.2f};
  std::vector<float> out;
  for (float x : s)
    for (float y : s) {
      out.push_back(x);
      out.push_back(normalized ? y : y * kH / kW);
    }
  return out;
}

struct SamplerCase {
  bool normalized;
  int mode;
  bool linear;
};
std::string name_of(const SamplerCase& c) {
  const char* modes[] = {"none", "clamp_to_edge", "clamp", "repeat", "mirrored_repeat"};
  return std::string(c.normalized ? "normalized_" : "unnormalized_") + modes[c.mode - CL_ADDRESS_NONE] +
         (c.linear ? "_linear" : "_nearest");
}

class Sampling : public ::testing::TestWithParam<SamplerCase> {};

// Every sampler against §8.2's formulas (nearest exactly; linear to a few float roundings, as
// the host evaluates the same sum in the same order).
TEST_P(Sampling, MatchesTheSpecsFormulas) {
  ReferenceDevice ref;
  ASSERT_TRUE(ref.available());
  const SamplerCase c = GetParam();
  const std::vector<float> coords = coordinates(c.normalized);
  const std::vector<float> got =
      sample_on(ref.context, ref.device, ref.queue, coords, c.normalized, c.mode, c.linear);
  for (size_t i = 0; i < coords.size() / 2; ++i) {
    const std::vector<float> want =
        expected(coords[2 * i], coords[2 * i + 1], c.normalized, c.mode, c.linear);
    for (int k = 0; k < 4; ++k) {
      if (c.linear)
        EXPECT_NEAR(got[4 * i + k], want[k], 1e-5f * (1 + std::fabs(want[k])))
            << "(" << coords[2 * i] << ", " << coords[2 * i + 1] << ") component " << k;
      else
        EXPECT_EQ(got[4 * i + k], want[k])
            << "(" << coords[2 * i] << ", " << coords[2 * i + 1] << ") component " << k;
    }
  }
}

std::vector<SamplerCase> all_samplers() {
  std::vector<SamplerCase> cases;
  for (bool linear : {false, true}) {
    for (int mode : {CL_ADDRESS_NONE, CL_ADDRESS_CLAMP_TO_EDGE, CL_ADDRESS_CLAMP}) {
      cases.push_back({false, mode, linear});
      cases.push_back({true, mode, linear});
    }
    // Repeat modes take normalised coordinates only (§5.5.1).
    cases.push_back({true, CL_ADDRESS_REPEAT, linear});
    cases.push_back({true, CL_ADDRESS_MIRRORED_REPEAT, linear});
  }
  return cases;
}
INSTANTIATE_TEST_SUITE_P(Images, Sampling, ::testing::ValuesIn(all_samplers()),
                         [](const auto& info) { return name_of(info.param); });

// The note under §8.2: unnormalised coordinates, nearest filtering and CLAMP_TO_EDGE, CLAMP or
// NONE are computed "without any loss of precision": PoCL must give the same texels.
TEST(Images, NearestUnnormalisedSamplingEqualsPoCL) {
  setenv("OCL_ICD_VENDORS", CLVET_KERNEL_PLATFORMS_DIR, 1);
  cl_uint n = 0;
  clGetPlatformIDs(0, nullptr, &n);
  std::vector<cl_platform_id> platforms(n);
  clGetPlatformIDs(n, platforms.data(), nullptr);
  cl_platform_id pocl = nullptr;
  for (cl_platform_id p : platforms) {
    char name[256] = {};
    clGetPlatformInfo(p, CL_PLATFORM_NAME, sizeof name, name, nullptr);
    if (std::string(name).find("Portable Computing Language") != std::string::npos) pocl = p;
  }
  ASSERT_NE(pocl, nullptr) << "PoCL is not among the loader's platforms (run this test alone, "
                              "as ctest does: the loader reads OCL_ICD_VENDORS once)";
  cl_device_id device;
  ASSERT_EQ(clGetDeviceIDs(pocl, CL_DEVICE_TYPE_ALL, 1, &device, nullptr), CL_SUCCESS);
  cl_int err;
  cl_context context = clCreateContext(nullptr, 1, &device, nullptr, nullptr, &err);
  cl_command_queue queue = clCreateCommandQueue(context, device, 0, &err);
  ReferenceDevice ref;
  ASSERT_TRUE(ref.available());
  const std::vector<float> coords = coordinates(false);
  for (int mode : {CL_ADDRESS_NONE, CL_ADDRESS_CLAMP_TO_EDGE, CL_ADDRESS_CLAMP}) {
    std::vector<float> theirs = sample_on(context, device, queue, coords, false, mode, false);
    std::vector<float> ours = sample_on(ref.context, ref.device, ref.queue, coords, false, mode, false);
    for (size_t i = 0; i < ours.size(); ++i) {
      // CLAMP outside the image and NONE outside it give the border colour on both.
      EXPECT_EQ(ours[i], theirs[i]) << "mode " << mode << " coordinate " << coords[2 * (i / 4)]
                                    << ", " << coords[2 * (i / 4) + 1];
    }
  }
  clReleaseCommandQueue(queue);
  clReleaseContext(context);
}

// Sampler-less reads, writes and queries (§6.12.14.3-5) with the conversions of §8.3: an
// UNORM_INT8 source read as c / 255, written to a SNORM_INT16 image as
// convert_short_sat_rte(f * 32767), an image of unsigned integers written with saturation.
TEST(Images, SamplerlessReadsWritesAndQueries) {
  ReferenceDevice ref;
  ASSERT_TRUE(ref.available());
  cl_program p = ref.build(R"CLC(
__kernel void convert(__read_only image2d_t src, __write_only image2d_t dst,
                      __write_only image1d_t counts, __global int* info) {
  int x = get_global_id(0), y = get_global_id(1);
  float4 v = read_imagef(src, (int2)(x, y));
  write_imagef(dst, (int2)(x, y), v * 2.0f - 1.0f);
  if (y == 0) write_imageui(counts, x, (uint4)(x * 100, 0, 0, 0));
  if (x == 0 && y == 0) {
    info[0] = get_image_width(src);
    info[1] = get_image_height(src);
    int2 dim = get_image_dim(dst);
    info[2] = dim.x;
    info[3] = dim.y;
    info[4] = get_image_channel_data_type(dst);
    info[5] = get_image_channel_order(src);
    info[6] = get_image_width(counts);
  }
}
)CLC");
  ASSERT_NE(p, nullptr);
  cl_kernel k = ref.kernel(p, "convert");
  const int w = 4, h = 2;
  std::vector<unsigned char> src_bytes(w * h * 4);
  for (size_t i = 0; i < src_bytes.size(); ++i) src_bytes[i] = static_cast<unsigned char>(i * 37 % 256);
  cl_int err;
  cl_image_desc d{};
  d.image_type = CL_MEM_OBJECT_IMAGE2D;
  d.image_width = w;
  d.image_height = h;
  const cl_image_format rgba8{CL_RGBA, CL_UNORM_INT8}, rgba16s{CL_RGBA, CL_SNORM_INT16},
      r8u{CL_R, CL_UNSIGNED_INT8};
  cl_mem src = clCreateImage(ref.context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, &rgba8, &d,
                             src_bytes.data(), &err);
  ASSERT_EQ(err, CL_SUCCESS);
  cl_mem dst = clCreateImage(ref.context, CL_MEM_WRITE_ONLY, &rgba16s, &d, nullptr, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  cl_image_desc d1{};
  d1.image_type = CL_MEM_OBJECT_IMAGE1D;
  d1.image_width = w;
  cl_mem counts = clCreateImage(ref.context, CL_MEM_WRITE_ONLY, &r8u, &d1, nullptr, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  cl_mem info = ref.buffer(std::vector<int>(8, -1));
  ASSERT_EQ(ref.run(k, {w, h}, {}, src, dst, counts, info), CL_SUCCESS);
  std::vector<short> out(w * h * 4);
  const size_t origin[3] = {0, 0, 0}, region[3] = {w, h, 1}, region1[3] = {w, 1, 1};
  ASSERT_EQ(clEnqueueReadImage(ref.queue, dst, CL_TRUE, origin, region, 0, 0, out.data(), 0,
                               nullptr, nullptr),
            CL_SUCCESS);
  for (size_t i = 0; i < out.size(); ++i) {
    const float f = static_cast<float>(src_bytes[i]) / 255.0f;  // §8.3.1.1
    const float scaled = (f * 2.0f - 1.0f) * 32767.0f;          // §8.3.1.2
    const long want = std::lrint(std::fmin(32767.0f, std::fmax(-32768.0f, scaled)));
    EXPECT_EQ(out[i], want) << i;
  }
  unsigned char c[w];
  ASSERT_EQ(clEnqueueReadImage(ref.queue, counts, CL_TRUE, origin, region1, 0, 0, c, 0, nullptr,
                               nullptr),
            CL_SUCCESS);
  for (int x = 0; x < w; ++x) EXPECT_EQ(c[x], std::min(255, x * 100)) << x;  // convert_uchar_sat
  std::vector<int> got = ref.read<int>(info, 8);
  EXPECT_EQ(got[0], w);
  EXPECT_EQ(got[1], h);
  EXPECT_EQ(got[2], w);
  EXPECT_EQ(got[3], h);
  EXPECT_EQ(got[4], CL_SNORM_INT16);
  EXPECT_EQ(got[5], CL_RGBA);
  EXPECT_EQ(got[6], w);
  for (cl_mem m : {src, dst, counts}) clReleaseMemObject(m);
}

// A program-scope sampler constant (§6.12.14.1), a 3D image and a 2D image array: the layer is
// clamp(rint(w), 0, layers - 1) (§8.4), read_imagei returns the stored integers (§8.3.4).
TEST(Images, ProgramScopeSamplerArraysAnd3D) {
  ReferenceDevice ref;
  ASSERT_TRUE(ref.available());
  cl_program p = ref.build(R"CLC(
constant sampler_t nearest = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE |
                             CLK_FILTER_NEAREST;
__kernel void gather(__read_only image3d_t volume, __read_only image2d_array_t layers,
                     __global int4* out) {
  int i = get_global_id(0);
  float w = (float)i * 0.75f - 0.6f;
  out[2 * i] = read_imagei(volume, nearest, (float4)(1.5f, 0.5f, (float)i, 0.0f));
  out[2 * i + 1] = read_imagei(layers, nearest, (float4)(2.2f, 1.9f, w, 0.0f));
}
)CLC");
  ASSERT_NE(p, nullptr);
  cl_kernel k = ref.kernel(p, "gather");
  const cl_image_format r32i{CL_R, CL_SIGNED_INT32};
  cl_int err;
  // Texel (x, y, z) holds 100 z + 10 y + x in both images.
  std::vector<int> values(4 * 3 * 3);
  for (int z = 0; z < 3; ++z)
    for (int y = 0; y < 3; ++y)
      for (int x = 0; x < 4; ++x) values[(z * 3 + y) * 4 + x] = 100 * z + 10 * y + x;
  cl_image_desc d3{};
  d3.image_type = CL_MEM_OBJECT_IMAGE3D;
  d3.image_width = 4;
  d3.image_height = 3;
  d3.image_depth = 3;
  cl_mem volume = clCreateImage(ref.context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, &r32i, &d3,
                                values.data(), &err);
  ASSERT_EQ(err, CL_SUCCESS);
  cl_image_desc da = d3;
  da.image_type = CL_MEM_OBJECT_IMAGE2D_ARRAY;
  da.image_depth = 0;
  da.image_array_size = 3;
  cl_mem layers = clCreateImage(ref.context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, &r32i, &da,
                                values.data(), &err);
  ASSERT_EQ(err, CL_SUCCESS);
  cl_mem out = ref.buffer(std::vector<int>(8 * 5, -7));
  ASSERT_EQ(ref.run(k, {5}, {}, volume, layers, out), CL_SUCCESS);
  std::vector<int> got = ref.read<int>(out, 8 * 5);
  for (int i = 0; i < 5; ++i) {
    const int z = std::min(i, 2);  // CLAMP_TO_EDGE in depth
    EXPECT_EQ(got[8 * i], 100 * z + 1) << i;
    EXPECT_EQ(got[8 * i + 1], 0) << i;  // missing channels 0, alpha 1 (SPIR-V env table 9)
    EXPECT_EQ(got[8 * i + 3], 1) << i;
    const float w = static_cast<float>(i) * 0.75f - 0.6f;
    const int layer = std::min(2, std::max(0, static_cast<int>(std::rint(w))));
    EXPECT_EQ(got[8 * i + 4], 100 * layer + 10 * 1 + 2) << i;
  }
  clReleaseMemObject(volume);
  clReleaseMemObject(layers);
}

// OpenCL C 3.0 read_write images (__opencl_c_read_write_images; 2.2 §5.3.2.1's read-and-write
// list): each work-item reads its texel and writes it back doubled, with saturation of the
// UNSIGNED_INT8 channel (§8.3.4).
TEST(Images, ReadWriteImageInOneKernel) {
  ReferenceDevice ref;
  ASSERT_TRUE(ref.available());
  cl_program p = ref.build(R"CLC(
__kernel void twice(__read_write image2d_t img) {
  int2 at = (int2)(get_global_id(0), get_global_id(1));
  uint4 v = read_imageui(img, at);
  write_imageui(img, at, v * 2u);
}
)CLC", "-cl-std=CL3.0");
  ASSERT_NE(p, nullptr);
  cl_kernel k = ref.kernel(p, "twice");
  const cl_image_format r8u{CL_R, CL_UNSIGNED_INT8};
  cl_image_desc d{};
  d.image_type = CL_MEM_OBJECT_IMAGE2D;
  d.image_width = 8;
  d.image_height = 2;
  std::vector<unsigned char> bytes(16);
  for (int i = 0; i < 16; ++i) bytes[i] = static_cast<unsigned char>(i * 16);
  cl_int err;
  cl_mem img = clCreateImage(ref.context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, &r8u, &d,
                             bytes.data(), &err);
  ASSERT_EQ(err, CL_SUCCESS);
  ASSERT_EQ(ref.run(k, {8, 2}, {}, img), CL_SUCCESS);
  std::vector<unsigned char> out(16);
  const size_t origin[3] = {0, 0, 0}, region[3] = {8, 2, 1};
  ASSERT_EQ(clEnqueueReadImage(ref.queue, img, CL_TRUE, origin, region, 0, 0, out.data(), 0,
                               nullptr, nullptr),
            CL_SUCCESS);
  for (int i = 0; i < 16; ++i) EXPECT_EQ(out[i], std::min(255, i * 32)) << i;
  clReleaseMemObject(img);
}


// get_image_channel_data_type of a CL_UNORM_INT_101010_2 image equals the OpenCL C constant
// CLK_UNORM_INT_101010_2, which the OpenCL C specification names from OpenCL C 2.0 on, under
// -cl-std=CL3.0 (the CTS's kernel_image_methods compares the two; the device refuses CL2.0,
// lacking pipes and device-side enqueue), and the name stays the program's own under OpenCL C
// 1.2, which does not have it.
TEST(Images, UnormInt101010_2HasItsOpenCLCConstant) {
  ReferenceDevice ref;
  ASSERT_TRUE(ref.available());
  const cl_image_format format{CL_RGBA, CL_UNORM_INT_101010_2};
  cl_image_desc d{};
  d.image_type = CL_MEM_OBJECT_IMAGE2D;
  d.image_width = 2;
  d.image_height = 2;
  cl_int err = CL_SUCCESS;
  cl_mem img = clCreateImage(ref.context, CL_MEM_READ_ONLY, &format, &d, nullptr, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  const std::string source = R"CLC(
    kernel void k(read_only image2d_t img, global int* out) {
      out[0] = get_image_channel_data_type(img);
      out[1] = CLK_UNORM_INT_101010_2;
      out[2] = get_image_channel_data_type(img) == CLK_UNORM_INT_101010_2;
    })CLC";
  cl_program p = ref.build(source, "-cl-std=CL3.0");
  ASSERT_NE(p, nullptr);
  cl_mem got_buffer = ref.buffer(std::vector<int>(3, -1));
  ASSERT_EQ(ref.run(ref.kernel(p, "k"), {1}, {}, img, got_buffer), CL_SUCCESS);
  const std::vector<int> got = ref.read<int>(got_buffer, 3);
  EXPECT_EQ(got[0], CL_UNORM_INT_101010_2);
  EXPECT_EQ(got[1], CL_UNORM_INT_101010_2);
  EXPECT_EQ(got[2], 1);
  cl_program own = ref.build(R"CLC(
    #define CLK_UNORM_INT_101010_2 7
    kernel void k(global int* out) { out[0] = CLK_UNORM_INT_101010_2; })CLC",
                             "-cl-std=CL1.2");
  ASSERT_NE(own, nullptr);
  cl_mem out = ref.buffer(std::vector<int>(1, -1));
  ASSERT_EQ(ref.run(ref.kernel(own, "k"), {1}, {}, out), CL_SUCCESS);
  EXPECT_EQ(ref.read<int>(out, 1)[0], 7);
  clReleaseMemObject(img);
}

}  // namespace
}  // namespace clvet::test
