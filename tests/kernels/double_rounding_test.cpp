// The rounding modes of double precision where OpenCL C can ask for them (OpenCL C 1.2 §6.2.3.2:
// the _rte, _rtz, _rtp and _rtn conversions), which CL_DEVICE_DOUBLE_FP_CONFIG's
// CL_FP_ROUND_TO_ZERO and CL_FP_ROUND_TO_INF promise: double to float, double to int and long to
// double in each mode on the reference device, and vstore_half_rte/rtz/rtp/rtn of doubles
// (§6.12.7), bit for bit against the host's conversions made under fesetround (IEEE 754's
// directed roundings).
#include <algorithm>
#include <cfenv>
#include <cstdint>
#include <cstring>

#include "reference_device.h"

using clvet::test::ReferenceDevice;

namespace {

constexpr int kModes[4] = {FE_TONEAREST, FE_TOWARDZERO, FE_UPWARD, FE_DOWNWARD};  // rte rtz rtp rtn

// The host's conversions in a rounding mode: volatile operands keep the compiler from folding
// them at the default mode.
float host_float(double x, int mode) {
  std::fesetround(mode);
  volatile double v = x;
  volatile float r = static_cast<float>(v);
  std::fesetround(FE_TONEAREST);
  return r;
}
double host_double(std::int64_t x, int mode) {
  std::fesetround(mode);
  volatile std::int64_t v = x;
  volatile double r = static_cast<double>(v);
  std::fesetround(FE_TONEAREST);
  return r;
}
// convert_int_sat_*: rounded to an integer in the mode, then clamped (§6.2.3.3).
std::int32_t host_int(double x, int mode) {
  if (std::isnan(x)) return 0;
  std::fesetround(mode);
  volatile double v = x;
  double r = std::nearbyint(v);
  std::fesetround(FE_TONEAREST);
  if (r >= 2147483647.0) return 2147483647;
  if (r <= -2147483648.0) return -2147483647 - 1;
  return static_cast<std::int32_t>(r);
}

std::uint64_t next(std::uint64_t& state) {
  state = state * 6364136223846793005ULL + 1442695040888963407ULL;
  return state >> 11 ^ state << 21;
}

// Doubles over the whole range of float and beyond it: random significands at exponents from
// float's subnormals to past FLT_MAX, exact halfway points between floats, and the special values.
std::vector<double> inputs(std::size_t n) {
  std::vector<double> v = {0.0, -0.0, INFINITY, -INFINITY, NAN, 3.4028234663852886e38,
                           3.4028235677973366e38, -3.4028235677973366e38, 1.401298464324817e-45,
                           7.006492321624085e-46, -7.006492321624087e-46, 1.0000000596046448,
                           -1.0000000596046448, 1.0000001788139343};
  std::uint64_t s = 12345;
  while (v.size() < n) {
    std::uint64_t bits = next(s);
    const std::uint64_t exponent = 1023 - 160 + next(s) % 300;  // 2^-160 .. 2^140
    bits = (bits & 0x800fffffffffffffULL) | (exponent << 52);
    double d;
    std::memcpy(&d, &bits, sizeof d);
    if (v.size() % 7 == 0) {  // a float plus half its ulp: ties go by the mode
      const float f = static_cast<float>(d);
      const double up = static_cast<double>(std::nextafterf(f, INFINITY));
      if (std::isfinite(up)) d = static_cast<double>(f) + (up - static_cast<double>(f)) / 2;
    }
    v.push_back(d);
  }
  return v;
}

std::uint64_t bits(double d) {
  std::uint64_t b;
  std::memcpy(&b, &d, sizeof b);
  return b;
}
std::uint32_t bits(float f) {
  std::uint32_t b;
  std::memcpy(&b, &f, sizeof b);
  return b;
}

TEST(DoubleRounding, ConversionsInEachModeAsTheHost) {
  ReferenceDevice dev;
  ASSERT_TRUE(dev.available());
  cl_program p = dev.build(R"(
    #pragma OPENCL EXTENSION cl_khr_fp64 : enable
    kernel void modes(global const double* x, global const double* y, global const long* z,
                      global float* f, global int* i, global double* d) {
      size_t g = get_global_id(0);
      f[4 * g] = convert_float_rte(x[g]);
      f[4 * g + 1] = convert_float_rtz(x[g]);
      f[4 * g + 2] = convert_float_rtp(x[g]);
      f[4 * g + 3] = convert_float_rtn(x[g]);
      i[4 * g] = convert_int_sat_rte(y[g]);
      i[4 * g + 1] = convert_int_sat_rtz(y[g]);
      i[4 * g + 2] = convert_int_sat_rtp(y[g]);
      i[4 * g + 3] = convert_int_sat_rtn(y[g]);
      d[4 * g] = convert_double_rte(z[g]);
      d[4 * g + 1] = convert_double_rtz(z[g]);
      d[4 * g + 2] = convert_double_rtp(z[g]);
      d[4 * g + 3] = convert_double_rtn(z[g]);
    })");
  ASSERT_TRUE(p);
  cl_kernel k = dev.kernel(p, "modes");
  constexpr std::size_t n = 2048;
  std::vector<double> x = inputs(n), y(n);
  std::vector<cl_long> z(n);
  std::uint64_t s = 99;
  for (std::size_t g = 0; g < n; ++g) {
    // Integers and fractions around int's range, halves included; longs past 2^53.
    y[g] = (static_cast<double>(next(s) % 6000000000ULL) - 3000000000.0) / (g % 3 == 0 ? 1 : 4);
    z[g] = static_cast<cl_long>(next(s)) >> (g % 11);
  }
  cl_mem mx = dev.buffer(x), my = dev.buffer(y), mz = dev.buffer(z);
  cl_mem mf = dev.buffer(std::vector<float>(4 * n)), mi = dev.buffer(std::vector<cl_int>(4 * n)),
         md = dev.buffer(std::vector<double>(4 * n));
  ASSERT_EQ(dev.run(k, {n}, {64}, mx, my, mz, mf, mi, md), CL_SUCCESS);
  std::vector<float> f = dev.read<float>(mf, 4 * n);
  std::vector<cl_int> i = dev.read<cl_int>(mi, 4 * n);
  std::vector<double> d = dev.read<double>(md, 4 * n);
  int wrong = 0;
  for (std::size_t g = 0; g < n && wrong < 20; ++g)
    for (int m = 0; m < 4; ++m) {
      const float want_f = host_float(x[g], kModes[m]);
      if (!(std::isnan(want_f) && std::isnan(f[4 * g + m])) && bits(want_f) != bits(f[4 * g + m])) {
        ADD_FAILURE() << "convert_float mode " << m << " of " << std::hexfloat << x[g] << ": "
                      << f[4 * g + m] << ", the host " << want_f;
        ++wrong;
      }
      const std::int32_t want_i = host_int(y[g], kModes[m]);
      if (want_i != i[4 * g + m]) {
        ADD_FAILURE() << "convert_int_sat mode " << m << " of " << y[g] << ": " << i[4 * g + m]
                      << ", the host " << want_i;
        ++wrong;
      }
      const double want_d = host_double(z[g], kModes[m]);
      if (bits(want_d) != bits(d[4 * g + m])) {
        ADD_FAILURE() << "convert_double mode " << m << " of " << z[g] << ": " << std::hexfloat
                      << d[4 * g + m] << ", the host " << want_d;
        ++wrong;
      }
    }
}

std::uint16_t host_half(double x, int mode) {
  std::fesetround(mode);
  volatile double v = x;
  volatile _Float16 h = static_cast<_Float16>(v);
  std::fesetround(FE_TONEAREST);
  const _Float16 copy = h;
  std::uint16_t b;
  std::memcpy(&b, &copy, sizeof b);
  return b;
}

bool half_is_nan(std::uint16_t b) { return (b & 0x7c00) == 0x7c00 && (b & 0x3ff) != 0; }

// vstore_half_<mode> of a double rounds it once, in that mode, to half (§6.12.7): doubles over
// half's whole range and past it (subnormal halves, overflow to infinity or to 65504), ties.
TEST(DoubleRounding, VstoreHalfInEachModeAsTheHost) {
  ReferenceDevice dev;
  ASSERT_TRUE(dev.available());
  cl_program p = dev.build(R"(
    #pragma OPENCL EXTENSION cl_khr_fp64 : enable
    kernel void halves(global const double* x, global half* h) {
      size_t g = get_global_id(0);
      vstore_half_rte(x[g], 4 * g, h);
      vstore_half_rtz(x[g], 4 * g + 1, h);
      vstore_half_rtp(x[g], 4 * g + 2, h);
      vstore_half_rtn(x[g], 4 * g + 3, h);
    })");
  ASSERT_TRUE(p);
  cl_kernel k = dev.kernel(p, "halves");
  constexpr std::size_t n = 2048;
  std::vector<double> x = {0.0, -0.0, INFINITY, -INFINITY, NAN, 65504.0, 65520.0, -65520.0,
                           65536.0, 5.960464477539063e-08, 2.9802322387695312e-08,
                           -2.9802322387695312e-08, 1.0 + 1.0 / 2048, 1.0 + 3.0 / 2048};
  std::uint64_t s = 7;
  while (x.size() < n) {
    std::uint64_t bits = next(s);
    const std::uint64_t exponent = 1023 - 28 + next(s) % 48;  // 2^-28 .. 2^19
    bits = (bits & 0x800fffffffffffffULL) | (exponent << 52);
    double d;
    std::memcpy(&d, &bits, sizeof d);
    if (x.size() % 5 == 0) {  // halfway between two halves: ties go by the mode
      const int e = std::max(std::ilogb(d), -14) - 10;   // the exponent of a half's ulp there
      d = std::ldexp(std::floor(std::ldexp(d, -e)) + 0.5, e);
    }
    x.push_back(d);
  }
  cl_mem mx = dev.buffer(x), mh = dev.buffer(std::vector<cl_half>(4 * n));
  ASSERT_EQ(dev.run(k, {n}, {64}, mx, mh), CL_SUCCESS);
  std::vector<cl_half> h = dev.read<cl_half>(mh, 4 * n);
  int wrong = 0;
  for (std::size_t g = 0; g < n && wrong < 20; ++g)
    for (int m = 0; m < 4; ++m) {
      const std::uint16_t want = host_half(x[g], kModes[m]), got = h[4 * g + m];
      if (want != got && !(half_is_nan(want) && half_is_nan(got))) {
        ADD_FAILURE() << "vstore_half mode " << m << " of " << std::hexfloat << x[g] << ": 0x"
                      << std::hex << got << ", the host 0x" << want;
        ++wrong;
      }
    }
}

}  // namespace
