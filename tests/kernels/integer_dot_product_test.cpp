// cl_khr_integer_dot_product on the reference device: the extension and the OpenCL C 3.0
// features __opencl_c_integer_dot_product_input_4x8bit and _packed are listed together with
// CL_DEVICE_INTEGER_DOT_PRODUCT_CAPABILITIES_KHR (both input forms) and the acceleration
// properties queries (nothing accelerated: an interpreter); and dot, dot_acc_sat and the
// 4x8-bit packed forms of every signedness give the host's sums of products, the accumulating
// ones saturated to int or uint (add_sat), under OpenCL C 3.0 and 1.2, as written and with
// -cl-opt-disable.
#include <cstdint>
#include <cstring>
#include <limits>
#include <set>
#include <string>
#include <vector>

#include <CL/cl_ext.h>

#include "reference_device.h"

namespace clvet::test {
namespace {

constexpr const char* kSource = R"(
kernel void dots(global const uint* a, global const uint* b, global const int* acc,
                 global int* out) {
  size_t i = get_global_id(0);
  uint x = a[i], y = b[i];
  char4 sx = as_char4(x), sy = as_char4(y);
  uchar4 ux = as_uchar4(x), uy = as_uchar4(y);
  int c = acc[i];
  global int* o = out + 16 * i;
  o[0] = (int)dot(ux, uy);
  o[1] = dot(sx, sy);
  o[2] = dot(ux, sy);
  o[3] = dot(sx, uy);
  o[4] = (int)dot_acc_sat(ux, uy, (uint)c);
  o[5] = dot_acc_sat(sx, sy, c);
  o[6] = dot_acc_sat(ux, sy, c);
  o[7] = dot_acc_sat(sx, uy, c);
  o[8] = (int)dot_4x8packed_uu_uint(x, y);
  o[9] = dot_4x8packed_ss_int(x, y);
  o[10] = dot_4x8packed_us_int(x, y);
  o[11] = dot_4x8packed_su_int(x, y);
  o[12] = (int)dot_acc_sat_4x8packed_uu_uint(x, y, (uint)c);
  o[13] = dot_acc_sat_4x8packed_ss_int(x, y, c);
  o[14] = dot_acc_sat_4x8packed_us_int(x, y, c);
  o[15] = dot_acc_sat_4x8packed_su_int(x, y, c);
}
)";

// Component i of a 4x8-bit operand (bits 8i to 8i + 7, as char4's component i in memory).
std::int64_t part(std::uint32_t v, int i, bool is_signed) {
  const std::uint8_t byte = std::uint8_t(v >> (8 * i));
  return is_signed ? std::int64_t(std::int8_t(byte)) : std::int64_t(byte);
}
std::int64_t host_dot(std::uint32_t a, std::uint32_t b, bool signed_a, bool signed_b) {
  std::int64_t s = 0;
  for (int i = 0; i < 4; ++i) s += part(a, i, signed_a) * part(b, i, signed_b);
  return s;
}
std::int64_t clamp(std::int64_t v, std::int64_t lo, std::int64_t hi) {
  return v < lo ? lo : v > hi ? hi : v;
}

std::uint64_t next(std::uint64_t& state) {
  state = state * 6364136223846793005ULL + 1442695040888963407ULL;
  return state >> 11 ^ state << 21;
}

std::set<std::string> words(cl_device_id device) {
  std::size_t size = 0;
  clGetDeviceInfo(device, CL_DEVICE_EXTENSIONS, 0, nullptr, &size);
  std::string text(size, '\0');
  clGetDeviceInfo(device, CL_DEVICE_EXTENSIONS, size, text.data(), nullptr);
  std::set<std::string> out;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find_first_of(" \0", start, 2);
    if (end == std::string::npos) end = text.size();
    if (end > start) out.insert(text.substr(start, end - start));
    start = end + 1;
  }
  return out;
}

TEST(IntegerDotProduct, QueriesSayWhatTheDeviceHas) {
  ReferenceDevice dev;
  ASSERT_TRUE(dev.available());
  EXPECT_TRUE(words(dev.device).count("cl_khr_integer_dot_product"));
  cl_device_integer_dot_product_capabilities_khr capabilities = 0;
  ASSERT_EQ(clGetDeviceInfo(dev.device, CL_DEVICE_INTEGER_DOT_PRODUCT_CAPABILITIES_KHR,
                            sizeof capabilities, &capabilities, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(capabilities, cl_device_integer_dot_product_capabilities_khr(
                              CL_DEVICE_INTEGER_DOT_PRODUCT_INPUT_4x8BIT_PACKED_KHR |
                              CL_DEVICE_INTEGER_DOT_PRODUCT_INPUT_4x8BIT_KHR));
  for (cl_device_info param : {cl_device_info{CL_DEVICE_INTEGER_DOT_PRODUCT_ACCELERATION_PROPERTIES_8BIT_KHR},
                               cl_device_info{CL_DEVICE_INTEGER_DOT_PRODUCT_ACCELERATION_PROPERTIES_4x8BIT_PACKED_KHR}}) {
    std::size_t size = 0;
    ASSERT_EQ(clGetDeviceInfo(dev.device, param, 0, nullptr, &size), CL_SUCCESS);
    EXPECT_EQ(size, sizeof(cl_device_integer_dot_product_acceleration_properties_khr));
    cl_device_integer_dot_product_acceleration_properties_khr p;
    std::memset(&p, 0xff, sizeof p);
    ASSERT_EQ(clGetDeviceInfo(dev.device, param, sizeof p, &p, nullptr), CL_SUCCESS);
    for (cl_bool b : {p.signed_accelerated, p.unsigned_accelerated, p.mixed_signedness_accelerated,
                      p.accumulating_saturating_signed_accelerated,
                      p.accumulating_saturating_unsigned_accelerated,
                      p.accumulating_saturating_mixed_signedness_accelerated})
      EXPECT_EQ(b, cl_bool(CL_FALSE));
  }
  // The version listed is the extension's 2.0.0, which added the acceleration queries.
  std::size_t size = 0;
  clGetDeviceInfo(dev.device, CL_DEVICE_EXTENSIONS_WITH_VERSION, 0, nullptr, &size);
  std::vector<cl_name_version> list(size / sizeof(cl_name_version));
  clGetDeviceInfo(dev.device, CL_DEVICE_EXTENSIONS_WITH_VERSION, size, list.data(), nullptr);
  bool found = false;
  for (const cl_name_version& nv : list)
    if (std::string(nv.name) == "cl_khr_integer_dot_product") {
      found = true;
      EXPECT_EQ(nv.version, CL_MAKE_VERSION(2, 0, 0));
    }
  EXPECT_TRUE(found);
}

class IntegerDotProductKernels : public ::testing::TestWithParam<const char*> {};

TEST_P(IntegerDotProductKernels, EveryFormAgainstTheHost) {
  ReferenceDevice dev;
  ASSERT_TRUE(dev.available());
  cl_program p = dev.build(kSource, GetParam());
  ASSERT_TRUE(p);
  cl_kernel k = dev.kernel(p, "dots");
  const std::size_t n = 2048;
  std::vector<cl_uint> a(n), b(n);
  std::vector<cl_int> acc(n);
  std::uint64_t seed = 3;
  const cl_int kAccumulators[] = {0, 1, -1, std::numeric_limits<cl_int>::max(),
                                  std::numeric_limits<cl_int>::min(), 2147483647 - 65000,
                                  -2147483647 + 65000, -300000};
  for (std::size_t i = 0; i < n; ++i) {
    const std::uint64_t r = next(seed);
    a[i] = i < 4 ? std::uint32_t(0x80808080u >> i) : std::uint32_t(r);
    b[i] = i < 4 ? 0x7fff80ffu : std::uint32_t(r >> 32);
    acc[i] = i % 2 ? kAccumulators[(i / 2) % 8] : std::int32_t(next(seed));
  }
  std::vector<cl_int> out(16 * n, 0);
  cl_mem ma = dev.buffer(a), mb = dev.buffer(b), mc = dev.buffer(acc), mo = dev.buffer(out);
  ASSERT_EQ(dev.run(k, {n}, {}, ma, mb, mc, mo), CL_SUCCESS);
  out = dev.read<cl_int>(mo, out.size());
  const std::int64_t kIntMin = std::numeric_limits<cl_int>::min();
  const std::int64_t kIntMax = std::numeric_limits<cl_int>::max();
  const std::int64_t kUIntMax = std::numeric_limits<cl_uint>::max();
  for (std::size_t i = 0; i < n; ++i) {
    const bool forms[4][2] = {{false, false}, {true, true}, {false, true}, {true, false}};
    for (int f = 0; f < 4; ++f) {
      const bool sa = forms[f][0], sb = forms[f][1];
      const std::int64_t d = host_dot(a[i], b[i], sa, sb);
      const bool is_unsigned = !sa && !sb;
      const std::int64_t with_acc =
          is_unsigned ? clamp(d + std::int64_t(std::uint32_t(acc[i])), 0, kUIntMax)
                      : clamp(d + acc[i], kIntMin, kIntMax);
      for (int packed = 0; packed < 2; ++packed) {
        EXPECT_EQ(std::uint32_t(out[16 * i + 8 * packed + f]), std::uint32_t(d))
            << (packed ? "packed " : "") << "form " << f << " of 0x" << std::hex << a[i]
            << ", 0x" << b[i];
        EXPECT_EQ(std::uint32_t(out[16 * i + 8 * packed + 4 + f]), std::uint32_t(with_acc))
            << (packed ? "packed " : "") << "accumulating form " << f << " of 0x" << std::hex
            << a[i] << ", 0x" << b[i] << ", " << std::dec << acc[i];
      }
    }
  }
}

std::string option_name(const ::testing::TestParamInfo<const char*>& info) {
  const std::string options = info.param;
  return std::string(options.find("CL3.0") != std::string::npos ? "CL30" : "CL12") +
         (options.find("opt-disable") != std::string::npos ? "OptDisable" : "");
}

INSTANTIATE_TEST_SUITE_P(OpenCLC, IntegerDotProductKernels,
                         ::testing::Values("-cl-std=CL3.0", "-cl-std=CL3.0 -cl-opt-disable",
                                           "-cl-std=CL1.2", "-cl-std=CL1.2 -cl-opt-disable"),
                         option_name);

}  // namespace
}  // namespace clvet::test
