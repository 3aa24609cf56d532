// Writes to 3D images on the reference device (cl_khr_3d_image_writes, OpenCL C 3.0's
// __opencl_c_3d_image_writes): the device lists the extension and the feature, its compiler
// defines their macros (OpenCL C 3.0 §6.2.1: a compiler defining the feature macro defines the
// extension's), formats are listed for 3D images kernels write (3.0 §5.3.2.1), and
// write_image{f,i,ui} to an image3d_t store each texel as the host computes it from SPIR-V
// environment §7.4's conversions, under -cl-std=CL1.2 with the extension's pragma and under
// CL3.0 by the feature, and through a read_write image3d_t.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "reference_device.h"

namespace clvet::test {
namespace {

constexpr std::size_t kW = 3, kH = 2, kD = 4, kTexels = kW * kH * kD;

std::string info_text(cl_device_id device, cl_device_info param) {
  std::size_t size = 0;
  clGetDeviceInfo(device, param, 0, nullptr, &size);
  std::string text(size, '\0');
  clGetDeviceInfo(device, param, size, text.data(), nullptr);
  return text.c_str();
}

bool listed_feature(cl_device_id device, const std::string& name) {
  std::size_t size = 0;
  clGetDeviceInfo(device, CL_DEVICE_OPENCL_C_FEATURES, 0, nullptr, &size);
  std::vector<cl_name_version> list(size / sizeof(cl_name_version));
  clGetDeviceInfo(device, CL_DEVICE_OPENCL_C_FEATURES, size, list.data(), nullptr);
  for (const cl_name_version& nv : list)
    if (name == nv.name) return true;
  return false;
}

bool format_listed(cl_context context, cl_mem_flags flags, cl_image_format format) {
  cl_uint n = 0;
  clGetSupportedImageFormats(context, flags, CL_MEM_OBJECT_IMAGE3D, 0, nullptr, &n);
  std::vector<cl_image_format> formats(n);
  clGetSupportedImageFormats(context, flags, CL_MEM_OBJECT_IMAGE3D, n, formats.data(), nullptr);
  for (const cl_image_format& f : formats)
    if (f.image_channel_order == format.image_channel_order &&
        f.image_channel_data_type == format.image_channel_data_type)
      return true;
  return false;
}

cl_mem image3d(ReferenceDevice& ref, cl_mem_flags flags, cl_image_format format) {
  cl_image_desc d{};
  d.image_type = CL_MEM_OBJECT_IMAGE3D;
  d.image_width = kW;
  d.image_height = kH;
  d.image_depth = kD;
  cl_int err = CL_SUCCESS;
  cl_mem m = clCreateImage(ref.context, flags, &format, &d, nullptr, &err);
  EXPECT_EQ(err, CL_SUCCESS);
  return m;
}

template <class T>
std::vector<T> read_image(ReferenceDevice& ref, cl_mem image, std::size_t components) {
  std::vector<T> out(kTexels * components);
  const std::size_t origin[3] = {0, 0, 0}, region[3] = {kW, kH, kD};
  EXPECT_EQ(clEnqueueReadImage(ref.queue, image, CL_TRUE, origin, region, 0, 0, out.data(), 0,
                               nullptr, nullptr),
            CL_SUCCESS);
  return out;
}

// SPIR-V environment §7.4.1: round_to_nearest_even(max(0, min(255, 255 * x))).
unsigned to_unorm8(float x) {
  return static_cast<unsigned>(std::nearbyint(std::fmax(0.0f, std::fmin(255.0f, 255.0f * x))));
}

// Each work-item (x, y, z) writes a colour made of its coordinates: a float one to an
// RGBA/UNORM_INT8 image, an int one to R/SIGNED_INT16 (saturated, §7.4.4) and a uint one to
// RG/UNSIGNED_INT32.
const char* kWrites = R"CLC(
__kernel void writes(__write_only image3d_t f, __write_only image3d_t i, __write_only image3d_t u) {
  int4 c = (int4)(get_global_id(0), get_global_id(1), get_global_id(2), 0);
  write_imagef(f, c, (float4)(c.x * 0.29f, c.y * 0.45f, c.z * 0.23f, 1.0f - c.z * 0.27f));
  write_imagei(i, c, (int4)((c.x - 1) * 20000 + c.z * 7, 0, 0, 0));
  write_imageui(u, c, (uint4)(c.x * 100000u + c.z, 4000000000u - c.y, 0, 0));
}
)CLC";

void check_writes(ReferenceDevice& ref, const std::string& source, const std::string& options) {
  cl_program p = ref.build(source, options);
  ASSERT_NE(p, nullptr) << options;
  cl_kernel k = ref.kernel(p, "writes");
  cl_mem f = image3d(ref, CL_MEM_WRITE_ONLY, {CL_RGBA, CL_UNORM_INT8});
  cl_mem i = image3d(ref, CL_MEM_WRITE_ONLY, {CL_R, CL_SIGNED_INT16});
  cl_mem u = image3d(ref, CL_MEM_WRITE_ONLY, {CL_RG, CL_UNSIGNED_INT32});
  ASSERT_EQ(ref.run(k, {kW, kH, kD}, {}, f, i, u), CL_SUCCESS) << options;
  const std::vector<std::uint8_t> fs = read_image<std::uint8_t>(ref, f, 4);
  const std::vector<std::int16_t> is = read_image<std::int16_t>(ref, i, 1);
  const std::vector<std::uint32_t> us = read_image<std::uint32_t>(ref, u, 2);
  for (std::size_t z = 0; z < kD; ++z)
    for (std::size_t y = 0; y < kH; ++y)
      for (std::size_t x = 0; x < kW; ++x) {
        const std::size_t t = (z * kH + y) * kW + x;
        const float colour[4] = {x * 0.29f, y * 0.45f, z * 0.23f, 1.0f - z * 0.27f};
        for (int c = 0; c < 4; ++c)
          EXPECT_EQ(fs[t * 4 + c], to_unorm8(colour[c]))
              << options << " texel " << x << "," << y << "," << z << " channel " << c;
        const long wide = (static_cast<long>(x) - 1) * 20000 + static_cast<long>(z) * 7;
        EXPECT_EQ(is[t], std::max(-32768L, std::min(32767L, wide))) << options << " texel " << t;
        EXPECT_EQ(us[t * 2], x * 100000u + z) << options << " texel " << t;
        EXPECT_EQ(us[t * 2 + 1], 4000000000u - y) << options << " texel " << t;
      }
  for (cl_mem m : {f, i, u}) clReleaseMemObject(m);
}

TEST(Image3DWrites, ListedWhereTheCompilerDefinesThem) {
  ReferenceDevice ref;
  ASSERT_TRUE(ref.available());
  const std::string extensions = " " + info_text(ref.device, CL_DEVICE_EXTENSIONS) + " ";
  EXPECT_NE(extensions.find(" cl_khr_3d_image_writes "), std::string::npos) << extensions;
  EXPECT_TRUE(listed_feature(ref.device, "__opencl_c_3d_image_writes"));
  // The macros follow the listing under both languages (the feature's only under 3.0).
  EXPECT_NE(ref.build(R"CLC(
#ifndef cl_khr_3d_image_writes
#error cl_khr_3d_image_writes is listed and not defined
#endif
__kernel void k(__global int* d) { *d = 1; }
)CLC", "-cl-std=CL1.2"), nullptr);
  EXPECT_NE(ref.build(R"CLC(
#if !defined(cl_khr_3d_image_writes) || !defined(__opencl_c_3d_image_writes)
#error the extension and the feature are listed and not both defined
#endif
__kernel void k(__global int* d) { *d = 1; }
)CLC", "-cl-std=CL3.0"), nullptr);
  // 3.0 §5.3.2.1: the formats kernels may write to 3D images, the minimum set among them.
  for (cl_mem_flags flags : {cl_mem_flags{CL_MEM_WRITE_ONLY}, cl_mem_flags{CL_MEM_READ_WRITE}})
    for (cl_image_format f : {cl_image_format{CL_RGBA, CL_UNORM_INT8},
                              cl_image_format{CL_RGBA, CL_FLOAT},
                              cl_image_format{CL_R, CL_SIGNED_INT16},
                              cl_image_format{CL_RG, CL_UNSIGNED_INT32}})
      EXPECT_TRUE(format_listed(ref.context, flags, f))
          << flags << " " << f.image_channel_order << "/" << f.image_channel_data_type;
}

TEST(Image3DWrites, OpenCLC12WithThePragma) {
  ReferenceDevice ref;
  ASSERT_TRUE(ref.available());
  check_writes(ref, std::string("#pragma OPENCL EXTENSION cl_khr_3d_image_writes : enable\n") + kWrites,
               "-cl-std=CL1.2");
}

TEST(Image3DWrites, OpenCLC30ByTheFeature) {
  ReferenceDevice ref;
  ASSERT_TRUE(ref.available());
  check_writes(ref, kWrites, "-cl-std=CL3.0");
}

// A read_write image3d_t (OpenCL C 3.0 §6.15.15.6): each work-item reads its texel and writes
// it back doubled, then the host reads what it wrote.
TEST(Image3DWrites, ReadWriteImage) {
  ReferenceDevice ref;
  ASSERT_TRUE(ref.available());
  cl_program p = ref.build(R"CLC(
__kernel void twice(__read_write image3d_t img) {
  int4 c = (int4)(get_global_id(0), get_global_id(1), get_global_id(2), 0);
  uint4 v = read_imageui(img, c);
  write_imageui(img, c, v * 2u);
}
)CLC", "-cl-std=CL3.0");
  ASSERT_NE(p, nullptr);
  cl_kernel k = ref.kernel(p, "twice");
  std::vector<std::uint32_t> start(kTexels);
  for (std::size_t t = 0; t < kTexels; ++t) start[t] = static_cast<std::uint32_t>(t * 1000 + 3);
  cl_image_format format{CL_R, CL_UNSIGNED_INT32};
  cl_image_desc d{};
  d.image_type = CL_MEM_OBJECT_IMAGE3D;
  d.image_width = kW;
  d.image_height = kH;
  d.image_depth = kD;
  cl_int err = CL_SUCCESS;
  cl_mem img = clCreateImage(ref.context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, &format, &d,
                             start.data(), &err);
  ASSERT_EQ(err, CL_SUCCESS);
  ASSERT_EQ(ref.run(k, {kW, kH, kD}, {}, img), CL_SUCCESS);
  const std::vector<std::uint32_t> got = read_image<std::uint32_t>(ref, img, 1);
  for (std::size_t t = 0; t < kTexels; ++t) EXPECT_EQ(got[t], start[t] * 2) << t;
  clReleaseMemObject(img);
}

}  // namespace
}  // namespace clvet::test
