// What the layer checks in a platform's answers.
#include "platform_checks.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>
#include <map>
#include <mutex>
#include <set>
#include <vector>

#include "clvet/rules/info_params.h"
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

// The values the spec's info tables allow for an enumerated answer, by the answer's type (as
// clvet/rules/info_params.def names it): a value outside them is the platform's fault.
struct Enumeration {
  std::string_view type;
  bool (*valid)(const void* value);  // reads sizeof(type) bytes
};

constexpr Enumeration kEnumerations[] = {
    {"cl_bool", is_bool},
    {"cl_device_type",
     [](const void* v) {
       constexpr cl_device_type kinds = CL_DEVICE_TYPE_CPU | CL_DEVICE_TYPE_GPU |
                                        CL_DEVICE_TYPE_ACCELERATOR | CL_DEVICE_TYPE_CUSTOM;
       const auto t = read<cl_device_type>(v);
       return (t & kinds) != 0 && (t & ~(kinds | CL_DEVICE_TYPE_DEFAULT)) == 0;
     }},
    {"cl_device_local_mem_type",
     [](const void* v) {
       const auto t = read<cl_device_local_mem_type>(v);
       return t == CL_LOCAL || t == CL_GLOBAL || t == CL_NONE;
     }},
    {"cl_device_mem_cache_type",
     [](const void* v) {
       const auto t = read<cl_device_mem_cache_type>(v);
       return t == CL_NONE || t == CL_READ_ONLY_CACHE || t == CL_READ_WRITE_CACHE;
     }},
    {"cl_mem_object_type",
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
    {"cl_build_status",
     [](const void* v) {
       const auto s = read<cl_build_status>(v);
       return s == CL_BUILD_NONE || s == CL_BUILD_ERROR || s == CL_BUILD_SUCCESS ||
              s == CL_BUILD_IN_PROGRESS;
     }},
    {"cl_filter_mode",
     [](const void* v) {
       const auto m = read<cl_filter_mode>(v);
       return m == CL_FILTER_NEAREST || m == CL_FILTER_LINEAR;
     }},
    {"cl_addressing_mode",
     [](const void* v) {
       const auto m = read<cl_addressing_mode>(v);
       return m >= CL_ADDRESS_NONE && m <= CL_ADDRESS_MIRRORED_REPEAT;
     }},
};

// CL_EVENT_COMMAND_EXECUTION_STATUS is a plain cl_int: CL_QUEUED ... CL_COMPLETE, or the
// negative error code of a failed command.
bool valid_execution_status(const void* v) { return read<cl_int>(v) <= CL_QUEUED; }

// How an info query's answer is checked: its parameter family (from the entry point's
// param_name), found by the entry point's index in api::entry_points().
std::string_view family_of(const api::EntryPoint& entry) {
  static const auto* by_index = [] {
    auto* table = new std::vector<std::string_view>(api::entry_points().size());
    for (std::size_t i = 0; i < table->size(); ++i)
      for (const api::Param& p : api::entry_points()[i].params)
        if (p.name == "param_name" && p.role == api::Role::Enum) (*table)[i] = p.family;
    return table;
  }();
  return (*by_index)[static_cast<std::size_t>(&entry - api::entry_points().data())];
}

// The check of an enumerated answer, or nullptr when the answer is no enumeration.
bool (*validator_of(const api::InfoParam& param))(const void*) {
  if (param.name == "CL_EVENT_COMMAND_EXECUTION_STATUS") return valid_execution_status;
  if (param.shape != api::InfoShape::Scalar) return nullptr;
  for (const Enumeration& e : kEnumerations)
    if (e.type == param.type) return e.valid;
  return nullptr;
}

// An info query's known parameter and the check of its answer, looked up once: every info
// query of the application passes here, and the table is searched by name.
struct KnownParam {
  cl_uint value;
  const api::InfoParam* param;
  bool (*valid)(const void*);
  friend bool operator<(const KnownParam& a, const KnownParam& b) { return a.value < b.value; }
};

// One entry point's known parameters, sorted, and those of the span from the lowest value on
// that the spec numbers densely (an extension's parameters lie far above) by value.
struct KnownParams {
  std::vector<KnownParam> sorted;
  cl_uint low = 0;
  std::vector<const KnownParam*> dense;  // [value - low]: nullptr where none is
};

// Values further than this above the lowest are searched for, not indexed.
constexpr cl_uint kDenseSpan = 256;

const KnownParam* known_param(const api::EntryPoint& entry, cl_uint value) {
  static const auto* by_entry = [] {
    auto* table = new std::vector<KnownParams>(api::entry_points().size());
    for (std::size_t i = 0; i < table->size(); ++i) {
      const std::string_view family = family_of(api::entry_points()[i]);
      if (family.empty()) continue;
      KnownParams& known = (*table)[i];
      for (const api::InfoParam& p : api::info_params(family))
        known.sorted.push_back({p.value, &p, validator_of(p)});
      std::stable_sort(known.sorted.begin(), known.sorted.end());
      if (known.sorted.empty()) continue;
      known.low = known.sorted.front().value;
      known.dense.assign(kDenseSpan, nullptr);
      // The first of equal values, as the search finds it.
      for (auto it = known.sorted.rbegin(); it != known.sorted.rend(); ++it)
        if (it->value - known.low < kDenseSpan) known.dense[it->value - known.low] = &*it;
    }
    return table;
  }();
  const KnownParams& known =
      (*by_entry)[static_cast<std::size_t>(&entry - api::entry_points().data())];
  if (value - known.low < known.dense.size()) return known.dense[value - known.low];
  const auto& params = known.sorted;
  auto found = std::lower_bound(params.begin(), params.end(), KnownParam{value, nullptr, nullptr});
  return found != params.end() && found->value == value ? &*found : nullptr;
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

namespace {

// The findings of check_info_answer, made only when it finds something: kept out of the
// check itself, which every info query runs.
[[gnu::noinline, gnu::cold]] void size_larger_than_buffer(const api::EntryPoint& entry,
                                                          std::uint64_t call_index, cl_uint param,
                                                          std::size_t size, std::size_t size_ret) {
  record_check(check::kInfoSizeMismatch, Category::Platform, Severity::Error, entry.name,
               CL_SUCCESS, call_index,
               fmt::format("param_name {:#x}: param_value_size_ret is {} bytes, more than the {} "
                           "bytes of param_value, yet the call succeeded (the spec demands "
                           "CL_INVALID_VALUE when the value does not fit)",
                           param, size_ret, size));
}

[[gnu::noinline, gnu::cold]] void string_size_differs(const api::EntryPoint& entry,
                                                      std::uint64_t call_index, cl_uint param,
                                                      std::size_t length, std::size_t size_ret) {
  record_check(check::kInfoSizeMismatch, Category::Platform, Severity::Error, entry.name,
               CL_SUCCESS, call_index,
               fmt::format("param_name {:#x}: a string of {} characters and its NUL are {} "
                           "bytes, but param_value_size_ret is {}",
                           param, length, length + 1, size_ret));
}

[[gnu::noinline, gnu::cold]] void value_outside_enum(const api::EntryPoint& entry,
                                                     std::uint64_t call_index, cl_uint param,
                                                     const void* value, std::size_t size) {
  record_check(check::kInfoValueOutsideEnum, Category::Platform, Severity::Error, entry.name,
               CL_SUCCESS, call_index,
               fmt::format("param_name {:#x}: the value {} is none of those the spec allows",
                           param, hex_of(value, size)));
}

}  // namespace

void check_info_answer(const api::EntryPoint& entry, std::uint64_t call_index, cl_uint param,
                       std::size_t size, const void* value, std::size_t size_ret) {
  if (value == nullptr) return;  // a size query: nothing was written to compare with
  if (size_ret > size) return size_larger_than_buffer(entry, call_index, param, size, size_ret);
  const KnownParam* found = known_param(entry, param);
  if (found == nullptr) return;  // a vendor's parameter: nothing to compare with
  const api::InfoParam* known = found->param;
  if (known->shape == api::InfoShape::String) {
    const auto* text = static_cast<const char*>(value);
    const std::size_t length = strnlen(text, size_ret);
    if (size_ret == 0 || length + 1 != size_ret)
      string_size_differs(entry, call_index, param, length, size_ret);
    return;
  }
  auto* const valid = found->valid;
  if (valid == nullptr || size_ret < known->type_size) return;
  if (!valid(value)) value_outside_enum(entry, call_index, param, value, known->type_size);
}

}  // namespace clvet::layer
