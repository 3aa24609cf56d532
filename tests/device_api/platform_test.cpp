// Platform entry points (OpenCL 1.2 §4.1, 3.0 platform queries, cl_khr_icd, extension function
// lookup): every rule of the platform part of rules/catalogue/platform.h, and the answers.
#include <algorithm>
#include <cstring>
#include <set>
#include <string>
#include <vector>

#include "clvet_entry.h"
#include "fixtures.h"

namespace clvet::test {
namespace {

using GetPlatformIDsFn = cl_int(CL_API_CALL*)(cl_uint, cl_platform_id*, cl_uint*);
using GetPlatformInfoFn = cl_int(CL_API_CALL*)(cl_platform_id, cl_platform_info, size_t, void*,
                                               size_t*);

class PlatformApi : public WithPlatform {
 protected:
  template <class T> T scalar(cl_platform_info param) {
    T value{};
    size_t size = 0;
    EXPECT_EQ(clGetPlatformInfo(platform, param, sizeof value, &value, &size), CL_SUCCESS);
    EXPECT_EQ(size, sizeof value);
    return value;
  }
  void* extension_function(const char* name) {
    return clGetExtensionFunctionAddressForPlatform(platform, name);
  }
};

// §4.1: the loader lists the clvet platform among those it found.
TEST_F(PlatformApi, GetPlatformIDsListsClvet) {
  cl_uint count = 0;
  ASSERT_EQ(clGetPlatformIDs(0, nullptr, &count), CL_SUCCESS);
  std::vector<cl_platform_id> platforms(count);
  ASSERT_EQ(clGetPlatformIDs(count, platforms.data(), nullptr), CL_SUCCESS);
  EXPECT_NE(std::find(platforms.begin(), platforms.end(), platform), platforms.end());
}

// §4.1: the device's own clGetPlatformIDs, past the loader: one platform, this one.
TEST_F(PlatformApi, GetPlatformIDsOfTheDevice) {
  auto get_ids = clvet_entry<GetPlatformIDsFn>("clGetPlatformIDs");
  ASSERT_NE(get_ids, nullptr);
  cl_uint count = 0;
  cl_platform_id found[2] = {};
  ASSERT_EQ(get_ids(2, found, &count), CL_SUCCESS);
  EXPECT_EQ(count, 1u);
  EXPECT_EQ(found[0], platform);
}

// §4.1: CL_INVALID_VALUE if num_entries is 0 and platforms is not NULL, or if both
// num_platforms and platforms are NULL (the loader answers these itself, so past it).
TEST_F(PlatformApi, GetPlatformIDsBadArguments) {
  auto get_ids = clvet_entry<GetPlatformIDsFn>("clGetPlatformIDs");
  ASSERT_NE(get_ids, nullptr);
  cl_platform_id p;
  cl_uint count;
  EXPECT_RULE(get_ids(0, &p, &count), CL_INVALID_VALUE, "GetPlatformIDsBadArguments");
  EXPECT_RULE(get_ids(1, nullptr, nullptr), CL_INVALID_VALUE, "GetPlatformIDsBadArguments");
}

// cl_khr_icd: clIcdGetPlatformIDsKHR lists the platform and checks its arguments like
// clGetPlatformIDs.
TEST_F(PlatformApi, IcdGetPlatformIDs) {
  auto icd_ids = reinterpret_cast<GetPlatformIDsFn>(extension_function("clIcdGetPlatformIDsKHR"));
  ASSERT_NE(icd_ids, nullptr);
  cl_uint count = 0;
  cl_platform_id p = nullptr;
  EXPECT_EQ(icd_ids(1, &p, &count), CL_SUCCESS);
  EXPECT_EQ(count, 1u);
  EXPECT_EQ(p, platform);
  EXPECT_RULE(icd_ids(0, &p, nullptr), CL_INVALID_VALUE, "IcdGetPlatformIDsBadArguments");
  EXPECT_RULE(icd_ids(0, nullptr, nullptr), CL_INVALID_VALUE, "IcdGetPlatformIDsBadArguments");
}

// §4.1 table 4.1 and the 3.0 platform queries: every query answers, strings NUL-terminated.
TEST_F(PlatformApi, StringQueries) {
  EXPECT_EQ(platform_string(platform, CL_PLATFORM_PROFILE), "FULL_PROFILE");
  EXPECT_EQ(platform_string(platform, CL_PLATFORM_VERSION).rfind("OpenCL 3.0 ", 0), 0u);
  EXPECT_EQ(platform_string(platform, CL_PLATFORM_NAME), "clvet");
  EXPECT_FALSE(platform_string(platform, CL_PLATFORM_VENDOR).empty());
  EXPECT_EQ(platform_string(platform, CL_PLATFORM_ICD_SUFFIX_KHR), "CLVET");
  for (cl_platform_info param : {CL_PLATFORM_PROFILE, CL_PLATFORM_VERSION, CL_PLATFORM_NAME,
                                 CL_PLATFORM_VENDOR, CL_PLATFORM_EXTENSIONS,
                                 CL_PLATFORM_ICD_SUFFIX_KHR}) {
    size_t size = 0;
    ASSERT_EQ(clGetPlatformInfo(platform, param, 0, nullptr, &size), CL_SUCCESS);
    std::vector<char> text(size, 'x');
    ASSERT_EQ(clGetPlatformInfo(platform, param, size, text.data(), nullptr), CL_SUCCESS);
    EXPECT_EQ(text.back(), '\0') << param;
    EXPECT_EQ(std::strlen(text.data()) + 1, size) << param;
  }
}

// 3.0 §4.1: CL_PLATFORM_NUMERIC_VERSION matches the version string.
TEST_F(PlatformApi, NumericVersionMatchesVersionString) {
  const cl_version version = scalar<cl_version>(CL_PLATFORM_NUMERIC_VERSION);
  EXPECT_EQ(CL_VERSION_MAJOR(version), 3u);
  EXPECT_EQ(CL_VERSION_MINOR(version), 0u);
}

// 3.0 §4.1: CL_PLATFORM_EXTENSIONS_WITH_VERSION lists the extensions of CL_PLATFORM_EXTENSIONS,
// each once; cl_khr_icd is among them.
TEST_F(PlatformApi, ExtensionsWithVersionMatchTheExtensionString) {
  std::set<std::string> from_string;
  std::string list = platform_string(platform, CL_PLATFORM_EXTENSIONS);
  for (size_t start = 0; start < list.size();) {
    size_t end = list.find(' ', start);
    if (end == std::string::npos) end = list.size();
    if (end > start) from_string.insert(list.substr(start, end - start));
    start = end + 1;
  }
  EXPECT_TRUE(from_string.count("cl_khr_icd"));
  size_t size = 0;
  ASSERT_EQ(clGetPlatformInfo(platform, CL_PLATFORM_EXTENSIONS_WITH_VERSION, 0, nullptr, &size),
            CL_SUCCESS);
  ASSERT_EQ(size % sizeof(cl_name_version), 0u);
  std::vector<cl_name_version> versions(size / sizeof(cl_name_version));
  ASSERT_EQ(clGetPlatformInfo(platform, CL_PLATFORM_EXTENSIONS_WITH_VERSION, size, versions.data(),
                              nullptr),
            CL_SUCCESS);
  std::set<std::string> from_versions;
  for (const cl_name_version& v : versions) {
    EXPECT_TRUE(from_versions.insert(v.name).second) << v.name << " listed twice";
    EXPECT_GE(CL_VERSION_MAJOR(v.version), 1u) << v.name;
  }
  EXPECT_EQ(from_versions, from_string);
}

// 2.1+ §4.1: CL_PLATFORM_HOST_TIMER_RESOLUTION is not 0: clGetHostTimer is supported.
TEST_F(PlatformApi, HostTimerResolution) {
  EXPECT_GT(scalar<cl_ulong>(CL_PLATFORM_HOST_TIMER_RESOLUTION), 0u);
}

// §4.1: CL_INVALID_PLATFORM if platform is not a valid platform: NULL, or a live object of
// another kind (the loader would answer these itself, so past it).
TEST_F(PlatformApi, GetPlatformInfoInvalidPlatform) {
  auto get_info = clvet_entry<GetPlatformInfoFn>("clGetPlatformInfo");
  ASSERT_NE(get_info, nullptr);
  size_t size;
  EXPECT_RULE(get_info(nullptr, CL_PLATFORM_NAME, 0, nullptr, &size), CL_INVALID_PLATFORM,
              "GetPlatformInfoInvalidPlatform");
  EXPECT_RULE(get_info(reinterpret_cast<cl_platform_id>(device), CL_PLATFORM_NAME, 0, nullptr,
                       &size),
              CL_INVALID_PLATFORM, "GetPlatformInfoInvalidPlatform");
}

// §4.1: CL_INVALID_VALUE if param_name is not supported, or param_value_size is smaller than
// the value and param_value is not NULL.
TEST_F(PlatformApi, GetPlatformInfoBadParam) {
  char name[64];
  EXPECT_RULE(clGetPlatformInfo(platform, 0x0999, sizeof name, name, nullptr), CL_INVALID_VALUE,
              "GetPlatformInfoBadParam");
  EXPECT_RULE(clGetPlatformInfo(platform, CL_PLATFORM_NAME, 3, name, nullptr), CL_INVALID_VALUE,
              "GetPlatformInfoBadParam");
  cl_ulong resolution;
  EXPECT_RULE(clGetPlatformInfo(platform, CL_PLATFORM_HOST_TIMER_RESOLUTION, 4, &resolution,
                                nullptr),
              CL_INVALID_VALUE, "GetPlatformInfoBadParam");
  // A size too small is no error when param_value is NULL.
  size_t size = 0;
  EXPECT_EQ(clGetPlatformInfo(platform, CL_PLATFORM_NAME, 1, nullptr, &size), CL_SUCCESS);
  EXPECT_EQ(size, sizeof "clvet");
}

// Extension specification §9.2: extension functions are found for the extensions the
// platform advertises, and only for those; core functions are not extension functions.
TEST_F(PlatformApi, ExtensionFunctionsOnlyForAdvertisedExtensions) {
  std::string extensions = " " + platform_string(platform, CL_PLATFORM_EXTENSIONS) + " ";
  ASSERT_NE(extensions.find(" cl_khr_icd "), std::string::npos);
  EXPECT_NE(extension_function("clIcdGetPlatformIDsKHR"), nullptr);
  ASSERT_NE(extensions.find(" cl_khr_create_command_queue "), std::string::npos);
  EXPECT_NE(extension_function("clCreateCommandQueueWithPropertiesKHR"), nullptr);
  ASSERT_NE(extensions.find(" cl_khr_il_program "), std::string::npos);
  EXPECT_NE(extension_function("clCreateProgramWithILKHR"), nullptr);
  // Not advertised: cl_khr_terminate_context, cl_ext_device_fission.
  EXPECT_EQ(extensions.find(" cl_khr_terminate_context "), std::string::npos);
  EXPECT_EQ(extension_function("clTerminateContextKHR"), nullptr);
  EXPECT_EQ(extension_function("clNoSuchFunctionKHR"), nullptr);
  // clvet's private functions, which the tests use.
  EXPECT_NE(extension_function("clvetLastRuleIdCLVET"), nullptr);
  EXPECT_NE(extension_function("clvetClearLastRuleCLVET"), nullptr);
  EXPECT_NE(extension_function("clvetEntryPointCLVET"), nullptr);
}

// cl_khr_icd: the loader routes a name ending in the platform's suffix to the platform.
TEST_F(PlatformApi, ExtensionFunctionBySuffix) {
  EXPECT_EQ(clGetExtensionFunctionAddress("clvetLastRuleIdCLVET"),
            extension_function("clvetLastRuleIdCLVET"));
}

}  // namespace
}  // namespace clvet::test
