// Each built-in family of OpenCL C 1.2 §6.12, compiled by the reference device's front end and
// run by its interpreter, checked against host computations (floating point within the ULP of
// §7.4). These pin the whole path: Clang's mangled names, resolution, lanes, memory.
#include <cmath>
#include <cstdint>
#include <limits>
#include <numeric>

#include "reference_device.h"

using clvet::test::ReferenceDevice;
using clvet::test::ulp_distance;

namespace {

class BuiltinFamilies : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!dev.available()) GTEST_FAIL() << "the clvet platform is not visible through the loader";
  }
  ReferenceDevice dev;
};

std::vector<float> sample_floats(std::size_t n) {
  std::vector<float> v(n);
  for (std::size_t i = 0; i < n; ++i)
    v[i] = static_cast<float>((static_cast<double>(i) - n / 2.0) * 0.37 + 0.001 * i);
  return v;
}

}  // namespace

// §6.12.1: work-item functions over a 2D range with an offset.
TEST_F(BuiltinFamilies, WorkItemFunctions_6_12_1) {
  cl_program p = dev.build(R"(
    kernel void ids(global uint* out) {
      size_t gx = get_global_id(0), gy = get_global_id(1);
      size_t w = get_global_size(0);
      size_t i = (gy - get_global_offset(1)) * w + (gx - get_global_offset(0));
      out[i * 6 + 0] = get_local_id(0) + 100 * get_local_id(1);
      out[i * 6 + 1] = get_group_id(0) + 100 * get_group_id(1);
      out[i * 6 + 2] = get_num_groups(0) + 100 * get_num_groups(1);
      out[i * 6 + 3] = get_work_dim();
      out[i * 6 + 4] = get_local_size(0) * get_local_size(1) + get_local_size(2) * 1000;
      out[i * 6 + 5] = gx + 1000 * gy;
    })");
  ASSERT_TRUE(p);
  cl_kernel k = dev.kernel(p, "ids");
  std::vector<cl_uint> out(16 * 8 * 6, 0);
  cl_mem m = dev.buffer(out);
  std::size_t offset[2] = {3, 5}, global[2] = {16, 8}, local[2] = {4, 2};
  ASSERT_EQ(clSetKernelArg(k, 0, sizeof m, &m), CL_SUCCESS);
  ASSERT_EQ(clEnqueueNDRangeKernel(dev.queue, k, 2, offset, global, local, 0, nullptr, nullptr),
            CL_SUCCESS);
  out = dev.read<cl_uint>(m, out.size());
  for (cl_uint y = 0; y < 8; ++y)
    for (cl_uint x = 0; x < 16; ++x) {
      const cl_uint* o = &out[(y * 16 + x) * 6];
      EXPECT_EQ(o[0], x % 4 + 100 * (y % 2));
      EXPECT_EQ(o[1], x / 4 + 100 * (y / 2));
      EXPECT_EQ(o[2], 4u + 100 * 4);
      EXPECT_EQ(o[3], 2u);
      EXPECT_EQ(o[4], 8u + 1000);
      EXPECT_EQ(o[5], (x + 3) + 1000 * (y + 5));
    }
}

// §6.12.2 math, scalar and vector, against long double host results within §7.4's ULP.
TEST_F(BuiltinFamilies, MathFunctions_6_12_2) {
  cl_program p = dev.build(R"(
    kernel void math(global const float* in, global float* out) {
      size_t i = get_global_id(0);
      float x = in[i];
      float4 v = (float4)(x, x * 0.5f, -x, x + 1.0f);
      out[i * 8 + 0] = sin(x);
      out[i * 8 + 1] = exp(x * 0.1f);
      out[i * 8 + 2] = log(fabs(x) + 1.0f);
      out[i * 8 + 3] = sqrt(fabs(x));
      out[i * 8 + 4] = pow(fabs(x) + 0.5f, 1.5f);
      out[i * 8 + 5] = fma(x, 0.25f, 3.0f);
      out[i * 8 + 6] = atan2(x, 2.0f);
      float4 c = cos(v);
      out[i * 8 + 7] = c.x + c.y + c.z + c.w;
    })");
  ASSERT_TRUE(p);
  cl_kernel k = dev.kernel(p, "math");
  std::vector<float> in = sample_floats(256);
  std::vector<float> out(256 * 8, 0);
  cl_mem a = dev.buffer(in), b = dev.buffer(out);
  ASSERT_EQ(dev.run(k, {256}, {64}, a, b), CL_SUCCESS);
  out = dev.read<float>(b, out.size());
  for (std::size_t i = 0; i < 256; ++i) {
    long double x = in[i];
    const float* o = &out[i * 8];
    EXPECT_LE(ulp_distance(o[0], double(sinl(x))), 4) << "sin(" << in[i] << ")";
    EXPECT_LE(ulp_distance(o[1], double(expl(float(in[i] * 0.1f)))), 3) << "exp";
    EXPECT_LE(ulp_distance(o[2], double(logl(float(fabsl(x) + 1.0L)))), 3) << "log";
    EXPECT_LE(ulp_distance(o[3], double(sqrtl(fabsl(x)))), 3) << "sqrt";
    EXPECT_LE(ulp_distance(o[4], double(powl(float(fabsl(x) + 0.5L), 1.5L))), 16) << "pow";
    EXPECT_LE(ulp_distance(o[5], double(fmal(x, 0.25L, 3.0L))), 0.5) << "fma (correctly rounded)";
    EXPECT_LE(ulp_distance(o[6], double(atan2l(x, 2.0L))), 6) << "atan2";
    double sum = double(cosl(x)) + double(cosl(float(in[i] * 0.5f))) + double(cosl(-x)) +
                 double(cosl(float(in[i] + 1.0f)));
    EXPECT_NEAR(o[7], sum, 1e-5 * (1 + std::fabs(sum))) << "cos(float4)";
  }
}

// §6.12.3 integer functions, with the edge cases the spec defines.
TEST_F(BuiltinFamilies, IntegerFunctions_6_12_3) {
  cl_program p = dev.build(R"(
    kernel void ints(global const int* in, global int* out) {
      size_t i = get_global_id(0);
      int x = in[i];
      out[i * 8 + 0] = clamp(x, -50, 50);
      out[i * 8 + 1] = mul_hi(x, 0x7654321);
      out[i * 8 + 2] = rotate(x, 5);
      out[i * 8 + 3] = popcount(x);
      out[i * 8 + 4] = add_sat(x, 0x7fffff00);
      out[i * 8 + 5] = (int)abs(x);
      out[i * 8 + 6] = clz(x);
      out[i * 8 + 7] = mad24(x & 0xffff, 3, 7);
    })");
  ASSERT_TRUE(p);
  cl_kernel k = dev.kernel(p, "ints");
  std::vector<cl_int> in(128);
  for (int i = 0; i < 128; ++i) in[i] = (i - 64) * 12345 + (i % 7 == 0 ? 0x7ffffff0 : 0);
  in[0] = std::numeric_limits<int>::min();
  std::vector<cl_int> out(128 * 8, 0);
  cl_mem a = dev.buffer(in), b = dev.buffer(out);
  ASSERT_EQ(dev.run(k, {128}, {32}, a, b), CL_SUCCESS);
  out = dev.read<cl_int>(b, out.size());
  for (int i = 0; i < 128; ++i) {
    std::int64_t x = in[i];
    const cl_int* o = &out[i * 8];
    EXPECT_EQ(o[0], std::clamp<std::int64_t>(x, -50, 50));
    EXPECT_EQ(o[1], static_cast<cl_int>((x * 0x7654321) >> 32));
    std::uint32_t u = static_cast<std::uint32_t>(x);
    EXPECT_EQ(static_cast<std::uint32_t>(o[2]), (u << 5) | (u >> 27));
    EXPECT_EQ(o[3], __builtin_popcount(u));
    EXPECT_EQ(o[4], static_cast<cl_int>(std::clamp<std::int64_t>(x + 0x7fffff00, INT32_MIN, INT32_MAX)));
    EXPECT_EQ(static_cast<std::uint32_t>(o[5]), static_cast<std::uint32_t>(x < 0 ? -x : x));
    EXPECT_EQ(o[6], u == 0 ? 32 : __builtin_clz(u));
    EXPECT_EQ(o[7], static_cast<cl_int>((x & 0xffff) * 3 + 7));
  }
}

// §6.12.4-6: common, geometric and relational functions on vectors.
TEST_F(BuiltinFamilies, CommonGeometricRelational_6_12_4_to_6) {
  cl_program p = dev.build(R"(
    kernel void vec(global const float4* in, global float* out, global int4* rel) {
      size_t i = get_global_id(0);
      float4 a = in[i], b = in[i].wzyx;
      out[i * 6 + 0] = dot(a, b);
      out[i * 6 + 1] = length(a);
      float4 c = cross(a, b);
      out[i * 6 + 2] = c.x + 2 * c.y + 3 * c.z;
      float4 m = mix(a, b, 0.25f);
      out[i * 6 + 3] = m.x + m.y + m.z + m.w;
      float4 s = smoothstep(-1.0f, 1.0f, a);
      out[i * 6 + 4] = s.x + s.y + s.z + s.w;
      out[i * 6 + 5] = distance(a, b);
      rel[i] = isgreater(a, b) + select((int4)(10), (int4)(20), isless(a, b)) * (any(a > 0) ? 1 : 2);
    })");
  ASSERT_TRUE(p);
  cl_kernel k = dev.kernel(p, "vec");
  std::vector<float> in = sample_floats(64 * 4);
  std::vector<float> out(64 * 6, 0);
  std::vector<cl_int> rel(64 * 4, 0);
  cl_mem a = dev.buffer(in), b = dev.buffer(out), r = dev.buffer(rel);
  ASSERT_EQ(dev.run(k, {64}, {16}, a, b, r), CL_SUCCESS);
  out = dev.read<float>(b, out.size());
  rel = dev.read<cl_int>(r, rel.size());
  for (int i = 0; i < 64; ++i) {
    double A[4], B[4];
    for (int c = 0; c < 4; ++c) {
      A[c] = in[i * 4 + c];
      B[c] = in[i * 4 + 3 - c];
    }
    double dot = A[0] * B[0] + A[1] * B[1] + A[2] * B[2] + A[3] * B[3];
    double len = std::sqrt(A[0] * A[0] + A[1] * A[1] + A[2] * A[2] + A[3] * A[3]);
    double cx = A[1] * B[2] - A[2] * B[1], cy = A[2] * B[0] - A[0] * B[2], cz = A[0] * B[1] - A[1] * B[0];
    double mix = 0, smooth = 0, dist2 = 0;
    for (int c = 0; c < 4; ++c) {
      mix += A[c] + (B[c] - A[c]) * 0.25;
      double t = std::clamp((A[c] + 1) / 2, 0.0, 1.0);
      smooth += t * t * (3 - 2 * t);
      dist2 += (A[c] - B[c]) * (A[c] - B[c]);
    }
    const float* o = &out[i * 6];
    double scale = 1 + std::fabs(A[0]) * std::fabs(A[0]) + len * len;
    EXPECT_NEAR(o[0], dot, 1e-5 * scale);
    EXPECT_NEAR(o[1], len, 1e-5 * (1 + len));
    EXPECT_NEAR(o[2], cx + 2 * cy + 3 * cz, 1e-4 * scale);
    EXPECT_NEAR(o[3], mix, 1e-4 * (1 + len));
    EXPECT_NEAR(o[4], smooth, 1e-5);
    EXPECT_NEAR(o[5], std::sqrt(dist2), 1e-5 * (1 + len));
    bool any_positive = A[0] > 0 || A[1] > 0 || A[2] > 0 || A[3] > 0;
    for (int c = 0; c < 4; ++c) {
      int greater = A[c] > B[c] ? -1 : 0;
      int selected = A[c] < B[c] ? 20 : 10;
      EXPECT_EQ(rel[i * 4 + c], greater + selected * (any_positive ? 1 : 2)) << i << "," << c;
    }
  }
}

// §6.2.3 conversions and §6.12.7 vload/vstore, including half with a rounding mode.
TEST_F(BuiltinFamilies, ConversionsAndVectorData_6_2_3_and_6_12_7) {
  cl_program p = dev.build(R"(
    kernel void conv(global const float* in, global int* out, global float* back,
                     global half* h) {
      size_t i = get_global_id(0);
      float4 v = vload4(i, in);
      int4 r = convert_int4_sat_rte(v * 1e8f);
      vstore4(r, i, out);
      vstore_half4_rtz(v, i, h);
      vstore4(vload_half4(i, h), i, back);
    })");
  ASSERT_TRUE(p);
  cl_kernel k = dev.kernel(p, "conv");
  std::vector<float> in = sample_floats(128);
  in[5] = 2.5e-8f;  // 2.5 after scaling: ties to even
  std::vector<cl_int> out(128, 0);
  std::vector<float> back(128, 0);
  std::vector<cl_ushort> h(128, 0);
  cl_mem a = dev.buffer(in), b = dev.buffer(out), c = dev.buffer(back), d = dev.buffer(h);
  ASSERT_EQ(dev.run(k, {32}, {8}, a, b, c, d), CL_SUCCESS);
  out = dev.read<cl_int>(b, out.size());
  back = dev.read<float>(c, back.size());
  for (int i = 0; i < 128; ++i) {
    double scaled = static_cast<double>(static_cast<float>(in[i] * 1e8f));
    double want = std::clamp(std::nearbyint(scaled), double(INT32_MIN), double(INT32_MAX));
    EXPECT_EQ(out[i], static_cast<cl_int>(want)) << in[i];
    // Round toward zero to half precision (11 significant bits), then back.
    float x = in[i];
    int e;
    double m = std::frexp(std::fabs(double(x)), &e);
    double truncated = std::ldexp(std::trunc(std::ldexp(m, 11)), e - 11);
    if (std::fabs(x) >= 65520.0f) truncated = 65504.0;
    if (std::fabs(x) < std::ldexp(1.0, -14))
      truncated = std::ldexp(std::trunc(std::ldexp(std::fabs(double(x)), 24)), -24);
    EXPECT_EQ(back[i], static_cast<float>(std::copysign(truncated, x))) << x;
  }
}

// §6.12.11 atomics on __global and __local memory: a histogram.
TEST_F(BuiltinFamilies, Atomics_6_12_11) {
  cl_program p = dev.build(R"(
    kernel void hist(global const uint* in, global uint* bins, local uint* lbins) {
      size_t l = get_local_id(0);
      if (l < 16) lbins[l] = 0;
      barrier(CLK_LOCAL_MEM_FENCE);
      atomic_inc(&lbins[in[get_global_id(0)] % 16]);
      barrier(CLK_LOCAL_MEM_FENCE);
      if (l < 16) atomic_add(&bins[l], lbins[l]);
      if (get_global_id(0) == 0) atomic_max(&bins[16], 77u);
    })");
  ASSERT_TRUE(p);
  cl_kernel k = dev.kernel(p, "hist");
  std::vector<cl_uint> in(1024);
  for (cl_uint i = 0; i < 1024; ++i) in[i] = i * 2654435761u >> 7;
  std::vector<cl_uint> bins(17, 0);
  cl_mem a = dev.buffer(in), b = dev.buffer(bins);
  ASSERT_EQ(clSetKernelArg(k, 0, sizeof a, &a), CL_SUCCESS);
  ASSERT_EQ(clSetKernelArg(k, 1, sizeof b, &b), CL_SUCCESS);
  ASSERT_EQ(clSetKernelArg(k, 2, 16 * sizeof(cl_uint), nullptr), CL_SUCCESS);
  std::size_t global = 1024, local = 64;
  ASSERT_EQ(clEnqueueNDRangeKernel(dev.queue, k, 1, nullptr, &global, &local, 0, nullptr, nullptr),
            CL_SUCCESS);
  bins = dev.read<cl_uint>(b, bins.size());
  std::vector<cl_uint> want(17, 0);
  for (cl_uint v : in) ++want[v % 16];
  want[16] = 77;
  EXPECT_EQ(bins, want);
}

// §6.12.10 async copies into __local memory and back, strided.
TEST_F(BuiltinFamilies, AsyncCopies_6_12_10) {
  cl_program p = dev.build(R"(
    kernel void copy(global const float* in, global float* out, local float* tile) {
      size_t g = get_group_id(0), n = get_local_size(0);
      event_t e = async_work_group_copy(tile, in + g * n, n, 0);
      wait_group_events(1, &e);
      tile[get_local_id(0)] *= 2.0f;
      barrier(CLK_LOCAL_MEM_FENCE);
      e = async_work_group_strided_copy(out + g, tile, n, get_num_groups(0), 0);
      wait_group_events(1, &e);
    })");
  ASSERT_TRUE(p);
  cl_kernel k = dev.kernel(p, "copy");
  std::vector<float> in = sample_floats(256), out(256, 0);
  cl_mem a = dev.buffer(in), b = dev.buffer(out);
  ASSERT_EQ(clSetKernelArg(k, 0, sizeof a, &a), CL_SUCCESS);
  ASSERT_EQ(clSetKernelArg(k, 1, sizeof b, &b), CL_SUCCESS);
  ASSERT_EQ(clSetKernelArg(k, 2, 32 * sizeof(float), nullptr), CL_SUCCESS);
  std::size_t global = 256, local = 32;
  ASSERT_EQ(clEnqueueNDRangeKernel(dev.queue, k, 1, nullptr, &global, &local, 0, nullptr, nullptr),
            CL_SUCCESS);
  out = dev.read<float>(b, out.size());
  for (int g = 0; g < 8; ++g)
    for (int j = 0; j < 32; ++j) EXPECT_EQ(out[g + j * 8], in[g * 32 + j] * 2.0f);
}

// §6.12.13 printf: output reaches stdout when the kernel completes, per work-item in order.
TEST_F(BuiltinFamilies, Printf_6_12_13) {
  cl_program p = dev.build(R"(
    kernel void hello(int n) {
      printf("item %d of %d: %v2hlf %s\n", (int)get_global_id(0), n, (float2)(0.5f, 1.0f), "ok");
    })");
  ASSERT_TRUE(p);
  cl_kernel k = dev.kernel(p, "hello");
  ::testing::internal::CaptureStdout();
  cl_int n = 3;
  cl_int err = dev.run(k, {3}, {1}, n);
  std::string text = ::testing::internal::GetCapturedStdout();
  ASSERT_EQ(err, CL_SUCCESS);
  EXPECT_EQ(text,
            "item 0 of 3: 0.500000,1.000000 ok\n"
            "item 1 of 3: 0.500000,1.000000 ok\n"
            "item 2 of 3: 0.500000,1.000000 ok\n");
}
