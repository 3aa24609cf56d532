// Rules: Program objects (OpenCL 1.2 §5.6, 2.2 §5.8).
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "catalogue.h"

// Questions the program rules ask, answered through the World's info queries only.
namespace clvet::rules::program_family {

// Which entry point's option list applies (§5.6.4 compiler options, §5.6.5 linker options).
enum class OptionsUse { Build, Compile, Link };

// The first option of `options` that the specification does not define for `use`, or "" when
// every option is valid. The reference device accepts exactly the standard options: it has no
// vendor-specific ones, so anything else is reported rather than silently ignored.
inline std::string invalid_option(const char* options, OptionsUse use) {
  if (options == nullptr) return {};
  static constexpr std::string_view kCompilerFlags[] = {
      "-cl-single-precision-constant", "-cl-denorms-are-zero",
      "-cl-fp32-correctly-rounded-divide-sqrt", "-cl-opt-disable", "-cl-mad-enable",
      "-cl-no-signed-zeros", "-cl-unsafe-math-optimizations", "-cl-finite-math-only",
      "-cl-fast-relaxed-math", "-w", "-Werror", "-cl-kernel-arg-info", "-g",
      "-cl-uniform-work-group-size", "-cl-no-subgroup-ifp", "-cl-strict-aliasing"};
  // §5.6.5.2 program linking options (1.2 spells one "-cl-no-signed-zeroes").
  static constexpr std::string_view kLinkerFlags[] = {
      "-cl-denorms-are-zero", "-cl-no-signed-zeros", "-cl-no-signed-zeroes",
      "-cl-unsafe-math-optimizations", "-cl-finite-math-only", "-cl-fast-relaxed-math",
      "-cl-no-subgroup-ifp"};
  static constexpr std::string_view kStandards[] = {"CL1.1", "CL1.2", "CL2.0", "CL3.0"};
  auto listed = [](auto& list, std::string_view s) {
    return std::find(std::begin(list), std::end(list), s) != std::end(list);
  };
  std::istringstream in{std::string(options)};
  std::vector<std::string> tokens;
  for (std::string t; in >> t;) tokens.push_back(t);
  bool create_library = false, enable_link_options = false;
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    std::string_view t = tokens[i];
    if (use != OptionsUse::Link) {
      if (t == "-D" || t == "-I") {  // "-D name", "-I dir": the operand is the next token
        if (i + 1 == tokens.size()) return std::string(t);
        ++i;
        continue;
      }
      if ((t.starts_with("-D") || t.starts_with("-I")) && t.size() > 2) continue;
      if (t.starts_with("-cl-std=")) {
        if (!listed(kStandards, t.substr(8))) return std::string(t);
        continue;
      }
      if (listed(kCompilerFlags, t)) continue;
    } else {
      if (t == "-create-library") { create_library = true; continue; }
      if (t == "-enable-link-options") { enable_link_options = true; continue; }
    }
    if (use != OptionsUse::Compile && listed(kLinkerFlags, t)) continue;
    return std::string(t);
  }
  // §5.6.5.1: -enable-link-options must be specified with -create-library.
  if (enable_link_options && !create_library) return "-enable-link-options";
  return {};
}

inline std::vector<cl_device_id> program_devices(const World& w, cl_program program) {
  return get_array<cl_device_id>(w, InfoQuery::Program, program, CL_PROGRAM_DEVICES);
}

// 3.0 §5.8.2: whether no device of `program`'s context runs destructors of program-scope global
// variables. OpenCL C has none; they come with C++ kernels, which a device offers as OpenCL C++
// (the kernel language of 2.2 devices) or as C++ for OpenCL (the cl_ext_cxx_for_opencl
// extension). No query names the capability itself.
inline bool no_device_runs_global_destructors(const World& w, cl_program program) {
  auto text = [&](cl_device_id d, cl_uint param) {
    std::vector<char> chars = get_array<char>(w, InfoQuery::Device, d, param);
    return std::string(chars.begin(), std::find(chars.begin(), chars.end(), '\0'));
  };
  for (cl_device_id d : devices_of(w, context_of(w, program))) {
    if (text(d, CL_DEVICE_VERSION).starts_with("OpenCL 2.2")) return false;
    std::istringstream extensions(text(d, CL_DEVICE_EXTENSIONS));
    for (std::string name; extensions >> name;)
      if (name == "cl_ext_cxx_for_opencl") return false;
  }
  return true;
}

// The devices a build, compile or link call acts on: its list, or all of `program`'s.
inline std::vector<cl_device_id> listed_or_all(const World& w, cl_program program, cl_uint n,
                                               const cl_device_id* list) {
  if (list != nullptr) return {list, list + n};
  return program_devices(w, program);
}

// True when some entry of `list` is not one of `devices`.
inline bool any_outside(const std::vector<cl_device_id>& devices, cl_uint n,
                        const cl_device_id* list) {
  if (list == nullptr) return false;
  for (cl_uint i = 0; i < n; ++i)
    if (std::find(devices.begin(), devices.end(), list[i]) == devices.end()) return true;
  return false;
}

inline bool build_in_progress(const World& w, cl_program program,
                              const std::vector<cl_device_id>& devices) {
  for (cl_device_id d : devices)
    if (valid(w, d) && get<cl_build_status>(w, InfoQuery::ProgramBuild, program,
                                            CL_PROGRAM_BUILD_STATUS, d) == CL_BUILD_IN_PROGRESS)
      return true;
  return false;
}

// True when some valid device of `devices` answers CL_FALSE to the cl_bool query `param`.
inline bool some_device_lacks(const World& w, const std::vector<cl_device_id>& devices,
                              cl_device_info param) {
  for (cl_device_id d : devices)
    if (valid(w, d) && get<cl_bool>(w, InfoQuery::Device, d, param).value_or(CL_FALSE) != CL_TRUE)
      return true;
  return false;
}

// A successfully built program executable for `device` (§5.6.7 build status and binary type).
inline bool has_executable_for(const World& w, cl_program program, cl_device_id device) {
  return get<cl_build_status>(w, InfoQuery::ProgramBuild, program, CL_PROGRAM_BUILD_STATUS,
                              device) == CL_BUILD_SUCCESS &&
         get<cl_program_binary_type>(w, InfoQuery::ProgramBuild, program, CL_PROGRAM_BINARY_TYPE,
                                     device) == CL_PROGRAM_BINARY_TYPE_EXECUTABLE;
}

// "a successful program executable has been built for at least one device" (§5.6.7).
inline bool has_executable(const World& w, cl_program program) {
  for (cl_device_id d : program_devices(w, program))
    if (has_executable_for(w, program, d)) return true;
  return false;
}

// A device supports intermediate language programs when CL_DEVICE_IL_VERSION is not empty.
inline bool device_supports_il(const World& w, cl_device_id device) {
  std::vector<char> version = get_array<char>(w, InfoQuery::Device, device, CL_DEVICE_IL_VERSION);
  return !version.empty() && version[0] != '\0';
}

inline bool no_device_supports_il(const World& w, const std::vector<cl_device_id>& devices) {
  return std::none_of(devices.begin(), devices.end(),
                      [&](cl_device_id d) { return valid(w, d) && device_supports_il(w, d); });
}

// The one intermediate language OpenCL defines is SPIR-V: a whole number of 32-bit words
// starting with the magic number (in either byte order) and a five-word header.
inline bool is_spirv_module(const void* il, std::size_t length) {
  if (il == nullptr || length < 20 || length % 4 != 0) return false;
  std::uint32_t magic = 0;
  std::memcpy(&magic, il, sizeof magic);
  return magic == 0x07230203u || magic == 0x03022307u;
}

// A program created from IL answers CL_PROGRAM_IL with its bytes; every other program with 0.
inline bool created_from_il(const World& w, cl_program program) {
  std::size_t size = 0;
  return w.info(InfoQuery::Program, program, nullptr, CL_PROGRAM_IL, 0, nullptr, &size) ==
             CL_SUCCESS &&
         size > 0;
}

// The devices in `list` that are valid and answer `param`'s string with `name` among its
// semicolon-separated entries.
inline bool name_listed(std::string_view list, std::string_view name) {
  while (!list.empty()) {
    std::size_t end = list.find(';');
    std::string_view entry = list.substr(0, end);
    while (!entry.empty() && entry.front() == ' ') entry.remove_prefix(1);
    while (!entry.empty() && entry.back() == ' ') entry.remove_suffix(1);
    if (!entry.empty() && entry == name) return true;
    if (end == std::string_view::npos) break;
    list.remove_prefix(end + 1);
  }
  return false;
}

// clCreateProgramWithBuiltInKernels: some name of `kernel_names` that no valid device in the
// list supports (an empty name is supported by none).
inline bool unsupported_built_in_kernel(const World& w, cl_uint n, const cl_device_id* list,
                                        const char* kernel_names) {
  if (kernel_names == nullptr) return true;
  std::string_view names(kernel_names);
  for (;;) {
    std::size_t end = names.find(';');
    std::string_view name = names.substr(0, end);
    while (!name.empty() && name.front() == ' ') name.remove_prefix(1);
    while (!name.empty() && name.back() == ' ') name.remove_suffix(1);
    bool supported = false;
    for (cl_uint i = 0; list != nullptr && i < n && !name.empty() && !supported; ++i) {
      if (!valid(w, list[i])) continue;
      std::vector<char> text =
          get_array<char>(w, InfoQuery::Device, list[i], CL_DEVICE_BUILT_IN_KERNELS);
      supported = name_listed(std::string_view(text.data(), text.empty() ? 0 : text.size() - 1),
                              name);
    }
    if (!supported) return true;
    if (end == std::string_view::npos) return false;
    names.remove_prefix(end + 1);
  }
}

inline bool context_lacks_any(const World& w, cl_context context, cl_uint n,
                              const cl_device_id* list) {
  if (list == nullptr) return false;
  for (cl_uint i = 0; i < n; ++i)
    if (!context_has_device(w, context, list[i])) return true;
  return false;
}

// clLinkProgram: for some device, some but not all input programs hold a compiled binary or
// library (§5.6.3, input_programs).
inline bool link_inputs_mixed(const World& w, const std::vector<cl_device_id>& devices,
                              cl_uint n, const cl_program* inputs) {
  for (cl_device_id d : devices) {
    cl_uint compiled = 0;
    for (cl_uint i = 0; i < n; ++i) {
      auto type = get<cl_program_binary_type>(w, InfoQuery::ProgramBuild, inputs[i],
                                              CL_PROGRAM_BINARY_TYPE, d);
      if (type == CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT || type == CL_PROGRAM_BINARY_TYPE_LIBRARY)
        ++compiled;
    }
    if (compiled != 0 && compiled != n) return true;
  }
  return false;
}

inline bool all_valid(const World& w, cl_uint n, const cl_program* programs) {
  for (cl_uint i = 0; i < n; ++i)
    if (!valid(w, programs[i])) return false;
  return true;
}

}  // namespace clvet::rules::program_family

// Shared words of the allocation clauses.
#define CLVET_PROGRAM_OOR_CLAUSE                                                             \
  "CL_OUT_OF_RESOURCES if there is a failure to allocate resources required by the OpenCL " \
  "implementation on the device."
#define CLVET_PROGRAM_OOHM_CLAUSE                                                              \
  "CL_OUT_OF_HOST_MEMORY if there is a failure to allocate resources required by the OpenCL " \
  "implementation on the host."
#define CLVET_PROGRAM_OOR_NEVER \
  "not raised: the reference device's resources are host memory (CL_OUT_OF_HOST_MEMORY)"
#define CLVET_PROGRAM_OOHM_WHEN "raised when a host allocation of the call throws std::bad_alloc"

// §5.6.1 clCreateProgramWithSource
CLVET_ROLE_RULE(CreateProgramWithSourceInvalidContext, CreateProgramWithSource, InvalidContext,
                Spec::OpenCL12, "5.6.1", V1_0)
CLVET_RULE(CreateProgramWithSourceBadStrings, "clCreateProgramWithSource", CL_INVALID_VALUE,
           Spec::OpenCL12, "5.6.1",
           "CL_INVALID_VALUE if count is zero or if strings or any entry in strings is NULL.", V1_0,
           Still,
           CLVET_CHECK(CreateProgramWithSource, a.count == 0 || a.strings == nullptr ||
                                                    std::find(a.strings, a.strings + a.count,
                                                              nullptr) != a.strings + a.count))
CLVET_RULE(CreateProgramWithSourceOutOfResources, "clCreateProgramWithSource", CL_OUT_OF_RESOURCES,
           Spec::OpenCL12, "5.6.1", CLVET_PROGRAM_OOR_CLAUSE, V1_0, Still, nullptr,
           CLVET_PROGRAM_OOR_NEVER)
CLVET_RULE(CreateProgramWithSourceOutOfHostMemory, "clCreateProgramWithSource",
           CL_OUT_OF_HOST_MEMORY, Spec::OpenCL12, "5.6.1", CLVET_PROGRAM_OOHM_CLAUSE, V1_0, Still,
           nullptr, "raised when copying the source strings throws std::bad_alloc")

// 2.2 §5.8.1 clCreateProgramWithIL (and cl_khr_il_program's clCreateProgramWithILKHR). The
// NULL/empty check, on the arguments alone, comes before the one on the context's devices.
#define CLVET_IL_RULES(Prefix, Entry, SpecDoc, Section, Since)                                    \
  CLVET_RULE(Prefix##InvalidContext, Entry, CL_INVALID_CONTEXT, SpecDoc, Section,                \
             "CL_INVALID_CONTEXT if context is not a valid context.", Since, Still,              \
             CLVET_CHECK(Prefix, !valid(w, a.context)))                                           \
  CLVET_RULE(Prefix##NullOrEmpty, Entry, CL_INVALID_VALUE, SpecDoc, Section,                      \
             "CL_INVALID_VALUE if il is NULL or if length is zero.", Since, Still,                \
             CLVET_CHECK(Prefix, a.il == nullptr || a.length == 0))                               \
  CLVET_RULE(Prefix##NoDeviceSupportsIL, Entry, CL_INVALID_OPERATION, Spec::Api30, "5.8.1",      \
             "CL_INVALID_OPERATION if no devices in context support intermediate language "      \
             "programs.",                                                                         \
             Since, Still,                                                                        \
             CLVET_CHECK(Prefix, program_family::no_device_supports_il(w, devices_of(w, a.context)))) \
  CLVET_RULE(Prefix##Malformed, Entry, CL_INVALID_VALUE, SpecDoc, Section,                        \
             "CL_INVALID_VALUE if the length-byte memory pointed to by il does not contain "     \
             "well-formed intermediate language input that can be consumed by the OpenCL "       \
             "runtime.",                                                                          \
             Since, Still, CLVET_CHECK(Prefix, !program_family::is_spirv_module(a.il, a.length))) \
  CLVET_RULE(Prefix##OutOfResources, Entry, CL_OUT_OF_RESOURCES, SpecDoc, Section,                \
             CLVET_PROGRAM_OOR_CLAUSE, Since, Still, nullptr, CLVET_PROGRAM_OOR_NEVER)            \
  CLVET_RULE(Prefix##OutOfHostMemory, Entry, CL_OUT_OF_HOST_MEMORY, SpecDoc, Section,             \
             CLVET_PROGRAM_OOHM_CLAUSE, Since, Still, nullptr,                                    \
             "raised when copying the IL throws std::bad_alloc")
CLVET_IL_RULES(CreateProgramWithIL, "clCreateProgramWithIL", Spec::Runtime22, "5.8.1", V2_1)
CLVET_IL_RULES(CreateProgramWithILKHR, "clCreateProgramWithILKHR", Spec::Extension,
               "cl_khr_il_program", V1_0)
#undef CLVET_IL_RULES

// §5.6.1 clCreateProgramWithBinary
CLVET_ROLE_RULE(CreateProgramWithBinaryInvalidContext, CreateProgramWithBinary, InvalidContext,
                Spec::OpenCL12, "5.6.1", V1_0)
CLVET_RULE(CreateProgramWithBinaryNoDevices, "clCreateProgramWithBinary", CL_INVALID_VALUE,
           Spec::OpenCL12, "5.6.1",
           "CL_INVALID_VALUE if device_list is NULL or num_devices is zero.", V1_0, Still,
           CLVET_CHECK(CreateProgramWithBinary, a.device_list == nullptr || a.num_devices == 0))
CLVET_RULE(CreateProgramWithBinaryDeviceNotInContext, "clCreateProgramWithBinary",
           CL_INVALID_DEVICE, Spec::OpenCL12, "5.6.1",
           "CL_INVALID_DEVICE if OpenCL devices listed in device_list are not in the list of "
           "devices associated with context.",
           V1_0, Still,
           CLVET_CHECK(CreateProgramWithBinary, program_family::context_lacks_any(
                                                    w, a.context, a.num_devices, a.device_list)))
CLVET_RULE(CreateProgramWithBinaryBadBinaries, "clCreateProgramWithBinary", CL_INVALID_VALUE,
           Spec::OpenCL12, "5.6.1",
           "CL_INVALID_VALUE if lengths or binaries are NULL or if any entry in lengths[i] is zero "
           "or binaries[i] is NULL.",
           V1_0, Still, nullptr,
           "raised by the implementation, after it wrote CL_INVALID_VALUE into binary_status[i] "
           "for each such entry (a precheck could not report the per-device status)")
CLVET_RULE(CreateProgramWithBinaryInvalidBinary, "clCreateProgramWithBinary", CL_INVALID_BINARY,
           Spec::OpenCL12, "5.6.1",
           "CL_INVALID_BINARY if an invalid program binary was encountered for any device. "
           "binary_status will return specific status for each device.",
           V1_0, Still, nullptr,
           "raised when a binary is not in a format the reference device loads (it accepts none "
           "yet); binary_status[i] says which")
CLVET_RULE(CreateProgramWithBinaryOutOfResources, "clCreateProgramWithBinary", CL_OUT_OF_RESOURCES,
           Spec::OpenCL12, "5.6.1", CLVET_PROGRAM_OOR_CLAUSE, V1_0, Still, nullptr,
           CLVET_PROGRAM_OOR_NEVER)
CLVET_RULE(CreateProgramWithBinaryOutOfHostMemory, "clCreateProgramWithBinary",
           CL_OUT_OF_HOST_MEMORY, Spec::OpenCL12, "5.6.1", CLVET_PROGRAM_OOHM_CLAUSE, V1_0, Still,
           nullptr, CLVET_PROGRAM_OOHM_WHEN)

// §5.6.1 clCreateProgramWithBuiltInKernels
CLVET_ROLE_RULE(CreateProgramWithBuiltInKernelsInvalidContext, CreateProgramWithBuiltInKernels,
                InvalidContext, Spec::OpenCL12, "5.6.1", V1_2)
CLVET_RULE(CreateProgramWithBuiltInKernelsNoDevices, "clCreateProgramWithBuiltInKernels",
           CL_INVALID_VALUE, Spec::OpenCL12, "5.6.1",
           "CL_INVALID_VALUE if device_list is NULL or num_devices is zero.", V1_2, Still,
           CLVET_CHECK(CreateProgramWithBuiltInKernels,
                       a.device_list == nullptr || a.num_devices == 0))
// Membership before names: the name check asks the listed devices what they support.
CLVET_RULE(CreateProgramWithBuiltInKernelsDeviceNotInContext, "clCreateProgramWithBuiltInKernels",
           CL_INVALID_DEVICE, Spec::OpenCL12, "5.6.1",
           "CL_INVALID_DEVICE if devices listed in device_list are not in the list of devices "
           "associated with context.",
           V1_2, Still,
           CLVET_CHECK(CreateProgramWithBuiltInKernels,
                       program_family::context_lacks_any(w, a.context, a.num_devices,
                                                         a.device_list)))
CLVET_RULE(CreateProgramWithBuiltInKernelsUnknownKernel, "clCreateProgramWithBuiltInKernels",
           CL_INVALID_VALUE, Spec::OpenCL12, "5.6.1",
           "CL_INVALID_VALUE if kernel_names is NULL or kernel_names contains a kernel name that "
           "is not supported by any of the devices in device_list.",
           V1_2, Still,
           CLVET_CHECK(CreateProgramWithBuiltInKernels,
                       program_family::unsupported_built_in_kernel(w, a.num_devices, a.device_list,
                                                                   a.kernel_names)))
CLVET_RULE(CreateProgramWithBuiltInKernelsOutOfResources, "clCreateProgramWithBuiltInKernels",
           CL_OUT_OF_RESOURCES, Spec::OpenCL12, "5.6.1", CLVET_PROGRAM_OOR_CLAUSE, V1_2, Still,
           nullptr, CLVET_PROGRAM_OOR_NEVER)
CLVET_RULE(CreateProgramWithBuiltInKernelsOutOfHostMemory, "clCreateProgramWithBuiltInKernels",
           CL_OUT_OF_HOST_MEMORY, Spec::OpenCL12, "5.6.1", CLVET_PROGRAM_OOHM_CLAUSE, V1_2, Still,
           nullptr, CLVET_PROGRAM_OOHM_WHEN)

// §5.6.1 clRetainProgram, clReleaseProgram
#define CLVET_PROGRAM_REFCOUNT_RULES(Prefix, Entry)                                              \
  CLVET_RULE(Prefix##InvalidProgram, Entry, CL_INVALID_PROGRAM, Spec::OpenCL12, "5.6.1",        \
             "CL_INVALID_PROGRAM if program is not a valid program object.", V1_0, Still,         \
             CLVET_CHECK(Prefix, !valid(w, a.program)))                                          \
  CLVET_RULE(Prefix##OutOfResources, Entry, CL_OUT_OF_RESOURCES, Spec::OpenCL12, "5.6.1",       \
             CLVET_PROGRAM_OOR_CLAUSE, V1_0, Still, nullptr, CLVET_PROGRAM_OOR_NEVER)            \
  CLVET_RULE(Prefix##OutOfHostMemory, Entry, CL_OUT_OF_HOST_MEMORY, Spec::OpenCL12, "5.6.1",    \
             CLVET_PROGRAM_OOHM_CLAUSE, V1_0, Still, nullptr,                                    \
             "not raised: changing a reference count allocates nothing")
CLVET_PROGRAM_REFCOUNT_RULES(RetainProgram, "clRetainProgram")
CLVET_PROGRAM_REFCOUNT_RULES(ReleaseProgram, "clReleaseProgram")
#undef CLVET_PROGRAM_REFCOUNT_RULES

// 2.2 §5.8.2 clSetProgramReleaseCallback
CLVET_RULE(SetProgramReleaseCallbackInvalidProgram, "clSetProgramReleaseCallback",
           CL_INVALID_PROGRAM, Spec::Runtime22, "5.8.2",
           "CL_INVALID_PROGRAM if program is not a valid program object.", V2_2, Still,
           CLVET_CHECK(SetProgramReleaseCallback, !valid(w, a.program)))
CLVET_RULE(SetProgramReleaseCallbackNullNotify, "clSetProgramReleaseCallback", CL_INVALID_VALUE,
           Spec::Runtime22, "5.8.2", "CL_INVALID_VALUE if pfn_notify is NULL.", V2_2, Still,
           CLVET_CHECK(SetProgramReleaseCallback, a.pfn_notify == nullptr))
CLVET_RULE(SetProgramReleaseCallbackUnsupported, "clSetProgramReleaseCallback",
           CL_INVALID_OPERATION, Spec::Api30, "5.8.2",
           "CL_INVALID_OPERATION if no devices in the context associated with program support "
           "destructors for program scope global variables.",
           V3_0, Still,
           CLVET_CHECK(SetProgramReleaseCallback,
                       program_family::no_device_runs_global_destructors(w, a.program)))
CLVET_RULE(SetProgramReleaseCallbackOutOfResources, "clSetProgramReleaseCallback",
           CL_OUT_OF_RESOURCES, Spec::Runtime22, "5.8.2", CLVET_PROGRAM_OOR_CLAUSE, V2_2, Still,
           nullptr, CLVET_PROGRAM_OOR_NEVER)
CLVET_RULE(SetProgramReleaseCallbackOutOfHostMemory, "clSetProgramReleaseCallback",
           CL_OUT_OF_HOST_MEMORY, Spec::Runtime22, "5.8.2", CLVET_PROGRAM_OOHM_CLAUSE, V2_2, Still,
           nullptr, "not raised by the reference device: it stores no release callback (it refuses "
           "every registration with CL_INVALID_OPERATION)")

// 2.2 §5.8.3 clSetProgramSpecializationConstant
CLVET_RULE(SetProgramSpecializationConstantInvalidProgram, "clSetProgramSpecializationConstant",
           CL_INVALID_PROGRAM, Spec::Runtime22, "5.8.3",
           "CL_INVALID_PROGRAM if program is not a valid program object created from a module in "
           "an intermediate format (e.g. SPIR-V).",
           V2_2, Still,
           CLVET_CHECK(SetProgramSpecializationConstant,
                       !valid(w, a.program) || !program_family::created_from_il(w, a.program)))
CLVET_RULE(SetProgramSpecializationConstantNoDeviceSupportsIL,
           "clSetProgramSpecializationConstant", CL_INVALID_OPERATION, Spec::Api30, "5.8.3",
           "CL_INVALID_OPERATION if no devices associated with program support intermediate "
           "language programs.",
           V3_0, Still,
           CLVET_CHECK(SetProgramSpecializationConstant,
                       program_family::no_device_supports_il(
                           w, program_family::program_devices(w, a.program))))
CLVET_RULE(SetProgramSpecializationConstantCompilerNotAvailable,
           "clSetProgramSpecializationConstant", CL_COMPILER_NOT_AVAILABLE, Spec::Api30, "5.8.3",
           "CL_COMPILER_NOT_AVAILABLE if program is created with clCreateProgramWithIL and a "
           "compiler is not available, i.e. CL_DEVICE_COMPILER_AVAILABLE specified in the Device "
           "Queries table is set to CL_FALSE.",
           V3_0, Still,
           CLVET_CHECK(SetProgramSpecializationConstant,
                       program_family::some_device_lacks(
                           w, program_family::program_devices(w, a.program),
                           CL_DEVICE_COMPILER_AVAILABLE)))
CLVET_RULE(SetProgramSpecializationConstantInvalidSpecId, "clSetProgramSpecializationConstant",
           CL_INVALID_SPEC_ID, Spec::Runtime22, "5.8.3",
           "CL_INVALID_SPEC_ID if spec_id is not a valid specialization constant ID", V2_2, Still,
           nullptr, "raised when the module declares no specialization constant with spec_id")
CLVET_RULE(SetProgramSpecializationConstantBadValue, "clSetProgramSpecializationConstant",
           CL_INVALID_VALUE, Spec::Runtime22, "5.8.3",
           "CL_INVALID_VALUE if spec_size does not match the size of the specialization constant "
           "in the module, or if spec_value is NULL.",
           V2_2, Still, CLVET_CHECK(SetProgramSpecializationConstant, a.spec_value == nullptr),
           "the size comparison is made by the implementation, which knows the module")
CLVET_RULE(SetProgramSpecializationConstantOutOfResources, "clSetProgramSpecializationConstant",
           CL_OUT_OF_RESOURCES, Spec::Runtime22, "5.8.3", CLVET_PROGRAM_OOR_CLAUSE, V2_2, Still,
           nullptr, CLVET_PROGRAM_OOR_NEVER)
CLVET_RULE(SetProgramSpecializationConstantOutOfHostMemory, "clSetProgramSpecializationConstant",
           CL_OUT_OF_HOST_MEMORY, Spec::Runtime22, "5.8.3", CLVET_PROGRAM_OOHM_CLAUSE, V2_2, Still,
           nullptr, CLVET_PROGRAM_OOHM_WHEN)

// §5.6.2 clBuildProgram
CLVET_RULE(BuildProgramInvalidProgram, "clBuildProgram", CL_INVALID_PROGRAM, Spec::OpenCL12,
           "5.6.2", "CL_INVALID_PROGRAM if program is not a valid program object.", V1_0, Still,
           CLVET_CHECK(BuildProgram, !valid(w, a.program)))
CLVET_RULE(BuildProgramDeviceListMismatch, "clBuildProgram", CL_INVALID_VALUE, Spec::OpenCL12,
           "5.6.2",
           "CL_INVALID_VALUE if device_list is NULL and num_devices is greater than zero, or if "
           "device_list is not NULL and num_devices is zero.",
           V1_0, Still, CLVET_CHECK(BuildProgram, (a.device_list == nullptr) != (a.num_devices == 0)))
CLVET_RULE(BuildProgramUserDataWithoutNotify, "clBuildProgram", CL_INVALID_VALUE, Spec::OpenCL12,
           "5.6.2", "CL_INVALID_VALUE if pfn_notify is NULL but user_data is not NULL.", V1_0,
           Still, CLVET_CHECK(BuildProgram, a.pfn_notify == nullptr && a.user_data != nullptr))
CLVET_RULE(BuildProgramDeviceNotInProgram, "clBuildProgram", CL_INVALID_DEVICE, Spec::OpenCL12,
           "5.6.2",
           "CL_INVALID_DEVICE if OpenCL devices listed in device_list are not in the list of "
           "devices associated with program",
           V1_0, Still,
           CLVET_CHECK(BuildProgram,
                       program_family::any_outside(program_family::program_devices(w, a.program),
                                                   a.num_devices, a.device_list)))
CLVET_RULE(BuildProgramInvalidBinary, "clBuildProgram", CL_INVALID_BINARY, Spec::OpenCL12, "5.6.2",
           "CL_INVALID_BINARY if program is created with clCreateProgramWithBinary and devices "
           "listed in device_list do not have a valid program binary loaded.",
           V1_0, Still, nullptr,
           "raised when a program created from binaries has no executable binary for a listed "
           "device")
CLVET_RULE(BuildProgramInvalidOptions, "clBuildProgram", CL_INVALID_BUILD_OPTIONS, Spec::OpenCL12,
           "5.6.2", "CL_INVALID_BUILD_OPTIONS if the build options specified by options are invalid.",
           V1_0, Still,
           CLVET_CHECK(BuildProgram, !program_family::invalid_option(
                                          a.options, program_family::OptionsUse::Build)
                                          .empty()))
CLVET_RULE(BuildProgramInProgress, "clBuildProgram", CL_INVALID_OPERATION, Spec::OpenCL12, "5.6.2",
           "CL_INVALID_OPERATION if the build of a program executable for any of the devices "
           "listed in device_list by a previous call to clBuildProgram for program has not "
           "completed.",
           V1_0, Still,
           CLVET_CHECK(BuildProgram, program_family::build_in_progress(
                                         w, a.program,
                                         program_family::listed_or_all(w, a.program, a.num_devices,
                                                                       a.device_list))),
           "also raised by the implementation when another thread's build of the program began "
           "after the precheck")
CLVET_RULE(BuildProgramCompilerNotAvailable, "clBuildProgram", CL_COMPILER_NOT_AVAILABLE,
           Spec::OpenCL12, "5.6.2",
           "CL_COMPILER_NOT_AVAILABLE if program is created with clCreateProgramWithSource and a "
           "compiler is not available i.e. CL_DEVICE_COMPILER_AVAILABLE specified in table 4.3 is "
           "set to CL_FALSE.",
           V1_0, Still, nullptr,
           "raised for programs from source (or IL) when a device to build for answers CL_FALSE "
           "to CL_DEVICE_COMPILER_AVAILABLE; the build status becomes CL_BUILD_ERROR with a log")
CLVET_RULE(BuildProgramFailure, "clBuildProgram", CL_BUILD_PROGRAM_FAILURE, Spec::OpenCL12,
           "5.6.2",
           "CL_BUILD_PROGRAM_FAILURE if there is a failure to build the program executable. This "
           "error will be returned if clBuildProgram does not return until the build has "
           "completed.",
           V1_0, Still, nullptr,
           "raised when the build of some device fails; its build log says why")
CLVET_RULE(BuildProgramKernelsAttached, "clBuildProgram", CL_INVALID_OPERATION, Spec::OpenCL12,
           "5.6.2", "CL_INVALID_OPERATION if there are kernel objects attached to program.", V1_0,
           Still, CLVET_CHECK(BuildProgram, valid(w, a.program) && w.kernels_held(a.program) > 0),
           "also raised by the implementation while a kernel the application released is still "
           "needed by an enqueued command (3.0 §5.9.1), which only it knows")
CLVET_RULE(BuildProgramNotFromSourceOrBinary, "clBuildProgram", CL_INVALID_OPERATION,
           Spec::OpenCL12, "5.6.2",
           "CL_INVALID_OPERATION if program was not created with clCreateProgramWithSource or "
           "clCreateProgramWithBinary.",
           V1_0, V2_1, nullptr,
           "raised for programs from clCreateProgramWithBuiltInKernels or clLinkProgram")
CLVET_RULE(BuildProgramNotFromSourceILOrBinary, "clBuildProgram", CL_INVALID_OPERATION,
           Spec::Runtime22, "5.8.4",
           "CL_INVALID_OPERATION if program was not created with clCreateProgramWithSource, "
           "clCreateProgramWithIL or clCreateProgramWithBinary.",
           V2_1, Still, nullptr,
           "raised for programs from clCreateProgramWithBuiltInKernels or clLinkProgram")
CLVET_RULE(BuildProgramOutOfResources, "clBuildProgram", CL_OUT_OF_RESOURCES, Spec::OpenCL12,
           "5.6.2", CLVET_PROGRAM_OOR_CLAUSE, V1_0, Still, nullptr, CLVET_PROGRAM_OOR_NEVER)
CLVET_RULE(BuildProgramOutOfHostMemory, "clBuildProgram", CL_OUT_OF_HOST_MEMORY, Spec::OpenCL12,
           "5.6.2", CLVET_PROGRAM_OOHM_CLAUSE, V1_0, Still, nullptr, CLVET_PROGRAM_OOHM_WHEN)

// §5.6.3 clCompileProgram
CLVET_RULE(CompileProgramInvalidProgram, "clCompileProgram", CL_INVALID_PROGRAM, Spec::OpenCL12,
           "5.6.3", "CL_INVALID_PROGRAM if program is not a valid program object.", V1_2, Still,
           CLVET_CHECK(CompileProgram, !valid(w, a.program)))
CLVET_RULE(CompileProgramHeaderContextDiffers, "clCompileProgram", CL_INVALID_CONTEXT, Spec::Api30,
           "5.8.5",
           "CL_INVALID_CONTEXT if the context associated with program and programs in "
           "input_headers are not the same.",
           V3_0, Still,
           CLVET_CHECK(CompileProgram,
                       a.num_input_headers > 0 && a.input_headers != nullptr &&
                           std::any_of(a.input_headers, a.input_headers + a.num_input_headers,
                                       [&](cl_program h) {
                                         return context_of(w, h) != context_of(w, a.program);
                                       })))
CLVET_RULE(CompileProgramDeviceListMismatch, "clCompileProgram", CL_INVALID_VALUE, Spec::OpenCL12,
           "5.6.3",
           "CL_INVALID_VALUE if device_list is NULL and num_devices is greater than zero, or if "
           "device_list is not NULL and num_devices is zero.",
           V1_2, Still,
           CLVET_CHECK(CompileProgram, (a.device_list == nullptr) != (a.num_devices == 0)))
CLVET_RULE(CompileProgramHeaderListMismatch, "clCompileProgram", CL_INVALID_VALUE, Spec::OpenCL12,
           "5.6.3",
           "CL_INVALID_VALUE if num_input_headers is zero and header_include_names or "
           "input_headers are not NULL or if num_input_headers is not zero and "
           "header_include_names or input_headers are NULL.",
           V1_2, Still,
           CLVET_CHECK(CompileProgram,
                       a.num_input_headers == 0
                           ? (a.header_include_names != nullptr || a.input_headers != nullptr)
                           : (a.header_include_names == nullptr || a.input_headers == nullptr)))
CLVET_RULE(CompileProgramUserDataWithoutNotify, "clCompileProgram", CL_INVALID_VALUE,
           Spec::OpenCL12, "5.6.3",
           "CL_INVALID_VALUE if pfn_notify is NULL but user_data is not NULL.", V1_2, Still,
           CLVET_CHECK(CompileProgram, a.pfn_notify == nullptr && a.user_data != nullptr))
CLVET_RULE(CompileProgramDeviceNotInProgram, "clCompileProgram", CL_INVALID_DEVICE,
           Spec::OpenCL12, "5.6.3",
           "CL_INVALID_DEVICE if OpenCL devices listed in device_list are not in the list of "
           "devices associated with program",
           V1_2, Still,
           CLVET_CHECK(CompileProgram,
                       program_family::any_outside(program_family::program_devices(w, a.program),
                                                   a.num_devices, a.device_list)))
CLVET_RULE(CompileProgramInvalidOptions, "clCompileProgram", CL_INVALID_COMPILER_OPTIONS,
           Spec::OpenCL12, "5.6.3",
           "CL_INVALID_COMPILER_OPTIONS if the compiler options specified by options are invalid.",
           V1_2, Still,
           CLVET_CHECK(CompileProgram, !program_family::invalid_option(
                                            a.options, program_family::OptionsUse::Compile)
                                            .empty()))
CLVET_RULE(CompileProgramInProgress, "clCompileProgram", CL_INVALID_OPERATION, Spec::OpenCL12,
           "5.6.3",
           "CL_INVALID_OPERATION if the compilation or build of a program executable for any of "
           "the devices listed in device_list by a previous call to clCompileProgram or "
           "clBuildProgram for program has not completed.",
           V1_2, Still,
           CLVET_CHECK(CompileProgram, program_family::build_in_progress(
                                           w, a.program,
                                           program_family::listed_or_all(
                                               w, a.program, a.num_devices, a.device_list))),
           "also raised by the implementation when another thread's build of the program began "
           "after the precheck")
CLVET_RULE(CompileProgramCompilerNotAvailable, "clCompileProgram", CL_COMPILER_NOT_AVAILABLE,
           Spec::OpenCL12, "5.6.3",
           "CL_COMPILER_NOT_AVAILABLE if a compiler is not available i.e. "
           "CL_DEVICE_COMPILER_AVAILABLE [...] is set to CL_FALSE.",
           V1_2, Still, nullptr,
           "raised when a device to compile for answers CL_FALSE to CL_DEVICE_COMPILER_AVAILABLE; "
           "the implementation first records the compile as CL_BUILD_ERROR with a log, as the "
           "last compile of the program")
CLVET_RULE(CompileProgramFailure, "clCompileProgram", CL_COMPILE_PROGRAM_FAILURE, Spec::OpenCL12,
           "5.6.3",
           "CL_COMPILE_PROGRAM_FAILURE if there is a failure to compile the program source. This "
           "error will be returned if clCompileProgram does not return until the compile has "
           "completed.",
           V1_2, Still, nullptr,
           "raised when the compile of some device fails; its build log says why")
CLVET_RULE(CompileProgramKernelsAttached, "clCompileProgram", CL_INVALID_OPERATION,
           Spec::OpenCL12, "5.6.3",
           "CL_INVALID_OPERATION if there are kernel objects attached to program.", V1_2, Still,
           CLVET_CHECK(CompileProgram, valid(w, a.program) && w.kernels_held(a.program) > 0),
           "also raised by the implementation while a kernel the application released is still "
           "needed by an enqueued command (3.0 §5.9.1), which only it knows")
CLVET_RULE(CompileProgramNoSource, "clCompileProgram", CL_INVALID_OPERATION, Spec::OpenCL12,
           "5.6.3",
           "CL_INVALID_OPERATION if program has no source i.e. it has not been created with "
           "clCreateProgramWithSource.",
           V1_2, V2_1, nullptr, "raised for programs not created from source")
CLVET_RULE(CompileProgramNoSourceOrIL, "clCompileProgram", CL_INVALID_OPERATION, Spec::Runtime22,
           "5.8.5",
           "CL_INVALID_OPERATION if program has no source or IL available, i.e. it has not been "
           "created with clCreateProgramWithSource or clCreateProgramWithIL.",
           V2_1, Still, nullptr, "raised for programs created neither from source nor from IL")
CLVET_RULE(CompileProgramOutOfResources, "clCompileProgram", CL_OUT_OF_RESOURCES, Spec::OpenCL12,
           "5.6.3", CLVET_PROGRAM_OOR_CLAUSE, V1_2, Still, nullptr, CLVET_PROGRAM_OOR_NEVER)
CLVET_RULE(CompileProgramOutOfHostMemory, "clCompileProgram", CL_OUT_OF_HOST_MEMORY,
           Spec::OpenCL12, "5.6.3", CLVET_PROGRAM_OOHM_CLAUSE, V1_2, Still, nullptr,
           CLVET_PROGRAM_OOHM_WHEN)

// §5.6.3 clLinkProgram
CLVET_ROLE_RULE(LinkProgramInvalidContext, LinkProgram, InvalidContext, Spec::OpenCL12, "5.6.3",
                V1_2)
CLVET_RULE(LinkProgramInputContextDiffers, "clLinkProgram", CL_INVALID_CONTEXT, Spec::Api30,
           "5.8.5",
           "CL_INVALID_CONTEXT if the context associated with programs in input_programs is not "
           "the same as context.",
           V3_0, Still,
           CLVET_CHECK(LinkProgram,
                       a.num_input_programs > 0 && a.input_programs != nullptr &&
                           std::any_of(a.input_programs, a.input_programs + a.num_input_programs,
                                       [&](cl_program p) {
                                         return valid(w, p) && context_of(w, p) != a.context;
                                       })))
CLVET_RULE(LinkProgramDeviceListMismatch, "clLinkProgram", CL_INVALID_VALUE, Spec::OpenCL12,
           "5.6.3",
           "CL_INVALID_VALUE if device_list is NULL and num_devices is greater than zero, or if "
           "device_list is not NULL and num_devices is zero.",
           V1_2, Still, CLVET_CHECK(LinkProgram, (a.device_list == nullptr) != (a.num_devices == 0)))
CLVET_RULE(LinkProgramInputListMismatch, "clLinkProgram", CL_INVALID_VALUE, Spec::OpenCL12,
           "5.6.3",
           "CL_INVALID_VALUE if num_input_programs is zero and input_programs is NULL or if "
           "num_input_programs is zero and input_programs is not NULL or if num_input_programs is "
           "not zero and input_programs is NULL.",
           V1_2, Still,
           CLVET_CHECK(LinkProgram, a.num_input_programs == 0 || a.input_programs == nullptr))
CLVET_RULE(LinkProgramInvalidInputProgram, "clLinkProgram", CL_INVALID_PROGRAM, Spec::OpenCL12,
           "5.6.3",
           "CL_INVALID_PROGRAM if programs specified in input_programs are not valid program "
           "objects.",
           V1_2, Still,
           CLVET_CHECK(LinkProgram,
                       !program_family::all_valid(w, a.num_input_programs, a.input_programs)))
CLVET_RULE(LinkProgramUserDataWithoutNotify, "clLinkProgram", CL_INVALID_VALUE, Spec::OpenCL12,
           "5.6.3", "CL_INVALID_VALUE if pfn_notify is NULL but user_data is not NULL.", V1_2,
           Still, CLVET_CHECK(LinkProgram, a.pfn_notify == nullptr && a.user_data != nullptr))
CLVET_RULE(LinkProgramDeviceNotInContext, "clLinkProgram", CL_INVALID_DEVICE, Spec::OpenCL12,
           "5.6.3",
           "CL_INVALID_DEVICE if OpenCL devices listed in device_list are not in the list of "
           "devices associated with context",
           V1_2, Still,
           CLVET_CHECK(LinkProgram, program_family::context_lacks_any(w, a.context, a.num_devices,
                                                                     a.device_list)))
CLVET_RULE(LinkProgramInvalidOptions, "clLinkProgram", CL_INVALID_LINKER_OPTIONS, Spec::OpenCL12,
           "5.6.3",
           "CL_INVALID_LINKER_OPTIONS if the linker options specified by options are invalid.",
           V1_2, Still,
           CLVET_CHECK(LinkProgram, !program_family::invalid_option(
                                         a.options, program_family::OptionsUse::Link)
                                         .empty()))
CLVET_RULE(LinkProgramInProgress, "clLinkProgram", CL_INVALID_OPERATION, Spec::OpenCL12, "5.6.3",
           "CL_INVALID_OPERATION if the compilation or build of a program executable for any of "
           "the devices listed in device_list by a previous call to clCompileProgram or "
           "clBuildProgram for program has not completed.",
           V1_2, Still,
           CLVET_CHECK(LinkProgram,
                       std::any_of(a.input_programs, a.input_programs + a.num_input_programs,
                                   [&](cl_program p) {
                                     return program_family::build_in_progress(
                                         w, p,
                                         a.device_list ? std::vector<cl_device_id>(
                                                             a.device_list,
                                                             a.device_list + a.num_devices)
                                                       : devices_of(w, a.context));
                                   })))
CLVET_RULE(LinkProgramMixedInputs, "clLinkProgram", CL_INVALID_OPERATION, Spec::OpenCL12, "5.6.3",
           "CL_INVALID_OPERATION if the rules for devices containing compiled binaries or "
           "libraries as described in input_programs argument above are not followed.",
           V1_2, Still,
           CLVET_CHECK(LinkProgram,
                       program_family::link_inputs_mixed(
                           w,
                           a.device_list ? std::vector<cl_device_id>(a.device_list,
                                                                     a.device_list + a.num_devices)
                                         : devices_of(w, a.context),
                           a.num_input_programs, a.input_programs)))
CLVET_RULE(LinkProgramLinkerNotAvailable, "clLinkProgram", CL_LINKER_NOT_AVAILABLE, Spec::OpenCL12,
           "5.6.3",
           "CL_LINKER_NOT_AVAILABLE if a linker is not available i.e. CL_DEVICE_LINKER_AVAILABLE "
           "specified in table 4.3 is set to CL_FALSE.",
           V1_2, Still,
           CLVET_CHECK(LinkProgram, program_family::some_device_lacks(
                                        w,
                                        a.device_list ? std::vector<cl_device_id>(
                                                            a.device_list,
                                                            a.device_list + a.num_devices)
                                                      : devices_of(w, a.context),
                                        CL_DEVICE_LINKER_AVAILABLE)))
CLVET_RULE(LinkProgramFailure, "clLinkProgram", CL_LINK_PROGRAM_FAILURE, Spec::OpenCL12, "5.6.3",
           "CL_LINK_PROGRAM_FAILURE if there is a failure to link the compiled binaries and/or "
           "libraries.",
           V1_2, Still, nullptr, "raised when the link of some device fails")
CLVET_RULE(LinkProgramOutOfResources, "clLinkProgram", CL_OUT_OF_RESOURCES, Spec::OpenCL12,
           "5.6.3", CLVET_PROGRAM_OOR_CLAUSE, V1_2, Still, nullptr, CLVET_PROGRAM_OOR_NEVER)
CLVET_RULE(LinkProgramOutOfHostMemory, "clLinkProgram", CL_OUT_OF_HOST_MEMORY, Spec::OpenCL12,
           "5.6.3", CLVET_PROGRAM_OOHM_CLAUSE, V1_2, Still, nullptr, CLVET_PROGRAM_OOHM_WHEN)

// §5.6.6 clUnloadPlatformCompiler (clUnloadCompiler always returns CL_SUCCESS: no rules)
CLVET_RULE(UnloadPlatformCompilerInvalidPlatform, "clUnloadPlatformCompiler", CL_INVALID_PLATFORM,
           Spec::OpenCL12, "5.6.6", "CL_INVALID_PLATFORM if platform is not a valid platform.",
           V1_2, Still, CLVET_CHECK(UnloadPlatformCompiler, !valid(w, a.platform)))

// §5.6.7 clGetProgramInfo
CLVET_RULE(GetProgramInfoInvalidProgram, "clGetProgramInfo", CL_INVALID_PROGRAM, Spec::OpenCL12,
           "5.6.7", "CL_INVALID_PROGRAM if program is a not a valid program object.", V1_0, Still,
           CLVET_CHECK(GetProgramInfo, !valid(w, a.program)))
CLVET_RULE(GetProgramInfoBadParam, "clGetProgramInfo", CL_INVALID_VALUE, Spec::OpenCL12, "5.6.7",
           "CL_INVALID_VALUE if param_name is not valid, or if size in bytes specified by "
           "param_value_size is < size of return type as described in table 5.13 and "
           "param_value is not NULL.",
           V1_0, Still, nullptr,
           "raised by the query when param_name is unknown or param_value_size is too small")
CLVET_RULE(GetProgramInfoNoExecutable, "clGetProgramInfo", CL_INVALID_PROGRAM_EXECUTABLE,
           Spec::OpenCL12, "5.6.7",
           "CL_INVALID_PROGRAM_EXECUTABLE if param_name is CL_PROGRAM_NUM_KERNELS or "
           "CL_PROGRAM_KERNEL_NAMES and a successful program executable has not been built for at "
           "least one device in the list of devices associated with program.",
           V1_2, Still,
           CLVET_CHECK(GetProgramInfo, (a.param_name == CL_PROGRAM_NUM_KERNELS ||
                                        a.param_name == CL_PROGRAM_KERNEL_NAMES) &&
                                           !program_family::has_executable(w, a.program)))
CLVET_RULE(GetProgramInfoNoExecutableForGlobals, "clGetProgramInfo", CL_INVALID_PROGRAM_EXECUTABLE,
           Spec::Api30, "5.8.9",
           "CL_INVALID_PROGRAM_EXECUTABLE if param_name is CL_PROGRAM_NUM_KERNELS, "
           "CL_PROGRAM_KERNEL_NAMES, CL_PROGRAM_SCOPE_GLOBAL_CTORS_PRESENT, or "
           "CL_PROGRAM_SCOPE_GLOBAL_DTORS_PRESENT and a successful program executable has not "
           "been built for at least one device in the list of devices associated with program.",
           V3_0, Still,
           CLVET_CHECK(GetProgramInfo, (a.param_name == CL_PROGRAM_SCOPE_GLOBAL_CTORS_PRESENT ||
                                        a.param_name == CL_PROGRAM_SCOPE_GLOBAL_DTORS_PRESENT) &&
                                           !program_family::has_executable(w, a.program)))
CLVET_RULE(GetProgramInfoOutOfResources, "clGetProgramInfo", CL_OUT_OF_RESOURCES, Spec::OpenCL12,
           "5.6.7", CLVET_PROGRAM_OOR_CLAUSE, V1_0, Still, nullptr, CLVET_PROGRAM_OOR_NEVER)
CLVET_RULE(GetProgramInfoOutOfHostMemory, "clGetProgramInfo", CL_OUT_OF_HOST_MEMORY,
           Spec::OpenCL12, "5.6.7", CLVET_PROGRAM_OOHM_CLAUSE, V1_0, Still, nullptr,
           CLVET_PROGRAM_OOHM_WHEN)

// §5.6.7 clGetProgramBuildInfo
CLVET_RULE(GetProgramBuildInfoInvalidProgram, "clGetProgramBuildInfo", CL_INVALID_PROGRAM,
           Spec::OpenCL12, "5.6.7", "CL_INVALID_PROGRAM if program is a not a valid program object.",
           V1_0, Still, CLVET_CHECK(GetProgramBuildInfo, !valid(w, a.program)))
CLVET_RULE(GetProgramBuildInfoInvalidDevice, "clGetProgramBuildInfo", CL_INVALID_DEVICE,
           Spec::OpenCL12, "5.6.7",
           "CL_INVALID_DEVICE if device is not in the list of devices associated with program.",
           V1_0, Still,
           CLVET_CHECK(GetProgramBuildInfo,
                       program_family::any_outside(program_family::program_devices(w, a.program),
                                                   1, &a.device)))
CLVET_RULE(GetProgramBuildInfoBadParam, "clGetProgramBuildInfo", CL_INVALID_VALUE, Spec::OpenCL12,
           "5.6.7",
           "CL_INVALID_VALUE if param_name is not valid, or if size in bytes specified by "
           "param_value_size is < size of return type as described in table 5.14 and "
           "param_value is not NULL.",
           V1_0, Still, nullptr,
           "raised by the query when param_name is unknown or param_value_size is too small")
CLVET_RULE(GetProgramBuildInfoOutOfResources, "clGetProgramBuildInfo", CL_OUT_OF_RESOURCES,
           Spec::OpenCL12, "5.6.7", CLVET_PROGRAM_OOR_CLAUSE, V1_0, Still, nullptr,
           CLVET_PROGRAM_OOR_NEVER)
CLVET_RULE(GetProgramBuildInfoOutOfHostMemory, "clGetProgramBuildInfo", CL_OUT_OF_HOST_MEMORY,
           Spec::OpenCL12, "5.6.7", CLVET_PROGRAM_OOHM_CLAUSE, V1_0, Still, nullptr,
           CLVET_PROGRAM_OOHM_WHEN)
