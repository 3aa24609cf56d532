// OpenCL C's predefined macros that describe the device (OpenCL C 3.0 §6.12, 1.2 §6.10) say
// what the device's queries answer: __OPENCL_VERSION__ its CL_DEVICE_VERSION, __IMAGE_SUPPORT__
// defined exactly when CL_DEVICE_IMAGE_SUPPORT is CL_TRUE, __ENDIAN_LITTLE__ when
// CL_DEVICE_ENDIAN_LITTLE is, __EMBEDDED_PROFILE__ only for an EMBEDDED_PROFILE device; and
// __OPENCL_C_VERSION__ the language the program is compiled as. Each under every -cl-std the
// device accepts, as written and with -cl-opt-disable.
#include <cstdio>
#include <string>
#include <vector>

#include "reference_device.h"

namespace clvet::test {
namespace {

const char* kSource = R"CLC(
kernel void macros(global int* out) {
#ifdef __OPENCL_VERSION__
  out[0] = __OPENCL_VERSION__;
#else
  out[0] = -1;
#endif
#ifdef __IMAGE_SUPPORT__
  out[1] = 1;
#else
  out[1] = 0;
#endif
#ifdef __ENDIAN_LITTLE__
  out[2] = 1;
#else
  out[2] = 0;
#endif
#ifdef __EMBEDDED_PROFILE__
  out[3] = 1;
#else
  out[3] = 0;
#endif
#ifdef __OPENCL_C_VERSION__
  out[4] = __OPENCL_C_VERSION__;
#else
  out[4] = -1;
#endif
}
)CLC";

std::string device_string(cl_device_id device, cl_device_info param) {
  std::size_t size = 0;
  clGetDeviceInfo(device, param, 0, nullptr, &size);
  std::string s(size, '\0');
  clGetDeviceInfo(device, param, size, s.data(), nullptr);
  if (!s.empty() && s.back() == '\0') s.pop_back();
  return s;
}

template <class T>
T device_scalar(cl_device_id device, cl_device_info param) {
  T value{};
  EXPECT_EQ(clGetDeviceInfo(device, param, sizeof value, &value, nullptr), CL_SUCCESS);
  return value;
}

struct Case {
  const char* options;
  int c_version;  // __OPENCL_C_VERSION__ of that -cl-std (1.2 is the default, §5.8.6.5)
};

class PredefinedMacros : public testing::TestWithParam<Case> {};

TEST_P(PredefinedMacros, FollowTheDevice) {
  ReferenceDevice dev;
  ASSERT_TRUE(dev.available());
  // "OpenCL<space><major_version.minor_version><space><vendor-specific information>".
  int major = 0, minor = 0;
  const std::string version = device_string(dev.device, CL_DEVICE_VERSION);
  ASSERT_EQ(std::sscanf(version.c_str(), "OpenCL %d.%d", &major, &minor), 2) << version;
  const bool images = device_scalar<cl_bool>(dev.device, CL_DEVICE_IMAGE_SUPPORT) == CL_TRUE;
  const bool little = device_scalar<cl_bool>(dev.device, CL_DEVICE_ENDIAN_LITTLE) == CL_TRUE;
  const bool embedded = device_string(dev.device, CL_DEVICE_PROFILE) == "EMBEDDED_PROFILE";

  for (const char* extra : {"", " -cl-opt-disable"}) {
    const std::string options = std::string(GetParam().options) + extra;
    SCOPED_TRACE("build options '" + options + "'");
    cl_program p = dev.build(kSource, options);
    ASSERT_NE(p, nullptr);
    cl_kernel k = dev.kernel(p, "macros");
    cl_mem out = dev.buffer(std::vector<cl_int>(5, -2));
    ASSERT_EQ(dev.run(k, {1}, {1}, out), CL_SUCCESS);
    const std::vector<cl_int> got = dev.read<cl_int>(out, 5);
    EXPECT_EQ(got[0], major * 100 + minor * 10) << "__OPENCL_VERSION__ against " << version;
    EXPECT_EQ(got[1], images ? 1 : 0) << "__IMAGE_SUPPORT__ against CL_DEVICE_IMAGE_SUPPORT";
    EXPECT_EQ(got[2], little ? 1 : 0) << "__ENDIAN_LITTLE__ against CL_DEVICE_ENDIAN_LITTLE";
    EXPECT_EQ(got[3], embedded ? 1 : 0) << "__EMBEDDED_PROFILE__ against CL_DEVICE_PROFILE";
    EXPECT_EQ(got[4], GetParam().c_version) << "__OPENCL_C_VERSION__";
  }
}

INSTANTIATE_TEST_SUITE_P(Languages, PredefinedMacros,
                         testing::Values(Case{"", 120}, Case{"-cl-std=CL1.1", 110},
                                         Case{"-cl-std=CL1.2", 120}, Case{"-cl-std=CL3.0", 300}),
                         [](const testing::TestParamInfo<Case>& info) {
                           const std::string o = info.param.options;
                           return o.empty() ? std::string("Default") : "CL" + o.substr(10, 1) + o.substr(12, 1);
                         });

}  // namespace
}  // namespace clvet::test
