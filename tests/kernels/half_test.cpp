// Half precision on the reference device (cl_khr_fp16; OpenCL C 3.0 §6.1.1.1, §6.4 conversions,
// §6.15 built-ins): arithmetic, comparisons and conversions of half scalars and vectors, half
// kernel arguments and vector loads, against the host: the exact result computed in double
// (or, for fma, in integers) and rounded to half by the host compiler's _Float16 or by a table
// of every half (tests/interpreter/builtins/half_reference.h). Each kernel is run as written and
// with -cl-opt-disable. PoCL here has no cl_khr_fp16 (clinfo: "Half-precision Floating-point
// support (n/a)"), so the host is the only oracle.
#include <cmath>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <iterator>
#include <limits>
#include <string>
#include <vector>

#include "../interpreter/builtins/half_reference.h"
#include "host_half.h"
#include "reference_device.h"

namespace clvet::test {
namespace {

using interp::test::half_value;
using interp::test::is_half_nan;
using interp::test::Mode;
using interp::test::reference_half;

constexpr const char* kOptions[] = {"", "-cl-opt-disable"};

// Equal as halves: the same bits, or both NaN (a NaN's payload is not specified).
bool same_half(std::uint16_t got, std::uint16_t want) {
  return got == want || (is_half_nan(got) && is_half_nan(want));
}

std::uint64_t next(std::uint64_t& state) {
  state = state * 6364136223846793005ULL + 1442695040888963407ULL;
  return state >> 11 ^ state << 21;
}

// Halves over the whole format: the specials, subnormals, the largest finite values, exact
// ties for the operations, and random bit patterns.
std::vector<std::uint16_t> sample_halves(std::size_t n, std::uint64_t seed) {
  std::vector<std::uint16_t> v = {0x0000, 0x8000, 0x7c00, 0xfc00, 0x7e00, 0x0001, 0x8001, 0x03ff,
                                  0x0400, 0x7bff, 0xfbff, 0x3c00, 0xbc00, 0x3c01, 0x4000, 0x3555,
                                  0x5640, 0x1000, 0x0200, 0xc500};
  while (v.size() < n) v.push_back(std::uint16_t(next(seed)));
  return v;
}

class Half : public ::testing::TestWithParam<const char*> {
 protected:
  void SetUp() override {
    if (!dev.available()) GTEST_FAIL() << "the clvet platform is not visible through the loader";
  }
  cl_kernel build(const std::string& source, const char* name, const std::string& options = "") {
    cl_program p = dev.build("#pragma OPENCL EXTENSION cl_khr_fp16 : enable\n" + source,
                             std::string(GetParam()) + " " + options);
    return p ? dev.kernel(p, name) : nullptr;
  }
  ReferenceDevice dev;
};

// The exact a * b + c rounded once to half: halves are integers times 2^-24, so the sum is an
// integer times 2^-48 (at most 2^81), and the nearest half is found among the neighbours of the
// double nearest it, ties to the even one.
// GCC's 128-bit integer (__extension__: not ISO C++, as -Wpedantic would say at each use).
__extension__ using Int128 = __int128;

std::uint16_t exact_fma(std::uint16_t a, std::uint16_t b, std::uint16_t c) {
  const double x = half_value(a), y = half_value(b), z = half_value(c);
  if (!std::isfinite(x) || !std::isfinite(y) || !std::isfinite(z)) return host_half(x * y + z);
  auto units = [](double v) {  // v * 2^24 as an integer (exact for a half)
    return static_cast<Int128>(std::ldexp(v, 24));
  };
  const Int128 sum = units(x) * units(y) + units(z) * (Int128(1) << 24);
  if (sum == 0) return host_half(x * y + z);  // the zero's sign as IEEE 754 gives it
  const double approx = std::ldexp(static_cast<double>(sum), -48);
  const std::uint16_t guess = host_half(approx);
  if ((guess & 0x7fff) == 0x7c00) {  // overflow: past the largest half's rounding boundary?
    const Int128 boundary = Int128(65520) << 48;
    const Int128 magnitude = sum < 0 ? -sum : sum;
    if (magnitude < boundary) return std::uint16_t((guess & 0x8000) | 0x7bff);
    return guess;
  }
  std::uint16_t best = guess;
  Int128 best_distance = -1;
  for (int step = -1; step <= 1; ++step) {
    const std::uint16_t candidate = std::uint16_t(guess + step);
    if ((candidate & 0x7fff) > 0x7bff || ((guess & 0x7fff) == 0 && step == -1)) continue;
    const Int128 value = units(half_value(candidate)) * (Int128(1) << 24);
    const Int128 distance = sum > value ? sum - value : value - sum;
    if (best_distance < 0 || distance < best_distance ||
        (distance == best_distance && (candidate & 1) == 0)) {
      best = candidate;
      best_distance = distance;
    }
  }
  return best;
}

// +, -, *, / (correctly rounded: SPIR-V environment §6.6.1 table 5, Float16 column), unary
// minus, and the six comparisons, on half and half4; halves' products and sums are exact in
// double and a quotient rounded to double rounds to half as the exact one would.
TEST_P(Half, ArithmeticIsCorrectlyRounded) {
  cl_kernel k = build(R"(
    kernel void arith(global const half* a, global const half* b, global half* out,
                      global int* cmp) {
      size_t i = get_global_id(0);
      half x = a[i], y = b[i];
      out[8 * i + 0] = x + y;
      out[8 * i + 1] = x - y;
      out[8 * i + 2] = x * y;
      out[8 * i + 3] = x / y;
      out[8 * i + 4] = -x;
      half4 v = vload4(i, a), w = vload4(i, b);
      out[8 * i + 5] = (v * w).x;
      out[8 * i + 6] = (v / w).y;
      out[8 * i + 7] = (v - w).w;
      cmp[i] = (x < y) | (x <= y) << 1 | (x > y) << 2 | (x >= y) << 3 | (x == y) << 4 |
               (x != y) << 5;
    })",
                      "arith");
  ASSERT_TRUE(k);
  const std::size_t n = 512;
  const auto a = sample_halves(4 * n, 1), b = sample_halves(4 * n, 2);
  std::vector<std::uint16_t> out(8 * n, 0);
  std::vector<cl_int> cmp(n, -1);
  cl_mem ma = dev.buffer(a), mb = dev.buffer(b), mo = dev.buffer(out), mc = dev.buffer(cmp);
  ASSERT_EQ(dev.run(k, {n}, {}, ma, mb, mo, mc), CL_SUCCESS);
  out = dev.read<std::uint16_t>(mo, out.size());
  cmp = dev.read<cl_int>(mc, cmp.size());
  for (std::size_t i = 0; i < n; ++i) {
    const double x = half_value(a[i]), y = half_value(b[i]);
    const std::uint16_t want[8] = {
        host_half(x + y), host_half(x - y), host_half(x * y), host_half(x / y),
        std::uint16_t(a[i] ^ 0x8000),
        host_half(half_value(a[4 * i]) * half_value(b[4 * i])),
        host_half(half_value(a[4 * i + 1]) / half_value(b[4 * i + 1])),
        host_half(half_value(a[4 * i + 3]) - half_value(b[4 * i + 3]))};
    for (int j = 0; j < 8; ++j)
      EXPECT_TRUE(same_half(out[8 * i + j], want[j]))
          << "op " << j << " of " << std::hex << a[i] << ", " << b[i] << ": 0x" << out[8 * i + j]
          << " want 0x" << want[j];
    const int want_cmp = (x < y) | (x <= y) << 1 | (x > y) << 2 | (x >= y) << 3 |
                         (x == y) << 4 | (x != y) << 5;
    EXPECT_EQ(cmp[i], want_cmp) << std::hex << a[i] << ", " << b[i];
  }
}

// fma(a, b, c), mad and a * b + c (contracted by Clang into llvm.fmuladd, OpenCL C's default
// FP_CONTRACT on): rounded once from the exact value (fma is correctly rounded, table 5; mad may
// be the correctly rounded fma), which a computation in double would miss where the sum needs
// more than 53 bits.
TEST_P(Half, FmaIsRoundedOnce) {
  cl_kernel k = build(R"(
    kernel void fused(global const half* a, global const half* b, global const half* c,
                      global half* out) {
      size_t i = get_global_id(0);
      out[3 * i + 0] = fma(a[i], b[i], c[i]);
      out[3 * i + 1] = mad(a[i], b[i], c[i]);
      out[3 * i + 2] = a[i] * b[i] + c[i];
    })",
                      "fused");
  ASSERT_TRUE(k);
  const std::size_t n = 1024;
  auto a = sample_halves(n, 3), b = sample_halves(n, 4), c = sample_halves(n, 5);
  // Products at a tie between two halves (3 * 683 = 2049, 5 * 819 = 4095, ...) plus or minus the
  // smallest subnormal: rounding the product first would give the even neighbour either way.
  const std::uint16_t ties[][2] = {{host_half(3), host_half(683)}, {host_half(5), host_half(819)},
                                   {host_half(-3), host_half(683)}, {host_half(0.75), host_half(1365)}};
  for (std::size_t i = 0; i < 16; ++i) {
    a[i] = ties[i % 4][0];
    b[i] = ties[i % 4][1];
    c[i] = i / 4 % 2 ? 0x8001 : 0x0001;
  }
  std::vector<std::uint16_t> out(3 * n, 0);
  cl_mem ma = dev.buffer(a), mb = dev.buffer(b), mc = dev.buffer(c), mo = dev.buffer(out);
  ASSERT_EQ(dev.run(k, {n}, {}, ma, mb, mc, mo), CL_SUCCESS);
  out = dev.read<std::uint16_t>(mo, out.size());
  for (std::size_t i = 0; i < n; ++i) {
    const std::uint16_t fused = exact_fma(a[i], b[i], c[i]);
    const std::uint16_t unfused =
        host_half(half_value(host_half(half_value(a[i]) * half_value(b[i]))) + half_value(c[i]));
    EXPECT_TRUE(same_half(out[3 * i], fused))
        << "fma of " << std::hex << a[i] << ", " << b[i] << ", " << c[i] << ": 0x" << out[3 * i]
        << " want 0x" << fused;
    for (int j = 1; j < 3; ++j)
      EXPECT_TRUE(same_half(out[3 * i + j], fused) || same_half(out[3 * i + j], unfused))
          << "form " << j << " of " << std::hex << a[i] << ", " << b[i] << ", " << c[i] << ": 0x"
          << out[3 * i + j] << " want 0x" << fused << " or 0x" << unfused;
  }
  // The ties are decided by the addend (the reference's own test pins these values).
  EXPECT_EQ(out[0], 0x6801);
  EXPECT_EQ(out[3 * 4], 0x6800);
}

// The exact fma reference on products at a tie between two halves: 3 * 683 = 2049 lies halfway
// between 2048 and 2050; the smallest subnormal added or taken away decides, where the product
// rounded first (to the even 2048) would lose it.
TEST(HalfReference, ExactFmaDecidesTiesByTheAddend) {
  const std::uint16_t three = host_half(3), b683 = host_half(683);
  EXPECT_EQ(exact_fma(three, b683, 0x0001), 0x6801);  // 2050
  EXPECT_EQ(exact_fma(three, b683, 0x8001), 0x6800);  // 2048
  EXPECT_EQ(exact_fma(three, b683, 0x0000), 0x6800);  // the tie itself: the even 2048
  EXPECT_EQ(exact_fma(0x7bff, 0x3c00, 0x4800), 0x7bff);  // 65504 + 8: below 65520, stays
  EXPECT_EQ(exact_fma(0x7bff, 0x3c00, 0x4c00), 0x7c00);  // 65504 + 16: the tie, to infinity
}

// Conversions the engine does (OpenCL C §6.4.1 implicit conversions and casts: round to nearest
// even to half, toward zero to an integer) and convert_<type>[_sat][_<mode>] (§6.4.3.2-3):
// float, double, int and long to half in each rounding mode; half to int, short and uchar with
// saturation in each mode, NaN to 0; half to float and double exactly.
TEST_P(Half, ConversionsRoundAndSaturateAsAsked) {
  cl_kernel k = build(R"(
    #pragma OPENCL EXTENSION cl_khr_fp64 : enable
    kernel void conv(global const float* f, global const int* n, global const half* h,
                     global half* to_half, global int* to_int, global float* to_float) {
      size_t i = get_global_id(0);
      float x = f[i];
      to_half[16 * i + 0] = (half)x;
      to_half[16 * i + 1] = convert_half_rte(x);
      to_half[16 * i + 2] = convert_half_rtz(x);
      to_half[16 * i + 3] = convert_half_rtp(x);
      to_half[16 * i + 4] = convert_half_rtn(x);
      to_half[16 * i + 5] = (half)(double)x;
      to_half[16 * i + 6] = convert_half_rtz((double)x * 1.0000001);
      to_half[16 * i + 7] = (half)n[i];
      to_half[16 * i + 8] = convert_half_rtz(n[i]);
      to_half[16 * i + 9] = convert_half_rtp(n[i]);
      to_half[16 * i + 10] = convert_half_rtn((long)n[i] * 3);
      to_half[16 * i + 11] = (half)(uint)n[i];
      half2 pair = convert_half2_rtz((float2)(x, -x));
      to_half[16 * i + 12] = pair.y;
      to_half[16 * i + 13] = convert_half(x);
      to_half[16 * i + 14] = 0;
      to_half[16 * i + 15] = 0;
      half y = h[i];
      to_int[12 * i + 0] = (int)y;
      to_int[12 * i + 1] = convert_int_sat(y);
      to_int[12 * i + 2] = convert_int_sat_rte(y);
      to_int[12 * i + 3] = convert_int_sat_rtp(y);
      to_int[12 * i + 4] = convert_int_sat_rtn(y);
      to_int[12 * i + 5] = convert_short_sat(y);
      to_int[12 * i + 6] = convert_short_sat_rte(y);
      to_int[12 * i + 7] = convert_uchar_sat(y);
      to_int[12 * i + 8] = convert_uchar_sat_rtp(y);
      to_int[12 * i + 9] = (int)(uint)convert_uint_sat_rtn(y);
      to_int[12 * i + 10] = (int)(y > 0.0h ? (uint)y : 0u);
      to_int[12 * i + 11] = convert_char_sat_rtz(y);
      to_float[2 * i] = (float)y;
      to_float[2 * i + 1] = (float)(double)y;
    })",
                      "conv");
  ASSERT_TRUE(k);
  const std::size_t n = 1024;
  std::vector<float> f(n);
  std::vector<cl_int> ints(n);
  std::uint64_t seed = 9;
  const float kFloats[] = {0.0f, -0.0f, INFINITY, -INFINITY, NAN, 65504.0f, 65519.99f, 65520.0f,
                           -65520.0f, 1e-8f, 2.98e-8f, 5.96e-8f, 1.0f + 0x1p-11f, 1.0f + 0x1p-12f,
                           2049.0f, 2051.0f, -2049.0f, 1e30f, 0x1p-25f, 0x1.8p-24f};
  for (std::size_t i = 0; i < n; ++i) {
    const std::uint64_t r = next(seed);
    f[i] = i < std::size(kFloats)
               ? kFloats[i]
               : std::ldexp(float(r % 0x1000000) / float(0x1000000), int((r >> 24) % 50) - 30) *
                     (r >> 40 & 1 ? -1.0f : 1.0f);
    ints[i] = i % 3 == 0 ? std::int32_t(r) : std::int32_t(r % 140000) - 70000;
  }
  const auto h = sample_halves(n, 10);
  std::vector<std::uint16_t> to_half(16 * n, 0);
  std::vector<cl_int> to_int(12 * n, 0);
  std::vector<float> to_float(2 * n, 0);
  cl_mem mf = dev.buffer(f), mn = dev.buffer(ints), mh = dev.buffer(h), mth = dev.buffer(to_half),
         mti = dev.buffer(to_int), mtf = dev.buffer(to_float);
  ASSERT_EQ(dev.run(k, {n}, {}, mf, mn, mh, mth, mti, mtf), CL_SUCCESS);
  to_half = dev.read<std::uint16_t>(mth, to_half.size());
  to_int = dev.read<cl_int>(mti, to_int.size());
  to_float = dev.read<float>(mtf, to_float.size());
  // Rounded to an integer in a mode, then clamped to [lo, hi]; NaN gives 0 (§6.4.3.3).
  auto saturate = [](double v, Mode mode, double lo, double hi) -> cl_int {
    if (std::isnan(v)) return 0;
    double r = mode == Mode::Rte   ? std::nearbyint(v)
               : mode == Mode::Rtz ? std::trunc(v)
               : mode == Mode::Rtp ? std::ceil(v)
                                   : std::floor(v);
    return cl_int(std::fmin(std::fmax(r, lo), hi));
  };
  for (std::size_t i = 0; i < n; ++i) {
    const double x = f[i], m = ints[i];
    const double wide = double(f[i]) * 1.0000001;
    const std::uint16_t want_half[14] = {
        reference_half(x, Mode::Rte), reference_half(x, Mode::Rte),
        reference_half(x, Mode::Rtz), reference_half(x, Mode::Rtp),
        reference_half(x, Mode::Rtn), reference_half(x, Mode::Rte),
        reference_half(wide, Mode::Rtz), reference_half(m, Mode::Rte),
        reference_half(m, Mode::Rtz), reference_half(m, Mode::Rtp),
        reference_half(m * 3, Mode::Rtn), reference_half(double(std::uint32_t(ints[i])), Mode::Rte),
        reference_half(-x, Mode::Rtz), reference_half(x, Mode::Rte)};
    for (int j = 0; j < 14; ++j)
      EXPECT_TRUE(same_half(to_half[16 * i + j], want_half[j]))
          << "to half " << j << " of " << f[i] << " / " << ints[i] << ": 0x" << std::hex
          << to_half[16 * i + j] << " want 0x" << want_half[j];
    const double y = half_value(h[i]);
    const double kInt = 2147483647.0, kUInt = 4294967295.0;
    const cl_int want_int[12] = {
        // (int) of a half outside int's range is undefined (§6.4.1): only the halves inside.
        std::isfinite(y) ? cl_int(std::trunc(y)) : to_int[12 * i],
        saturate(y, Mode::Rtz, -kInt - 1, kInt), saturate(y, Mode::Rte, -kInt - 1, kInt),
        saturate(y, Mode::Rtp, -kInt - 1, kInt), saturate(y, Mode::Rtn, -kInt - 1, kInt),
        saturate(y, Mode::Rtz, -32768, 32767), saturate(y, Mode::Rte, -32768, 32767),
        saturate(y, Mode::Rtz, 0, 255), saturate(y, Mode::Rtp, 0, 255),
        cl_int(std::uint32_t(std::isnan(y) ? 0 : std::fmin(std::fmax(std::floor(y), 0), kUInt))),
        !(y > 0)           ? 0
        : std::isfinite(y) ? cl_int(std::uint32_t(std::trunc(y)))
                           : to_int[12 * i + 10],  // (uint) of infinity is undefined
        saturate(y, Mode::Rtz, -128, 127)};
    for (int j = 0; j < 12; ++j)
      EXPECT_EQ(to_int[12 * i + j], want_int[j])
          << "to integer " << j << " of half 0x" << std::hex << h[i] << " (" << y << ")";
    if (std::isnan(y)) {
      EXPECT_TRUE(std::isnan(to_float[2 * i]) && std::isnan(to_float[2 * i + 1]));
    } else {
      EXPECT_EQ(to_float[2 * i], float(y)) << std::hex << h[i];
      EXPECT_EQ(to_float[2 * i + 1], float(y)) << std::hex << h[i];
    }
  }
}

// A half kernel argument (clSetKernelArg with sizeof(cl_half)), vload8/vstore8 of half vectors,
// vload_half/vstore_half beside them, and a half work_group_reduce_add.
TEST_P(Half, ArgumentsVectorLoadsAndCollectives) {
  cl_kernel k = build(R"(
    kernel void args(half scale, global const half* in, global half* out, global float* f) {
      size_t i = get_global_id(0);
      half8 v = vload8(i, in) * scale;
      vstore8(v, i, out);
      f[i] = vload_half(8 * i + 3, in);
      vstore_half_rtz(f[i] * 3.0f, 8 * i + 7, out);
    })",
                      "args");
  ASSERT_TRUE(k);
  const std::size_t n = 64;
  std::vector<std::uint16_t> in(8 * n);
  for (std::size_t i = 0; i < in.size(); ++i) in[i] = host_half(double(i) * 0.37 - 50.0);
  std::vector<std::uint16_t> out(8 * n, 0);
  std::vector<float> f(n, 0);
  const std::uint16_t scale = host_half(-1.5);
  cl_mem mi = dev.buffer(in), mo = dev.buffer(out), mf = dev.buffer(f);
  ASSERT_EQ(dev.run(k, {n}, {}, scale, mi, mo, mf), CL_SUCCESS);
  out = dev.read<std::uint16_t>(mo, out.size());
  f = dev.read<float>(mf, f.size());
  for (std::size_t i = 0; i < n; ++i) {
    EXPECT_EQ(f[i], float(half_value(in[8 * i + 3])));
    for (std::size_t j = 0; j < 8; ++j) {
      const std::uint16_t want = j == 7 ? reference_half(double(f[i] * 3.0f), Mode::Rtz)
                                        : host_half(half_value(in[8 * i + j]) * -1.5);
      EXPECT_EQ(out[8 * i + j], want) << i << "." << j;
    }
  }

  // Collectives are OpenCL C 3.0's (__opencl_c_work_group_collective_functions). Small integers
  // sum exactly in half, so any order of the reduction gives the same value.
  cl_kernel r = build(R"(
    kernel void reduce(global const half* in, global half* sum, global half* maximum) {
      size_t i = get_global_id(0);
      half s = work_group_reduce_add(in[i]);
      half m = work_group_reduce_max(in[i]);
      if (get_local_id(0) == 0) { sum[get_group_id(0)] = s; maximum[get_group_id(0)] = m; }
    })",
                      "reduce", "-cl-std=CL3.0");
  ASSERT_TRUE(r);
  std::vector<std::uint16_t> values(64), sums(4, 0), maxima(4, 0);
  for (std::size_t i = 0; i < values.size(); ++i) values[i] = host_half(double(int(i * 7 % 17) - 8));
  cl_mem mv = dev.buffer(values), ms = dev.buffer(sums), mx = dev.buffer(maxima);
  ASSERT_EQ(dev.run(r, {64}, {16}, mv, ms, mx), CL_SUCCESS);
  sums = dev.read<std::uint16_t>(ms, 4);
  maxima = dev.read<std::uint16_t>(mx, 4);
  for (std::size_t g = 0; g < 4; ++g) {
    double sum = 0, maximum = -INFINITY;
    for (std::size_t i = 16 * g; i < 16 * g + 16; ++i) {
      sum += half_value(values[i]);
      maximum = std::fmax(maximum, half_value(values[i]));
    }
    EXPECT_EQ(sums[g], host_half(sum)) << g;
    EXPECT_EQ(maxima[g], host_half(maximum)) << g;
  }
}

// Half through SPIR-V (clCreateProgramWithIL): a module the translator made from
// tests/kernels/spirv/half.cl, with OpTypeFloat 16, half arithmetic and OpenCL.std sqrt on half,
// against the host as above.
TEST(SpirvHalf, ModuleOfHalfArithmeticRuns) {
  ReferenceDevice dev;
  ASSERT_TRUE(dev.available());
  std::ifstream in(CLVET_SPIRV_HALF_MODULE, std::ios::binary);
  const std::vector<char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  ASSERT_GT(bytes.size(), 20u);
  // OpTypeFloat (opcode 22, three words) of width 16 is in the module.
  std::vector<std::uint32_t> words(bytes.size() / 4);
  std::memcpy(words.data(), bytes.data(), words.size() * 4);
  bool has_half = false;
  for (std::size_t i = 5; i < words.size() && (words[i] >> 16) != 0; i += words[i] >> 16)
    has_half = has_half || (words[i] == ((3u << 16) | 22u) && words[i + 2] == 16);
  EXPECT_TRUE(has_half);
  cl_int err = CL_SUCCESS;
  cl_program p = clCreateProgramWithIL(dev.context, bytes.data(), bytes.size(), &err);
  ASSERT_EQ(err, CL_SUCCESS);
  err = clBuildProgram(p, 1, &dev.device, "", nullptr, nullptr);
  ASSERT_EQ(err, CL_SUCCESS);
  cl_kernel k = clCreateKernel(p, "half_ops", &err);
  ASSERT_EQ(err, CL_SUCCESS);
  const std::size_t n = 1024;
  const auto a = sample_halves(n, 41), b = sample_halves(n, 42);
  std::vector<std::uint16_t> out(4 * n, 0);
  std::vector<float> widened(n, 0);
  cl_mem ma = dev.buffer(a), mb = dev.buffer(b), mo = dev.buffer(out), mw = dev.buffer(widened);
  EXPECT_EQ(dev.run(k, {n}, {}, ma, mb, mo, mw), CL_SUCCESS);
  out = dev.read<std::uint16_t>(mo, out.size());
  widened = dev.read<float>(mw, n);
  for (std::size_t i = 0; i < n; ++i) {
    const double x = half_value(a[i]), y = half_value(b[i]);
    const std::uint16_t want[4] = {host_half(x * y), host_half(x / y), host_half(std::sqrt(x)),
                                   reference_half(double(float(x) * 3.0f), Mode::Rtz)};
    for (int j = 0; j < 4; ++j)
      EXPECT_TRUE(same_half(out[4 * i + j], want[j]))
          << j << " of 0x" << std::hex << a[i] << ", 0x" << b[i] << ": 0x" << out[4 * i + j];
    const float sum = float(x) + float(y);
    EXPECT_TRUE(widened[i] == sum || (std::isnan(sum) && std::isnan(widened[i]))) << i;
  }
  clReleaseKernel(k);
  clReleaseProgram(p);
}

INSTANTIATE_TEST_SUITE_P(AsWrittenAndUnoptimised, Half, ::testing::ValuesIn(kOptions),
                         [](const auto& info) { return info.index == 0 ? "AsWritten" : "OptDisable"; });

}  // namespace
}  // namespace clvet::test
