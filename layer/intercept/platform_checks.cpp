// What the layer checks in a platform's answers.
#include "platform_checks.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>
#include <map>
#include <mutex>
#include <set>
#include <vector>

#include "findings.h"

namespace clvet::layer {
namespace {

using reports::Category;
using reports::Severity;

const std::map<std::string_view, std::set<cl_int>>& codes_by_entry() {
  static const auto* codes = [] {
    auto* by_entry = new std::map<std::string_view, std::set<cl_int>>;
    for (const rules::Rule* rule : rules::all_rules()) (*by_entry)[rule->entry].insert(rule->code);
    return by_entry;
  }();
  return *codes;
}

struct InfoParam {
  std::string_view entry;
  cl_uint param;
};

// Queries whose value is a NUL-terminated string.
constexpr InfoParam kStringParams[] = {
    {"clGetPlatformInfo", CL_PLATFORM_PROFILE},
    {"clGetPlatformInfo", CL_PLATFORM_VERSION},
    {"clGetPlatformInfo", CL_PLATFORM_NAME},
    {"clGetPlatformInfo", CL_PLATFORM_VENDOR},
    {"clGetPlatformInfo", CL_PLATFORM_EXTENSIONS},
    {"clGetPlatformInfo", CL_PLATFORM_ICD_SUFFIX_KHR},
    {"clGetDeviceInfo", CL_DEVICE_NAME},
    {"clGetDeviceInfo", CL_DEVICE_VENDOR},
    {"clGetDeviceInfo", CL_DRIVER_VERSION},
    {"clGetDeviceInfo", CL_DEVICE_PROFILE},
    {"clGetDeviceInfo", CL_DEVICE_VERSION},
    {"clGetDeviceInfo", CL_DEVICE_OPENCL_C_VERSION},
    {"clGetDeviceInfo", CL_DEVICE_EXTENSIONS},
    {"clGetDeviceInfo", CL_DEVICE_BUILT_IN_KERNELS},
    {"clGetKernelInfo", CL_KERNEL_FUNCTION_NAME},
};

// The enumerated answers of the spec's info tables: a value outside them is the platform's.
struct EnumParam {
  std::string_view entry;
  cl_uint param;
  std::size_t size;                  // of the value's type
  bool (*valid)(const void* value);  // reads `size` bytes
};

template <class T>
T read(const void* value) {
  T v;
  std::memcpy(&v, value, sizeof v);
  return v;
}

bool is_bool(const void* v) {
  const auto b = read<cl_bool>(v);
  return b == CL_TRUE || b == CL_FALSE;
}

constexpr EnumParam kEnumParams[] = {
    {"clGetDeviceInfo", CL_DEVICE_TYPE, sizeof(cl_device_type),
     [](const void* v) {
       constexpr cl_device_type kinds = CL_DEVICE_TYPE_CPU | CL_DEVICE_TYPE_GPU |
                                        CL_DEVICE_TYPE_ACCELERATOR | CL_DEVICE_TYPE_CUSTOM;
       const auto t = read<cl_device_type>(v);
       return (t & kinds) != 0 && (t & ~(kinds | CL_DEVICE_TYPE_DEFAULT)) == 0;
     }},
    {"clGetDeviceInfo", CL_DEVICE_AVAILABLE, sizeof(cl_bool), is_bool},
    {"clGetDeviceInfo", CL_DEVICE_COMPILER_AVAILABLE, sizeof(cl_bool), is_bool},
    {"clGetDeviceInfo", CL_DEVICE_LINKER_AVAILABLE, sizeof(cl_bool), is_bool},
    {"clGetDeviceInfo", CL_DEVICE_ENDIAN_LITTLE, sizeof(cl_bool), is_bool},
    {"clGetDeviceInfo", CL_DEVICE_ERROR_CORRECTION_SUPPORT, sizeof(cl_bool), is_bool},
    {"clGetDeviceInfo", CL_DEVICE_IMAGE_SUPPORT, sizeof(cl_bool), is_bool},
    {"clGetDeviceInfo", CL_DEVICE_LOCAL_MEM_TYPE, sizeof(cl_device_local_mem_type),
     [](const void* v) {
       const auto t = read<cl_device_local_mem_type>(v);
       return t == CL_LOCAL || t == CL_GLOBAL || t == CL_NONE;
     }},
    {"clGetDeviceInfo", CL_DEVICE_GLOBAL_MEM_CACHE_TYPE, sizeof(cl_device_mem_cache_type),
     [](const void* v) {
       const auto t = read<cl_device_mem_cache_type>(v);
       return t == CL_NONE || t == CL_READ_ONLY_CACHE || t == CL_READ_WRITE_CACHE;
     }},
    {"clGetMemObjectInfo", CL_MEM_TYPE, sizeof(cl_mem_object_type),
     [](const void* v) {
       switch (read<cl_mem_object_type>(v)) {
         case CL_MEM_OBJECT_BUFFER:
         case CL_MEM_OBJECT_IMAGE2D:
         case CL_MEM_OBJECT_IMAGE3D:
         case CL_MEM_OBJECT_IMAGE2D_ARRAY:
         case CL_MEM_OBJECT_IMAGE1D:
         case CL_MEM_OBJECT_IMAGE1D_ARRAY:
         case CL_MEM_OBJECT_IMAGE1D_BUFFER:
         case CL_MEM_OBJECT_PIPE:
           return true;
         default:
           return false;
       }
     }},
    // CL_QUEUED ... CL_COMPLETE, or a negative error code of a failed command.
    {"clGetEventInfo", CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof(cl_int),
     [](const void* v) { return read<cl_int>(v) <= CL_QUEUED; }},
    {"clGetProgramBuildInfo", CL_PROGRAM_BUILD_STATUS, sizeof(cl_build_status),
     [](const void* v) {
       const auto s = read<cl_build_status>(v);
       return s == CL_BUILD_NONE || s == CL_BUILD_ERROR || s == CL_BUILD_SUCCESS ||
              s == CL_BUILD_IN_PROGRESS;
     }},
    {"clGetSamplerInfo", CL_SAMPLER_NORMALIZED_COORDS, sizeof(cl_bool), is_bool},
    {"clGetSamplerInfo", CL_SAMPLER_FILTER_MODE, sizeof(cl_filter_mode),
     [](const void* v) {
       const auto m = read<cl_filter_mode>(v);
       return m == CL_FILTER_NEAREST || m == CL_FILTER_LINEAR;
     }},
    {"clGetSamplerInfo", CL_SAMPLER_ADDRESSING_MODE, sizeof(cl_addressing_mode),
     [](const void* v) {
       const auto m = read<cl_addressing_mode>(v);
       return m >= CL_ADDRESS_NONE && m <= CL_ADDRESS_MIRRORED_REPEAT;
     }},
};

// The string and enumerated params of each entry point, by its index in api::entry_points():
// an info query is checked without comparing entry point names.
struct EntryParams {
  std::vector<cl_uint> strings;
  std::vector<const EnumParam*> enums;
};

const EntryParams& params_of(const api::EntryPoint& entry) {
  static const auto* by_index = [] {
    auto* table = new std::vector<EntryParams>(api::entry_points().size());
    for (std::size_t i = 0; i < table->size(); ++i) {
      const std::string_view name = api::entry_points()[i].name;
      for (const InfoParam& p : kStringParams)
        if (p.entry == name) (*table)[i].strings.push_back(p.param);
      for (const EnumParam& e : kEnumParams)
        if (e.entry == name) (*table)[i].enums.push_back(&e);
    }
    return table;
  }();
  return (*by_index)[static_cast<std::size_t>(&entry - api::entry_points().data())];
}

std::string hex_of(const void* value, std::size_t size) {
  std::string out = "0x";
  const auto* bytes = static_cast<const unsigned char*>(value);
  for (std::size_t i = size; i-- > 0;) out += fmt::format("{:02x}", bytes[i]);  // little-endian
  return out;
}

}  // namespace

bool code_listed(const api::EntryPoint& entry, cl_int code) {
  if (code == CL_SUCCESS || code == CL_OUT_OF_HOST_MEMORY || code == CL_OUT_OF_RESOURCES)
    return true;
  const auto& codes = codes_by_entry();
  auto it = codes.find(entry.name);
  if (it == codes.end()) return true;
  return it->second.contains(code);
}

bool rule_is_optional(const rules::Rule& rule) {
  return rule.clause.find("may return") != std::string_view::npos ||
         rule.clause.find("Implementations may") != std::string_view::npos ||
         rule.clause.find(", because: ") != std::string_view::npos;
}

void check_info_answer(const api::EntryPoint& entry, std::uint64_t call_index, cl_uint param,
                       std::size_t size, const void* value, std::size_t size_ret) {
  if (value == nullptr) return;  // a size query: nothing was written to compare with
  const EntryParams& known = params_of(entry);
  if (size_ret > size) {
    record_check(check::kInfoSizeMismatch, Category::Platform, Severity::Error, entry.name,
                 CL_SUCCESS, call_index,
                 fmt::format("param_name {:#x}: param_value_size_ret is {} bytes, more than the {} "
                             "bytes of param_value, yet the call succeeded (the spec demands "
                             "CL_INVALID_VALUE when the value does not fit)",
                             param, size_ret, size));
    return;
  }
  if (std::find(known.strings.begin(), known.strings.end(), param) != known.strings.end()) {
    const auto* text = static_cast<const char*>(value);
    const std::size_t length = strnlen(text, size_ret);
    if (size_ret == 0 || length + 1 != size_ret) {
      record_check(check::kInfoSizeMismatch, Category::Platform, Severity::Error, entry.name,
                   CL_SUCCESS, call_index,
                   fmt::format("param_name {:#x}: a string of {} characters and its NUL are {} "
                               "bytes, but param_value_size_ret is {}",
                               param, length, length + 1, size_ret));
    }
    return;
  }
  for (const EnumParam* e : known.enums) {
    if (e->param != param || size_ret < e->size) continue;
    if (!e->valid(value))
      record_check(check::kInfoValueOutsideEnum, Category::Platform, Severity::Error, entry.name,
                   CL_SUCCESS, call_index,
                   fmt::format("param_name {:#x}: the value {} is none of those the spec allows",
                               param, hex_of(value, e->size)));
    return;
  }
}

}  // namespace clvet::layer
