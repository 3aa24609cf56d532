// Images and samplers in SPIR-V kernels on the reference device (clCreateProgramWithIL; OpenCL
// SPIR-V environment §2.5.2, §7): a module made at build time from tests/kernels/spirv/images.cl
// by Clang and the LLVM/SPIR-V translator, whose image instructions the test first finds in
// the module, then runs against host computations of §7.2-§7.6 and the images' own shapes.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <iterator>
#include <set>
#include <vector>

#include "reference_device.h"

namespace clvet::test {
namespace {

std::vector<std::uint32_t> module_words() {
  std::ifstream in(CLVET_SPIRV_IMAGES_MODULE, std::ios::binary);
  std::vector<char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::vector<std::uint32_t> words(bytes.size() / 4);
  std::memcpy(words.data(), bytes.data(), words.size() * 4);
  return words;
}

// The opcodes of the module's instructions (SPIR-V §2.3: word count in the high half of each
// instruction's first word, opcode in the low half; five header words).
std::set<std::uint32_t> opcodes(const std::vector<std::uint32_t>& words) {
  std::set<std::uint32_t> found;
  for (std::size_t i = 5; i < words.size();) {
    const std::uint32_t count = words[i] >> 16;
    found.insert(words[i] & 0xFFFF);
    if (count == 0) break;
    i += count;
  }
  return found;
}

class SpirvImages : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_TRUE(ref.available());
    words = module_words();
    ASSERT_GT(words.size(), 5u);
    ASSERT_EQ(words[0], 0x07230203u);
    cl_int err = CL_SUCCESS;
    program = clCreateProgramWithIL(ref.context, words.data(), words.size() * 4, &err);
    ASSERT_EQ(err, CL_SUCCESS);
    err = clBuildProgram(program, 1, &ref.device, "", nullptr, nullptr);
    if (err != CL_SUCCESS) {
      size_t size = 0;
      clGetProgramBuildInfo(program, ref.device, CL_PROGRAM_BUILD_LOG, 0, nullptr, &size);
      std::string log(size, '\0');
      clGetProgramBuildInfo(program, ref.device, CL_PROGRAM_BUILD_LOG, size, log.data(), nullptr);
      FAIL() << "build of the SPIR-V module failed (" << err << "):\n" << log;
    }
  }
  void TearDown() override {
    for (cl_mem m : mems) clReleaseMemObject(m);
    if (program) clReleaseProgram(program);
  }
  cl_mem image(cl_mem_flags flags, cl_image_format format, cl_mem_object_type type, size_t w,
               size_t h, size_t layers, const void* host) {
    cl_image_desc d{};
    d.image_type = type;
    d.image_width = w;
    d.image_height = h;
    d.image_array_size = layers;
    cl_int err = CL_SUCCESS;
    cl_mem m = clCreateImage(ref.context, flags | (host ? CL_MEM_COPY_HOST_PTR : 0), &format, &d,
                             const_cast<void*>(host), &err);
    EXPECT_EQ(err, CL_SUCCESS);
    if (m) mems.push_back(m);
    return m;
  }

  ReferenceDevice ref;
  std::vector<std::uint32_t> words;
  cl_program program = nullptr;
  std::vector<cl_mem> mems;
};

// The module is the SPIR-V the test is about: its image types and instructions (SPIR-V §3.32).
TEST_F(SpirvImages, ModuleHoldsTheImageInstructions) {
  const std::set<std::uint32_t> found = opcodes(words);
  const struct {
    std::uint32_t opcode;
    const char* name;
  } wanted[] = {{25, "OpTypeImage"},          {26, "OpTypeSampler"},
                {27, "OpTypeSampledImage"},   {45, "OpConstantSampler"},
                {86, "OpSampledImage"},       {88, "OpImageSampleExplicitLod"},
                {98, "OpImageRead"},          {99, "OpImageWrite"},
                {101, "OpImageQueryFormat"},  {102, "OpImageQueryOrder"},
                {103, "OpImageQuerySizeLod"}};
  for (const auto& w : wanted) EXPECT_TRUE(found.count(w.opcode)) << w.name;
}

// OpImageSampleExplicitLod with a constant sampler (nearest, CLAMP: the border outside) and a
// sampler argument (linear, CLAMP_TO_EDGE), on a CL_R / CL_FLOAT image whose texel x holds
// 10 x: halfway between two texel centres linear filtering gives their mean exactly (§7.2.1).
TEST_F(SpirvImages, SampledReadsThroughBothSamplers) {
  constexpr int kW = 4;
  const float texels[kW] = {0, 10, 20, 30};
  cl_mem src = image(CL_MEM_READ_ONLY, {CL_R, CL_FLOAT}, CL_MEM_OBJECT_IMAGE2D, kW, 1, 0, texels);
  cl_int err;
  cl_sampler linear =
      clCreateSampler(ref.context, CL_FALSE, CL_ADDRESS_CLAMP_TO_EDGE, CL_FILTER_LINEAR, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  // x: -1.5 (outside), each centre, halfway between 1 and 2, and past the right edge.
  const std::vector<float> xs = {-1.5f, 0.5f, 1.5f, 2.0f, 2.5f, 3.5f, 5.0f};
  std::vector<float> coords;
  for (float x : xs) coords.insert(coords.end(), {x, 0.5f});
  cl_mem c = ref.buffer(coords);
  cl_mem by_constant = ref.buffer(std::vector<float>(xs.size() * 4, -7.0f));
  cl_mem by_argument = ref.buffer(std::vector<float>(xs.size() * 4, -7.0f));
  cl_kernel k = ref.kernel(program, "sampled");
  ASSERT_NE(k, nullptr);
  ASSERT_EQ(ref.run(k, {xs.size()}, {}, src, linear, c, by_constant, by_argument), CL_SUCCESS);
  const std::vector<float> nearest = ref.read<float>(by_constant, xs.size() * 4);
  const std::vector<float> filtered = ref.read<float>(by_argument, xs.size() * 4);
  for (std::size_t i = 0; i < xs.size(); ++i) {
    // Nearest: texel floor(x), or CL_R's border (0, 0, 0, 1) outside (1.2 §6.12.14.1.1).
    const int t = static_cast<int>(std::floor(xs[i]));
    const bool inside = t >= 0 && t < kW;
    const float want_nearest[4] = {inside ? texels[t] : 0.0f, 0, 0, 1};
    // Linear, CLAMP_TO_EDGE: i0 = floor(x - 0.5) clamped, a = frac(x - 0.5).
    const float u = xs[i] - 0.5f;
    const int i0 = static_cast<int>(std::floor(u));
    const float a = u - std::floor(u);
    auto edge = [&](int j) { return texels[std::clamp(j, 0, kW - 1)]; };
    const float want_linear[4] = {(1 - a) * edge(i0) + a * edge(i0 + 1), 0, 0, 1};
    for (int ch = 0; ch < 4; ++ch) {
      EXPECT_EQ(nearest[i * 4 + ch], want_nearest[ch]) << "x = " << xs[i] << " channel " << ch;
      EXPECT_EQ(filtered[i * 4 + ch], want_linear[ch]) << "x = " << xs[i] << " channel " << ch;
    }
  }
  clReleaseSampler(linear);
}

// OpImageRead and OpImageWrite without a sampler: each CL_RGBA / CL_UNSIGNED_INT8 texel plus
// (1, 2, 3, 4), saturated at 255 (§7.4.4).
TEST_F(SpirvImages, SamplerlessReadsAndWrites) {
  constexpr int kW = 3, kH = 2;
  std::vector<unsigned char> in(kW * kH * 4);
  for (std::size_t i = 0; i < in.size(); ++i) in[i] = static_cast<unsigned char>(i * 50 + 3);
  const cl_image_format u8{CL_RGBA, CL_UNSIGNED_INT8};
  cl_mem src = image(CL_MEM_READ_ONLY, u8, CL_MEM_OBJECT_IMAGE2D, kW, kH, 0, in.data());
  cl_mem dst = image(CL_MEM_WRITE_ONLY, u8, CL_MEM_OBJECT_IMAGE2D, kW, kH, 0, nullptr);
  cl_kernel k = ref.kernel(program, "increment");
  ASSERT_NE(k, nullptr);
  ASSERT_EQ(ref.run(k, {kW, kH}, {}, src, dst), CL_SUCCESS);
  std::vector<unsigned char> out(in.size());
  const size_t origin[3] = {0, 0, 0}, region[3] = {kW, kH, 1};
  ASSERT_EQ(clEnqueueReadImage(ref.queue, dst, CL_TRUE, origin, region, 0, 0, out.data(), 0,
                               nullptr, nullptr),
            CL_SUCCESS);
  for (std::size_t i = 0; i < in.size(); ++i)
    EXPECT_EQ(out[i], std::min<unsigned>(255, in[i] + 1 + i % 4)) << i;
}

// OpImageQuerySizeLod, OpImageQueryOrder and OpImageQueryFormat: the images' own shapes and
// the CL_* values of their channel order and data type (SPIR-V environment §2.6, §2.7).
TEST_F(SpirvImages, Queries) {
  const cl_image_format f{CL_RG, CL_HALF_FLOAT};
  cl_mem plane = image(CL_MEM_READ_ONLY, f, CL_MEM_OBJECT_IMAGE2D, 7, 5, 0, nullptr);
  cl_mem layers = image(CL_MEM_READ_ONLY, f, CL_MEM_OBJECT_IMAGE2D_ARRAY, 6, 2, 3, nullptr);
  cl_mem out = ref.buffer(std::vector<int>(8, -1));
  cl_kernel k = ref.kernel(program, "queries");
  ASSERT_NE(k, nullptr);
  ASSERT_EQ(ref.run(k, {1}, {}, plane, layers, out), CL_SUCCESS);
  const std::vector<int> got = ref.read<int>(out, 8);
  const int want[8] = {7, 5, 7, 5, CL_RG, CL_HALF_FLOAT, 6, 3};
  for (int i = 0; i < 8; ++i) EXPECT_EQ(got[i], want[i]) << i;
}

// A depth image through SPIR-V (OpTypeImage with Depth 1): read_imagef gives one float, the
// border of CL_DEPTH outside.
TEST_F(SpirvImages, DepthImage) {
  constexpr int kW = 3;
  const float depths[kW] = {0.25f, 0.5f, 1.0f};
  cl_mem src =
      image(CL_MEM_READ_ONLY, {CL_DEPTH, CL_FLOAT}, CL_MEM_OBJECT_IMAGE2D, kW, 1, 0, depths);
  cl_mem out = ref.buffer(std::vector<float>(kW + 2, -7.0f));
  cl_kernel k = ref.kernel(program, "depth");
  ASSERT_NE(k, nullptr);
  ASSERT_EQ(ref.run(k, {kW + 2}, {}, src, out), CL_SUCCESS);
  const std::vector<float> got = ref.read<float>(out, kW + 2);
  EXPECT_EQ(got[0], 0.0f);
  for (int x = 0; x < kW; ++x) EXPECT_EQ(got[x + 1], depths[x]) << x;
  EXPECT_EQ(got[kW + 1], 0.0f);
}

}  // namespace
}  // namespace clvet::test
