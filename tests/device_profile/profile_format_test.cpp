// The device profile file format (layer/profile): what a profile sets, read back as written,
// and bad profiles refused with a message naming the key and what it expected.
#include <gtest/gtest.h>

#include <cstring>

#include "device_profile.h"

namespace clvet::profile {
namespace {

TEST(ProfileFormat, ReadsEachKindOfValue) {
  std::string error;
  auto p = parse(R"({"description": "d", "CL_DEVICE_TYPE": "GPU", "CL_DEVICE_NAME": "n",
                     "CL_DEVICE_MAX_WORK_GROUP_SIZE": 256,
                     "CL_DEVICE_MAX_WORK_ITEM_SIZES": [256, 128, 64],
                     "CL_DEVICE_IMAGE_SUPPORT": false,
                     "CL_DEVICE_SINGLE_FP_CONFIG": ["INF_NAN", "ROUND_TO_NEAREST"],
                     "CL_DEVICE_LOCAL_MEM_TYPE": "LOCAL",
                     "sources": {"CL_DEVICE_NAME": "somewhere"}})",
                 "x", error);
  ASSERT_TRUE(p) << error;
  EXPECT_EQ(p->name, "x");
  EXPECT_EQ(p->number(CL_DEVICE_TYPE), CL_DEVICE_TYPE_GPU);
  EXPECT_EQ(p->text(CL_DEVICE_NAME), "n");
  EXPECT_EQ(p->number(CL_DEVICE_MAX_WORK_GROUP_SIZE), 256u);
  EXPECT_EQ(p->sizes(CL_DEVICE_MAX_WORK_ITEM_SIZES), (std::vector<std::size_t>{256, 128, 64}));
  EXPECT_EQ(p->number(CL_DEVICE_IMAGE_SUPPORT), std::uint64_t{CL_FALSE});
  EXPECT_EQ(p->number(CL_DEVICE_SINGLE_FP_CONFIG), std::uint64_t{CL_FP_INF_NAN | CL_FP_ROUND_TO_NEAREST});
  EXPECT_EQ(p->number(CL_DEVICE_LOCAL_MEM_TYPE), std::uint64_t{CL_LOCAL});
  EXPECT_EQ(p->sources.at(CL_DEVICE_NAME), "somewhere");
  // What to_json writes reads back to the same answers.
  auto again = parse(to_json(*p), "y", error);
  ASSERT_TRUE(again) << error;
  EXPECT_EQ(again->answers, p->answers);
  EXPECT_EQ(again->name, "x");
}

TEST(ProfileFormat, RefusesWhatItCannotUse) {
  const std::pair<const char*, const char*> bad[] = {
      {"{", "is not JSON"},
      {"[]", "is not a JSON object"},
      {R"({"CL_DEVICE_MAX_WORK_GROUP_SIZ": 1})", "\"CL_DEVICE_MAX_WORK_GROUP_SIZ\" is not a device query"},
      {R"({"CL_DEVICE_ADDRESS_BITS": 32})", "\"CL_DEVICE_ADDRESS_BITS\" is not a device query"},
      {R"({"CL_DEVICE_MAX_WORK_GROUP_SIZE": "many"})", "expected a whole number"},
      {R"({"CL_DEVICE_MAX_WORK_GROUP_SIZE": -1})", "expected a whole number"},
      {R"({"CL_DEVICE_MAX_CONSTANT_ARGS": 4294967296})", "fits cl_uint"},
      {R"({"CL_DEVICE_TYPE": "GPGPU"})", "names among CPU GPU"},
      {R"({"CL_DEVICE_IMAGE_SUPPORT": 1})", "true or false"},
      {R"({"CL_DEVICE_NAME": 3})", "a string"},
      {R"({"sources": {"CL_DEVICE_NAME": "x"}})", "which the profile does not set"},
  };
  for (const auto& [text, message] : bad) {
    std::string error;
    EXPECT_FALSE(parse(text, "p", error)) << text;
    EXPECT_NE(error.find(message), std::string::npos) << text << ": " << error;
  }
}

// Every shipped profile says whether its device runs non-uniform work-groups (optional in 3.0,
// API §5.10): a 3.0 profile that left it out would get no support by default, right for some
// devices and wrong for others. The values are what each device's published clinfo reports
// (Non-uniform work-groups: No on NVIDIA's OpenCL 3.0 driver and on PoCL 3.1, Yes on Intel's
// compute-runtime), or what the device's version implies where it predates the query.
TEST(ProfileFormat, ShippedProfilesSayWhetherWorkGroupsMayBeNonUniform) {
  const std::pair<const char*, bool> expected[] = {
      {"nvidia-a100", false},   {"nvidia-h200", false}, {"intel-iris-xe", true},
      {"amd-rx6800", true},     {"vc4cl-embedded", false}, {"pocl-cpu", false},
      {"minimum-3.0", false},
  };
  for (const auto& [name, supported] : expected) {
    std::string error;
    auto p = load(std::string(CLVET_PROFILES_SOURCE_DIR "/") + name + ".json", error);
    ASSERT_TRUE(p) << name << ": " << error;
    EXPECT_EQ(p->number(CL_DEVICE_NON_UNIFORM_WORK_GROUP_SUPPORT), std::uint64_t{supported}) << name;
    EXPECT_TRUE(p->sources.count(CL_DEVICE_NON_UNIFORM_WORK_GROUP_SUPPORT)) << name << " names no source";
  }
}

TEST(ProfileFormat, ReadsVersions) {
  EXPECT_EQ(version_in("OpenCL 1.2 VC4CL", "OpenCL "), CL_MAKE_VERSION(1, 2, 0));
  EXPECT_EQ(version_in("OpenCL C 3.0 ", "OpenCL C "), CL_MAKE_VERSION(3, 0, 0));
  EXPECT_FALSE(version_in("OpenCL x", "OpenCL "));
  EXPECT_FALSE(version_in("CUDA 12", "OpenCL "));
}

}  // namespace
}  // namespace clvet::profile
