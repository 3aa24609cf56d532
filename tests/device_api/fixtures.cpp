// The fixtures of fixtures.h.
#include "fixtures.h"

#include <cstdlib>

namespace clvet::test {

cl_platform_id clvet_platform() {
  static cl_platform_id found = [] {
    cl_uint count = 0;
    if (clGetPlatformIDs(0, nullptr, &count) != CL_SUCCESS || count == 0) return cl_platform_id{};
    std::vector<cl_platform_id> platforms(count);
    clGetPlatformIDs(count, platforms.data(), nullptr);
    for (cl_platform_id p : platforms)
      if (platform_string(p, CL_PLATFORM_NAME) == "clvet") return p;
    return cl_platform_id{};
  }();
  return found;
}

cl_device_id clvet_device() {
  cl_device_id device = nullptr;
  clGetDeviceIDs(clvet_platform(), CL_DEVICE_TYPE_ALL, 1, &device, nullptr);
  return device;
}

namespace {
using LastRule = const char*(CL_API_CALL*)();
using ClearRule = void(CL_API_CALL*)();
}  // namespace

std::string last_rule() {
  static auto fn = reinterpret_cast<LastRule>(
      clGetExtensionFunctionAddressForPlatform(clvet_platform(), "clvetLastRuleIdCLVET"));
  return fn ? fn() : "<clvetLastRuleIdCLVET missing>";
}

void clear_last_rule() {
  static auto fn = reinterpret_cast<ClearRule>(
      clGetExtensionFunctionAddressForPlatform(clvet_platform(), "clvetClearLastRuleCLVET"));
  if (fn) fn();
}

std::string platform_string(cl_platform_id platform, cl_platform_info param) {
  size_t size = 0;
  if (clGetPlatformInfo(platform, param, 0, nullptr, &size) != CL_SUCCESS) return {};
  std::string s(size, '\0');
  clGetPlatformInfo(platform, param, size, s.data(), nullptr);
  if (!s.empty() && s.back() == '\0') s.pop_back();
  return s;
}

std::string device_string(cl_device_id device, cl_device_info param) {
  size_t size = 0;
  if (clGetDeviceInfo(device, param, 0, nullptr, &size) != CL_SUCCESS) return {};
  std::string s(size, '\0');
  clGetDeviceInfo(device, param, size, s.data(), nullptr);
  if (!s.empty() && s.back() == '\0') s.pop_back();
  return s;
}

void WithPlatform::SetUp() {
  platform = clvet_platform();
  ASSERT_NE(platform, nullptr) << "the clvet platform is not visible through the ICD loader";
  device = clvet_device();
  ASSERT_NE(device, nullptr);
}

cl_context WithPlatform::released_context() {
  cl_int err = CL_SUCCESS;
  cl_context c = clCreateContext(nullptr, 1, &device, nullptr, nullptr, &err);
  EXPECT_EQ(err, CL_SUCCESS);
  clReleaseContext(c);
  return c;
}

cl_command_queue WithContext::released_queue() {
  cl_int err = CL_SUCCESS;
  cl_command_queue q = clCreateCommandQueueWithProperties(context, device, nullptr, &err);
  EXPECT_EQ(err, CL_SUCCESS);
  clReleaseCommandQueue(q);
  return q;
}

void WithContext::SetUp() {
  WithPlatform::SetUp();
  cl_int err = CL_SUCCESS;
  context = clCreateContext(nullptr, 1, &device, nullptr, nullptr, &err);
  ASSERT_EQ(err, CL_SUCCESS);
}

void WithContext::TearDown() {
  if (context) {
    EXPECT_EQ(clReleaseContext(context), CL_SUCCESS);
  }
}

void WithQueue::SetUp() {
  WithContext::SetUp();
  cl_int err = CL_SUCCESS;
  queue = clCreateCommandQueueWithProperties(context, device, nullptr, &err);
  ASSERT_EQ(err, CL_SUCCESS);
}

void WithQueue::TearDown() {
  if (queue) {
    EXPECT_EQ(clReleaseCommandQueue(queue), CL_SUCCESS);
  }
  WithContext::TearDown();
}

WithoutImages::WithoutImages() { setenv("CLVET_IMAGES", "0", 1); }
WithoutImages::~WithoutImages() { unsetenv("CLVET_IMAGES"); }

}  // namespace clvet::test
