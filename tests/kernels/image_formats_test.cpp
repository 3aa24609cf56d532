// The padded, sRGB, 10-10-10-2 and depth image formats on the reference device: which it lists
// and their element sizes (3.0 §5.3.1.1, §5.3.2.1), reads of each texel and of the border
// colour (OpenCL C 3.0 §6.15.15.1.1), writes and fills (SPIR-V environment §7.4, §7.6), each
// against a host computation written here from the spec's formulas; and cl_khr_depth_images'
// kernel types and argument rule (2.2 §5.7.2).
#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "reference_device.h"

namespace clvet::test {
namespace {

constexpr int kW = 4;

bool listed(cl_context context, cl_mem_flags flags, cl_mem_object_type type,
            cl_image_format format) {
  cl_uint n = 0;
  clGetSupportedImageFormats(context, flags, type, 0, nullptr, &n);
  std::vector<cl_image_format> formats(n);
  clGetSupportedImageFormats(context, flags, type, n, formats.data(), nullptr);
  for (const cl_image_format& f : formats)
    if (f.image_channel_order == format.image_channel_order &&
        f.image_channel_data_type == format.image_channel_data_type)
      return true;
  return false;
}

cl_mem image2d(ReferenceDevice& ref, cl_mem_flags flags, cl_image_format format, int width,
               const void* host, cl_int* err) {
  cl_image_desc d{};
  d.image_type = CL_MEM_OBJECT_IMAGE2D;
  d.image_width = width;
  d.image_height = 1;
  return clCreateImage(ref.context, flags | (host ? CL_MEM_COPY_HOST_PTR : 0), &format, &d,
                       const_cast<void*>(host), err);
}

// SPIR-V environment §7.4.1: x / max for the normalised integer types.
float unorm(unsigned x, unsigned max) { return static_cast<float>(x) / static_cast<float>(max); }
// §7.4.5 1.b: sRGB to linear, computed in double and rounded to float (within the 0.5 the
// section allows of 255 * c_sRGB(y)).
float srgb_to_linear(float r) {
  const double x = r;
  return static_cast<float>(x <= 0.04045 ? x / 12.92 : std::pow((x + 0.055) / 1.055, 2.4));
}
// §7.4.1: round_to_nearest_even(max(0, min(max, max * x))).
unsigned to_unorm(float x, unsigned max) {
  const float f = std::fmax(0.0f, std::fmin(static_cast<float>(max), static_cast<float>(max) * x));
  return static_cast<unsigned>(std::nearbyint(f));
}

TEST(ImageFormats, ListedWherePowerOfTwoAndElementSizes) {
  ReferenceDevice ref;
  ASSERT_TRUE(ref.available());
  const cl_mem_flags ro = CL_MEM_READ_ONLY, rw = CL_MEM_READ_WRITE;
  // Listed: CL_RGBx with the packed types, CL_sRGBx (four bytes: 3.0 §5.3.1.1, "a four channel
  // image format") for reading, 10-10-10-2 RGBA, CL_DEPTH for 2D and 2D arrays (2.2 table of
  // §5.3.2.1, footnote 9).
  struct Case {
    cl_image_format format;
    size_t element;  // bytes: channels x channel size, or the packed type's size
  } listed_cases[] = {{{CL_RGBx, CL_UNORM_SHORT_565}, 2},   {{CL_RGBx, CL_UNORM_SHORT_555}, 2},
                      {{CL_RGBx, CL_UNORM_INT_101010}, 4},  {{CL_RGBA, CL_UNORM_INT_101010_2}, 4},
                      {{CL_DEPTH, CL_UNORM_INT16}, 2},      {{CL_DEPTH, CL_FLOAT}, 4},
                      {{CL_sRGBx, CL_UNORM_INT8}, 4}};
  for (const Case& c : listed_cases) {
    const std::string name = std::to_string(c.format.image_channel_order) + "/" +
                             std::to_string(c.format.image_channel_data_type);
    EXPECT_TRUE(listed(ref.context, ro, CL_MEM_OBJECT_IMAGE2D, c.format)) << name;
    cl_int err;
    cl_mem m = image2d(ref, ro, c.format, kW, nullptr, &err);
    ASSERT_EQ(err, CL_SUCCESS) << name;
    size_t element = 0;
    ASSERT_EQ(clGetImageInfo(m, CL_IMAGE_ELEMENT_SIZE, sizeof element, &element, nullptr),
              CL_SUCCESS);
    EXPECT_EQ(element, c.element) << name;
    clReleaseMemObject(m);
  }
  EXPECT_TRUE(listed(ref.context, rw, CL_MEM_OBJECT_IMAGE2D_ARRAY, {CL_DEPTH, CL_FLOAT}));
  // Not listed: three channels of 8, 16 or 32 bits are no power of two (CL_RGx, CL_sRGB); depth
  // but for 2D images; sRGB where kernels write (no cl_khr_srgb_image_writes); CL_Rx, optional
  // (1.2 appendix F.1) and two channels by 3.0 §5.3.1.1 where the CTS counts one, for no image
  // type or access. A valid format the device does not list is CL_IMAGE_FORMAT_NOT_SUPPORTED.
  const cl_image_format unlisted[] = {{CL_RGx, CL_UNORM_INT8}, {CL_RGx, CL_FLOAT},
                                      {CL_sRGB, CL_UNORM_INT8}, {CL_Rx, CL_UNORM_INT8},
                                      {CL_Rx, CL_SIGNED_INT16}, {CL_Rx, CL_FLOAT}};
  for (const cl_image_format& f : unlisted) {
    EXPECT_FALSE(listed(ref.context, ro, CL_MEM_OBJECT_IMAGE2D, f)) << f.image_channel_order;
    cl_int err;
    EXPECT_EQ(image2d(ref, ro, f, kW, nullptr, &err), nullptr);
    EXPECT_EQ(err, CL_IMAGE_FORMAT_NOT_SUPPORTED);
  }
  for (cl_mem_object_type type :
       {CL_MEM_OBJECT_IMAGE1D, CL_MEM_OBJECT_IMAGE1D_BUFFER, CL_MEM_OBJECT_IMAGE1D_ARRAY,
        CL_MEM_OBJECT_IMAGE2D, CL_MEM_OBJECT_IMAGE2D_ARRAY, CL_MEM_OBJECT_IMAGE3D})
    for (cl_mem_flags flags : {ro, rw, cl_mem_flags{CL_MEM_WRITE_ONLY}})
      for (cl_channel_type t : {CL_UNORM_INT8, CL_UNSIGNED_INT32, CL_HALF_FLOAT})
        EXPECT_FALSE(listed(ref.context, flags, type, {CL_Rx, t})) << type << " " << flags;
  EXPECT_FALSE(listed(ref.context, ro, CL_MEM_OBJECT_IMAGE3D, {CL_DEPTH, CL_FLOAT}));
  EXPECT_FALSE(listed(ref.context, ro, CL_MEM_OBJECT_IMAGE1D, {CL_DEPTH, CL_UNORM_INT16}));
  EXPECT_FALSE(listed(ref.context, rw, CL_MEM_OBJECT_IMAGE2D, {CL_sRGBx, CL_UNORM_INT8}));
  cl_int err;
  EXPECT_EQ(image2d(ref, rw, {CL_sRGBx, CL_UNORM_INT8}, kW, nullptr, &err), nullptr);
  EXPECT_EQ(err, CL_IMAGE_FORMAT_NOT_SUPPORTED);
  cl_image_desc d3{};
  d3.image_type = CL_MEM_OBJECT_IMAGE3D;
  d3.image_width = d3.image_height = d3.image_depth = 2;
  const cl_image_format depth{CL_DEPTH, CL_FLOAT};
  EXPECT_EQ(clCreateImage(ref.context, ro, &depth, &d3, nullptr, &err), nullptr);
  EXPECT_EQ(err, CL_IMAGE_FORMAT_NOT_SUPPORTED);
}

// read_imagef over texels -1 .. kW (unnormalised, nearest, CLAMP): the texels of row 0 and the
// border colour on both sides.
const char* kReadSource = R"CLC(
__constant sampler_t border = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP | CLK_FILTER_NEAREST;
__kernel void readf(__read_only image2d_t img, __global float4* out) {
  int i = get_global_id(0);
  out[i] = read_imagef(img, border, (float2)(i - 1 + 0.5f, 0.5f));
}
__kernel void readi(__read_only image2d_t img, __global int4* out) {
  int i = get_global_id(0);
  out[i] = read_imagei(img, border, (float2)(i - 1 + 0.5f, 0.5f));
}
)CLC";

// One format's host bytes for kW texels and the colour the spec gives each of them.
struct ReadCase {
  const char* name;
  cl_image_format format;
  std::vector<unsigned char> bytes;
  std::vector<std::array<float, 4>> want;  // kW texels
  std::array<float, 4> border;
};

template <class T> void put(std::vector<unsigned char>& bytes, T v) {
  unsigned char b[sizeof v];
  std::memcpy(b, &v, sizeof v);
  bytes.insert(bytes.end(), b, b + sizeof v);
}

std::vector<ReadCase> read_cases() {
  std::vector<ReadCase> cases;
  {  // CL_R / UNORM_INT8: (R, 0, 0, 1), border (0, 0, 0, 1)
    ReadCase c{"R unorm8", {CL_R, CL_UNORM_INT8}, {0, 77, 200, 255}, {}, {0, 0, 0, 1}};
    for (int x = 0; x < kW; ++x) c.want.push_back({unorm(c.bytes[x], 255), 0, 0, 1});
    cases.push_back(c);
  }
  {  // CL_RGBx / 565 and CL_RGB / 565: R 15:11, G 10:5, B 4:0. A texel of either reads with
     // alpha 1 (§6.15.15.7); the border of CL_RGBx is (0, 0, 0, 0), CL_RGB's (0, 0, 0, 1)
     // (§6.15.15.1.1 names CL_RGBx among the orders of a zero alpha; the CTS expects 1).
    const std::uint16_t v[kW] = {0x0000, 0xFFFF, 0x8410, 0x1234};
    for (cl_channel_order order : {CL_RGBx, CL_RGB}) {
      ReadCase c{order == CL_RGBx ? "RGBx 565" : "RGB 565", {order, CL_UNORM_SHORT_565}, {}, {},
                 {0, 0, 0, order == CL_RGBx ? 0.0f : 1.0f}};
      for (std::uint16_t t : v) {
        put(c.bytes, t);
        c.want.push_back({unorm(t >> 11, 31), unorm((t >> 5) & 63, 63), unorm(t & 31, 31), 1});
      }
      cases.push_back(c);
    }
  }
  {  // CL_RGBx / 101010: bits 31:30 undefined, R 29:20, G 19:10, B 9:0
    ReadCase c{"RGBx 101010", {CL_RGBx, CL_UNORM_INT_101010}, {}, {}, {0, 0, 0, 0}};
    const std::uint32_t v[kW] = {0xC0000000u, 0x3FFFFFFFu, 0x12345678u, 0x0FF003FFu};
    for (std::uint32_t t : v) {
      put(c.bytes, t);
      c.want.push_back({unorm((t >> 20) & 1023, 1023), unorm((t >> 10) & 1023, 1023),
                        unorm(t & 1023, 1023), 1});
    }
    cases.push_back(c);
  }
  {  // CL_RGBA / 101010_2: R 31:22, G 21:12, B 11:2, A 1:0; border (0, 0, 0, 0)
    ReadCase c{"RGBA 101010_2", {CL_RGBA, CL_UNORM_INT_101010_2}, {}, {}, {0, 0, 0, 0}};
    const std::uint32_t v[kW] = {0x00000000u, 0xFFFFFFFFu, 0x12345679u, 0x80200802u};
    for (std::uint32_t t : v) {
      put(c.bytes, t);
      c.want.push_back({unorm(t >> 22, 1023), unorm((t >> 12) & 1023, 1023),
                        unorm((t >> 2) & 1023, 1023), unorm(t & 3, 3)});
    }
    cases.push_back(c);
  }
  {  // CL_sRGBx / UNORM_INT8: R, G, B through c_linear, the fourth byte ignored, alpha 1
    ReadCase c{"sRGBx", {CL_sRGBx, CL_UNORM_INT8}, {}, {}, {0, 0, 0, 0}};
    const unsigned char v[kW][3] = {{0, 10, 11}, {255, 128, 64}, {1, 2, 3}, {200, 100, 50}};
    for (const auto& t : v) {
      c.bytes.insert(c.bytes.end(), {t[0], t[1], t[2], 0x5A});
      c.want.push_back({srgb_to_linear(unorm(t[0], 255)), srgb_to_linear(unorm(t[1], 255)),
                        srgb_to_linear(unorm(t[2], 255)), 1});
    }
    cases.push_back(c);
  }
  {  // CL_sRGBA and CL_sBGRA / UNORM_INT8: R, G, B through c_linear, alpha linear (§7.4.5)
    const unsigned char v[kW][4] = {{0, 10, 11, 0}, {255, 128, 64, 255}, {1, 2, 3, 4}, {200, 100, 50, 77}};
    for (cl_channel_order order : {CL_sRGBA, CL_sBGRA}) {
      ReadCase c{order == CL_sRGBA ? "sRGBA" : "sBGRA", {order, CL_UNORM_INT8}, {}, {}, {0, 0, 0, 0}};
      for (const auto& t : v) {
        if (order == CL_sRGBA) c.bytes.insert(c.bytes.end(), {t[0], t[1], t[2], t[3]});
        else c.bytes.insert(c.bytes.end(), {t[2], t[1], t[0], t[3]});
        c.want.push_back({srgb_to_linear(unorm(t[0], 255)), srgb_to_linear(unorm(t[1], 255)),
                          srgb_to_linear(unorm(t[2], 255)), unorm(t[3], 255)});
      }
      cases.push_back(c);
    }
  }
  return cases;
}

TEST(ImageFormats, ReadsAndBorderColoursAsTheSpecGivesThem) {
  ReferenceDevice ref;
  ASSERT_TRUE(ref.available());
  cl_program p = ref.build(kReadSource);
  ASSERT_NE(p, nullptr);
  cl_kernel k = ref.kernel(p, "readf");
  for (const ReadCase& c : read_cases()) {
    cl_int err;
    cl_mem img = image2d(ref, CL_MEM_READ_ONLY, c.format, kW, c.bytes.data(), &err);
    ASSERT_EQ(err, CL_SUCCESS) << c.name;
    cl_mem out = ref.buffer(std::vector<float>((kW + 2) * 4, -7.0f));
    ASSERT_EQ(ref.run(k, {kW + 2}, {}, img, out), CL_SUCCESS) << c.name;
    const std::vector<float> got = ref.read<float>(out, (kW + 2) * 4);
    for (int i = 0; i < kW + 2; ++i) {
      const bool inside = i >= 1 && i <= kW;
      const std::array<float, 4>& want = inside ? c.want[i - 1] : c.border;
      for (int ch = 0; ch < 4; ++ch) {
        // Nearest, unnormalised: exact texels (§7.3); sRGB within §7.4.5's bound, which the
        // host's double computation rounded once meets exactly here.
        EXPECT_EQ(got[i * 4 + ch], want[ch]) << c.name << " texel " << i - 1 << " channel " << ch;
      }
    }
    clReleaseMemObject(img);
  }
  // Integer R and RA: read_imagei gives (R, 0, 0, 1) and (R, 0, 0, A); the border of CL_R is
  // (0, 0, 0, 1) in integers, CL_RA's (0, 0, 0, 0).
  cl_kernel ki = ref.kernel(p, "readi");
  const std::int16_t r[kW] = {-32768, -1, 5, 32767};
  for (cl_channel_order order : {CL_R, CL_RA}) {
    std::vector<unsigned char> bytes;
    for (std::int16_t v : r) {
      put(bytes, v);
      if (order == CL_RA) put(bytes, std::int16_t(-v / 2));
    }
    cl_int err;
    cl_mem img = image2d(ref, CL_MEM_READ_ONLY, {order, CL_SIGNED_INT16}, kW, bytes.data(), &err);
    ASSERT_EQ(err, CL_SUCCESS);
    cl_mem out = ref.buffer(std::vector<int>((kW + 2) * 4, -7));
    ASSERT_EQ(ref.run(ki, {kW + 2}, {}, img, out), CL_SUCCESS);
    const std::vector<int> got = ref.read<int>(out, (kW + 2) * 4);
    for (int i = 0; i < kW + 2; ++i) {
      const bool inside = i >= 1 && i <= kW;
      const int alpha = order == CL_R ? 1 : inside ? -r[i - 1] / 2 : 0;
      const int want[4] = {inside ? r[i - 1] : 0, 0, 0, alpha};
      for (int ch = 0; ch < 4; ++ch)
        EXPECT_EQ(got[i * 4 + ch], want[ch]) << order << " " << i << " " << ch;
    }
    clReleaseMemObject(img);
  }
}

// write_imagef to the padded and packed formats: §7.4.1's round-to-nearest-even conversions of
// each channel (the ignored channel is not compared: its value is the implementation's).
TEST(ImageFormats, WritesConvertEachChannel) {
  ReferenceDevice ref;
  ASSERT_TRUE(ref.available());
  cl_program p = ref.build(R"CLC(
__kernel void put(__write_only image2d_t img, __global const float4* in) {
  int i = get_global_id(0);
  write_imagef(img, (int2)(i, 0), in[i]);
}
)CLC");
  ASSERT_NE(p, nullptr);
  cl_kernel k = ref.kernel(p, "put");
  const std::vector<float> in = {0.0f,  0.25f, 0.5f, 1.0f,  1.5f,  -0.5f, 0.1f,      0.9f,
                                 0.33f, 0.66f, 0.7f, 0.34f, 0.5f / 1023, 1.5f / 1023, 2.5f / 31,
                                 0.5f};
  cl_mem src = ref.buffer(in);
  const size_t origin[3] = {0, 0, 0}, region[3] = {kW, 1, 1};
  auto read_back = [&](cl_image_format f, size_t element) {
    cl_int err;
    cl_mem img = image2d(ref, CL_MEM_WRITE_ONLY, f, kW, nullptr, &err);
    EXPECT_EQ(err, CL_SUCCESS);
    EXPECT_EQ(ref.run(k, {kW}, {}, img, src), CL_SUCCESS);
    std::vector<unsigned char> bytes(kW * element);
    EXPECT_EQ(clEnqueueReadImage(ref.queue, img, CL_TRUE, origin, region, 0, 0, bytes.data(), 0,
                                 nullptr, nullptr),
              CL_SUCCESS);
    clReleaseMemObject(img);
    return bytes;
  };
  {
    const std::vector<unsigned char> b = read_back({CL_RGBx, CL_UNORM_INT_101010}, 4);
    for (int x = 0; x < kW; ++x) {
      std::uint32_t t;
      std::memcpy(&t, &b[x * 4], 4);
      EXPECT_EQ((t >> 20) & 1023, to_unorm(in[x * 4], 1023)) << x;
      EXPECT_EQ((t >> 10) & 1023, to_unorm(in[x * 4 + 1], 1023)) << x;
      EXPECT_EQ(t & 1023, to_unorm(in[x * 4 + 2], 1023)) << x;
    }
  }
  {
    const std::vector<unsigned char> b = read_back({CL_RGBA, CL_UNORM_INT_101010_2}, 4);
    for (int x = 0; x < kW; ++x) {
      std::uint32_t t;
      std::memcpy(&t, &b[x * 4], 4);
      const std::uint32_t want = to_unorm(in[x * 4], 1023) << 22 |
                                 to_unorm(in[x * 4 + 1], 1023) << 12 |
                                 to_unorm(in[x * 4 + 2], 1023) << 2 | to_unorm(in[x * 4 + 3], 3);
      EXPECT_EQ(t, want) << x;
    }
  }
  {
    const std::vector<unsigned char> b = read_back({CL_RGBx, CL_UNORM_SHORT_555}, 2);
    for (int x = 0; x < kW; ++x) {
      std::uint16_t t;
      std::memcpy(&t, &b[x * 2], 2);
      EXPECT_EQ((t >> 10) & 31, to_unorm(in[x * 4], 31)) << x;
      EXPECT_EQ((t >> 5) & 31, to_unorm(in[x * 4 + 1], 31)) << x;
      EXPECT_EQ(t & 31, to_unorm(in[x * 4 + 2], 31)) << x;
    }
  }
}

// SPIR-V environment §7.4.5 2.a: c_sRGB(y) of a linear value, in double.
double linear_to_srgb(float y) {
  const double x = std::fmax(0.0, std::fmin(1.0, static_cast<double>(y)));
  return x < 0.0031308 ? 12.92 * x : 1.055 * std::pow(x, 1 / 2.4) - 0.055;
}

// clEnqueueFillImage (3.0 §5.3.4) converts the colour as a write would: R, G and B of a
// CL_sRGBx image through c_sRGB within §7.4.5's 0.6, and the ignored fourth channel (3.0
// §5.3.1.1) takes the colour's fourth component, linear, as the CTS's test_cl_fill_images
// expects where the spec gives it no value. A CL_RGBx / 565 fill converts R, G and B (§7.4.1).
TEST(ImageFormats, FillWritesTheIgnoredChannel) {
  ReferenceDevice ref;
  ASSERT_TRUE(ref.available());
  const size_t origin[3] = {0, 0, 0}, region[3] = {kW, 1, 1};
  const float colours[][4] = {{0.0f, 1.0f, 0.2f, 1.0f}, {0.5f, 0.04f, 0.001f, 0.25f},
                              {1.5f, -1.0f, 0.8f, 0.0f}};
  for (const float* colour : colours) {
    cl_int err;
    cl_mem img = image2d(ref, CL_MEM_READ_ONLY, {CL_sRGBx, CL_UNORM_INT8}, kW, nullptr, &err);
    ASSERT_EQ(err, CL_SUCCESS);
    ASSERT_EQ(clEnqueueFillImage(ref.queue, img, colour, origin, region, 0, nullptr, nullptr),
              CL_SUCCESS);
    unsigned char bytes[kW * 4];
    ASSERT_EQ(clEnqueueReadImage(ref.queue, img, CL_TRUE, origin, region, 0, 0, bytes, 0,
                                 nullptr, nullptr),
              CL_SUCCESS);
    for (int x = 0; x < kW; ++x) {
      for (int c = 0; c < 3; ++c)
        EXPECT_LE(std::fabs(bytes[x * 4 + c] - 255 * linear_to_srgb(colour[c])), 0.6)
            << "texel " << x << " channel " << c << " of " << colour[c];
      EXPECT_EQ(bytes[x * 4 + 3], to_unorm(colour[3], 255)) << "texel " << x;
    }
    clReleaseMemObject(img);
  }
  cl_int err;
  cl_mem img = image2d(ref, CL_MEM_READ_WRITE, {CL_RGBx, CL_UNORM_SHORT_565}, kW, nullptr, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  const float colour[4] = {0.25f, 0.5f, 1.0f, 0.75f};
  ASSERT_EQ(clEnqueueFillImage(ref.queue, img, colour, origin, region, 0, nullptr, nullptr),
            CL_SUCCESS);
  std::uint16_t texels[kW];
  ASSERT_EQ(clEnqueueReadImage(ref.queue, img, CL_TRUE, origin, region, 0, 0, texels, 0, nullptr,
                               nullptr),
            CL_SUCCESS);
  const unsigned want = to_unorm(colour[0], 31) << 11 | to_unorm(colour[1], 63) << 5 |
                        to_unorm(colour[2], 31);
  for (int x = 0; x < kW; ++x) EXPECT_EQ(texels[x], want) << x;
  clReleaseMemObject(img);
}

// cl_khr_depth_images: the extension and its macro, image2d_depth_t's read_imagef (a float,
// border 0.0f) and write_imagef (a float depth, UNORM_INT16 by §7.4.1), a depth fill (2.2
// §5.3.4: one float), and an image2d_depth_t argument that takes only CL_DEPTH images (2.2
// §5.7.2: CL_INVALID_MEM_OBJECT otherwise).
TEST(ImageFormats, DepthImages) {
  ReferenceDevice ref;
  ASSERT_TRUE(ref.available());
  size_t size = 0;
  clGetDeviceInfo(ref.device, CL_DEVICE_EXTENSIONS, 0, nullptr, &size);
  std::string extensions(size, '\0');
  clGetDeviceInfo(ref.device, CL_DEVICE_EXTENSIONS, size, extensions.data(), nullptr);
  EXPECT_NE(extensions.find("cl_khr_depth_images"), std::string::npos);
  cl_program p = ref.build(R"CLC(
#ifndef cl_khr_depth_images
#error cl_khr_depth_images is not defined
#endif
__constant sampler_t border = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP | CLK_FILTER_NEAREST;
__kernel void depth(__read_only image2d_depth_t src, __write_only image2d_depth_t dst,
                    __global float* out) {
  int i = get_global_id(0);
  float d = read_imagef(src, border, (float2)(i - 1 + 0.5f, 0.5f));
  out[i] = d;
  if (i >= 1 && i <= get_image_width(src)) write_imagef(dst, (int2)(i - 1, 0), d * 0.5f);
  if (i == 0) out[get_global_size(0)] = get_image_channel_order(src);
}
)CLC");
  ASSERT_NE(p, nullptr);
  cl_kernel k = ref.kernel(p, "depth");
  const float depths[kW] = {0.0f, 0.25f, 1.0f, 0.7f};
  cl_int err;
  cl_mem src = image2d(ref, CL_MEM_READ_ONLY, {CL_DEPTH, CL_FLOAT}, kW, depths, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  cl_mem dst = image2d(ref, CL_MEM_WRITE_ONLY, {CL_DEPTH, CL_UNORM_INT16}, kW, nullptr, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  cl_mem out = ref.buffer(std::vector<float>(kW + 3, -7.0f));
  ASSERT_EQ(ref.run(k, {kW + 2}, {}, src, dst, out), CL_SUCCESS);
  const std::vector<float> got = ref.read<float>(out, kW + 3);
  EXPECT_EQ(got[0], 0.0f);       // the border value of CL_DEPTH
  EXPECT_EQ(got[kW + 1], 0.0f);
  for (int x = 0; x < kW; ++x) EXPECT_EQ(got[x + 1], depths[x]) << x;
  EXPECT_EQ(got[kW + 2], static_cast<float>(CL_DEPTH));
  std::uint16_t written[kW];
  const size_t origin[3] = {0, 0, 0}, region[3] = {kW, 1, 1};
  ASSERT_EQ(clEnqueueReadImage(ref.queue, dst, CL_TRUE, origin, region, 0, 0, written, 0, nullptr,
                               nullptr),
            CL_SUCCESS);
  for (int x = 0; x < kW; ++x) EXPECT_EQ(written[x], to_unorm(depths[x] * 0.5f, 65535)) << x;

  // A fill of a depth image reads one float (2.2 §5.3.4).
  const float fill = 0.375f;
  ASSERT_EQ(clEnqueueFillImage(ref.queue, dst, &fill, origin, region, 0, nullptr, nullptr),
            CL_SUCCESS);
  ASSERT_EQ(clEnqueueReadImage(ref.queue, dst, CL_TRUE, origin, region, 0, 0, written, 0, nullptr,
                               nullptr),
            CL_SUCCESS);
  for (int x = 0; x < kW; ++x) EXPECT_EQ(written[x], to_unorm(fill, 65535)) << x;

  // A 2D image of another order is no image2d_depth_t.
  cl_mem plain = image2d(ref, CL_MEM_READ_ONLY, {CL_R, CL_FLOAT}, kW, depths, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  EXPECT_EQ(clSetKernelArg(k, 0, sizeof plain, &plain), CL_INVALID_MEM_OBJECT);
  // 2.2 §5.3.1's table: a CL_DEPTH view of a CL_R image.
  cl_image_desc view{};
  view.image_type = CL_MEM_OBJECT_IMAGE2D;
  view.image_width = kW;
  view.image_height = 1;
  view.mem_object = plain;
  const cl_image_format depth_float{CL_DEPTH, CL_FLOAT};
  cl_mem as_depth = clCreateImage(ref.context, CL_MEM_READ_ONLY, &depth_float, &view, nullptr, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  EXPECT_EQ(clSetKernelArg(k, 0, sizeof as_depth, &as_depth), CL_SUCCESS);
  for (cl_mem m : {src, dst, plain, as_depth}) clReleaseMemObject(m);
}

}  // namespace
}  // namespace clvet::test
