// The one table of what the reference device claims of OpenCL C and its extensions: the
// device's queries (CL_DEVICE_OPENCL_C_ALL_VERSIONS, CL_DEVICE_OPENCL_C_FEATURES,
// CL_DEVICE_EXTENSIONS) and the compiler's predefined macros are both read from it, so a program
// that tests a feature macro sees what clGetDeviceInfo says and nothing more.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace clvet::interp {

// The device a program is compiled for, as far as OpenCL C's predefined macros and the claims
// of the table follow it (OpenCL C 3.0 §6.12, 1.2 §6.10): __OPENCL_VERSION__ is its
// CL_DEVICE_VERSION, __IMAGE_SUPPORT__ is defined exactly when CL_DEVICE_IMAGE_SUPPORT is
// CL_TRUE, and a feature that needs images is claimed only then.
struct TargetDevice {
  unsigned opencl_version = 300;  // 100 * major + 10 * minor
  bool image_support = false;
  // A device profile's device (CLVET_DEVICE_PROFILE): the newest -cl-std it takes (100 * major
  // + 10 * minor), whether it is an embedded-profile device (__EMBEDDED_PROFILE__), and the
  // extensions and OpenCL C features of the table it lacks (cl_khr_fp64, __opencl_c_fp64),
  // which it then does not claim.
  unsigned max_c_version = 300;
  bool embedded_profile = false;
  std::vector<std::string> lacks;
};

enum class FeatureKind : unsigned char {
  OpenCLC,       // an optional feature of OpenCL C 3.0 (§6.2.1): CL_DEVICE_OPENCL_C_FEATURES
                 // and, under -cl-std=CL3.0, a predefined macro of the same name
  Extension,     // an extension OpenCL C names: CL_DEVICE_EXTENSIONS and a predefined macro
  ApiExtension,  // an extension of the API only: CL_DEVICE_EXTENSIONS
};

// What else of the device a claim depends on.
enum class FeatureNeeds : unsigned char { Nothing, Images };

struct LanguageFeature {
  std::string_view name;  // "__opencl_c_int64", "cl_khr_fp64"
  FeatureKind kind;
  unsigned version;       // CL_MAKE_VERSION of the feature or extension
  FeatureNeeds needs = FeatureNeeds::Nothing;
};

// Every row: add one when the feature works on the reference device (kernels, checkers,
// queries), never before.
std::span<const LanguageFeature> language_features();

// The rows `device` claims, of one kind.
std::vector<LanguageFeature> claimed(const TargetDevice& device, FeatureKind kind);
bool claims(const TargetDevice& device, std::string_view name);

// The OpenCL C versions the compiler accepts for `device` ({"OpenCL C", CL_MAKE_VERSION}):
// 1.0, 1.1, 1.2 and 3.0 always; 2.0 only when every feature OpenCL C 2.0 requires is claimed
// (3.0 clGetDeviceInfo, CL_DEVICE_OPENCL_C_VERSION: "if and only if all optional OpenCL C
// features are supported by the device for the newer version").
std::vector<std::pair<std::string, unsigned>> opencl_c_versions(const TargetDevice& device);
// The features OpenCL C 2.0 requires that `device` does not claim (empty when 2.0 is listed).
std::vector<std::string_view> missing_for_opencl_c_20(const TargetDevice& device);

// The macros Clang 15 or its opencl-c-base.h may define for a SPIR target that name a feature or
// extension (whatever -cl-ext says: the header defines some of them itself); the compiler
// undefines each one `device` does not claim.
std::span<const std::string_view> clang_feature_macros();

}  // namespace clvet::interp
