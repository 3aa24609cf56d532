// The platform and device objects, the extension list and the partition model.
#include "platform.h"

#include "emulated_profile.h"
#include "options.h"
#include "user_notes.h"

#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <string>

#include "options.h"

namespace clvet::device {

namespace {

cl_ulong host_memory_bytes() {
  const long pages = sysconf(_SC_PHYS_PAGES);
  const long page_size = sysconf(_SC_PAGE_SIZE);
  if (pages <= 0 || page_size <= 0) return cl_ulong{1} << 30;
  return static_cast<cl_ulong>(pages) * static_cast<cl_ulong>(page_size);
}

// Whether the devices have images: the setting, narrowed by a device profile.
bool images_on() {
  if (options::value("images") == "0") return false;
  const profile::DeviceProfile* p = emulated_profile();
  return !p || p->number(CL_DEVICE_IMAGE_SUPPORT).value_or(CL_TRUE) != CL_FALSE;
}

// What the table of features claims of the reference device itself (its extensions before a
// profile narrows them).
interp::TargetDevice implemented_target() {
  interp::TargetDevice target;
  target.opencl_version = CL_VERSION_MAJOR(Platform::kVersion) * 100 +
                          CL_VERSION_MINOR(Platform::kVersion) * 10;
  target.image_support = images_on();
  return target;
}

// What the table's claims and the predefined macros follow of every device (they are alike:
// the root device and its sub-devices, all under the same settings): under a device profile,
// its OpenCL and OpenCL C versions, its profile, and the extensions it lacks (with
// __opencl_c_fp64 when it lacks cl_khr_fp64, __opencl_c_fp16 when it lacks cl_khr_fp16).
interp::TargetDevice device_target() {
  interp::TargetDevice target = implemented_target();
  const profile::DeviceProfile* emulated = emulated_profile();
  if (!emulated) return target;
  if (auto v = profile::version_in(emulated->text(CL_DEVICE_VERSION).value_or(""), "OpenCL "))
    target.opencl_version = CL_VERSION_MAJOR(*v) * 100 + CL_VERSION_MINOR(*v) * 10;
  const cl_version c = max_opencl_c_version();
  target.max_c_version = CL_VERSION_MAJOR(c) * 100 + CL_VERSION_MINOR(c) * 10;
  target.embedded_profile = emulated->text(CL_DEVICE_PROFILE) == "EMBEDDED_PROFILE";
  for (const interp::LanguageFeature& f : interp::language_features())
    if (f.kind != interp::FeatureKind::OpenCLC && !extension_supported(f.name))
      target.lacks.emplace_back(f.name);
  if (!extension_supported("cl_khr_fp64")) target.lacks.emplace_back("__opencl_c_fp64");
  if (!extension_supported("cl_khr_fp16")) target.lacks.emplace_back("__opencl_c_fp16");
  if (!sub_groups_supported()) target.lacks.emplace_back("__opencl_c_subgroups");
  return target;
}

}  // namespace

std::span<const NamedVersion> supported_extensions() {
  static const std::vector<NamedVersion> list = [] {
    // The table's extensions (for a device with images, if the settings give it images).
    std::vector<NamedVersion> implemented;
    const interp::TargetDevice any = implemented_target();
    for (interp::FeatureKind kind : {interp::FeatureKind::ApiExtension, interp::FeatureKind::Extension})
      for (const interp::LanguageFeature& f : interp::claimed(any, kind))
        implemented.push_back({f.name, f.version});
    const profile::DeviceProfile* p = emulated_profile();
    // A profiled device without sub-groups (CL_DEVICE_MAX_NUM_SUB_GROUPS 0) lacks their extension.
    if (!sub_groups_supported())
      std::erase_if(implemented, [](const NamedVersion& e) {
        return std::string_view(e.name).starts_with("cl_khr_subgroup");
      });
    if (!p || !p->has(CL_DEVICE_EXTENSIONS)) return implemented;
    // The profiled device's extensions that the reference device implements; cl_khr_icd
    // always, the only way the loader reaches this device.
    const std::string named = " " + p->text(CL_DEVICE_EXTENSIONS).value_or("") + " ";
    std::vector<NamedVersion> kept;
    std::string dropped;
    for (const NamedVersion& e : implemented)
      if (e.name == "cl_khr_icd" || named.find(" " + std::string(e.name) + " ") != std::string::npos)
        kept.push_back(e);
    std::istringstream words(named);
    for (std::string word; words >> word;)
      if (std::none_of(kept.begin(), kept.end(), [&](const NamedVersion& e) { return e.name == word; }))
        dropped += " " + word;
    if (!dropped.empty())
      say("DeviceProfileLowered", "device profile '" + p->name +
                                      "': not reported, the reference device does not implement "
                                      "them:" + dropped);
    return kept;
  }();
  return list;
}

bool extension_supported(std::string_view name) {
  const std::span<const NamedVersion> list = supported_extensions();
  return std::any_of(list.begin(), list.end(),
                     [&](const NamedVersion& e) { return e.name == name; });
}

std::string extension_string() {
  std::string s;
  for (const NamedVersion& e : supported_extensions()) {
    if (!s.empty()) s += ' ';
    s += e.name;
  }
  return s;
}

bool Device::image_support() const { return images_on(); }

interp::TargetDevice Device::target() const { return device_target(); }

Platform& Platform::instance() {
  static Platform* platform = new Platform;  // never destroyed
  return *platform;
}

Platform::Platform() : Object(kKind, static_cast<_cl_platform_id*>(this)) {
  const long cores = sysconf(_SC_NPROCESSORS_ONLN);
  cl_uint units = cores > 0 ? static_cast<cl_uint>(cores) : 1;
  if (const profile::DeviceProfile* p = emulated_profile())
    units = static_cast<cl_uint>(p->number(CL_DEVICE_MAX_COMPUTE_UNITS).value_or(units));
  root_ = new Device(nullptr, units, {});
}

cl_ulong Platform::host_timer_resolution_ns() {
  // The clock of device_time_ns() (event.h): host and device timestamps are one clock.
  timespec resolution{};
  if (clock_getres(CLOCK_MONOTONIC, &resolution) != 0) return 1;
  const cl_ulong ns = static_cast<cl_ulong>(resolution.tv_sec) * 1'000'000'000u +
                      static_cast<cl_ulong>(resolution.tv_nsec);
  return ns ? ns : 1;
}

namespace {

// A device limit from its option: a whole number in [least, most], else the option's default
// (said on stderr: a limit the user asked for and did not get changes what programs do).
std::uint64_t limit_setting(std::string_view id, std::uint64_t least, std::uint64_t most) {
  std::uint64_t fallback = 0;
  for (const options::Option& o : options::all())
    if (o.id == id) fallback = std::strtoull(std::string(o.fallback).c_str(), nullptr, 10);
  const std::string text = options::value(id);
  char* end = nullptr;
  errno = 0;
  const unsigned long long value = std::strtoull(text.c_str(), &end, 10);
  if (!text.empty() && text[0] != '-' && end && *end == '\0' && errno == 0 && value >= least &&
      value <= most)
    return value;
  for (const options::Option& o : options::all())
    if (o.id == id)
      say("OptionNotUnderstood", std::string(o.env) + "=" + text + " is not a whole number from " +
                                     std::to_string(least) + " to " + std::to_string(most) +
                                     "; using " + std::to_string(fallback));
  return fallback;
}

}  // namespace

Device::Device(Device* parent, cl_uint compute_units,
               std::vector<cl_device_partition_property> how)
    : Object(kKind, static_cast<_cl_device_id*>(this)),
      parent_(parent),
      compute_units_(compute_units ? compute_units : 1),
      partition_(std::move(how)),
      type_(parent ? parent->type_ : CL_DEVICE_TYPE_CPU),
      // Half of the host's physical memory, as a CPU device may use; sub-devices share it.
      global_mem_size_(parent ? parent->global_mem_size_ : host_memory_bytes() / 2),
      max_mem_alloc_size_(global_mem_size_ / 2),
      // Table 4.3: at least 1 work-item and 32 KB of __local memory (full profile); at most
      // what the race checker can name (4096 work-items) and 1 GiB.
      max_work_group_size_(parent ? parent->max_work_group_size_
                                  : limit_setting("max_work_group_size", 1, 4096)),
      max_work_item_sizes_(parent ? parent->max_work_item_sizes_
                                  : std::vector<std::size_t>(kWorkItemDimensions, max_work_group_size_)),
      local_mem_size_(parent ? parent->local_mem_size_
                             : limit_setting("local_mem_size", 32 * 1024, 1ull << 30)),
      // The full profile's minima (table 4.3).
      max_constant_buffer_size_(64 * 1024),
      max_constant_args_(8) {
  if (parent) {
    max_mem_alloc_size_ = parent->max_mem_alloc_size_;
    max_constant_buffer_size_ = parent->max_constant_buffer_size_;
    max_constant_args_ = parent->max_constant_args_;
    return;
  }
  const profile::DeviceProfile* p = emulated_profile();
  if (!p) return;
  type_ = p->number(CL_DEVICE_TYPE).value_or(type_);
  global_mem_size_ = p->number(CL_DEVICE_GLOBAL_MEM_SIZE).value_or(global_mem_size_);
  max_mem_alloc_size_ = p->number(CL_DEVICE_MAX_MEM_ALLOC_SIZE).value_or(global_mem_size_ / 2);
  max_work_group_size_ = p->number(CL_DEVICE_MAX_WORK_GROUP_SIZE).value_or(max_work_group_size_);
  max_work_item_sizes_ = p->has(CL_DEVICE_MAX_WORK_ITEM_SIZES)
                             ? p->sizes(CL_DEVICE_MAX_WORK_ITEM_SIZES)
                             : std::vector<std::size_t>(kWorkItemDimensions, max_work_group_size_);
  local_mem_size_ = p->number(CL_DEVICE_LOCAL_MEM_SIZE).value_or(local_mem_size_);
  max_constant_buffer_size_ =
      p->number(CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE).value_or(max_constant_buffer_size_);
  max_constant_args_ = static_cast<cl_uint>(
      p->number(CL_DEVICE_MAX_CONSTANT_ARGS).value_or(max_constant_args_));
}

std::vector<cl_device_partition_property> Device::partition_schemes() const {
  if (!can_partition()) return {0};
  return {CL_DEVICE_PARTITION_EQUALLY, CL_DEVICE_PARTITION_BY_COUNTS,
          CL_DEVICE_PARTITION_BY_AFFINITY_DOMAIN};
}

cl_device_affinity_domain Device::affinity_domains() const {
  if (!can_partition()) return 0;
  return CL_DEVICE_AFFINITY_DOMAIN_L2_CACHE | CL_DEVICE_AFFINITY_DOMAIN_L1_CACHE |
         CL_DEVICE_AFFINITY_DOMAIN_NEXT_PARTITIONABLE;
}

std::vector<cl_uint> Device::split_by_affinity(cl_device_affinity_domain domain,
                                               cl_device_affinity_domain& used) const {
  // NUMA, L4 and L3 are shared by every compute unit: the first level that splits, in the
  // order NUMA, L4, L3, L2, L1, is L2.
  if (domain == CL_DEVICE_AFFINITY_DOMAIN_NEXT_PARTITIONABLE)
    domain = CL_DEVICE_AFFINITY_DOMAIN_L2_CACHE;
  used = domain;
  if (!can_partition() || (domain & (CL_DEVICE_AFFINITY_DOMAIN_L2_CACHE |
                                     CL_DEVICE_AFFINITY_DOMAIN_L1_CACHE)) == 0)
    return {};
  // Private L1 and L2: one compute unit per sub-device.
  return std::vector<cl_uint>(compute_units_, 1);
}

std::vector<Device*> Device::partition(const std::vector<cl_uint>& sizes,
                                       const std::vector<cl_device_partition_property>& how) {
  std::vector<Device*> made;
  try {
    made.reserve(sizes.size());
    for (cl_uint units : sizes) made.push_back(new Device(this, units, how));
  } catch (...) {
    // All or nothing: drop the sub-devices already made before the allocation failed.
    for (Device* device : made) device->release();
    throw;
  }
  return made;
}

}  // namespace clvet::device
