// The table of OpenCL C versions, 3.0 features and extensions the reference device claims, and
// what follows from it (language_features.h).
#include <algorithm>

#include "clvet/interp/frontend.h"
#include "clvet/interp/language_features.h"

namespace clvet::interp {

namespace {

constexpr unsigned make_version(unsigned major, unsigned minor) {
  return (major << 22) | (minor << 12);  // CL_MAKE_VERSION(major, minor, 0)
}

constexpr unsigned v1_0 = make_version(1, 0);
constexpr unsigned v3_0 = make_version(3, 0);
using K = FeatureKind;
using N = FeatureNeeds;

// fp64: CL_DEVICE_DOUBLE_FP_CONFIG has the 1.2 minimum; int64: the full profile requires it;
// the image features: the image built-ins of every image type, read_write images and writes to
// 3D images (interpreter/builtins/image_access.cpp), only where the device has images. The
// generic address space: a generic pointer's accesses are checked and reported in the space its
// address lies in, to_global/to_local/to_private and get_fence ask the engine
// (builtins/address_space.cpp). Program-scope variables: storage, initialisers and
// relocations per program (exec/executable.cpp), CL_PROGRAM_BUILD_GLOBAL_VARIABLE_TOTAL_SIZE.
constexpr LanguageFeature kFeatures[] = {
    {"__opencl_c_int64", K::OpenCLC, v3_0},
    {"__opencl_c_fp64", K::OpenCLC, v3_0},
    {"__opencl_c_generic_address_space", K::OpenCLC, v3_0},
    {"__opencl_c_program_scope_global_variables", K::OpenCLC, v3_0},
    // Work-group collectives: interpreter/builtins/work_group_collectives.cpp, their divergence
    // judged by the divergence checker. The atomic orders and scopes: every order and scope is
    // executed (host atomics, lanes one after another) and the race checker judges by the
    // orders and scopes the program asked for (checker/kernel/race_order.h).
    {"__opencl_c_work_group_collective_functions", K::OpenCLC, v3_0},
    {"__opencl_c_atomic_order_acq_rel", K::OpenCLC, v3_0},
    {"__opencl_c_atomic_order_seq_cst", K::OpenCLC, v3_0},
    {"__opencl_c_atomic_scope_device", K::OpenCLC, v3_0},
    {"__opencl_c_atomic_scope_all_devices", K::OpenCLC, v3_0},
    // Half (cl_khr_fp16): half arithmetic and conversions in the engine, computed in float and
    // rounded once (exec/work_group_ops.cpp), and every built-in OpenCL C declares for half
    // (builtins/half_arithmetic.h); CL_DEVICE_HALF_FP_CONFIG says what is true of it.
    {"__opencl_c_fp16", K::OpenCLC, v3_0},
    // cl_khr_integer_dot_product's dot and dot_acc_sat of char4/uchar4 and of 4x8-bit packed
    // uints (builtins/integer_dot_product.cpp).
    {"__opencl_c_integer_dot_product_input_4x8bit", K::OpenCLC, v3_0},
    {"__opencl_c_integer_dot_product_input_4x8bit_packed", K::OpenCLC, v3_0},
    {"__opencl_c_images", K::OpenCLC, v3_0, N::Images},
    {"__opencl_c_read_write_images", K::OpenCLC, v3_0, N::Images},
    {"__opencl_c_3d_image_writes", K::OpenCLC, v3_0, N::Images},
    // Sub-groups of kSubGroupSize work-items in linear local id order
    // (interpreter/builtins/sub_groups.cpp); a sub-group function reached by part of its
    // sub-group is judged by the divergence checker. The feature, not the cl_khr_subgroups
    // extension: CL_DEVICE_SUB_GROUP_INDEPENDENT_FORWARD_PROGRESS "must return CL_TRUE for devices
    // that support the cl_khr_subgroups extension" (3.0 §4.2, table of clGetDeviceInfo), and the
    // engine runs a work-group's sub-groups in lockstep, so a sub-group that waits for another
    // never sees it move on; __opencl_c_subgroups leaves that progress optional.
    {"__opencl_c_subgroups", K::OpenCLC, v3_0},

    {"cl_khr_icd", K::ApiExtension, v1_0},
    {"cl_khr_extended_versioning", K::ApiExtension, v1_0},
    {"cl_khr_device_uuid", K::ApiExtension, v1_0},
    {"cl_khr_create_command_queue", K::ApiExtension, v1_0},
    {"cl_khr_il_program", K::ApiExtension, v1_0},
    // SPIR-V extensions a module may declare (translate_spirv.cpp's kSpirvExtensions, the OpenCL
    // SPIR-V environment's chapter 5): SPV_KHR_no_integer_wrap_decoration (NoSignedWrap and
    // NoUnsignedWrap) and SPV_KHR_linkonce_odr (the LinkOnceODR linkage type, merged by
    // clLinkProgram).
    {"cl_khr_spirv_no_integer_wrap_decoration", K::ApiExtension, v1_0},
    {"cl_khr_spirv_linkonce_odr", K::ApiExtension, v1_0},
    // A device with images: 2D images from a buffer (CL_DEVICE_IMAGE_PITCH_ALIGNMENT and
    // CL_DEVICE_IMAGE_BASE_ADDRESS_ALIGNMENT answer its alignments) and CL_DEPTH images with the
    // image2d_depth_t and image2d_array_depth_t types of OpenCL C.
    {"cl_khr_image2d_from_buffer", K::ApiExtension, v1_0, N::Images},
    {"cl_khr_depth_images", K::Extension, v1_0, N::Images},
    {"cl_khr_byte_addressable_store", K::Extension, v1_0},
    {"cl_khr_global_int32_base_atomics", K::Extension, v1_0},
    {"cl_khr_global_int32_extended_atomics", K::Extension, v1_0},
    {"cl_khr_local_int32_base_atomics", K::Extension, v1_0},
    {"cl_khr_local_int32_extended_atomics", K::Extension, v1_0},
    {"cl_khr_fp64", K::Extension, v1_0},
    {"cl_khr_fp16", K::Extension, v1_0},
    // Version 2.0.0: the one with the acceleration properties queries.
    {"cl_khr_integer_dot_product", K::Extension, make_version(2, 0)},
    // OpenCL C 3.0 §6.2.1: a compiler that defines __opencl_c_3d_image_writes defines this too.
    {"cl_khr_3d_image_writes", K::Extension, v1_0, N::Images},
    {"cl_khr_int64_base_atomics", K::Extension, v1_0},
    {"cl_khr_int64_extended_atomics", K::Extension, v1_0},
    // The cl_khr_subgroup_* extensions (builtins/sub_group_ballot.cpp, sub_group_shuffles.cpp,
    // sub_group_non_uniform.cpp; the extended types in sub_groups.cpp): their non-uniform
    // functions compute over the sub-group's active work-items, and the checkers find an
    // argument that breaks a function's rule.
    {"cl_khr_subgroup_extended_types", K::Extension, v1_0},
    {"cl_khr_subgroup_non_uniform_vote", K::Extension, v1_0},
    {"cl_khr_subgroup_ballot", K::Extension, v1_0},
    {"cl_khr_subgroup_non_uniform_arithmetic", K::Extension, v1_0},
    {"cl_khr_subgroup_shuffle", K::Extension, v1_0},
    {"cl_khr_subgroup_shuffle_relative", K::Extension, v1_0},
    {"cl_khr_subgroup_clustered_reduce", K::Extension, v1_0},
    // sub_group_rotate and sub_group_clustered_rotate (builtins/sub_group_shuffles.cpp), which
    // Clang 15's opencl-c.h does not declare: the front end declares them. In SPIR-V,
    // SPV_KHR_subgroup_rotate's OpGroupNonUniformRotateKHR (translate_spirv.cpp).
    {"cl_khr_subgroup_rotate", K::Extension, v1_0},
    // __builtin_expect and __builtin_assume in OpenCL C (Clang's own built-ins, llvm.expect and
    // llvm.assume, which the engine reads as their first operand and as nothing), and
    // SPV_KHR_expect_assume's OpExpectKHR and OpAssumeTrueKHR in SPIR-V; Clang 15 does not know
    // the extension, so the front end defines its macro.
    {"cl_khr_expect_assume", K::Extension, v1_0},
};

// What OpenCL C 2.0 has that 1.2 lacks, as 3.0 names the features (OpenCL C 3.0 §6.2.1: each
// is optional in 3.0 and part of 2.0); the image ones only for a device with images.
constexpr std::string_view kOpenCLC20Features[] = {
    "__opencl_c_generic_address_space", "__opencl_c_program_scope_global_variables",
    "__opencl_c_pipes", "__opencl_c_device_enqueue", "__opencl_c_work_group_collective_functions",
    "__opencl_c_atomic_order_acq_rel", "__opencl_c_atomic_order_seq_cst",
    "__opencl_c_atomic_scope_device", "__opencl_c_atomic_scope_all_devices", "__opencl_c_int64"};
constexpr std::string_view kOpenCLC20ImageFeatures[] = {
    "__opencl_c_images", "__opencl_c_read_write_images", "__opencl_c_3d_image_writes"};

// Clang 15's OpenCLExtensions.def (what -cl-ext switches) and the macros opencl-c-base.h defines
// for SPIR under OpenCL C 2.0 and 3.0 whatever -cl-ext says.
constexpr std::string_view kClangMacros[] = {
    // OpenCL C 3.0 features.
    "__opencl_c_pipes", "__opencl_c_generic_address_space", "__opencl_c_atomic_order_acq_rel",
    "__opencl_c_atomic_order_seq_cst", "__opencl_c_atomic_scope_device",
    "__opencl_c_atomic_scope_all_devices", "__opencl_c_subgroups", "__opencl_c_3d_image_writes",
    "__opencl_c_device_enqueue", "__opencl_c_read_write_images",
    "__opencl_c_program_scope_global_variables", "__opencl_c_fp64", "__opencl_c_images",
    "__opencl_c_int64", "__opencl_c_work_group_collective_functions",
    "__opencl_c_integer_dot_product_input_4x8bit",
    "__opencl_c_integer_dot_product_input_4x8bit_packed",
    // cl_ext_float_atomics' features.
    "__opencl_c_ext_fp16_global_atomic_load_store", "__opencl_c_ext_fp16_local_atomic_load_store",
    "__opencl_c_ext_fp16_global_atomic_add", "__opencl_c_ext_fp16_local_atomic_add",
    "__opencl_c_ext_fp16_global_atomic_min_max", "__opencl_c_ext_fp16_local_atomic_min_max",
    "__opencl_c_ext_fp32_global_atomic_add", "__opencl_c_ext_fp32_local_atomic_add",
    "__opencl_c_ext_fp32_global_atomic_min_max", "__opencl_c_ext_fp32_local_atomic_min_max",
    "__opencl_c_ext_fp64_global_atomic_add", "__opencl_c_ext_fp64_local_atomic_add",
    "__opencl_c_ext_fp64_global_atomic_min_max", "__opencl_c_ext_fp64_local_atomic_min_max",
    // Extensions.
    "cl_khr_fp16", "cl_khr_3d_image_writes", "cl_khr_depth_images", "cl_khr_gl_msaa_sharing",
    "cl_khr_mipmap_image", "cl_khr_mipmap_image_writes", "cl_khr_srgb_image_writes",
    "cl_khr_subgroups", "cl_khr_subgroup_extended_types", "cl_khr_subgroup_non_uniform_vote",
    "cl_khr_subgroup_ballot", "cl_khr_subgroup_non_uniform_arithmetic", "cl_khr_subgroup_shuffle",
    "cl_khr_subgroup_shuffle_relative", "cl_khr_subgroup_clustered_reduce",
    "cl_khr_subgroup_rotate", "cl_khr_extended_bit_ops", "cl_khr_integer_dot_product",
    "cl_ext_float_atomics", "cles_khr_int64", "cl_amd_media_ops", "cl_amd_media_ops2",
    "cl_arm_integer_dot_product_int8", "cl_arm_integer_dot_product_accumulate_int8",
    "cl_arm_integer_dot_product_accumulate_int16",
    "cl_arm_integer_dot_product_accumulate_saturate_int8", "cl_intel_subgroups",
    "cl_intel_subgroups_short", "cl_intel_device_side_avc_motion_estimation",
    "cl_khr_byte_addressable_store", "cl_khr_global_int32_base_atomics",
    "cl_khr_global_int32_extended_atomics", "cl_khr_local_int32_base_atomics",
    "cl_khr_local_int32_extended_atomics", "cl_khr_fp64", "cl_khr_int64_base_atomics",
    "cl_khr_int64_extended_atomics"};

bool applies(const LanguageFeature& f, const TargetDevice& device) {
  if (std::find(device.lacks.begin(), device.lacks.end(), f.name) != device.lacks.end())
    return false;
  return f.needs == FeatureNeeds::Nothing || device.image_support;
}

}  // namespace

std::span<const LanguageFeature> language_features() { return kFeatures; }

std::vector<LanguageFeature> claimed(const TargetDevice& device, FeatureKind kind) {
  std::vector<LanguageFeature> list;
  for (const LanguageFeature& f : kFeatures)
    if (f.kind == kind && applies(f, device)) list.push_back(f);
  return list;
}

bool claims(const TargetDevice& device, std::string_view name) {
  return std::any_of(std::begin(kFeatures), std::end(kFeatures), [&](const LanguageFeature& f) {
    return f.name == name && applies(f, device);
  });
}

std::vector<std::string_view> missing_for_opencl_c_20(const TargetDevice& device) {
  std::vector<std::string_view> missing;
  for (std::string_view f : kOpenCLC20Features)
    if (!claims(device, f)) missing.push_back(f);
  if (device.image_support)
    for (std::string_view f : kOpenCLC20ImageFeatures)
      if (!claims(device, f)) missing.push_back(f);
  return missing;
}

std::vector<std::pair<std::string, unsigned>> opencl_c_versions(const TargetDevice& device) {
  // A device profile's older device takes versions up to its own (max_c_version).
  std::vector<std::pair<std::string, unsigned>> list;
  auto add = [&](unsigned major, unsigned minor) {
    if (major * 100 + minor * 10 <= device.max_c_version)
      list.emplace_back("OpenCL C", make_version(major, minor));
  };
  add(1, 0);
  add(1, 1);
  add(1, 2);
  if (missing_for_opencl_c_20(device).empty()) add(2, 0);
  add(3, 0);
  return list;
}

std::span<const std::string_view> clang_feature_macros() { return kClangMacros; }

// The versions translate_spirv accepts; here, beside the other answers of device info, so
// that a query needs no front end loaded.
std::string il_version_string() {
  std::string versions;
  for (unsigned minor = 0; minor <= kNewestSpirvMinor; ++minor)
    versions += (minor == 0 ? "SPIR-V_1." : " SPIR-V_1.") + std::to_string(minor);
  return versions;
}

}  // namespace clvet::interp
