// The CTS test_allocations' image kernels: loops whose bounds are image queries, a row chosen
// per work-item by `y % stride == get_global_id(0)` and one lane of a group at a time writing
// or reading a whole row, on the reference device as written and with -cl-opt-disable (the
// link hoists the queries out of the loops only when it optimises), against the host.
#include <cstdint>
#include <string>
#include <vector>

#include "reference_device.h"

namespace clvet::test {
namespace {

// The kernels of test_allocations' allocation_execute.cpp for one image (its patterns filled
// in): a work-item writes (or sums) every texel of the rows y with y % stride == its id.
const char* kWriteSource = R"CLC(
__kernel void sample_test(write_only image2d_t image0, __global uint *result, uint stride) {
  uint4 color = (uint4)(0);
  const uint4 offset = (uint4)(0, 1, 2, 3);
  int x, y;
  for (y = 0; y < get_image_height(image0); y++)
    if (y % stride == get_global_id(0))
      for (x = 0; x < get_image_width(image0); x++) {
        color = (uint4)x * (uint4)y + offset;
        write_imageui(image0, (int2)(x, y), color);
      }
  barrier(CLK_LOCAL_MEM_FENCE);
  result[get_global_id(0)] += color.x + color.y + color.z + color.w;
}
)CLC";

const char* kReadSource = R"CLC(
__kernel void sample_test(read_only image2d_t image0, __global uint *result, uint stride) {
  uint4 color = (uint4)(0);
  const sampler_t sampler = CLK_ADDRESS_CLAMP | CLK_FILTER_NEAREST | CLK_NORMALIZED_COORDS_FALSE;
  int x, y;
  for (y = 0; y < get_image_height(image0); y++)
    if (y % stride == get_global_id(0))
      for (x = 0; x < get_image_width(image0); x++)
        color += read_imageui(image0, sampler, (int2)(x, y));
  result[get_global_id(0)] += color.x + color.y + color.z + color.w;
}
)CLC";

constexpr std::uint32_t kW = 37, kH = 29;

cl_mem rgba_uint32_image(ReferenceDevice& ref, cl_mem_flags flags, void* pixels) {
  const cl_image_format format{CL_RGBA, CL_UNSIGNED_INT32};
  cl_image_desc d{};
  d.image_type = CL_MEM_OBJECT_IMAGE2D;
  d.image_width = kW;
  d.image_height = kH;
  cl_int err = CL_SUCCESS;
  cl_mem image = clCreateImage(ref.context, flags, &format, &d, pixels, &err);
  EXPECT_EQ(err, CL_SUCCESS);
  return image;
}

struct Shape {
  std::size_t global, local;  // stride = global, as the CTS passes it
  const char* options;
};
// Strides above the height (each row one work-item's, most work-items idle) and below it
// (rows shared out round the work-items), groups of one row-writer and of several.
const Shape kShapes[] = {{64, 32, ""}, {64, 32, "-cl-opt-disable"}, {12, 4, ""},
                         {12, 4, "-cl-opt-disable"}, {7, 7, ""}};

TEST(ImageQueryLoops, WriteKernelOfTestAllocations) {
  for (const Shape& s : kShapes) {
    SCOPED_TRACE(testing::Message() << s.global << "/" << s.local << " " << s.options);
    ReferenceDevice ref;
    ASSERT_TRUE(ref.available());
    cl_program p = ref.build(kWriteSource, s.options);
    ASSERT_NE(p, nullptr);
    cl_kernel k = ref.kernel(p, "sample_test");
    cl_mem image = rgba_uint32_image(ref, CL_MEM_WRITE_ONLY, nullptr);
    cl_mem result = ref.buffer(std::vector<std::uint32_t>(s.global, 0));
    const auto stride = static_cast<std::uint32_t>(s.global);
    ASSERT_EQ(ref.run(k, {s.global}, {s.local}, image, result, stride), CL_SUCCESS);
    std::vector<std::uint32_t> texels(kW * kH * 4);
    const std::size_t origin[3] = {0, 0, 0}, region[3] = {kW, kH, 1};
    ASSERT_EQ(clEnqueueReadImage(ref.queue, image, CL_TRUE, origin, region, 0, 0, texels.data(),
                                 0, nullptr, nullptr),
              CL_SUCCESS);
    for (std::uint32_t y = 0; y < kH; ++y)
      for (std::uint32_t x = 0; x < kW; ++x)
        for (std::uint32_t c = 0; c < 4; ++c)
          ASSERT_EQ(texels[(y * kW + x) * 4 + c], x * y + c) << x << "," << y << " " << c;
    // Each work-item's last colour: its last row's last texel, or 0 when it has no row.
    std::vector<std::uint32_t> got = ref.read<std::uint32_t>(result, s.global);
    for (std::uint32_t i = 0; i < s.global; ++i) {
      std::uint32_t want = 0;
      for (std::uint32_t y = 0; y < kH; ++y)
        if (y % stride == i) want = 4 * ((kW - 1) * y) + 6;
      EXPECT_EQ(got[i], want) << i;
    }
    clReleaseMemObject(image);
  }
}

TEST(ImageQueryLoops, ReadKernelOfTestAllocations) {
  std::vector<std::uint32_t> texels(kW * kH * 4);
  for (std::size_t i = 0; i < texels.size(); ++i)
    texels[i] = static_cast<std::uint32_t>(i * 2654435761u);
  for (const Shape& s : kShapes) {
    SCOPED_TRACE(testing::Message() << s.global << "/" << s.local << " " << s.options);
    ReferenceDevice ref;
    ASSERT_TRUE(ref.available());
    cl_program p = ref.build(kReadSource, s.options);
    ASSERT_NE(p, nullptr);
    cl_kernel k = ref.kernel(p, "sample_test");
    cl_mem image = rgba_uint32_image(ref, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, texels.data());
    cl_mem result = ref.buffer(std::vector<std::uint32_t>(s.global, 0));
    const auto stride = static_cast<std::uint32_t>(s.global);
    ASSERT_EQ(ref.run(k, {s.global}, {s.local}, image, result, stride), CL_SUCCESS);
    std::vector<std::uint32_t> got = ref.read<std::uint32_t>(result, s.global);
    for (std::uint32_t i = 0; i < s.global; ++i) {
      std::uint32_t want = 0;  // uint arithmetic wraps, on the device as here
      for (std::uint32_t y = 0; y < kH; ++y)
        if (y % stride == i)
          for (std::uint32_t x = 0; x < kW * 4; ++x) want += texels[y * kW * 4 + x];
      EXPECT_EQ(got[i], want) << i;
    }
    clReleaseMemObject(image);
  }
}

}  // namespace
}  // namespace clvet::test
