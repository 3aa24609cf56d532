// Tables of OpenCL constant names, built once from cl_constants.def and the API table's
// info parameters.
#include "clvet/trace/cl_names.h"

#include <fmt/format.h>

#include <unordered_map>
#include <vector>

#include "clvet/rules/opencl.h"

namespace clvet::trace {
namespace {

struct Family {
  bool bitfield = false;
  std::vector<std::pair<std::uint64_t, std::string_view>> members;
};

const std::unordered_map<std::string_view, Family>& families() {
  static const auto table = [] {
    std::unordered_map<std::string_view, Family> t;
#define CLVET_ENUM(family) t[#family].bitfield = false;
#define CLVET_BITFIELD(family) t[#family].bitfield = true;
#define CLVET_CONSTANT(family, name) \
  t[#family].members.emplace_back(static_cast<std::uint64_t>(name), #name);
#include "cl_constants.def"
#define CLVET_INFO_FAMILY(family) t[#family].bitfield = false;
// Not through CLVET_CONSTANT: its argument would be expanded to the number before #name.
#define CLVET_INFO(family, name, ...) \
  t[#family].members.emplace_back(static_cast<std::uint64_t>(name), #name);
#include "clvet/rules/info_params.def"
#undef CLVET_INFO
#undef CLVET_INFO_FAMILY
#undef CLVET_ENUM
#undef CLVET_BITFIELD
#undef CLVET_CONSTANT
    return t;
  }();
  return table;
}

const Family* find(std::string_view family) {
  // The API table names some families by the typedef of their list or KHR twin.
  if (family == "cl_queue_properties_khr") family = "cl_queue_properties";
  const auto& all = families();
  auto it = all.find(family);
  return it == all.end() ? nullptr : &it->second;
}

}  // namespace

std::optional<std::string_view> constant_name(std::string_view family, std::uint64_t value) {
  const Family* f = find(family);
  if (!f) return std::nullopt;
  for (const auto& [v, name] : f->members)
    if (v == value) return name;
  return std::nullopt;
}

bool is_bitfield(std::string_view family) {
  const Family* f = find(family);
  return f && f->bitfield;
}

bool is_known_family(std::string_view family) { return find(family) != nullptr; }

std::string bitfield_name(std::string_view family, std::uint64_t value) {
  const Family* f = find(family);
  if (!f) return fmt::format("{:#x}", value);
  // A member equal to the whole value wins: CL_DEVICE_TYPE_ALL, CL_KERNEL_ARG_TYPE_NONE.
  for (const auto& [v, name] : f->members)
    if (v == value) return std::string(name);
  if (value == 0) return "0";
  std::string out;
  std::uint64_t rest = value;
  for (const auto& [v, name] : f->members) {
    if (v == 0 || (v & (v - 1)) != 0 || (rest & v) == 0) continue;  // single bits only
    if (!out.empty()) out += '|';
    out += name;
    rest &= ~v;
  }
  if (rest) {
    if (!out.empty()) out += '|';
    out += fmt::format("{:#x}", rest);
  }
  return out;
}

PropertyMeaning property_meaning(std::string_view list_family, std::uint64_t key) {
  PropertyMeaning m;
  if (list_family == "cl_context_properties") {
    m.key_family = "cl_context_properties";
    if (key == CL_CONTEXT_PLATFORM) m.handle = api::ObjectKind::Platform;
    if (key == CL_CONTEXT_INTEROP_USER_SYNC) m.value_family = "cl_bool";
  } else if (list_family == "cl_queue_properties" || list_family == "cl_queue_properties_khr") {
    m.key_family = "cl_queue_properties";
    if (key == CL_QUEUE_PROPERTIES) m.value_family = "cl_command_queue_properties";
  } else if (list_family == "cl_sampler_properties") {
    m.key_family = "cl_sampler_properties";
    if (key == CL_SAMPLER_NORMALIZED_COORDS) m.value_family = "cl_bool";
    if (key == CL_SAMPLER_ADDRESSING_MODE) m.value_family = "cl_addressing_mode";
    if (key == CL_SAMPLER_FILTER_MODE || key == CL_SAMPLER_MIP_FILTER_MODE)
      m.value_family = "cl_filter_mode";
  } else if (list_family == "cl_device_partition_property") {
    m.key_family = "cl_device_partition_property";
    if (key == CL_DEVICE_PARTITION_BY_AFFINITY_DOMAIN) m.value_family = "cl_device_affinity_domain";
  } else if (list_family == "cl_device_partition_property_ext") {
    m.key_family = "cl_device_partition_property_ext";
  }
  return m;
}

}  // namespace clvet::trace
