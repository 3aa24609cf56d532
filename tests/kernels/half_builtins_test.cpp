// The half overloads of the built-in families (cl_khr_fp16; OpenCL C 3.0 §6.15.2 math, §6.15.4
// common, §6.15.5 geometric, §6.15.6 relational) on the reference device, scalar and half8,
// against the host: each function of every half (unary) or of sampled pairs, computed in long
// double and compared with the half column of the SPIR-V environment's table 5 (§6.6.1, the ULP
// values for math instructions, full profile). Exact functions (0 ulp, correctly rounded) must
// give the host's rounding bit for bit. As written and with -cl-opt-disable.
#include <cmath>
#include <cstdint>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "../interpreter/builtins/half_reference.h"
#include "host_half.h"
#include "reference_device.h"

namespace clvet::test {
namespace {

using interp::test::half_value;
using interp::test::is_half_nan;

using LD = long double;
constexpr LD kPi = 3.141592653589793238462643383279502884L;

// x rounded to half is r; how far the device's half `got` is from the exact x, in units of the
// last place of r (the spacing of halves at r's exponent; subnormals' 2^-24 below 2^-14).
double ulps(std::uint16_t got, LD exact) {
  const std::uint16_t r = host_half(exact);
  if (std::isnan(exact)) return is_half_nan(got) ? 0 : 1e9;
  if (is_half_nan(got)) return 1e9;
  if ((r & 0x7fff) == 0x7c00 || std::isinf(exact)) {
    // The exact value rounds to an infinity: the infinity, or the largest half beside it.
    if (got == r) return 0;
    return (got & 0x7fff) == 0x7bff && (got & 0x8000) == (r & 0x8000) ? 1 : 1e9;
  }
  const LD a = std::fabs(half_value(r));
  const int e = a < 0x1p-14L ? -14 : std::ilogb(a);
  const LD ulp = std::ldexp(1.0L, e - 10);
  const LD g = half_value(got);
  if (std::isinf(g)) return 1e9;
  return double(std::fabs(g - exact) / ulp);
}

// sinpi, cospi and tanpi reduced exactly first: x mod 2 is exact, so pi times it is accurate.
LD reduce2(LD x) { return std::fmod(x, 2.0L); }
// tanpi(n + 0.5) is +inf for even n and -inf for odd n (OpenCL C §7.5.1), where tan of the
// rounded pi/2 is finite with either sign.
LD tanpi(LD x) {
  if (std::fabs(std::fmod(x, 1.0L)) == 0.5L) {
    const LD n = x - 0.5L;
    return std::fmod(n, 2.0L) == 0 ? INFINITY : -INFINITY;
  }
  return std::tan(kPi * reduce2(x));
}

struct Function {
  const char* name;
  double limit;  // ulp; 0 means the host's rounding exactly
  std::function<LD(LD)> unary;
  std::function<LD(LD, LD)> binary;
  // Of +0 and -0 the function may return either (IEEE 754's maxNum and minNum leave it open).
  bool either_zero = false;
};

// Table 5's half column (SPIR-V environment §6.6.1).
const std::vector<Function> kUnary = {
    {"acos", 2, [](LD x) { return std::acos(x); }},
    {"acosh", 2, [](LD x) { return std::acosh(x); }},
    {"acospi", 2, [](LD x) { return std::acos(x) / kPi; }},
    {"asin", 2, [](LD x) { return std::asin(x); }},
    {"asinh", 2, [](LD x) { return std::asinh(x); }},
    {"asinpi", 2, [](LD x) { return std::asin(x) / kPi; }},
    {"atan", 2, [](LD x) { return std::atan(x); }},
    {"atanh", 2, [](LD x) { return std::atanh(x); }},
    {"atanpi", 2, [](LD x) { return std::atan(x) / kPi; }},
    {"cbrt", 2, [](LD x) { return std::cbrt(x); }},
    {"ceil", 0, [](LD x) { return std::ceil(x); }},
    {"cos", 2, [](LD x) { return std::cos(x); }},
    {"cosh", 2, [](LD x) { return std::cosh(x); }},
    {"cospi", 2, [](LD x) { return std::cos(kPi * reduce2(x)); }},
    {"erf", 4, [](LD x) { return std::erf(x); }},
    {"erfc", 4, [](LD x) { return std::erfc(x); }},
    {"exp", 2, [](LD x) { return std::exp(x); }},
    {"exp2", 2, [](LD x) { return std::exp2(x); }},
    {"exp10", 2, [](LD x) { return std::pow(10.0L, x); }},
    {"expm1", 2, [](LD x) { return std::expm1(x); }},
    {"fabs", 0, [](LD x) { return std::fabs(x); }},
    {"floor", 0, [](LD x) { return std::floor(x); }},
    {"log", 2, [](LD x) { return std::log(x); }},
    {"log2", 2, [](LD x) { return std::log2(x); }},
    {"log10", 2, [](LD x) { return std::log10(x); }},
    {"log1p", 2, [](LD x) { return std::log1p(x); }},
    {"logb", 0, [](LD x) { return std::logb(x); }},
    {"rint", 0, [](LD x) { return std::nearbyint(x); }},
    {"round", 0, [](LD x) { return std::round(x); }},
    {"rsqrt", 1, [](LD x) { return 1.0L / std::sqrt(x); }},
    {"sin", 2, [](LD x) { return std::sin(x); }},
    {"sinh", 2, [](LD x) { return std::sinh(x); }},
    {"sinpi", 2, [](LD x) { return std::sin(kPi * reduce2(x)); }},
    {"sqrt", 0, [](LD x) { return std::sqrt(x); }},
    {"tan", 2, [](LD x) { return std::tan(x); }},
    {"tanh", 2, [](LD x) { return std::tanh(x); }},
    {"tanpi", 2, [](LD x) { return tanpi(x); }},
    {"tgamma", 4, [](LD x) { return std::tgamma(x); }},
    {"trunc", 0, [](LD x) { return std::trunc(x); }},
    // Common functions (§6.15.4): degrees and radians within 2 ulp, sign exact.
    {"degrees", 2, [](LD x) { return x * (180.0L / kPi); }},
    {"radians", 2, [](LD x) { return x * (kPi / 180.0L); }},
    {"sign", 0, [](LD x) { return x > 0 ? 1.0L : x < 0 ? -1.0L : std::isnan(x) ? 0.0L : x; }},
};

const std::vector<Function> kBinary = {
    {"atan2", 2, nullptr, [](LD y, LD x) { return std::atan2(y, x); }},
    {"atan2pi", 2, nullptr, [](LD y, LD x) { return std::atan2(y, x) / kPi; }},
    {"copysign", 0, nullptr, [](LD x, LD y) { return std::copysign(x, y); }},
    {"fdim", 0, nullptr, [](LD x, LD y) { return std::fdim(x, y); }},
    {"fmax", 0, nullptr, [](LD x, LD y) { return std::fmax(x, y); }, true},
    {"fmin", 0, nullptr, [](LD x, LD y) { return std::fmin(x, y); }, true},
    {"fmod", 0, nullptr, [](LD x, LD y) { return std::fmod(x, y); }},
    {"hypot", 2, nullptr, [](LD x, LD y) { return std::hypot(x, y); }},
    {"maxmag", 0, nullptr,
     [](LD x, LD y) { return std::fabs(x) > std::fabs(y) ? x : std::fabs(y) > std::fabs(x) ? y : std::fmax(x, y); },
     true},
    {"minmag", 0, nullptr,
     [](LD x, LD y) { return std::fabs(x) < std::fabs(y) ? x : std::fabs(y) < std::fabs(x) ? y : std::fmin(x, y); },
     true},
    {"pow", 4, nullptr, [](LD x, LD y) { return std::pow(x, y); }},
    {"remainder", 0, nullptr, [](LD x, LD y) { return std::remainder(x, y); }},
    // Common: max and min (y if x < y), step (0 if x < edge).
    {"max", 0, nullptr, [](LD x, LD y) { return x < y ? y : x; }},
    {"min", 0, nullptr, [](LD x, LD y) { return y < x ? y : x; }},
    {"step", 0, nullptr, [](LD edge, LD x) { return x < edge ? 0.0L : 1.0L; }},
};

// Every half, in order.
std::vector<std::uint16_t> every_half() {
  std::vector<std::uint16_t> v(65536);
  for (std::size_t i = 0; i < v.size(); ++i) v[i] = std::uint16_t(i);
  return v;
}

std::uint64_t next(std::uint64_t& state) {
  state = state * 6364136223846793005ULL + 1442695040888963407ULL;
  return state >> 11 ^ state << 21;
}

// One kernel applying each function to its arguments, as scalars (kernel "scalar") and as
// half8 (kernel "vector"), writing function k's results at out[k * n + i].
std::string program_of(const std::vector<Function>& functions, bool binary) {
  std::string s = "#pragma OPENCL EXTENSION cl_khr_fp16 : enable\n";
  s += binary ? "kernel void scalar(global const half* x, global const half* y, global half* out, "
                "uint n) {\n  size_t i = get_global_id(0);\n"
              : "kernel void scalar(global const half* x, global half* out, uint n) {\n"
                "  size_t i = get_global_id(0);\n";
  for (std::size_t k = 0; k < functions.size(); ++k)
    s += "  out[" + std::to_string(k) + " * n + i] = " + functions[k].name +
         (binary ? "(x[i], y[i]);\n" : "(x[i]);\n");
  s += "}\n";
  s += binary ? "kernel void vector(global const half* x, global const half* y, global half* out, "
                "uint n) {\n  size_t i = get_global_id(0);\n"
              : "kernel void vector(global const half* x, global half* out, uint n) {\n"
                "  size_t i = get_global_id(0);\n";
  for (std::size_t k = 0; k < functions.size(); ++k)
    s += "  vstore8(" + std::string(functions[k].name) +
         (binary ? "(vload8(i, x), vload8(i, y))" : "(vload8(i, x))") + ", i, out + " +
         std::to_string(k) + " * n);\n";
  return s + "}\n";
}

class HalfBuiltins : public ::testing::TestWithParam<const char*> {
 protected:
  void SetUp() override {
    if (!dev.available()) GTEST_FAIL() << "the clvet platform is not visible through the loader";
  }

  // Runs both kernels of `functions` and checks every result against the host; `y` is empty
  // for unary functions.
  void check(const std::vector<Function>& functions, const std::vector<std::uint16_t>& x,
             const std::vector<std::uint16_t>& y) {
    const bool binary = !y.empty();
    cl_program p = dev.build(program_of(functions, binary), GetParam());
    ASSERT_TRUE(p);
    const cl_uint n = cl_uint(x.size());
    for (const char* name : {"scalar", "vector"}) {
      cl_kernel k = dev.kernel(p, name);
      ASSERT_TRUE(k);
      std::vector<std::uint16_t> out(functions.size() * n, 0xffff);
      cl_mem mx = dev.buffer(x), mo = dev.buffer(out);
      const std::size_t items = std::string(name) == "scalar" ? n : n / 8;
      if (binary) {
        cl_mem my = dev.buffer(y);
        ASSERT_EQ(dev.run(k, {items}, {}, mx, my, mo, n), CL_SUCCESS);
      } else {
        ASSERT_EQ(dev.run(k, {items}, {}, mx, mo, n), CL_SUCCESS);
      }
      out = dev.read<std::uint16_t>(mo, out.size());
      for (std::size_t f = 0; f < functions.size(); ++f) {
        const Function& fn = functions[f];
        std::size_t beyond = 0, not_host = 0;
        double worst = 0;
        for (std::size_t i = 0; i < n; ++i) {
          const LD a = half_value(x[i]);
          const LD exact = binary ? fn.binary(a, half_value(y[i])) : fn.unary(a);
          const std::uint16_t got = out[f * n + i];
          const double e = ulps(got, exact);
          const std::uint16_t host = host_half(exact);
          const bool same = got == host || (is_half_nan(got) && is_half_nan(host)) ||
                            ((fn.limit > 0 || fn.either_zero) && got == (host ^ 0x8000) &&
                             (host & 0x7fff) == 0);
          if (!same) ++not_host;
          const bool ok = fn.limit == 0 ? same : e <= fn.limit;
          if (!ok && ++beyond <= 3)
            ADD_FAILURE() << name << " " << fn.name << "(0x" << std::hex << x[i]
                          << (binary ? ", 0x" : "") << (binary ? y[i] : 0) << std::dec << " = "
                          << double(a) << ") = 0x" << std::hex << got << " want 0x" << host
                          << std::dec << " (" << e << " ulp, limit " << fn.limit << ")";
          if (std::isfinite(e) && e < 1e8) worst = std::max(worst, e);
        }
        EXPECT_EQ(beyond, 0u) << name << " " << fn.name;
        // Not asserted (the limit is): how far from correctly rounded the device is.
        RecordProperty(std::string(name) + "_" + fn.name,
                       std::to_string(not_host) + " not the host's rounding, worst " +
                           std::to_string(worst) + " ulp");
      }
    }
  }

  ReferenceDevice dev;
};

// Every half through each unary math and common function.
TEST_P(HalfBuiltins, UnaryMathAndCommonOnEveryHalf) { check(kUnary, every_half(), {}); }

// Pairs of halves: random bit patterns, and pairs of the special values and near-equal ones.
TEST_P(HalfBuiltins, BinaryMathAndCommonOnSampledPairs) {
  std::vector<std::uint16_t> x, y;
  const std::uint16_t special[] = {0x0000, 0x8000, 0x7c00, 0xfc00, 0x7e00, 0x0001, 0x3c00,
                                   0xbc00, 0x7bff, 0x4000, 0x3800, 0xc200};
  for (std::uint16_t a : special)
    for (std::uint16_t b : special) {
      x.push_back(a);
      y.push_back(b);
    }
  std::uint64_t seed = 77;
  while (x.size() % 8 != 0 || x.size() < 16384) {
    const std::uint64_t r = next(seed);
    x.push_back(std::uint16_t(r));
    // Every fourth pair near each other (fmod, remainder and fdim's interesting cases).
    y.push_back(r % 4 == 0 ? std::uint16_t((r & 0xffff) + (r >> 16) % 16 - 8) : std::uint16_t(r >> 20));
  }
  check(kBinary, x, y);
}

// The functions with an out-pointer or an integer side (fract, modf, frexp, ldexp, pown, rootn,
// remquo, sincos, ilogb, nan), powr, and the three-argument common functions (clamp exact, mix
// and smoothstep implementation-defined: their formulas within a half's rounding).
TEST_P(HalfBuiltins, MathWithIntegersAndPointersAndCommonOfThree) {
  cl_program p = dev.build(R"(
    #pragma OPENCL EXTENSION cl_khr_fp16 : enable
    kernel void k(global const half* x, global const half* y, global const int* n,
                  global half* out, global int* ints) {
      size_t i = get_global_id(0);
      half a = x[i], b = y[i], whole, c;
      int e, q;
      out[12 * i + 0] = fract(a, &whole);
      out[12 * i + 1] = whole;
      out[12 * i + 2] = modf(a, &whole);
      out[12 * i + 3] = whole;
      out[12 * i + 4] = frexp(a, &e);
      ints[4 * i + 0] = e;
      out[12 * i + 5] = ldexp(a, n[i]);
      out[12 * i + 6] = remquo(a, b, &q);
      ints[4 * i + 1] = q;
      out[12 * i + 7] = sincos(a, &c);
      out[12 * i + 8] = c;
      ints[4 * i + 2] = ilogb(a);
      out[12 * i + 9] = clamp(a, (half)-2.0h, (half)3.5h);
      out[12 * i + 10] = pown(a, n[i] % 5);
      out[12 * i + 11] = as_half(nan((ushort)(i & 0x1ff))) == as_half(nan((ushort)(i & 0x1ff)))
                             ? 1.0h : (half)isnan(nan((ushort)i));
      ints[4 * i + 3] = as_ushort(nan((ushort)(i & 0x1ff)));
    })", GetParam());
  ASSERT_TRUE(p);
  cl_kernel k = dev.kernel(p, "k");
  const std::size_t count = 8192;
  std::vector<std::uint16_t> x(count), y(count);
  std::vector<cl_int> n(count);
  std::uint64_t seed = 5;
  for (std::size_t i = 0; i < count; ++i) {
    const std::uint64_t r = next(seed);
    x[i] = i < 16 ? std::uint16_t(std::vector<std::uint16_t>{0x0000, 0x8000, 0x7c00, 0xfc00, 0x7e00,
                                                             0x0001, 0x8001, 0xbbff, 0x3bff, 0x3c00,
                                                             0xbc00, 0x7bff, 0x0400, 0x03ff, 0x3800,
                                                             0xb800}[i])
                  : std::uint16_t(r);
    y[i] = std::uint16_t(r >> 16);
    n[i] = int((r >> 32) % 60) - 30;
  }
  std::vector<std::uint16_t> out(12 * count, 0);
  std::vector<cl_int> ints(4 * count, 0);
  cl_mem mx = dev.buffer(x), my = dev.buffer(y), mn = dev.buffer(n), mo = dev.buffer(out),
         mi = dev.buffer(ints);
  ASSERT_EQ(dev.run(k, {count}, {}, mx, my, mn, mo, mi), CL_SUCCESS);
  out = dev.read<std::uint16_t>(mo, out.size());
  ints = dev.read<cl_int>(mi, ints.size());
  auto same = [](std::uint16_t got, std::uint16_t want) {
    return got == want || (is_half_nan(got) && is_half_nan(want));
  };
  std::size_t failures = 0;
  for (std::size_t i = 0; i < count && failures < 10; ++i) {
    const LD a = half_value(x[i]), b = half_value(y[i]);
    // fract: min(a - floor(a), the half below 1); ±0 for ±0, ±0 and the infinity itself for
    // infinities (§7.5.1).
    LD fl = std::floor(a);
    LD fr = std::isinf(a) ? std::copysign(0.0L, a) : a == 0 ? a : std::fmin(a - fl, 0x1.ffcp-1L);
    if (std::isnan(a)) fr = fl = a;
    LD ip = 0;
    const LD mf = std::modf(a, &ip);
    int ex = 0;
    const LD fx = std::isfinite(a) ? std::frexp(a, &ex) : a;
    const LD rq = std::remainder(a, b);
    const std::uint16_t want[11] = {
        host_half(fr), host_half(fl), host_half(mf), host_half(ip), host_half(fx),
        host_half(std::ldexp(a, n[i])), host_half(rq), 0, 0, host_half(std::fmin(std::fmax(a, -2.0L), 3.5L)),
        host_half(std::pow(a, LD(n[i] % 5)))};
    for (int j : {0, 1, 2, 3, 4, 5, 6, 9})
      if (!same(out[12 * i + j], want[j]) && ++failures)
        ADD_FAILURE() << "result " << j << " of 0x" << std::hex << x[i] << ", 0x" << y[i] << ", "
                      << std::dec << n[i] << ": 0x" << std::hex << out[12 * i + j] << " want 0x"
                      << want[j];
    // pown within 4 ulp; sine and cosine within 2 (table 5).
    EXPECT_LE(ulps(out[12 * i + 10], std::pow(a, LD(n[i] % 5))), 4) << std::hex << x[i];
    EXPECT_LE(ulps(out[12 * i + 7], std::sin(a)), 2) << std::hex << x[i];
    EXPECT_LE(ulps(out[12 * i + 8], std::cos(a)), 2) << std::hex << x[i];
    if (std::isfinite(a) && a != 0) {
      EXPECT_EQ(ints[4 * i], ex) << std::hex << x[i];
      EXPECT_EQ(ints[4 * i + 2], std::ilogb(a)) << std::hex << x[i];
    }
    // remquo's quotient: the low seven bits of round(a / b) with its sign (table 5); glibc's
    // gives three, so it is found from the exact remainder: (a - r) / b is that integer, exact
    // in long double.
    if (!std::isnan(rq) && std::isfinite(a) && std::isfinite(b) && b != 0) {
      const LD whole_quotient = std::fabs((a - rq) / b);
      const int low = int(std::fmod(whole_quotient, 128.0L));
      const bool negative = std::signbit(a) != std::signbit(b);
      EXPECT_EQ(ints[4 * i + 1], negative ? -low : low) << std::hex << x[i] << " " << y[i];
    }
    // nan(code) is a quiet NaN (§6.15.2: the code in its mantissa).
    EXPECT_TRUE(is_half_nan(std::uint16_t(ints[4 * i + 3])));
    EXPECT_EQ(out[12 * i + 11], 0x3c00 /* isnan(nan) is 1, and a NaN never equals itself */)
        << i;
  }
  EXPECT_EQ(failures, 0u);
}

// Geometric functions on half2, half3 and half4 (§6.15.5): dot and cross within table 5's
// absolute tolerances, length, distance and normalize within their ulp formulas, all computed
// here in long double.
TEST_P(HalfBuiltins, GeometricFunctions) {
  cl_program p = dev.build(R"(
    #pragma OPENCL EXTENSION cl_khr_fp16 : enable
    kernel void k(global const half* a, global const half* b, global half* out) {
      size_t i = get_global_id(0);
      half4 u = vload4(i, a), v = vload4(i, b);
      out[16 * i + 0] = dot(u, v);
      out[16 * i + 1] = dot(u.xy, v.xy);
      out[16 * i + 2] = length(u);
      out[16 * i + 3] = length(u.xyz);
      out[16 * i + 4] = distance(u, v);
      vstore4(normalize(u), 0, out + 16 * i + 5);
      vstore3(cross(u.xyz, v.xyz), 0, out + 16 * i + 9);
      half4 c4 = cross(u, v);
      out[16 * i + 12] = c4.w;
      out[16 * i + 13] = dot(u.x, v.x);
      out[16 * i + 14] = length(u.x);
      out[16 * i + 15] = distance(u.xy, v.xy);
    })", GetParam());
  ASSERT_TRUE(p);
  cl_kernel k = dev.kernel(p, "k");
  const std::size_t count = 2048;
  std::vector<std::uint16_t> a(4 * count), b(4 * count);
  std::uint64_t seed = 11;
  for (std::size_t i = 0; i < a.size(); ++i) {
    const std::uint64_t r = next(seed);
    // Moderate magnitudes, so that sums of products stay finite in half.
    a[i] = host_half(LD(int(r % 2001) - 1000) / 64.0L);
    b[i] = host_half(LD(int((r >> 16) % 2001) - 1000) / 128.0L);
  }
  std::vector<std::uint16_t> out(16 * count, 0);
  cl_mem ma = dev.buffer(a), mb = dev.buffer(b), mo = dev.buffer(out);
  ASSERT_EQ(dev.run(k, {count}, {}, ma, mb, mo), CL_SUCCESS);
  out = dev.read<std::uint16_t>(mo, out.size());
  constexpr LD kEpsilon = 0x1p-10L;  // HLF_EPSILON
  for (std::size_t i = 0; i < count; ++i) {
    LD u[4], v[4], maximum = 0;
    for (int c = 0; c < 4; ++c) {
      u[c] = half_value(a[4 * i + c]);
      v[c] = half_value(b[4 * i + c]);
      maximum = std::max({maximum, std::fabs(u[c]), std::fabs(v[c])});
    }
    auto dot_n = [&](int n) {
      LD s = 0;
      for (int c = 0; c < n; ++c) s += u[c] * v[c];
      return s;
    };
    auto norm = [](const LD* p, int n) {
      LD s = 0;
      for (int c = 0; c < n; ++c) s += p[c] * p[c];
      return std::sqrt(s);
    };
    LD d[4];
    for (int c = 0; c < 4; ++c) d[c] = u[c] - v[c];
    const LD dot_tolerance4 = maximum * maximum * (2 * 3) * kEpsilon;
    EXPECT_LE(std::fabs(half_value(out[16 * i]) - dot_n(4)), dot_tolerance4 + 1e-7L) << i;
    EXPECT_LE(std::fabs(half_value(out[16 * i + 1]) - dot_n(2)), maximum * maximum * 2 * kEpsilon + 1e-7L) << i;
    EXPECT_EQ(out[16 * i + 13], host_half(u[0] * v[0])) << i;  // width 1: the product, rounded
    // length: <= 2 * (3 + 0.5 * 0.5 * n) + 0.5 * (n - 1) ulp; distance: 2 * (3 + 0.75 n) +
    // 0.5 (n - 1); normalize: 2 * (2.5 + 0.25 n) + 0.5 (n - 1).
    EXPECT_LE(ulps(out[16 * i + 2], norm(u, 4)), 2 * (3 + 0.25 * 4) + 0.5 * 3) << i;
    EXPECT_LE(ulps(out[16 * i + 3], norm(u, 3)), 2 * (3 + 0.25 * 3) + 0.5 * 2) << i;
    EXPECT_LE(ulps(out[16 * i + 14], std::fabs(u[0])), 2 * (3 + 0.25)) << i;
    // distance rounds the differences to half first (as length(p0 - p1) does).
    LD dh[4];
    for (int c = 0; c < 4; ++c) dh[c] = half_value(host_half(d[c]));
    EXPECT_LE(ulps(out[16 * i + 4], norm(dh, 4)), 2 * (3 + 0.75 * 4) + 0.5 * 3) << i;
    EXPECT_LE(ulps(out[16 * i + 15], norm(dh, 2)), 2 * (3 + 0.75 * 2) + 0.5) << i;
    const LD len = norm(u, 4);
    for (int c = 0; c < 4; ++c)
      if (len > 0) {
        EXPECT_LE(ulps(out[16 * i + 5 + c], u[c] / len), 2 * (2.5 + 0.25 * 4) + 0.5 * 3)
            << i << "." << c;
      }
    const LD cross[3] = {u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2],
                         u[0] * v[1] - u[1] * v[0]};
    for (int c = 0; c < 3; ++c)
      EXPECT_LE(std::fabs(half_value(out[16 * i + 9 + c]) - cross[c]),
                maximum * maximum * 3 * kEpsilon + 1e-7L)
          << i << "." << c;
    EXPECT_EQ(out[16 * i + 12], 0x0000) << "cross's w is 0 (§6.15.5)";
  }
}

// Relational functions (§6.15.6): a scalar half test gives int 1 or 0, a halfn test shortn -1
// or 0; select and bitselect on half vectors move bits; isequal and the others compare quietly.
TEST_P(HalfBuiltins, RelationalFunctions) {
  cl_program p = dev.build(R"(
    #pragma OPENCL EXTENSION cl_khr_fp16 : enable
    kernel void k(global const half* a, global const half* b, global int* scalar,
                  global short* vector, global half* chosen) {
      size_t i = get_global_id(0);
      half x = a[i], y = b[i];
      scalar[14 * i + 0] = isequal(x, y);
      scalar[14 * i + 1] = isnotequal(x, y);
      scalar[14 * i + 2] = isgreater(x, y);
      scalar[14 * i + 3] = isgreaterequal(x, y);
      scalar[14 * i + 4] = isless(x, y);
      scalar[14 * i + 5] = islessequal(x, y);
      scalar[14 * i + 6] = islessgreater(x, y);
      scalar[14 * i + 7] = isfinite(x);
      scalar[14 * i + 8] = isinf(x);
      scalar[14 * i + 9] = isnan(x);
      scalar[14 * i + 10] = isnormal(x);
      scalar[14 * i + 11] = isordered(x, y);
      scalar[14 * i + 12] = isunordered(x, y);
      scalar[14 * i + 13] = signbit(x);
      half2 u = (half2)(x, y), v = (half2)(y, x);
      short2 lt = isless(u, v), nan = isnan(u);
      vstore2(lt, 0, vector + 4 * i);
      vstore2(nan, 0, vector + 4 * i + 2);
      half2 s = select(u, v, lt);
      chosen[3 * i + 0] = s.x;
      chosen[3 * i + 1] = s.y;
      chosen[3 * i + 2] = bitselect(x, y, as_half((ushort)0x00ff));
    })", GetParam());
  ASSERT_TRUE(p);
  cl_kernel k = dev.kernel(p, "k");
  const std::size_t count = 4096;
  std::vector<std::uint16_t> a(count), b(count);
  std::uint64_t seed = 21;
  const std::uint16_t special[] = {0x0000, 0x8000, 0x7c00, 0xfc00, 0x7e00, 0x0001, 0x03ff, 0x0400};
  for (std::size_t i = 0; i < count; ++i) {
    const std::uint64_t r = next(seed);
    a[i] = i < 64 ? special[i % 8] : std::uint16_t(r);
    b[i] = i < 64 ? special[i / 8] : r % 3 == 0 ? a[i] : std::uint16_t(r >> 16);
  }
  std::vector<cl_int> scalar(14 * count, -7);
  std::vector<cl_short> vector(4 * count, -7);
  std::vector<std::uint16_t> chosen(3 * count, 0);
  cl_mem ma = dev.buffer(a), mb = dev.buffer(b), ms = dev.buffer(scalar), mv = dev.buffer(vector),
         mc = dev.buffer(chosen);
  ASSERT_EQ(dev.run(k, {count}, {}, ma, mb, ms, mv, mc), CL_SUCCESS);
  scalar = dev.read<cl_int>(ms, scalar.size());
  vector = dev.read<cl_short>(mv, vector.size());
  chosen = dev.read<std::uint16_t>(mc, chosen.size());
  for (std::size_t i = 0; i < count; ++i) {
    const double x = half_value(a[i]), y = half_value(b[i]);
    // Normal as a half: at least half's least normal value, 0x1p-14 (the double is normal
    // for every half subnormal too).
    const bool normal = std::isfinite(x) && std::fabs(x) >= 0x1p-14;
    const int want[14] = {x == y, x != y, std::isgreater(x, y), std::isgreaterequal(x, y),
                          std::isless(x, y), std::islessequal(x, y), std::islessgreater(x, y),
                          std::isfinite(x), std::isinf(x), std::isnan(x), normal,
                          !std::isunordered(x, y), std::isunordered(x, y), (a[i] & 0x8000) != 0};
    for (int j = 0; j < 14; ++j)
      EXPECT_EQ(scalar[14 * i + j], want[j]) << "test " << j << " of 0x" << std::hex << a[i]
                                             << ", 0x" << b[i];
    EXPECT_EQ(vector[4 * i + 0], std::isless(x, y) ? -1 : 0);
    EXPECT_EQ(vector[4 * i + 1], std::isless(y, x) ? -1 : 0);
    EXPECT_EQ(vector[4 * i + 2], std::isnan(x) ? -1 : 0);
    EXPECT_EQ(vector[4 * i + 3], std::isnan(y) ? -1 : 0);
    EXPECT_EQ(chosen[3 * i + 0], std::isless(x, y) ? b[i] : a[i]);
    EXPECT_EQ(chosen[3 * i + 1], std::isless(y, x) ? a[i] : b[i]);
    EXPECT_EQ(chosen[3 * i + 2], std::uint16_t((a[i] & 0xff00) | (b[i] & 0x00ff)));
  }
}

// mix and smoothstep on half4 with scalar factors (§6.15.4): implementation-defined precision
// (table 5), checked within 2 ulp of their formulas computed exactly.
TEST_P(HalfBuiltins, MixAndSmoothstep) {
  cl_program p = dev.build(R"(
    #pragma OPENCL EXTENSION cl_khr_fp16 : enable
    kernel void k(global const half* a, global const half* b, global half* out) {
      size_t i = get_global_id(0);
      half4 x = vload4(i, a), y = vload4(i, b);
      vstore4(mix(x, y, (half)0.25h), 0, out + 8 * i);
      vstore4(smoothstep((half)-1.0h, (half)2.0h, x), 0, out + 8 * i + 4);
    })", GetParam());
  ASSERT_TRUE(p);
  cl_kernel k = dev.kernel(p, "k");
  const std::size_t count = 1024;
  std::vector<std::uint16_t> a(4 * count), b(4 * count);
  std::uint64_t seed = 31;
  for (std::size_t i = 0; i < a.size(); ++i) {
    const std::uint64_t r = next(seed);
    a[i] = host_half(LD(int(r % 4001) - 2000) / 1000.0L);
    b[i] = host_half(LD(int((r >> 16) % 4001) - 2000) / 1000.0L);
  }
  std::vector<std::uint16_t> out(8 * count, 0);
  cl_mem ma = dev.buffer(a), mb = dev.buffer(b), mo = dev.buffer(out);
  ASSERT_EQ(dev.run(k, {count}, {}, ma, mb, mo), CL_SUCCESS);
  out = dev.read<std::uint16_t>(mo, out.size());
  for (std::size_t i = 0; i < a.size(); ++i) {
    const LD x = half_value(a[i]), y = half_value(b[i]);
    const std::size_t item = i / 4, c = i % 4;
    EXPECT_LE(ulps(out[8 * item + c], x + (y - x) * 0.25L), 2) << std::hex << a[i] << " " << b[i];
    const LD t = std::fmin(std::fmax((x + 1) / 3, 0.0L), 1.0L);
    const double e = ulps(out[8 * item + 4 + c], t * t * (3 - 2 * t));
    // Near zero the formula's absolute error dominates: 2 ulp or 2^-11 absolutely.
    EXPECT_TRUE(e <= 2 || std::fabs(half_value(out[8 * item + 4 + c]) - t * t * (3 - 2 * t)) < 0x1p-11L)
        << std::hex << a[i] << " " << e;
  }
}

INSTANTIATE_TEST_SUITE_P(AsWrittenAndUnoptimised, HalfBuiltins,
                         ::testing::Values("", "-cl-opt-disable"),
                         [](const auto& info) { return info.index == 0 ? "AsWritten" : "OptDisable"; });

}  // namespace
}  // namespace clvet::test
