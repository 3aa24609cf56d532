// The feature and extension macros a kernel sees say what the device's queries answer (OpenCL C
// 3.0 §6.2.1 and §6.12; 3.0 clGetDeviceInfo CL_DEVICE_OPENCL_C_FEATURES, CL_DEVICE_EXTENSIONS,
// CL_DEVICE_OPENCL_C_ALL_VERSIONS): under -cl-std=CL3.0 an __opencl_c_* macro is defined exactly
// when the feature is listed, under every -cl-std an extension's macro exactly when the
// extension is listed; -cl-std=CL2.0 builds exactly when OpenCL C 2.0 is listed. The names come
// from the spec and Clang 15's list, not from the device, so a macro Clang or its header
// defines for a feature the device does not report is caught. As written and with
// -cl-opt-disable.
#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "reference_device.h"

namespace clvet::test {
namespace {

// OpenCL C 3.0 §6.2.1's features (__opencl_c_fp16 among them, which Clang 15 does not know and
// the front end defines itself), and those of cl_khr_integer_dot_product and
// cl_ext_float_atomics that Clang 15's opencl-c-base.h defines.
const std::vector<std::string> kFeatures = {
    "__opencl_c_3d_image_writes", "__opencl_c_atomic_order_acq_rel",
    "__opencl_c_atomic_order_seq_cst", "__opencl_c_atomic_scope_device",
    "__opencl_c_atomic_scope_all_devices", "__opencl_c_device_enqueue",
    "__opencl_c_generic_address_space", "__opencl_c_fp64", "__opencl_c_fp16", "__opencl_c_images",
    "__opencl_c_int64", "__opencl_c_pipes", "__opencl_c_program_scope_global_variables",
    "__opencl_c_read_write_images", "__opencl_c_subgroups",
    "__opencl_c_work_group_collective_functions", "__opencl_c_integer_dot_product_input_4x8bit",
    "__opencl_c_integer_dot_product_input_4x8bit_packed",
    "__opencl_c_ext_fp16_global_atomic_load_store", "__opencl_c_ext_fp16_local_atomic_add",
    "__opencl_c_ext_fp32_global_atomic_add", "__opencl_c_ext_fp32_local_atomic_min_max",
    "__opencl_c_ext_fp64_global_atomic_add", "__opencl_c_ext_fp64_local_atomic_min_max"};

// Extensions OpenCL C names (the Khronos extension specification's OpenCL C macros, and the
// vendor ones Clang 15 knows; cl_khr_expect_assume, which Clang 15 does not know).
const std::vector<std::string> kExtensions = {
    "cl_khr_byte_addressable_store", "cl_khr_global_int32_base_atomics",
    "cl_khr_global_int32_extended_atomics", "cl_khr_local_int32_base_atomics",
    "cl_khr_local_int32_extended_atomics", "cl_khr_int64_base_atomics",
    "cl_khr_int64_extended_atomics", "cl_khr_fp64", "cl_khr_fp16", "cl_khr_3d_image_writes",
    "cl_khr_depth_images", "cl_khr_gl_msaa_sharing", "cl_khr_mipmap_image",
    "cl_khr_mipmap_image_writes", "cl_khr_srgb_image_writes", "cl_khr_subgroups",
    "cl_khr_subgroup_extended_types", "cl_khr_subgroup_non_uniform_vote", "cl_khr_subgroup_ballot",
    "cl_khr_subgroup_non_uniform_arithmetic", "cl_khr_subgroup_shuffle",
    "cl_khr_subgroup_shuffle_relative", "cl_khr_subgroup_clustered_reduce",
    "cl_khr_subgroup_rotate", "cl_khr_extended_bit_ops", "cl_khr_integer_dot_product",
    "cl_ext_float_atomics", "cles_khr_int64", "cl_amd_media_ops", "cl_amd_media_ops2",
    "cl_arm_integer_dot_product_int8", "cl_intel_subgroups", "cl_intel_subgroups_short",
    "cl_intel_device_side_avc_motion_estimation", "cl_khr_expect_assume"};

std::string kernel_testing(const std::vector<std::string>& names) {
  std::string source = "kernel void macros(global int* out) {\n";
  for (std::size_t i = 0; i < names.size(); ++i)
    source += "#ifdef " + names[i] + "\n  out[" + std::to_string(i) + "] = 1;\n#else\n  out[" +
              std::to_string(i) + "] = 0;\n#endif\n";
  return source + "}\n";
}

std::set<std::string> listed(cl_device_id device, cl_device_info param) {
  std::size_t size = 0;
  EXPECT_EQ(clGetDeviceInfo(device, param, 0, nullptr, &size), CL_SUCCESS);
  std::vector<cl_name_version> list(size / sizeof(cl_name_version));
  EXPECT_EQ(clGetDeviceInfo(device, param, size, list.data(), nullptr), CL_SUCCESS);
  std::set<std::string> names;
  for (const cl_name_version& nv : list) {
    std::string name = nv.name;
    if (param == CL_DEVICE_OPENCL_C_ALL_VERSIONS)
      name = std::to_string(CL_VERSION_MAJOR(nv.version)) + "." +
             std::to_string(CL_VERSION_MINOR(nv.version));
    names.insert(name);
  }
  return names;
}

std::set<std::string> extension_words(cl_device_id device) {
  std::size_t size = 0;
  clGetDeviceInfo(device, CL_DEVICE_EXTENSIONS, 0, nullptr, &size);
  std::string text(size, '\0');
  clGetDeviceInfo(device, CL_DEVICE_EXTENSIONS, size, text.data(), nullptr);
  std::set<std::string> words;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find_first_of(" \0", start, 2);
    if (end == std::string::npos) end = text.size();
    if (end > start) words.insert(text.substr(start, end - start));
    start = end + 1;
  }
  return words;
}

class FeatureMacros : public testing::TestWithParam<const char*> {};

TEST_P(FeatureMacros, AgreeWithTheDeviceQueries) {
  ReferenceDevice dev;
  ASSERT_TRUE(dev.available());
  const std::string language = GetParam();
  const std::set<std::string> features = listed(dev.device, CL_DEVICE_OPENCL_C_FEATURES);
  const std::set<std::string> extensions = extension_words(dev.device);
  const std::set<std::string> versions = listed(dev.device, CL_DEVICE_OPENCL_C_ALL_VERSIONS);
  // Every feature the device lists is one this test knows (so none escapes its check).
  for (const std::string& f : features)
    EXPECT_NE(std::find(kFeatures.begin(), kFeatures.end(), f), kFeatures.end()) << f;

  std::vector<std::string> names = kFeatures;
  names.insert(names.end(), kExtensions.begin(), kExtensions.end());
  const std::string source = kernel_testing(names);
  for (const char* extra : {"", " -cl-opt-disable"}) {
    const std::string options = "-cl-std=" + language + extra;
    SCOPED_TRACE("build options '" + options + "'");
    if (language == "CL2.0" && versions.count("2.0") == 0) {
      // 2.2 §5.8.6.5: CL2.0 fails on a device that does not support OpenCL C 2.0, and the log
      // says so.
      const char* text = source.c_str();
      cl_int err = CL_SUCCESS;
      cl_program p = clCreateProgramWithSource(dev.context, 1, &text, nullptr, &err);
      ASSERT_EQ(err, CL_SUCCESS);
      EXPECT_EQ(clBuildProgram(p, 1, &dev.device, options.c_str(), nullptr, nullptr),
                CL_BUILD_PROGRAM_FAILURE);
      std::size_t size = 0;
      clGetProgramBuildInfo(p, dev.device, CL_PROGRAM_BUILD_LOG, 0, nullptr, &size);
      std::string log(size, '\0');
      clGetProgramBuildInfo(p, dev.device, CL_PROGRAM_BUILD_LOG, size, log.data(), nullptr);
      EXPECT_NE(log.find("does not support OpenCL C 2.0"), std::string::npos) << log;
      clReleaseProgram(p);
      continue;
    }
    cl_program p = dev.build(source, options);
    ASSERT_NE(p, nullptr);
    cl_kernel k = dev.kernel(p, "macros");
    cl_mem out = dev.buffer(std::vector<cl_int>(names.size(), -1));
    ASSERT_EQ(dev.run(k, {1}, {1}, out), CL_SUCCESS);
    const std::vector<cl_int> got = dev.read<cl_int>(out, names.size());
    for (std::size_t i = 0; i < kFeatures.size(); ++i) {
      // Feature macros are OpenCL C 3.0's; 1.x defines none of them.
      const bool expected = language != "CL1.2" && features.count(kFeatures[i]) == 1;
      EXPECT_EQ(got[i], expected ? 1 : 0) << kFeatures[i] << " against CL_DEVICE_OPENCL_C_FEATURES";
    }
    for (std::size_t i = 0; i < kExtensions.size(); ++i) {
      const int at = static_cast<int>(kFeatures.size() + i);
      EXPECT_EQ(got[at], extensions.count(kExtensions[i]) ? 1 : 0)
          << kExtensions[i] << " against CL_DEVICE_EXTENSIONS";
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Languages, FeatureMacros, testing::Values("CL1.2", "CL2.0", "CL3.0"),
                         [](const testing::TestParamInfo<const char*>& info) {
                           std::string name = info.param;
                           return name.substr(0, 3) + name.substr(4, 1);
                         });

}  // namespace
}  // namespace clvet::test
