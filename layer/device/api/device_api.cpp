// Device entry points (§4.2, §4.3): clGetDeviceIDs, clGetDeviceInfo, partitioning into
// sub-devices (core and cl_ext_device_fission), device retain/release and the timers.
#include <fmt/format.h>
#include <unistd.h>
#include <algorithm>
#include <bit>
#include <cstring>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>

#include "clvet/rules/info_params.h"
#include "clvet/interp/builtin_abi.h"
#include "clvet/interp/frontend.h"
#include "clvet/rules/partition.h"
#include "clvet/rules/rule_ids.gen.h"
#include "device_impl.gen.h"
#include "emulated_profile.h"
#include "entry.h"
#include "event.h"
#include "host_allocation.h"
#include "info.h"
#include "platform.h"

namespace clvet::device::impl {

namespace {

bool matches(const Device& device, cl_device_type requested) {
  // The one device is of its type (a CPU, or a device profile's), and the platform's default.
  if (requested == CL_DEVICE_TYPE_ALL) return true;
  return (requested & (device.type() | CL_DEVICE_TYPE_DEFAULT)) != 0;
}

}  // namespace

Status GetDeviceIDs(const args::GetDeviceIDs& a) {
  return on_bad_alloc(rule::GetDeviceIDsOutOfHostMemory, [&]() -> Status {
    std::vector<Device*> found;
    for (Device* device : Platform::instance().devices())
      if (matches(*device, a.device_type)) found.push_back(device);
    if (found.empty()) {
      // Programs ask for a GPU first and fall back to the CPU: the spec's answer to a type no
      // device has is this code (1.2 §4.2), no fault of the program, so it is a note.
      entry::note_probe();
      return fail(rule::GetDeviceIDsNotFound, "the clvet platform has no device of that type");
    }
    if (a.devices)
      for (cl_uint i = 0; i < std::min<std::size_t>(a.num_entries, found.size()); ++i)
        a.devices[i] = found[i]->id();
    if (a.num_devices) *a.num_devices = static_cast<cl_uint>(found.size());
    return {};
  });
}

}  // namespace clvet::device::impl

namespace clvet::device {
namespace {

// --- What clGetDeviceInfo answers ------------------------------------------------------------

// CL_DEVICE_OPENCL_C_VERSION: "the highest fully backwards compatible OpenCL C version", 2.0
// when the table claims all of it, else 1.2 (3.0 clGetDeviceInfo).
cl_version backward_compatible_c_version(const Device& d) {
  return interp::missing_for_opencl_c_20(d.target()).empty() ? CL_MAKE_VERSION(2, 0, 0)
                                                             : CL_MAKE_VERSION(1, 2, 0);
}

cl_name_version name_version(std::string_view name, cl_version version) {
  cl_name_version nv{};
  nv.version = version;
  std::memcpy(nv.name, name.data(), std::min(name.size(), sizeof nv.name - 1));
  return nv;
}

std::vector<cl_name_version> extensions_with_version() {
  std::vector<cl_name_version> list;
  for (const NamedVersion& e : supported_extensions())
    list.push_back(name_version(e.name, e.version));
  return list;
}

// "SPIR-V_1.0 SPIR-V_1.1 ..." as cl_name_version entries {"SPIR-V", 1.x}.
std::vector<cl_name_version> ils_with_version() {
  std::vector<cl_name_version> list;
  std::istringstream words(interp::il_version_string());
  for (std::string word; words >> word;) {
    auto underscore = word.find('_');
    auto dot = word.find('.');
    if (underscore == std::string::npos || dot == std::string::npos) continue;
    unsigned major = std::stoul(word.substr(underscore + 1, dot - underscore - 1));
    unsigned minor = std::stoul(word.substr(dot + 1));
    list.push_back(name_version(word.substr(0, underscore), CL_MAKE_VERSION(major, minor, 0)));
  }
  return list;
}

// OpenCL C versions a compiler for the device accepts: 3.0 and the ones it stays backward
// compatible with (3.0 clGetDeviceInfo, CL_DEVICE_OPENCL_C_ALL_VERSIONS), from the table of
// features (clvet/interp/language_features.h) that the compiler reads too.
std::vector<cl_name_version> opencl_c_versions(const Device& d) {
  std::vector<cl_name_version> list;
  for (const auto& [name, version] : interp::opencl_c_versions(d.target()))
    list.push_back(name_version(name, version));
  return list;
}

// Optional OpenCL C 3.0 features the table claims for the device; the compiler defines exactly
// these feature macros.
std::vector<cl_name_version> opencl_c_features(const Device& d) {
  std::vector<cl_name_version> list;
  for (const interp::LanguageFeature& f : interp::claimed(d.target(), interp::FeatureKind::OpenCLC))
    list.push_back(name_version(f.name, f.version));
  return list;
}

cl_uint clock_mhz() {
  static const cl_uint mhz = [] {
    std::ifstream max_freq("/sys/devices/system/cpu/cpu0/cpufreq/cpuinfo_max_freq");
    unsigned long khz = 0;
    if (max_freq >> khz && khz >= 1000) return static_cast<cl_uint>(khz / 1000);
    std::ifstream cpuinfo("/proc/cpuinfo");
    for (std::string line; std::getline(cpuinfo, line);) {
      if (line.rfind("cpu MHz", 0) != 0) continue;
      auto colon = line.find(':');
      if (colon == std::string::npos) break;
      double value = std::strtod(line.c_str() + colon + 1, nullptr);
      if (value >= 1) return static_cast<cl_uint>(value);
    }
    return cl_uint{1000};  // unknown: any valid frequency may be returned
  }();
  return mhz;
}

cl_uint cacheline_bytes() {
  const long line = sysconf(_SC_LEVEL1_DCACHE_LINESIZE);
  return line > 0 ? static_cast<cl_uint>(line) : 64;
}

cl_ulong global_cache_bytes() {
  for (int level : {_SC_LEVEL3_CACHE_SIZE, _SC_LEVEL2_CACHE_SIZE}) {
    const long size = sysconf(level);
    if (size > 0) return static_cast<cl_ulong>(size);
  }
  return 1024 * 1024;
}

// cl_khr_device_uuid: fixed identifiers, so that the same device is recognised across
// processes and APIs; sub-devices are parts of the one device and report its UUID.
constexpr cl_uchar kDeviceUuid[CL_UUID_SIZE_KHR] = {0x63, 0x6c, 0x76, 0x65, 0x74, 0x2d, 0x64, 0x65,
                                                    0x76, 0x69, 0x63, 0x65, 0x00, 0x00, 0x00, 0x01};
constexpr cl_uchar kDriverUuid[CL_UUID_SIZE_KHR] = {0x63, 0x6c, 0x76, 0x65, 0x74, 0x2d, 0x64, 0x72,
                                                    0x69, 0x76, 0x65, 0x72, 0x00, 0x00, 0x00, 0x01};

constexpr cl_device_fp_config kSingleFp = CL_FP_DENORM | CL_FP_INF_NAN | CL_FP_ROUND_TO_NEAREST |
                                          CL_FP_FMA | CL_FP_CORRECTLY_ROUNDED_DIVIDE_SQRT;
// The minimum of OpenCL 1.0-1.2 devices with double precision (the 2.0+ minimum and both
// directed modes), which the device also compiles OpenCL C 1.2 for: the modes OpenCL C can ask
// for, conversions' _rtz, _rtp and _rtn (OpenCL C 1.2 §6.2.3.2) and vstore_half's, round
// exactly in each (interpreter/builtins/conversions.cpp, float_rounding.h).
constexpr cl_device_fp_config kDoubleFp = CL_FP_FMA | CL_FP_ROUND_TO_NEAREST | CL_FP_ROUND_TO_ZERO |
                                          CL_FP_ROUND_TO_INF | CL_FP_INF_NAN | CL_FP_DENORM;

// Half (cl_khr_fp16): denormals kept, infinities and NaNs, round to nearest even, and fma
// rounded once (interpreter/builtins/half_arithmetic.h); every operation is computed in float
// and rounded once to half, which is correctly rounded for +, -, *, / and sqrt.
constexpr cl_device_fp_config kHalfFp = CL_FP_DENORM | CL_FP_INF_NAN | CL_FP_ROUND_TO_NEAREST |
                                        CL_FP_FMA;

// clGetDeviceInfo's answers by family. Each answers the params it knows and returns nullopt
// for the others.
using Answer = std::optional<Status>;
using U = cl_uint;
using B = cl_bool;
using S = std::size_t;
constexpr B no = CL_FALSE, yes = CL_TRUE;

// Under a device profile, what the device answers as the profiled device: each query the
// profile sets, except those the device's own limits answer (they are the profile's values
// already, and every check reads them), and the answers that follow from the profile's versions.
Answer from_profile(Device& d, cl_device_info param, const InfoWriter& out) {
  const profile::DeviceProfile* p = emulated_profile();
  if (!p) return std::nullopt;
  switch (param) {
    case CL_DEVICE_TYPE:
    case CL_DEVICE_MAX_COMPUTE_UNITS:
    case CL_DEVICE_MAX_WORK_GROUP_SIZE:
    case CL_DEVICE_MAX_WORK_ITEM_SIZES:
    case CL_DEVICE_LOCAL_MEM_SIZE:
    case CL_DEVICE_GLOBAL_MEM_SIZE:
    case CL_DEVICE_MAX_MEM_ALLOC_SIZE:
    case CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE:
    case CL_DEVICE_MAX_CONSTANT_ARGS:
    case CL_DEVICE_IMAGE_SUPPORT:
    case CL_DEVICE_EXTENSIONS:
    // The table of OpenCL C features answers these, as the compiler's macros follow it (the
    // profile's missing extensions are the target's `lacks`).
    case CL_DEVICE_OPENCL_C_FEATURES:
    case CL_DEVICE_OPENCL_C_ALL_VERSIONS:
    case CL_DEVICE_GENERIC_ADDRESS_SPACE_SUPPORT:
    case CL_DEVICE_WORK_GROUP_COLLECTIVE_FUNCTIONS_SUPPORT:
    case CL_DEVICE_MAX_NUM_SUB_GROUPS:
    case CL_DEVICE_SUB_GROUP_INDEPENDENT_FORWARD_PROGRESS:
    case CL_DEVICE_NON_UNIFORM_WORK_GROUP_SUPPORT:
      return std::nullopt;
    // What the device itself can do, narrowed by the profile.
    case CL_DEVICE_SVM_CAPABILITIES:
      return out.scalar<cl_device_svm_capabilities>(
          d.svm_capabilities() &
          static_cast<cl_device_svm_capabilities>(p->number(param).value_or(~0ull)));
    // Without cl_khr_fp64 no double at all (the execution family answers the config 0).
    case CL_DEVICE_DOUBLE_FP_CONFIG:
      if (!extension_supported("cl_khr_fp64")) return std::nullopt;
      break;
    case CL_DEVICE_PREFERRED_VECTOR_WIDTH_DOUBLE:
    case CL_DEVICE_NATIVE_VECTOR_WIDTH_DOUBLE:
      if (!extension_supported("cl_khr_fp64")) return out.scalar<U>(0);
      break;
    // Without cl_khr_fp16 no half: its config is no query (the execution family refuses it)
    // and its widths are 0 (3.0 clGetDeviceInfo).
    case CL_DEVICE_HALF_FP_CONFIG:
      return std::nullopt;
    case CL_DEVICE_PREFERRED_VECTOR_WIDTH_HALF:
    case CL_DEVICE_NATIVE_VECTOR_WIDTH_HALF:
      if (!extension_supported("cl_khr_fp16")) return out.scalar<U>(0);
      break;
    case CL_DEVICE_NUMERIC_VERSION:
      if (auto text = p->text(CL_DEVICE_VERSION))
        return out.scalar<cl_version>(profile::version_in(*text, "OpenCL ").value_or(Platform::kVersion));
      return std::nullopt;
    case CL_DEVICE_OPENCL_C_NUMERIC_VERSION_KHR:
      if (auto text = p->text(CL_DEVICE_OPENCL_C_VERSION))
        return out.scalar<cl_version>(profile::version_in(*text, "OpenCL C ").value_or(CL_MAKE_VERSION(1, 2, 0)));
      return std::nullopt;
    default:
      break;
  }
  // Image limits of a device without images stay 0 (the images family answers them).
  const bool image_limit = param == CL_DEVICE_MAX_READ_IMAGE_ARGS ||
                           param == CL_DEVICE_MAX_WRITE_IMAGE_ARGS ||
                           param == CL_DEVICE_MAX_READ_WRITE_IMAGE_ARGS ||
                           param == CL_DEVICE_MAX_SAMPLERS ||
                           (param >= CL_DEVICE_IMAGE2D_MAX_WIDTH && param <= CL_DEVICE_IMAGE3D_MAX_DEPTH) ||
                           param == CL_DEVICE_IMAGE_MAX_BUFFER_SIZE ||
                           param == CL_DEVICE_IMAGE_MAX_ARRAY_SIZE ||
                           param == CL_DEVICE_IMAGE_PITCH_ALIGNMENT ||
                           param == CL_DEVICE_IMAGE_BASE_ADDRESS_ALIGNMENT;
  if (image_limit && !d.image_support()) return std::nullopt;
  auto it = p->answers.find(param);
  if (it == p->answers.end()) return std::nullopt;
  return out.bytes(it->second.data(), it->second.size());
}


// What the device is: its type, names, versions and extensions.
Answer identity(Device& d, cl_device_info param, const InfoWriter& out) {
  switch (param) {
    case CL_DEVICE_TYPE:
      return out.scalar<cl_device_type>(d.type());
    // clvet has neither a PCI nor a Khronos vendor id.
    case CL_DEVICE_VENDOR_ID:
      return out.scalar<U>(0);
    case CL_DEVICE_PLATFORM:
      return out.scalar<cl_platform_id>(Platform::instance().id());
    case CL_DEVICE_NAME:
      return out.string("clvet reference device");
    case CL_DEVICE_VENDOR:
      return out.string("clvet");
    case CL_DRIVER_VERSION:
      return out.string("0.1.0");
    case CL_DEVICE_PROFILE:
      return out.string("FULL_PROFILE");
    case CL_DEVICE_VERSION:
      return out.string("OpenCL 3.0 clvet");
    case CL_DEVICE_NUMERIC_VERSION:
      return out.scalar<cl_version>(Platform::kVersion);
    case CL_DEVICE_OPENCL_C_VERSION:
      return out.string(fmt::format("OpenCL C {}.{} clvet",
                                    CL_VERSION_MAJOR(backward_compatible_c_version(d)),
                                    CL_VERSION_MINOR(backward_compatible_c_version(d))));
    case CL_DEVICE_OPENCL_C_NUMERIC_VERSION_KHR:
      return out.scalar<cl_version>(backward_compatible_c_version(d));
    case CL_DEVICE_OPENCL_C_ALL_VERSIONS:
      return out.array(opencl_c_versions(d));
    case CL_DEVICE_OPENCL_C_FEATURES:
      return out.array(opencl_c_features(d));
    case CL_DEVICE_EXTENSIONS:
      return out.string(extension_string());
    case CL_DEVICE_EXTENSIONS_WITH_VERSION:
      return out.array(extensions_with_version());
    // Intermediate languages: the SPIR-V versions the translator reads.
    case CL_DEVICE_IL_VERSION:
      return out.string(interp::il_version_string());
    case CL_DEVICE_ILS_WITH_VERSION:
      return out.array(ils_with_version());
    case CL_DEVICE_BUILT_IN_KERNELS:
      return out.string("");
    case CL_DEVICE_BUILT_IN_KERNELS_WITH_VERSION:
      return out.array(std::vector<cl_name_version>{});
    // In the vYYYY-MM-DD-XX form the CTS checks; clvet has made no conformance submission, so
    // it names no real CTS release: its date comes before the first of them (README).
    case CL_DEVICE_LATEST_CONFORMANCE_VERSION_PASSED:
      return out.string("v0000-01-01-00");
    case CL_DEVICE_AVAILABLE:
      return out.scalar<B>(yes);
    case CL_DEVICE_COMPILER_AVAILABLE:
      return out.scalar<B>(d.compiler_available() ? yes : no);
    case CL_DEVICE_LINKER_AVAILABLE:
      return out.scalar<B>(d.linker_available() ? yes : no);
    default:
      return std::nullopt;
  }
}

// How it runs kernels: compute units, work-group limits, vector widths, floating point.
Answer execution(Device& d, cl_device_info param, const InfoWriter& out) {
  switch (param) {
    case CL_DEVICE_MAX_COMPUTE_UNITS:
      return out.scalar<U>(d.compute_units());
    case CL_DEVICE_MAX_WORK_ITEM_DIMENSIONS:
      return out.scalar<U>(Device::kWorkItemDimensions);
    case CL_DEVICE_MAX_WORK_ITEM_SIZES:
      return out.array(d.max_work_item_sizes());
    case CL_DEVICE_MAX_WORK_GROUP_SIZE:
      return out.scalar<S>(d.max_work_group_size());
    case CL_DEVICE_PREFERRED_WORK_GROUP_SIZE_MULTIPLE:
      return out.scalar<S>(Device::kPreferredWorkGroupSizeMultiple);
    // Vector widths of a 128-bit SIMD unit.
    case CL_DEVICE_PREFERRED_VECTOR_WIDTH_CHAR:
    case CL_DEVICE_NATIVE_VECTOR_WIDTH_CHAR:
      return out.scalar<U>(16);
    case CL_DEVICE_PREFERRED_VECTOR_WIDTH_SHORT:
    case CL_DEVICE_NATIVE_VECTOR_WIDTH_SHORT:
      return out.scalar<U>(8);
    case CL_DEVICE_PREFERRED_VECTOR_WIDTH_INT:
    case CL_DEVICE_NATIVE_VECTOR_WIDTH_INT:
    case CL_DEVICE_PREFERRED_VECTOR_WIDTH_FLOAT:
    case CL_DEVICE_NATIVE_VECTOR_WIDTH_FLOAT:
      return out.scalar<U>(4);
    case CL_DEVICE_PREFERRED_VECTOR_WIDTH_LONG:
    case CL_DEVICE_NATIVE_VECTOR_WIDTH_LONG:
    case CL_DEVICE_PREFERRED_VECTOR_WIDTH_DOUBLE:
    case CL_DEVICE_NATIVE_VECTOR_WIDTH_DOUBLE:
      return out.scalar<U>(2);
    case CL_DEVICE_PREFERRED_VECTOR_WIDTH_HALF:
    case CL_DEVICE_NATIVE_VECTOR_WIDTH_HALF:
      return out.scalar<U>(extension_supported("cl_khr_fp16") ? 8 : 0);
    case CL_DEVICE_MAX_CLOCK_FREQUENCY:
      return out.scalar<U>(clock_mhz());
    case CL_DEVICE_ADDRESS_BITS:
      return out.scalar<U>(sizeof(void*) * 8);
    case CL_DEVICE_MAX_PARAMETER_SIZE:
      return out.scalar<S>(d.max_parameter_size());
    case CL_DEVICE_SINGLE_FP_CONFIG:
      return out.scalar<cl_device_fp_config>(kSingleFp);
    // Without cl_khr_fp64 (a device profile's device may lack it) no double at all.
    case CL_DEVICE_DOUBLE_FP_CONFIG:
      return out.scalar<cl_device_fp_config>(extension_supported("cl_khr_fp64") ? kDoubleFp : 0);
    // A query of cl_khr_fp16 (cl_ext.h): without the extension, no query at all.
    case CL_DEVICE_HALF_FP_CONFIG:
      if (!extension_supported("cl_khr_fp16")) return std::nullopt;
      return out.scalar<cl_device_fp_config>(kHalfFp);
    case CL_DEVICE_ENDIAN_LITTLE:
      return out.scalar<B>(std::endian::native == std::endian::little ? yes : no);
    case CL_DEVICE_ERROR_CORRECTION_SUPPORT:
      return out.scalar<B>(no);
    case CL_DEVICE_PROFILING_TIMER_RESOLUTION:
      return out.scalar<S>(static_cast<S>(Platform::host_timer_resolution_ns()));
    case CL_DEVICE_EXECUTION_CAPABILITIES:
      return out.scalar<cl_device_exec_capabilities>(d.execution_capabilities());
    case CL_DEVICE_PRINTF_BUFFER_SIZE:
      return out.scalar<S>(d.printf_buffer_size());
    // Sub-groups of interp::kSubGroupSize (builtins/sub_groups.cpp), unless a device profile's
    // device has none. The engine runs a work-group in lockstep: a sub-group that waits for
    // another never sees it move on.
    case CL_DEVICE_MAX_NUM_SUB_GROUPS:
      return out.scalar<U>(interp::claims(d.target(), "__opencl_c_subgroups")
                               ? static_cast<U>((d.max_work_group_size() + interp::kSubGroupSize - 1) /
                                                interp::kSubGroupSize)
                               : 0);
    case CL_DEVICE_SUB_GROUP_INDEPENDENT_FORWARD_PROGRESS:
      return out.scalar<B>(no);
    // The engine runs the last work-group of each dimension with the remainder (3.0 §5.10).
    case CL_DEVICE_NON_UNIFORM_WORK_GROUP_SUPPORT:
      return out.scalar<B>(non_uniform_work_groups_supported() ? yes : no);
    // The OpenCL C features with a query of their own answer as the table claims them.
    case CL_DEVICE_WORK_GROUP_COLLECTIVE_FUNCTIONS_SUPPORT:
      return out.scalar<B>(
          interp::claims(d.target(), "__opencl_c_work_group_collective_functions") ? yes : no);
    case CL_DEVICE_GENERIC_ADDRESS_SPACE_SUPPORT:
      return out.scalar<B>(interp::claims(d.target(), "__opencl_c_generic_address_space") ? yes
                                                                                           : no);
    // Every order and scope (the __opencl_c_atomic_* features): atomics are host atomics, and
    // the race checker judges by the orders and scopes asked for.
    case CL_DEVICE_ATOMIC_MEMORY_CAPABILITIES:
      return out.scalar<cl_device_atomic_capabilities>(
          CL_DEVICE_ATOMIC_ORDER_RELAXED | CL_DEVICE_ATOMIC_ORDER_ACQ_REL |
          CL_DEVICE_ATOMIC_ORDER_SEQ_CST | CL_DEVICE_ATOMIC_SCOPE_WORK_GROUP |
          CL_DEVICE_ATOMIC_SCOPE_DEVICE | CL_DEVICE_ATOMIC_SCOPE_ALL_DEVICES);
    case CL_DEVICE_ATOMIC_FENCE_CAPABILITIES:
      return out.scalar<cl_device_atomic_capabilities>(
          CL_DEVICE_ATOMIC_ORDER_RELAXED | CL_DEVICE_ATOMIC_ORDER_ACQ_REL |
          CL_DEVICE_ATOMIC_ORDER_SEQ_CST | CL_DEVICE_ATOMIC_SCOPE_WORK_ITEM |
          CL_DEVICE_ATOMIC_SCOPE_WORK_GROUP | CL_DEVICE_ATOMIC_SCOPE_DEVICE |
          CL_DEVICE_ATOMIC_SCOPE_ALL_DEVICES);
    default:
      return std::nullopt;
  }
}

// Its memory: sizes, caches, alignment, SVM, program-scope variables.
Answer memory(Device& d, cl_device_info param, const InfoWriter& out) {
  switch (param) {
    case CL_DEVICE_MAX_MEM_ALLOC_SIZE:
      return out.scalar<cl_ulong>(d.max_mem_alloc_size());
    case CL_DEVICE_MEM_BASE_ADDR_ALIGN:
      return out.scalar<U>(d.mem_base_addr_align_bits());
    case CL_DEVICE_MIN_DATA_TYPE_ALIGN_SIZE:
      return out.scalar<U>(d.mem_base_addr_align_bits() / 8);
    case CL_DEVICE_GLOBAL_MEM_CACHE_TYPE:
      return out.scalar<cl_device_mem_cache_type>(CL_READ_WRITE_CACHE);
    case CL_DEVICE_GLOBAL_MEM_CACHELINE_SIZE:
      return out.scalar<U>(cacheline_bytes());
    case CL_DEVICE_GLOBAL_MEM_CACHE_SIZE:
      return out.scalar<cl_ulong>(global_cache_bytes());
    case CL_DEVICE_GLOBAL_MEM_SIZE:
      return out.scalar<cl_ulong>(d.global_mem_size());
    case CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE:
      return out.scalar<cl_ulong>(d.max_constant_buffer_size());
    case CL_DEVICE_MAX_CONSTANT_ARGS:
      return out.scalar<U>(d.max_constant_args());
    // Program-scope global variables, where the table claims them: the full profile's minimum
    // for one variable (64 KiB, which a build holds programs to), and as much in all as a
    // buffer may have.
    case CL_DEVICE_MAX_GLOBAL_VARIABLE_SIZE:
      return out.scalar<S>(d.max_global_variable_size());
    case CL_DEVICE_GLOBAL_VARIABLE_PREFERRED_TOTAL_SIZE:
      return out.scalar<S>(d.max_global_variable_size() ? d.max_mem_alloc_size() : 0);
    // Local memory is host memory, like global memory.
    case CL_DEVICE_LOCAL_MEM_TYPE:
      return out.scalar<cl_device_local_mem_type>(CL_GLOBAL);
    case CL_DEVICE_LOCAL_MEM_SIZE:
      return out.scalar<cl_ulong>(d.local_mem_size());
    case CL_DEVICE_HOST_UNIFIED_MEMORY:
      return out.scalar<B>(yes);
    case CL_DEVICE_PREFERRED_INTEROP_USER_SYNC:
      return out.scalar<B>(yes);
    case CL_DEVICE_SVM_CAPABILITIES:
      return out.scalar<cl_device_svm_capabilities>(d.svm_capabilities());
    case CL_DEVICE_PREFERRED_PLATFORM_ATOMIC_ALIGNMENT:
    case CL_DEVICE_PREFERRED_GLOBAL_ATOMIC_ALIGNMENT:
    case CL_DEVICE_PREFERRED_LOCAL_ATOMIC_ALIGNMENT:
      return out.scalar<U>(0);
    default:
      return std::nullopt;
  }
}

// Images, pipes and device-side queues: what it supports of them (images and pipes as the
// device says, device-side queues not at all), every limit of an unsupported feature 0
// (3.0 clGetDeviceInfo).
Answer optional_features(Device& d, cl_device_info param, const InfoWriter& out) {
  switch (param) {
    // cl_khr_integer_dot_product: both input forms (interpreter/builtins/integer_dot_product.cpp),
    // the same the SPIR-V front end takes as capabilities (interp::kIntegerDotProductInputs); an
    // interpreter accelerates nothing, so no form is faster than its own arithmetic would be.
    case CL_DEVICE_INTEGER_DOT_PRODUCT_CAPABILITIES_KHR:
      static_assert(interp::kIntegerDotProductInput4x8BitPacked ==
                        CL_DEVICE_INTEGER_DOT_PRODUCT_INPUT_4x8BIT_PACKED_KHR &&
                    interp::kIntegerDotProductInput4x8Bit == CL_DEVICE_INTEGER_DOT_PRODUCT_INPUT_4x8BIT_KHR);
      if (!extension_supported("cl_khr_integer_dot_product")) return std::nullopt;
      return out.scalar<cl_device_integer_dot_product_capabilities_khr>(
          interp::kIntegerDotProductInputs);
    case CL_DEVICE_INTEGER_DOT_PRODUCT_ACCELERATION_PROPERTIES_8BIT_KHR:
    case CL_DEVICE_INTEGER_DOT_PRODUCT_ACCELERATION_PROPERTIES_4x8BIT_PACKED_KHR:
      if (!extension_supported("cl_khr_integer_dot_product")) return std::nullopt;
      return out.scalar(cl_device_integer_dot_product_acceleration_properties_khr{
          no, no, no, no, no, no});
    case CL_DEVICE_IMAGE_SUPPORT:
      return out.scalar<B>(d.image_support() ? yes : no);
    // With images: the 3.0 full profile's minima (table 4.3), which the interpreter's host
    // memory exceeds by far, and alignments of one pixel for images made from buffers.
    case CL_DEVICE_MAX_READ_IMAGE_ARGS: return out.scalar<U>(d.image_support() ? 128 : 0);
    case CL_DEVICE_MAX_WRITE_IMAGE_ARGS:
    case CL_DEVICE_MAX_READ_WRITE_IMAGE_ARGS: return out.scalar<U>(d.image_support() ? 64 : 0);
    case CL_DEVICE_MAX_SAMPLERS: return out.scalar<U>(d.image_support() ? 16 : 0);
    case CL_DEVICE_IMAGE_PITCH_ALIGNMENT:
    case CL_DEVICE_IMAGE_BASE_ADDRESS_ALIGNMENT: return out.scalar<U>(d.image_support() ? 1 : 0);
    case CL_DEVICE_IMAGE2D_MAX_WIDTH:
    case CL_DEVICE_IMAGE2D_MAX_HEIGHT: return out.scalar<S>(d.image_support() ? 16384 : 0);
    case CL_DEVICE_IMAGE3D_MAX_WIDTH:
    case CL_DEVICE_IMAGE3D_MAX_HEIGHT:
    case CL_DEVICE_IMAGE3D_MAX_DEPTH:
    case CL_DEVICE_IMAGE_MAX_ARRAY_SIZE: return out.scalar<S>(d.image_support() ? 2048 : 0);
    case CL_DEVICE_IMAGE_MAX_BUFFER_SIZE: return out.scalar<S>(d.image_support() ? 65536 : 0);
    case CL_DEVICE_MAX_PIPE_ARGS:
    case CL_DEVICE_PIPE_MAX_ACTIVE_RESERVATIONS:
    case CL_DEVICE_PIPE_MAX_PACKET_SIZE:
      return out.scalar<U>(0);
    case CL_DEVICE_PIPE_SUPPORT:
      return out.scalar<B>(d.pipe_support() ? yes : no);
    case CL_DEVICE_QUEUE_ON_HOST_PROPERTIES:  // also CL_DEVICE_QUEUE_PROPERTIES
      return out.scalar<cl_command_queue_properties>(d.queue_properties());
    case CL_DEVICE_QUEUE_ON_DEVICE_PROPERTIES:
      return out.scalar<cl_command_queue_properties>(0);
    case CL_DEVICE_QUEUE_ON_DEVICE_PREFERRED_SIZE:
    case CL_DEVICE_QUEUE_ON_DEVICE_MAX_SIZE:
    case CL_DEVICE_MAX_ON_DEVICE_QUEUES:
    case CL_DEVICE_MAX_ON_DEVICE_EVENTS:
      return out.scalar<U>(0);
    case CL_DEVICE_DEVICE_ENQUEUE_CAPABILITIES:
      return out.scalar<cl_device_device_enqueue_capabilities>(0);
    default:
      return std::nullopt;
  }
}

// Its place among sub-devices (§4.3).
Answer partitioning(Device& d, cl_device_info param, const InfoWriter& out) {
  switch (param) {
    case CL_DEVICE_PARENT_DEVICE:
      return out.scalar<cl_device_id>(d.parent() ? d.parent()->id() : nullptr);
    case CL_DEVICE_PARTITION_MAX_SUB_DEVICES:
      return out.scalar<U>(d.compute_units());
    case CL_DEVICE_PARTITION_PROPERTIES:
      return out.array(d.partition_schemes());
    case CL_DEVICE_PARTITION_AFFINITY_DOMAIN:
      return out.scalar<cl_device_affinity_domain>(d.affinity_domains());
    case CL_DEVICE_PARTITION_TYPE:
      // A root device: one 0 property, as the spec allows.
      if (d.partition_type().empty())
        return out.array(std::vector<cl_device_partition_property>{0});
      return out.array(d.partition_type());
    // Root devices report one reference, whatever is retained (§4.3).
    case CL_DEVICE_REFERENCE_COUNT:
      return out.scalar<U>(d.is_root() ? 1 : d.reference_count());
    default:
      return std::nullopt;
  }
}

// cl_khr_device_uuid.
Answer device_uuid(cl_device_info param, const InfoWriter& out) {
  switch (param) {
    case CL_DEVICE_UUID_KHR:
      return out.bytes(kDeviceUuid, sizeof kDeviceUuid);
    case CL_DRIVER_UUID_KHR:
      return out.bytes(kDriverUuid, sizeof kDriverUuid);
    case CL_DEVICE_LUID_VALID_KHR:
      return out.scalar<B>(no);
    case CL_DEVICE_LUID_KHR: {
      const cl_uchar luid[CL_LUID_SIZE_KHR] = {};
      return out.bytes(luid, sizeof luid);
    }
    case CL_DEVICE_NODE_MASK_KHR:
      return out.scalar<U>(0);
    default:
      return std::nullopt;
  }
}

Status answer(Device& d, cl_device_info param, const InfoWriter& out) {
  // A name the API table's info parameters do not list is no query of clGetDeviceInfo.
  if (api::find_info_param("cl_device_info", param) != nullptr) {
    using Family = Answer (*)(Device&, cl_device_info, const InfoWriter&);
    for (Family family : {from_profile, identity, execution, memory, optional_features, partitioning})
      if (Answer a = family(d, param, out)) return *a;
    if (Answer a = device_uuid(param, out)) return *a;
  }
  // Unknown, or a query of an extension the device does not support (cl_khr_fp16's
  // CL_DEVICE_HALF_FP_CONFIG under a profile without it, cl_ext_device_fission's,
  // cl_khr_terminate_context's, a vendor's CL_DEVICE_..._NV or _AMD): programs ask to find out, so CL_INVALID_VALUE is its answer and
  // the finding a note.
  entry::note_probe("OpenCL 3.0 §4.2");
  return fail(rule::GetDeviceInfoBadParam,
              fmt::format("param_name 0x{:x} is not a query the device answers (a program "
                          "probing for an extension gets CL_INVALID_VALUE)", param));
}

}  // namespace
}  // namespace clvet::device

namespace clvet::device::impl {

Status GetDeviceInfo(const args::GetDeviceInfo& a) {
  Ref<Device> device = lookup<Device>(a.device);
  if (!device) return fail(rule::GetDeviceInfoInvalidDevice);
  InfoWriter out(a.param_value_size, a.param_value, a.param_value_size_ret,
                 rule::GetDeviceInfoBadParam);
  return on_bad_alloc(rule::GetDeviceInfoOutOfHostMemory,
                      [&] { return answer(*device, a.param_name, out); });
}

// --- §4.3 partitioning -------------------------------------------------------------------

namespace {

// The compute units of each sub-device, and the properties CL_DEVICE_PARTITION_TYPE returns.
struct Partition {
  std::vector<cl_uint> sizes;
  std::vector<cl_device_partition_property> how;
};

Result<Partition> plan(const Device& in, const rules::PartitionRequest& r) {
  Partition p;
  switch (r.scheme) {
    case CL_DEVICE_PARTITION_EQUALLY: {
      const auto n = static_cast<cl_uint>(r.value);
      p.sizes.assign(in.compute_units() / n, n);
      p.how = {CL_DEVICE_PARTITION_EQUALLY, r.value, 0};
      return p;
    }
    case CL_DEVICE_PARTITION_BY_COUNTS:
      p.how = {CL_DEVICE_PARTITION_BY_COUNTS};
      for (auto count : r.counts) {
        p.sizes.push_back(static_cast<cl_uint>(count));
        p.how.push_back(count);
      }
      p.how.push_back(CL_DEVICE_PARTITION_BY_COUNTS_LIST_END);
      p.how.push_back(0);
      return p;
    case CL_DEVICE_PARTITION_BY_AFFINITY_DOMAIN: {
      cl_device_affinity_domain used = 0;
      p.sizes = in.split_by_affinity(static_cast<cl_device_affinity_domain>(r.value), used);
      if (p.sizes.empty())
        return fail(rule::CreateSubDevicesPartitionFailed,
                    "every compute unit shares that affinity domain");
      // NEXT_PARTITIONABLE reports the domain it resolved to (table 4.3).
      p.how = {CL_DEVICE_PARTITION_BY_AFFINITY_DOMAIN,
               static_cast<cl_device_partition_property>(used), 0};
      return p;
    }
    default:
      return fail(rule::CreateSubDevicesBadProperties, "unknown partition scheme");
  }
}

}  // namespace

Status CreateSubDevices(const args::CreateSubDevices& a) {
  Ref<Device> in = lookup<Device>(a.in_device);
  if (!in) return fail(rule::CreateSubDevicesInvalidDevice);
  return on_bad_alloc(rule::CreateSubDevicesOutOfHostMemory, [&]() -> Status {
    Result<Partition> p = plan(*in, rules::read_partition(a.properties));
    if (!p) return p.error();
    const auto count = static_cast<cl_uint>(p->sizes.size());
    if (a.out_devices != nullptr) {
      if (a.num_devices < count)
        return fail(rule::CreateSubDevicesTooFewEntries,
                    "the partition makes " + std::to_string(count) +
                        " sub-devices, num_devices is " + std::to_string(a.num_devices));
      // Sub-devices exist only when the application receives them: a count query makes none.
      std::vector<Device*> made = in->partition(p->sizes, p->how);
      for (cl_uint i = 0; i < count; ++i) a.out_devices[i] = made[i]->id();
    }
    if (a.num_devices_ret) *a.num_devices_ret = count;
    return {};
  });
}

// Root devices are not reference counted (§4.3): retaining or releasing them does nothing.
Status RetainDevice(const args::RetainDevice& a) {
  Ref<Device> device = lookup<Device>(a.device);
  if (!device) return fail(rule::RetainDeviceInvalidDevice);
  if (!device->is_root()) device->retain();
  return {};
}

Status ReleaseDevice(const args::ReleaseDevice& a) {
  Ref<Device> device = lookup<Device>(a.device);
  if (!device) return fail(rule::ReleaseDeviceInvalidDevice);
  if (!device->is_root()) device->release();
  return {};
}

// --- cl_ext_device_fission ------------------------------------------------------------------

Status CreateSubDevicesEXT(const args::CreateSubDevicesEXT& a) {
  Ref<Device> in = lookup<Device>(a.in_device);
  if (!in) return fail(rule::CreateSubDevicesEXTInvalidDevice);
  const rules::PartitionRequestEXT r = rules::read_partition_ext(a.properties);
  Partition p;
  switch (r.scheme) {
    case CL_DEVICE_PARTITION_EQUALLY_EXT: {
      const auto n = static_cast<cl_uint>(r.value);
      p.sizes.assign(in->compute_units() / n, n);
      p.how = {CL_DEVICE_PARTITION_EQUALLY, static_cast<cl_device_partition_property>(n), 0};
      break;
    }
    case CL_DEVICE_PARTITION_BY_COUNTS_EXT:
      p.how = {CL_DEVICE_PARTITION_BY_COUNTS};
      for (auto count : r.entries) {
        p.sizes.push_back(static_cast<cl_uint>(count));
        p.how.push_back(static_cast<cl_device_partition_property>(count));
      }
      p.how.insert(p.how.end(), {CL_DEVICE_PARTITION_BY_COUNTS_LIST_END, 0});
      break;
    case CL_DEVICE_PARTITION_BY_NAMES_EXT: {
      // One sub-device of the named compute units; the core query describes it by its count.
      const auto units = static_cast<cl_uint>(r.entries.size());
      p.sizes = {units};
      p.how = {CL_DEVICE_PARTITION_BY_COUNTS, static_cast<cl_device_partition_property>(units),
               CL_DEVICE_PARTITION_BY_COUNTS_LIST_END, 0};
      break;
    }
    case CL_DEVICE_PARTITION_BY_AFFINITY_DOMAIN_EXT: {
      cl_device_affinity_domain used = 0;
      p.sizes = in->split_by_affinity(rules::affinity_domain_of_ext(r.value), used);
      if (p.sizes.empty())
        return fail(rule::CreateSubDevicesEXTPartitionFailed,
                    "every compute unit shares that affinity domain");
      p.how = {CL_DEVICE_PARTITION_BY_AFFINITY_DOMAIN,
               static_cast<cl_device_partition_property>(used), 0};
      break;
    }
    default:
      return fail(rule::CreateSubDevicesEXTBadProperties, "unknown partition style");
  }
  const auto count = static_cast<cl_uint>(p.sizes.size());
  if (a.out_devices != nullptr) {
    // The extension returns min(num_entries, count) sub-devices and makes no others.
    p.sizes.resize(std::min(count, a.num_entries));
    std::vector<Device*> made = in->partition(p.sizes, p.how);
    for (std::size_t i = 0; i < made.size(); ++i) a.out_devices[i] = made[i]->id();
  }
  if (a.num_devices) *a.num_devices = count;
  return {};
}

Status RetainDeviceEXT(const args::RetainDeviceEXT& a) {
  Ref<Device> device = lookup<Device>(a.device);
  if (!device) return fail(rule::RetainDeviceEXTInvalidDevice);
  if (!device->is_root()) device->retain();
  return {};
}

Status ReleaseDeviceEXT(const args::ReleaseDeviceEXT& a) {
  Ref<Device> device = lookup<Device>(a.device);
  if (!device) return fail(rule::ReleaseDeviceEXTInvalidDevice);
  if (!device->is_root()) device->release();
  return {};
}

// --- 2.1+ timers ----------------------------------------------------------------------------

// The device clock is the host clock (CLOCK_MONOTONIC), so one reading answers both.
Status GetDeviceAndHostTimer(const args::GetDeviceAndHostTimer& a) {
  if (!lookup<Device>(a.device)) return fail(rule::GetDeviceAndHostTimerInvalidDevice);
  const cl_ulong now = device_time_ns();
  *a.device_timestamp = now;
  *a.host_timestamp = now;
  return {};
}

Status GetHostTimer(const args::GetHostTimer& a) {
  if (!lookup<Device>(a.device)) return fail(rule::GetHostTimerInvalidDevice);
  *a.host_timestamp = device_time_ns();
  return {};
}

}  // namespace clvet::device::impl
