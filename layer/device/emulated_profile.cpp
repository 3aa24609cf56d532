// Reading CLVET_DEVICE_PROFILE once, fitting it to what the reference device can emulate, and the
// notes that name a profile's limit in a finding.
#include "emulated_profile.h"

#include <dlfcn.h>
#include <fmt/format.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <string_view>

#include "clvet/interp/frontend.h"
#include "clvet/rules/info_params.h"
#include "options.h"
#include "user_notes.h"

namespace clvet::device {

namespace {

// The most the interpreter can give whatever a profile says (platform.h): the race checker
// names a work-item of a group in 12 bits, and __local memory is one host arena per thread.
constexpr std::uint64_t kMostWorkItems = 4096;
constexpr std::uint64_t kMostLocalMemory = 1ull << 30;

void set_number(profile::DeviceProfile& p, cl_device_info param, std::uint64_t value) {
  std::vector<unsigned char>& bytes = p.answers[param];
  std::memcpy(bytes.data(), &value, std::min(bytes.size(), sizeof value));
}

void set_text(profile::DeviceProfile& p, cl_device_info param, const std::string& text) {
  std::vector<unsigned char> bytes(text.begin(), text.end());
  bytes.push_back(0);
  p.answers[param] = std::move(bytes);
}

std::string version_text(cl_version v) {
  return fmt::format("{}.{}", CL_VERSION_MAJOR(v), CL_VERSION_MINOR(v));
}

// Lowers what the reference device cannot give to what it can, saying so: a profile may only
// describe a device the interpreter can stand in for. Empty when the profile cannot be used.
std::string fit(profile::DeviceProfile& p) {
  const auto warn = [&](const std::string& what) {
    say("DeviceProfileLowered", "device profile '" + p.name + "': " + what);
  };
  if (auto v = p.number(CL_DEVICE_MAX_WORK_GROUP_SIZE); v && *v > kMostWorkItems) {
    warn(fmt::format("CL_DEVICE_MAX_WORK_GROUP_SIZE {} lowered to {}, the most the race checker "
                     "can name", *v, kMostWorkItems));
    set_number(p, CL_DEVICE_MAX_WORK_GROUP_SIZE, kMostWorkItems);
  }
  if (p.has(CL_DEVICE_MAX_WORK_ITEM_SIZES)) {
    std::vector<std::size_t> sizes = p.sizes(CL_DEVICE_MAX_WORK_ITEM_SIZES);
    if (sizes.size() != 3) return "CL_DEVICE_MAX_WORK_ITEM_SIZES needs 3 values";
    for (std::size_t& s : sizes) s = std::min<std::size_t>(s, kMostWorkItems);
    p.answers[CL_DEVICE_MAX_WORK_ITEM_SIZES].assign(
        reinterpret_cast<const unsigned char*>(sizes.data()),
        reinterpret_cast<const unsigned char*>(sizes.data() + sizes.size()));
  }
  if (auto v = p.number(CL_DEVICE_LOCAL_MEM_SIZE); v && *v > kMostLocalMemory) {
    warn(fmt::format("CL_DEVICE_LOCAL_MEM_SIZE {} lowered to {}", *v, kMostLocalMemory));
    set_number(p, CL_DEVICE_LOCAL_MEM_SIZE, kMostLocalMemory);
  }
  if (auto v = p.number(CL_DEVICE_MAX_WORK_GROUP_SIZE); v && *v == 0)
    return "CL_DEVICE_MAX_WORK_GROUP_SIZE is 0";
  if (auto v = p.number(CL_DEVICE_MAX_COMPUTE_UNITS); v && *v == 0)
    return "CL_DEVICE_MAX_COMPUTE_UNITS is 0";
  if (auto t = p.number(CL_DEVICE_TYPE);
      t && (*t == 0 || (*t & ~std::uint64_t{CL_DEVICE_TYPE_CPU | CL_DEVICE_TYPE_GPU |
                                            CL_DEVICE_TYPE_ACCELERATOR | CL_DEVICE_TYPE_CUSTOM |
                                            CL_DEVICE_TYPE_DEFAULT})))
    return "CL_DEVICE_TYPE names no device type";
  // The versions: the API's no newer than the platform's 3.0, OpenCL C's one the compiler has.
  if (auto text = p.text(CL_DEVICE_VERSION)) {
    auto v = profile::version_in(*text, "OpenCL ");
    if (!v) return "CL_DEVICE_VERSION \"" + *text + "\" does not start \"OpenCL <major>.<minor> \"";
    if (*v > CL_MAKE_VERSION(3, 0, 0) || *v < CL_MAKE_VERSION(1, 0, 0))
      return "CL_DEVICE_VERSION " + version_text(*v) + " is outside the platform's 1.0 to 3.0";
  }
  if (auto text = p.text(CL_DEVICE_OPENCL_C_VERSION)) {
    auto v = profile::version_in(*text, "OpenCL C ");
    if (!v)
      return "CL_DEVICE_OPENCL_C_VERSION \"" + *text + "\" does not start \"OpenCL C <major>.<minor> \"";
    // The newest OpenCL C version the compiler has that is no newer than the profile's.
    cl_version best = 0;
    for (const auto& [name, version] : interp::opencl_c_versions(interp::TargetDevice{}))
      if (version <= *v && version > best) best = version;
    if (best == 0) return "CL_DEVICE_OPENCL_C_VERSION " + version_text(*v) + " is older than 1.0";
    if (best != *v) {
      warn(fmt::format("CL_DEVICE_OPENCL_C_VERSION {} lowered to {}: the reference device does "
                       "not compile OpenCL C {}", version_text(*v), version_text(best),
                       version_text(*v)));
      set_text(p, CL_DEVICE_OPENCL_C_VERSION, "OpenCL C " + version_text(best) + " clvet");
    }
  }
  // Sub-groups: the reference device's own size, and no independent forward progress.
  if (auto v = p.number(CL_DEVICE_SUB_GROUP_INDEPENDENT_FORWARD_PROGRESS); v && *v != CL_FALSE)
    warn("CL_DEVICE_SUB_GROUP_INDEPENDENT_FORWARD_PROGRESS is CL_FALSE: the reference device runs "
         "a work-group's sub-groups in lockstep");
  return {};
}

profile::DeviceProfile* read_emulated() {
  const std::string given = options::value("device_profile");
  if (given.empty()) return nullptr;
  const std::string path = profile::find(given, profile_folders());
  if (path.empty()) {
    say("DeviceProfileNotUsed", "device profile '" + given +
                                    "' not found (a file, or a name among `clvet profile --list`); "
                                    "the reference device answers as itself");
    return nullptr;
  }
  std::string error;
  std::optional<profile::DeviceProfile> p = profile::load(path, error);
  if (p) error = fit(*p);
  if (!error.empty()) {
    say("DeviceProfileNotUsed",
        "device profile " + path + ": " + error + "; the reference device answers as itself");
    return nullptr;
  }
  return new profile::DeviceProfile(std::move(*p));  // lives as long as the process
}

// The limits each rule judges by, for rules whose id ends so.
struct LimitRule {
  std::string_view id_suffix;
  std::vector<cl_device_info> limits;
};
const std::vector<LimitRule>& limit_rules() {
  static const std::vector<LimitRule> table = {
      {"LocalSizeAboveDeviceMax", {CL_DEVICE_MAX_WORK_GROUP_SIZE}},
      {"LocalSizeAboveKernelMax", {CL_DEVICE_MAX_WORK_GROUP_SIZE}},
      {"WorkItemSizeTooLarge", {CL_DEVICE_MAX_WORK_ITEM_SIZES}},
      {"UniformRequired", {CL_DEVICE_NON_UNIFORM_WORK_GROUP_SUPPORT}},
      {"SizeAboveMaxAlloc", {CL_DEVICE_MAX_MEM_ALLOC_SIZE}},
      {"SVMAllocInvalidSize", {CL_DEVICE_MAX_MEM_ALLOC_SIZE}},
      {"ImageInvalidSize",
       {CL_DEVICE_IMAGE2D_MAX_WIDTH, CL_DEVICE_IMAGE2D_MAX_HEIGHT, CL_DEVICE_IMAGE3D_MAX_WIDTH,
        CL_DEVICE_IMAGE3D_MAX_HEIGHT, CL_DEVICE_IMAGE3D_MAX_DEPTH, CL_DEVICE_IMAGE_MAX_BUFFER_SIZE,
        CL_DEVICE_IMAGE_MAX_ARRAY_SIZE}},
      {"PropertiesInvalidSize",
       {CL_DEVICE_IMAGE2D_MAX_WIDTH, CL_DEVICE_IMAGE2D_MAX_HEIGHT, CL_DEVICE_IMAGE3D_MAX_WIDTH,
        CL_DEVICE_IMAGE3D_MAX_HEIGHT, CL_DEVICE_IMAGE3D_MAX_DEPTH, CL_DEVICE_IMAGE_MAX_BUFFER_SIZE,
        CL_DEVICE_IMAGE_MAX_ARRAY_SIZE}},
      {"NoImageSupport", {CL_DEVICE_IMAGE_SUPPORT}},
      {"GetDeviceIDsNotFound", {CL_DEVICE_TYPE}},
      {"FromTypeDeviceNotFound", {CL_DEVICE_TYPE}},
  };
  return table;
}

std::string value_text(const profile::DeviceProfile& p, cl_device_info param) {
  const api::InfoParam* info = api::find_info_param("cl_device_info", param);
  if (param == CL_DEVICE_MAX_WORK_ITEM_SIZES) {
    std::string s;
    for (std::size_t v : p.sizes(param)) s += (s.empty() ? "" : ", ") + std::to_string(v);
    return "(" + s + ")";
  }
  if (param == CL_DEVICE_TYPE) {
    const std::uint64_t t = p.number(param).value_or(0);
    std::string s;
    for (auto [bit, name] : {std::pair{CL_DEVICE_TYPE_CPU, "CPU"}, {CL_DEVICE_TYPE_GPU, "GPU"},
                             {CL_DEVICE_TYPE_ACCELERATOR, "ACCELERATOR"},
                             {CL_DEVICE_TYPE_CUSTOM, "CUSTOM"}})
      if (t & bit) s += (s.empty() ? "CL_DEVICE_TYPE_" : " | CL_DEVICE_TYPE_") + std::string(name);
    return s;
  }
  if (info && info->type == std::string_view("cl_bool"))
    return p.number(param).value_or(0) ? "CL_TRUE" : "CL_FALSE";
  return std::to_string(p.number(param).value_or(0));
}

}  // namespace

bool sub_groups_supported() {
  const profile::DeviceProfile* p = emulated_profile();
  if (!p) return true;
  if (p->number(CL_DEVICE_MAX_NUM_SUB_GROUPS).value_or(0) > 0) return true;
  // A profile that says nothing of sub-groups keeps the reference device's.
  if (!p->has(CL_DEVICE_EXTENSIONS)) return !p->has(CL_DEVICE_MAX_NUM_SUB_GROUPS);
  const std::string named = " " + p->text(CL_DEVICE_EXTENSIONS).value_or("") + " ";
  return named.find(" cl_khr_subgroups ") != std::string::npos;
}

bool non_uniform_work_groups_supported() {
  const profile::DeviceProfile* p = emulated_profile();
  if (!p) return true;
  if (auto answer = p->number(CL_DEVICE_NON_UNIFORM_WORK_GROUP_SUPPORT)) return *answer != 0;
  const cl_version api = profile::version_in(p->text(CL_DEVICE_VERSION).value_or(""), "OpenCL ")
                             .value_or(CL_MAKE_VERSION(3, 0, 0));
  return api >= CL_MAKE_VERSION(2, 0, 0) && api < CL_MAKE_VERSION(3, 0, 0);
}

const profile::DeviceProfile* emulated_profile() {
  static const profile::DeviceProfile* profile = read_emulated();
  return profile;
}

// The newest OpenCL C version a program may ask for: every one the compiler has, or a device
// profile's older device's CL_DEVICE_OPENCL_C_VERSION when it is older than OpenCL 3.0 (a 3.0
// device reports 1.2 there and may still take 3.0, §4.2).
cl_version max_opencl_c_version() {
  cl_version newest = 0;
  for (const auto& [name, version] : interp::opencl_c_versions(interp::TargetDevice{}))
    newest = std::max<cl_version>(newest, version);
  const profile::DeviceProfile* p = emulated_profile();
  if (!p) return newest;
  const cl_version api = profile::version_in(p->text(CL_DEVICE_VERSION).value_or(""), "OpenCL ")
                             .value_or(CL_MAKE_VERSION(3, 0, 0));
  const auto c = profile::version_in(p->text(CL_DEVICE_OPENCL_C_VERSION).value_or(""), "OpenCL C ");
  if (api >= CL_MAKE_VERSION(3, 0, 0) || !c) return newest;
  return *c;
}

std::vector<std::string> profile_folders() {
  Dl_info self{};
  if (dladdr(reinterpret_cast<void*>(&profile_folders), &self) == 0 || !self.dli_fname) return {};
  const std::filesystem::path here = std::filesystem::path(self.dli_fname).parent_path();
  // A build tree: <build>/layer/libclvet-device.so and <build>/share/clvet/profiles. An
  // installed tree: <libdir>/clvet/libclvet-device.so and <datadir>/clvet/profiles.
  return {(here / "../share/clvet/profiles").lexically_normal().string(),
          (here / CLVET_PROFILES_FROM_LIBRARY).lexically_normal().string()};
}

std::string profile_limit_note(const rules::Rule& rule) {
  const profile::DeviceProfile* p = emulated_profile();
  if (!p) return {};
  for (const LimitRule& r : limit_rules()) {
    if (!rule.id.ends_with(r.id_suffix)) continue;
    std::string note;
    for (cl_device_info param : r.limits) {
      if (!p->has(param)) continue;
      const api::InfoParam* info = api::find_info_param("cl_device_info", param);
      note += (note.empty() ? "" : ", ") + std::string(info ? info->name : "?") + " is " +
              value_text(*p, param);
    }
    if (note.empty()) return {};
    return note + " under device profile '" + p->name + "'";
  }
  return {};
}

}  // namespace clvet::device
