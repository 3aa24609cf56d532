// The platform and device objects, the extension list and the partition model.
#include "platform.h"

#include "options.h"

#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
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

cl_ulong host_memory_bytes() {
  const long pages = sysconf(_SC_PHYS_PAGES);
  const long page_size = sysconf(_SC_PAGE_SIZE);
  if (pages <= 0 || page_size <= 0) return cl_ulong{1} << 30;
  return static_cast<cl_ulong>(pages) * static_cast<cl_ulong>(page_size);
}

}  // namespace

std::span<const NamedVersion> supported_extensions() { return kExtensions; }

bool extension_supported(std::string_view name) {
  return std::any_of(std::begin(kExtensions), std::end(kExtensions),
                     [&](const NamedVersion& e) { return e.name == name; });
}

std::string extension_string() {
  std::string s;
  for (const NamedVersion& e : kExtensions) {
    if (!s.empty()) s += ' ';
    s += e.name;
  }
  return s;
}

bool Device::image_support() const { return options::value("images") != "0"; }

Platform& Platform::instance() {
  static Platform* platform = new Platform;  // never destroyed
  return *platform;
}

Platform::Platform() : Object(kKind, static_cast<_cl_platform_id*>(this)) {
  const long cores = sysconf(_SC_NPROCESSORS_ONLN);
  root_ = new Device(nullptr, cores > 0 ? static_cast<cl_uint>(cores) : 1, {});
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
      // Half of the host's physical memory, as a CPU device may use; sub-devices share it.
      global_mem_size_(host_memory_bytes() / 2),
      // Table 4.3: at least 1 work-item and 32 KB of __local memory (full profile); at most
      // what the race checker can name (4096 work-items) and 1 GiB.
      max_work_group_size_(parent ? parent->max_work_group_size_
                                  : limit_setting("max_work_group_size", 1, 4096)),
      local_mem_size_(parent ? parent->local_mem_size_
                             : limit_setting("local_mem_size", 32 * 1024, 1ull << 30)) {}

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
