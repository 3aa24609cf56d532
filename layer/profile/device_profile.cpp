// Reading and writing device profiles: JSON values to and from the bytes clGetDeviceInfo answers,
// by the query's type in the API table (info_params.def).
#include "device_profile.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace clvet::profile {

namespace {

using json = nlohmann::ordered_json;

// The settable queries, in the order a written profile lists them: identity, execution,
// memory, images.
constexpr std::string_view kSettable[] = {
    "CL_DEVICE_TYPE", "CL_DEVICE_NAME", "CL_DEVICE_VENDOR", "CL_DEVICE_VENDOR_ID",
    "CL_DRIVER_VERSION", "CL_DEVICE_PROFILE", "CL_DEVICE_VERSION", "CL_DEVICE_OPENCL_C_VERSION",
    "CL_DEVICE_EXTENSIONS",
    "CL_DEVICE_MAX_COMPUTE_UNITS", "CL_DEVICE_MAX_CLOCK_FREQUENCY",
    "CL_DEVICE_MAX_WORK_GROUP_SIZE", "CL_DEVICE_MAX_WORK_ITEM_SIZES",
    "CL_DEVICE_PREFERRED_WORK_GROUP_SIZE_MULTIPLE", "CL_DEVICE_MAX_NUM_SUB_GROUPS",
    "CL_DEVICE_SUB_GROUP_INDEPENDENT_FORWARD_PROGRESS", "CL_DEVICE_NON_UNIFORM_WORK_GROUP_SUPPORT",
    "CL_DEVICE_MAX_PARAMETER_SIZE",
    "CL_DEVICE_SINGLE_FP_CONFIG", "CL_DEVICE_DOUBLE_FP_CONFIG",
    "CL_DEVICE_PREFERRED_VECTOR_WIDTH_CHAR", "CL_DEVICE_PREFERRED_VECTOR_WIDTH_SHORT",
    "CL_DEVICE_PREFERRED_VECTOR_WIDTH_INT", "CL_DEVICE_PREFERRED_VECTOR_WIDTH_LONG",
    "CL_DEVICE_PREFERRED_VECTOR_WIDTH_FLOAT", "CL_DEVICE_PREFERRED_VECTOR_WIDTH_DOUBLE",
    "CL_DEVICE_PREFERRED_VECTOR_WIDTH_HALF", "CL_DEVICE_NATIVE_VECTOR_WIDTH_CHAR",
    "CL_DEVICE_NATIVE_VECTOR_WIDTH_SHORT", "CL_DEVICE_NATIVE_VECTOR_WIDTH_INT",
    "CL_DEVICE_NATIVE_VECTOR_WIDTH_LONG", "CL_DEVICE_NATIVE_VECTOR_WIDTH_FLOAT",
    "CL_DEVICE_NATIVE_VECTOR_WIDTH_DOUBLE", "CL_DEVICE_NATIVE_VECTOR_WIDTH_HALF",
    "CL_DEVICE_PRINTF_BUFFER_SIZE", "CL_DEVICE_ERROR_CORRECTION_SUPPORT",
    "CL_DEVICE_GLOBAL_MEM_SIZE", "CL_DEVICE_MAX_MEM_ALLOC_SIZE", "CL_DEVICE_LOCAL_MEM_TYPE",
    "CL_DEVICE_LOCAL_MEM_SIZE", "CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE",
    "CL_DEVICE_MAX_CONSTANT_ARGS", "CL_DEVICE_GLOBAL_MEM_CACHE_TYPE",
    "CL_DEVICE_GLOBAL_MEM_CACHELINE_SIZE", "CL_DEVICE_GLOBAL_MEM_CACHE_SIZE",
    "CL_DEVICE_HOST_UNIFIED_MEMORY", "CL_DEVICE_SVM_CAPABILITIES",
    "CL_DEVICE_IMAGE_SUPPORT", "CL_DEVICE_MAX_READ_IMAGE_ARGS", "CL_DEVICE_MAX_WRITE_IMAGE_ARGS",
    "CL_DEVICE_MAX_READ_WRITE_IMAGE_ARGS", "CL_DEVICE_MAX_SAMPLERS",
    "CL_DEVICE_IMAGE2D_MAX_WIDTH", "CL_DEVICE_IMAGE2D_MAX_HEIGHT", "CL_DEVICE_IMAGE3D_MAX_WIDTH",
    "CL_DEVICE_IMAGE3D_MAX_HEIGHT", "CL_DEVICE_IMAGE3D_MAX_DEPTH",
    "CL_DEVICE_IMAGE_MAX_BUFFER_SIZE", "CL_DEVICE_IMAGE_MAX_ARRAY_SIZE",
    "CL_DEVICE_IMAGE_PITCH_ALIGNMENT", "CL_DEVICE_IMAGE_BASE_ADDRESS_ALIGNMENT",
};

// Bit-field and enumerated types, written as the names of their values without the common
// prefix (CL_DEVICE_TYPE_GPU -> "GPU").
struct Flag {
  std::string_view type;
  std::string_view name;
  std::uint64_t value;
};
constexpr Flag kFlags[] = {
    {"cl_device_type", "CPU", CL_DEVICE_TYPE_CPU},
    {"cl_device_type", "GPU", CL_DEVICE_TYPE_GPU},
    {"cl_device_type", "ACCELERATOR", CL_DEVICE_TYPE_ACCELERATOR},
    {"cl_device_type", "CUSTOM", CL_DEVICE_TYPE_CUSTOM},
    {"cl_device_type", "DEFAULT", CL_DEVICE_TYPE_DEFAULT},
    {"cl_device_fp_config", "DENORM", CL_FP_DENORM},
    {"cl_device_fp_config", "INF_NAN", CL_FP_INF_NAN},
    {"cl_device_fp_config", "ROUND_TO_NEAREST", CL_FP_ROUND_TO_NEAREST},
    {"cl_device_fp_config", "ROUND_TO_ZERO", CL_FP_ROUND_TO_ZERO},
    {"cl_device_fp_config", "ROUND_TO_INF", CL_FP_ROUND_TO_INF},
    {"cl_device_fp_config", "FMA", CL_FP_FMA},
    {"cl_device_fp_config", "SOFT_FLOAT", CL_FP_SOFT_FLOAT},
    {"cl_device_fp_config", "CORRECTLY_ROUNDED_DIVIDE_SQRT", CL_FP_CORRECTLY_ROUNDED_DIVIDE_SQRT},
    {"cl_device_svm_capabilities", "COARSE_GRAIN_BUFFER", CL_DEVICE_SVM_COARSE_GRAIN_BUFFER},
    {"cl_device_svm_capabilities", "FINE_GRAIN_BUFFER", CL_DEVICE_SVM_FINE_GRAIN_BUFFER},
    {"cl_device_svm_capabilities", "FINE_GRAIN_SYSTEM", CL_DEVICE_SVM_FINE_GRAIN_SYSTEM},
    {"cl_device_svm_capabilities", "ATOMICS", CL_DEVICE_SVM_ATOMICS},
};
// Enumerations (one value, not a set): written as one name.
struct Enumerated {
  std::string_view type;
  std::string_view name;
  std::uint64_t value;
};
constexpr Enumerated kEnumerated[] = {
    {"cl_device_mem_cache_type", "NONE", CL_NONE},
    {"cl_device_mem_cache_type", "READ_ONLY_CACHE", CL_READ_ONLY_CACHE},
    {"cl_device_mem_cache_type", "READ_WRITE_CACHE", CL_READ_WRITE_CACHE},
    {"cl_device_local_mem_type", "NONE", CL_NONE},
    {"cl_device_local_mem_type", "LOCAL", CL_LOCAL},
    {"cl_device_local_mem_type", "GLOBAL", CL_GLOBAL},
};

bool is_flags(std::string_view type) {
  return std::any_of(std::begin(kFlags), std::end(kFlags),
                     [&](const Flag& f) { return f.type == type; });
}
bool is_enumerated(std::string_view type) {
  return std::any_of(std::begin(kEnumerated), std::end(kEnumerated),
                     [&](const Enumerated& e) { return e.type == type; });
}

std::vector<unsigned char> bytes_of(std::uint64_t value, std::size_t size) {
  std::vector<unsigned char> out(size);
  // Little-endian hosts only (the reference device runs on the host): the low bytes first.
  std::memcpy(out.data(), &value, size);
  return out;
}

std::uint64_t value_of(const unsigned char* data, std::size_t size) {
  std::uint64_t value = 0;
  std::memcpy(&value, data, std::min(size, sizeof value));
  return value;
}

// A JSON value to the query's answer bytes; an empty optional and `error` when it does not fit.
std::optional<std::vector<unsigned char>> answer_of(const api::InfoParam& p, const json& v,
                                                    std::string& error) {
  const std::string_view type = p.type;
  if (p.shape == api::InfoShape::String) {
    if (!v.is_string()) return error = "a string", std::nullopt;
    const std::string s = v.get<std::string>();
    std::vector<unsigned char> out(s.begin(), s.end());
    out.push_back(0);
    return out;
  }
  if (type == "cl_bool") {
    if (!v.is_boolean()) return error = "true or false", std::nullopt;
    return bytes_of(v.get<bool>() ? CL_TRUE : CL_FALSE, p.type_size);
  }
  if (is_flags(type)) {
    // A list of names (or one name); a number is taken as the bits themselves.
    if (v.is_number_unsigned()) return bytes_of(v.get<std::uint64_t>(), p.type_size);
    const json list = v.is_string() ? json::array({v}) : v;
    if (!list.is_array()) return error = "a list of names", std::nullopt;
    std::uint64_t bits = 0;
    for (const json& item : list) {
      const Flag* found = nullptr;
      for (const Flag& f : kFlags)
        if (f.type == type && item.is_string() && item.get<std::string>() == f.name) found = &f;
      if (!found) {
        error = "names among";
        for (const Flag& f : kFlags)
          if (f.type == type) error += " " + std::string(f.name);
        return std::nullopt;
      }
      bits |= found->value;
    }
    return bytes_of(bits, p.type_size);
  }
  if (is_enumerated(type)) {
    for (const Enumerated& e : kEnumerated)
      if (e.type == type && v.is_string() && v.get<std::string>() == e.name)
        return bytes_of(e.value, p.type_size);
    error = "one of";
    for (const Enumerated& e : kEnumerated)
      if (e.type == type) error += " " + std::string(e.name);
    return std::nullopt;
  }
  if (p.shape == api::InfoShape::Array) {
    if (!v.is_array()) return error = "a list of whole numbers", std::nullopt;
    std::vector<unsigned char> out;
    for (const json& item : v) {
      if (!item.is_number_unsigned()) return error = "a list of whole numbers", std::nullopt;
      const auto b = bytes_of(item.get<std::uint64_t>(), p.type_size);
      out.insert(out.end(), b.begin(), b.end());
    }
    return out;
  }
  if (!v.is_number_unsigned()) return error = "a whole number", std::nullopt;
  const std::uint64_t n = v.get<std::uint64_t>();
  if (p.type_size < sizeof n && (n >> (8 * p.type_size)) != 0)
    return error = "a whole number that fits " + std::string(type), std::nullopt;
  return bytes_of(n, p.type_size);
}

json json_of(const api::InfoParam& p, const std::vector<unsigned char>& b) {
  const std::string_view type = p.type;
  if (p.shape == api::InfoShape::String)
    return std::string(reinterpret_cast<const char*>(b.data()), strnlen(reinterpret_cast<const char*>(b.data()), b.size()));
  if (p.shape == api::InfoShape::Array) {
    json list = json::array();
    for (std::size_t at = 0; at + p.type_size <= b.size(); at += p.type_size)
      list.push_back(value_of(b.data() + at, p.type_size));
    return list;
  }
  const std::uint64_t value = value_of(b.data(), b.size());
  if (type == "cl_bool") return value != 0;
  if (is_flags(type)) {
    json names = json::array();
    std::uint64_t left = value;
    for (const Flag& f : kFlags)
      if (f.type == type && (value & f.value)) {
        names.push_back(f.name);
        left &= ~f.value;
      }
    if (left != 0) return value;  // bits without a name: the number itself
    if (type == "cl_device_type" && names.size() == 1) return names[0];
    return names;
  }
  if (is_enumerated(type))
    for (const Enumerated& e : kEnumerated)
      if (e.type == type && e.value == value) return e.name;
  return value;
}

}  // namespace

std::span<const api::InfoParam* const> settable_queries() {
  static const std::vector<const api::InfoParam*> list = [] {
    std::vector<const api::InfoParam*> found;
    for (std::string_view name : kSettable)
      for (const api::InfoParam& p : api::info_params("cl_device_info"))
        if (p.name == name) {
          found.push_back(&p);
          break;
        }
    return found;
  }();
  return list;
}

const api::InfoParam* settable_query(std::string_view name) {
  for (const api::InfoParam* p : settable_queries())
    if (p->name == name) return p;
  return nullptr;
}

std::optional<std::uint64_t> DeviceProfile::number(cl_device_info param) const {
  auto it = answers.find(param);
  if (it == answers.end() || it->second.empty()) return std::nullopt;
  return value_of(it->second.data(), it->second.size());
}

std::optional<std::string> DeviceProfile::text(cl_device_info param) const {
  auto it = answers.find(param);
  if (it == answers.end()) return std::nullopt;
  const auto& b = it->second;
  return std::string(reinterpret_cast<const char*>(b.data()),
                     strnlen(reinterpret_cast<const char*>(b.data()), b.size()));
}

std::vector<std::size_t> DeviceProfile::sizes(cl_device_info param) const {
  std::vector<std::size_t> out;
  auto it = answers.find(param);
  if (it == answers.end()) return out;
  out.resize(it->second.size() / sizeof(std::size_t));
  std::memcpy(out.data(), it->second.data(), out.size() * sizeof(std::size_t));
  return out;
}

std::optional<DeviceProfile> parse(std::string_view text, std::string name, std::string& error) {
  json doc;
  try {
    doc = json::parse(text);
  } catch (const json::parse_error& e) {
    error = std::string("is not JSON: ") + e.what();
    return std::nullopt;
  }
  if (!doc.is_object()) return error = "is not a JSON object", std::nullopt;
  DeviceProfile profile;
  profile.name = std::move(name);
  for (auto it = doc.begin(); it != doc.end(); ++it) {
    const std::string& key = it.key();
    if (key == "name") {
      if (!it->is_string()) return error = "\"name\" is not a string", std::nullopt;
      profile.name = it->get<std::string>();
      continue;
    }
    if (key == "description") {
      if (!it->is_string()) return error = "\"description\" is not a string", std::nullopt;
      profile.description = it->get<std::string>();
      continue;
    }
    if (key == "sources") continue;  // read after the queries, which they must name
    const api::InfoParam* p = settable_query(key);
    if (!p) {
      error = "\"" + key + "\" is not a device query a profile can set (see `clvet profile --keys`)";
      return std::nullopt;
    }
    std::string expected;
    std::optional<std::vector<unsigned char>> answer = answer_of(*p, *it, expected);
    if (!answer) {
      error = "\"" + key + "\" is " + it->dump() + ", expected " + expected;
      return std::nullopt;
    }
    profile.answers[p->value] = std::move(*answer);
  }
  if (doc.contains("sources")) {
    const json& sources = doc["sources"];
    if (!sources.is_object()) return error = "\"sources\" is not an object", std::nullopt;
    for (auto it = sources.begin(); it != sources.end(); ++it) {
      const api::InfoParam* p = settable_query(it.key());
      if (!p || !profile.has(p->value) || !it->is_string()) {
        error = "\"sources\" names \"" + it.key() + "\", which the profile does not set";
        return std::nullopt;
      }
      profile.sources[p->value] = it->get<std::string>();
    }
  }
  return profile;
}

std::optional<DeviceProfile> load(const std::string& path, std::string& error) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    error = "cannot be read";
    return std::nullopt;
  }
  std::ostringstream text;
  text << in.rdbuf();
  return parse(text.str(), std::filesystem::path(path).stem().string(), error);
}

std::string find(std::string_view name_or_path, const std::vector<std::string>& folders) {
  const std::string given(name_or_path);
  if (given.find('/') != std::string::npos || given.ends_with(".json"))
    return std::filesystem::is_regular_file(given) ? given : std::string();
  for (const std::string& folder : folders) {
    const std::filesystem::path candidate = std::filesystem::path(folder) / (given + ".json");
    if (std::filesystem::is_regular_file(candidate)) return candidate.string();
  }
  return {};
}

std::vector<std::string> list(const std::vector<std::string>& folders) {
  std::vector<std::string> names;
  for (const std::string& folder : folders) {
    std::error_code ec;
    for (const auto& entry : std::filesystem::directory_iterator(folder, ec))
      if (entry.path().extension() == ".json") names.push_back(entry.path().stem().string());
  }
  std::sort(names.begin(), names.end());
  names.erase(std::unique(names.begin(), names.end()), names.end());
  return names;
}

std::string to_json(const DeviceProfile& profile) {
  json doc;
  doc["name"] = profile.name;
  if (!profile.description.empty()) doc["description"] = profile.description;
  for (const api::InfoParam* p : settable_queries()) {
    auto it = profile.answers.find(p->value);
    if (it != profile.answers.end()) doc[std::string(p->name)] = json_of(*p, it->second);
  }
  if (!profile.sources.empty()) {
    json sources = json::object();
    for (const api::InfoParam* p : settable_queries()) {
      auto it = profile.sources.find(p->value);
      if (it != profile.sources.end()) sources[std::string(p->name)] = it->second;
    }
    doc["sources"] = sources;
  }
  return doc.dump(2) + "\n";
}

std::optional<cl_version> version_in(std::string_view text, std::string_view prefix) {
  if (!text.starts_with(prefix)) return std::nullopt;
  text.remove_prefix(prefix.size());
  unsigned major = 0, minor = 0;
  std::size_t at = 0;
  while (at < text.size() && text[at] >= '0' && text[at] <= '9') major = major * 10 + (text[at++] - '0');
  if (at == 0 || at >= text.size() || text[at] != '.') return std::nullopt;
  const std::size_t minor_start = ++at;
  while (at < text.size() && text[at] >= '0' && text[at] <= '9') minor = minor * 10 + (text[at++] - '0');
  if (at == minor_start) return std::nullopt;
  return CL_MAKE_VERSION(major, minor, 0);
}

}  // namespace clvet::profile
