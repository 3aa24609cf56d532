// The platform and device objects, the extension list and the partition model.
#include "platform.h"

#include "emulated_profile.h"
#include "options.h"

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

constexpr cl_version v1_0_0 = CL_MAKE_VERSION(1, 0, 0);

// Extensions the reference device implements. cl_khr_fp64 and the atomics are OpenCL C
// extensions the interpreter executes (interp::LanguageSupport::extensions() lists those the
// compiler defines; a device test checks both agree); the rest are API extensions.
constexpr NamedVersion kExtensions[] = {
    {"cl_khr_icd", v1_0_0},
    {"cl_khr_extended_versioning", v1_0_0},
    {"cl_khr_device_uuid", v1_0_0},
    {"cl_khr_create_command_queue", v1_0_0},
    {"cl_khr_byte_addressable_store", v1_0_0},
    {"cl_khr_global_int32_base_atomics", v1_0_0},
    {"cl_khr_global_int32_extended_atomics", v1_0_0},
    {"cl_khr_local_int32_base_atomics", v1_0_0},
    {"cl_khr_local_int32_extended_atomics", v1_0_0},
    {"cl_khr_fp64", v1_0_0},
    {"cl_khr_int64_base_atomics", v1_0_0},
    {"cl_khr_int64_extended_atomics", v1_0_0},
    {"cl_khr_il_program", v1_0_0},
};

// Extensions of a device with images: 2D images from a buffer (CL_DEVICE_IMAGE_PITCH_ALIGNMENT
// and CL_DEVICE_IMAGE_BASE_ADDRESS_ALIGNMENT answer its alignments) and CL_DEPTH images with
// the image2d_depth_t and image2d_array_depth_t types of OpenCL C.
constexpr NamedVersion kImageExtensions[] = {
    {"cl_khr_image2d_from_buffer", v1_0_0},
    {"cl_khr_depth_images", v1_0_0},
};

cl_ulong host_memory_bytes() {
  const long pages = sysconf(_SC_PHYS_PAGES);
  const long page_size = sysconf(_SC_PAGE_SIZE);
  if (pages <= 0 || page_size <= 0) return cl_ulong{1} << 30;
  return static_cast<cl_ulong>(pages) * static_cast<cl_ulong>(page_size);
}

}  // namespace

std::vector<NamedVersion> supported_extensions() {
  static const std::vector<NamedVersion> implemented = [] {
    std::vector<NamedVersion> all(std::begin(kExtensions), std::end(kExtensions));
    all.insert(all.end(), std::begin(kImageExtensions), std::end(kImageExtensions));
    const profile::DeviceProfile* p = emulated_profile();
    if (!p || !p->has(CL_DEVICE_EXTENSIONS)) return all;
    // The profiled device's extensions that the reference device implements; cl_khr_icd
    // always, the only way the loader reaches this device.
    const std::string named = " " + p->text(CL_DEVICE_EXTENSIONS).value_or("") + " ";
    std::vector<NamedVersion> kept;
    std::string dropped;
    for (const NamedVersion& e : all)
      if (e.name == "cl_khr_icd" || named.find(" " + std::string(e.name) + " ") != std::string::npos)
        kept.push_back(e);
    std::istringstream words(named);
    for (std::string word; words >> word;)
      if (std::none_of(kept.begin(), kept.end(), [&](const NamedVersion& e) { return e.name == word; }))
        dropped += " " + word;
    if (!dropped.empty())
      std::fprintf(stderr,
                   "clvet: device profile '%s': not reported, the reference device does not "
                   "implement them:%s\n",
                   p->name.c_str(), dropped.c_str());
    return kept;
  }();
  // The image extensions only on a device with images (CLVET_IMAGES, or the profile's).
  const bool images = Platform::instance().devices().front()->image_support();
  std::vector<NamedVersion> list;
  for (const NamedVersion& e : implemented)
    if (images || std::none_of(std::begin(kImageExtensions), std::end(kImageExtensions),
                               [&](const NamedVersion& i) { return i.name == e.name; }))
      list.push_back(e);
  return list;
}

bool extension_supported(std::string_view name) {
  const std::vector<NamedVersion> list = supported_extensions();
  return std::any_of(list.begin(), list.end(), [&](const NamedVersion& e) { return e.name == name; });
}

std::string extension_string() {
  std::string s;
  for (const NamedVersion& e : supported_extensions()) {
    if (!s.empty()) s += ' ';
    s += e.name;
  }
  return s;
}

bool Device::image_support() const {
  if (options::value("images") == "0") return false;
  const profile::DeviceProfile* p = emulated_profile();
  return !p || p->number(CL_DEVICE_IMAGE_SUPPORT).value_or(CL_TRUE) != CL_FALSE;
}

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
      std::fprintf(stderr, "clvet: %s=%s is not a whole number from %llu to %llu; using %llu\n",
                   std::string(o.env).c_str(), text.c_str(),
                   static_cast<unsigned long long>(least), static_cast<unsigned long long>(most),
                   static_cast<unsigned long long>(fallback));
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
