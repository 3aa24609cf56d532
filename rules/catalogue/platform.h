// Rules: Platforms, devices and partitioning (OpenCL 1.2 §4.1-4.3, 2.x §4.2 timers), the ICD and
// cl_ext_device_fission entry points.
#pragma once

#include <algorithm>
#include <optional>
#include <vector>

#include "catalogue.h"
#include "clvet/rules/partition.h"

namespace clvet::rules {

// Table 4.2: the device_type bits; CL_DEVICE_TYPE_ALL is valid on its own.
inline constexpr cl_device_type kKnownDeviceTypes = CL_DEVICE_TYPE_DEFAULT | CL_DEVICE_TYPE_CPU |
                                                    CL_DEVICE_TYPE_GPU |
                                                    CL_DEVICE_TYPE_ACCELERATOR |
                                                    CL_DEVICE_TYPE_CUSTOM;
inline bool device_type_invalid(cl_device_type type) {
  if (type == CL_DEVICE_TYPE_ALL) return false;
  return type == 0 || (type & ~kKnownDeviceTypes) != 0;
}

// --- clCreateSubDevices (§4.3, table 4.4) ---------------------------------------------------

inline constexpr cl_device_affinity_domain kAffinityDomains =
    CL_DEVICE_AFFINITY_DOMAIN_NUMA | CL_DEVICE_AFFINITY_DOMAIN_L4_CACHE |
    CL_DEVICE_AFFINITY_DOMAIN_L3_CACHE | CL_DEVICE_AFFINITY_DOMAIN_L2_CACHE |
    CL_DEVICE_AFFINITY_DOMAIN_L1_CACHE | CL_DEVICE_AFFINITY_DOMAIN_NEXT_PARTITIONABLE;

inline cl_uint compute_units(const World& w, cl_device_id device) {
  return get<cl_uint>(w, InfoQuery::Device, device, CL_DEVICE_MAX_COMPUTE_UNITS).value_or(0);
}

// The schemes CL_DEVICE_PARTITION_PROPERTIES lists (a lone 0 means none).
inline std::vector<cl_device_partition_property> partition_schemes(const World& w,
                                                                   cl_device_id device) {
  auto schemes = get_array<cl_device_partition_property>(w, InfoQuery::Device, device,
                                                         CL_DEVICE_PARTITION_PROPERTIES);
  std::erase(schemes, 0);
  return schemes;
}

// "values specified in properties are not valid": no known scheme, a second scheme, EQUALLY
// with n == 0, an affinity domain that is not exactly one of table 4.4's, BY_COUNTS without a
// single count. Negative counts are CL_INVALID_DEVICE_PARTITION_COUNT's.
inline bool partition_values_invalid(const PartitionRequest& r) {
  if (!r.well_formed) return true;
  switch (r.scheme) {
    case CL_DEVICE_PARTITION_EQUALLY: return r.value <= 0;
    case CL_DEVICE_PARTITION_BY_AFFINITY_DOMAIN: {
      const auto domain = static_cast<cl_device_affinity_domain>(r.value);
      return r.value <= 0 || (domain & ~kAffinityDomains) != 0 || (domain & (domain - 1)) != 0;
    }
    case CL_DEVICE_PARTITION_BY_COUNTS: return r.counts.empty();
    default: return true;
  }
}

// "values specified in properties are valid but not supported by the device": a scheme or
// affinity domain the device does not list. A device that lists no scheme at all cannot be
// partitioned, and EQUALLY asking for as many compute units as the device has or more makes no
// smaller device: both CL_DEVICE_PARTITION_FAILED.
inline bool partition_unsupported(const World& w, cl_device_id device,
                                  const PartitionRequest& r) {
  auto schemes = partition_schemes(w, device);
  if (schemes.empty()) return false;
  if (std::find(schemes.begin(), schemes.end(), r.scheme) == schemes.end()) return true;
  if (r.scheme == CL_DEVICE_PARTITION_BY_AFFINITY_DOMAIN) {
    auto domains = get<cl_device_affinity_domain>(w, InfoQuery::Device, device,
                                                  CL_DEVICE_PARTITION_AFFINITY_DOMAIN);
    return !domains || (*domains & static_cast<cl_device_affinity_domain>(r.value)) == 0;
  }
  return false;
}

inline bool partition_cannot_split(const World& w, cl_device_id device) {
  return partition_schemes(w, device).empty();
}

// EQUALLY with a valid n that makes no smaller device (§4.3 table 4.4: "split the aggregate
// device into as many smaller aggregate devices as can be created, each containing n compute
// units"): n as large as the device's compute units or larger. The device itself is not split.
inline bool partition_equally_too_large(const World& w, cl_device_id device,
                                        const PartitionRequest& r) {
  return r.well_formed && r.scheme == CL_DEVICE_PARTITION_EQUALLY && r.value > 0 &&
         static_cast<cl_ulong>(r.value) == compute_units(w, device);
}

// CL_INVALID_DEVICE_PARTITION_COUNT's conditions: for BY_COUNTS, and for EQUALLY asking for
// more compute units than in_device has ("the total number of compute units requested
// exceeds ... for in_device", which the Khronos CTS's negative_create_sub_devices applies to
// EQUALLY as well).
inline bool partition_count_invalid(const World& w, cl_device_id device,
                                    const PartitionRequest& r) {
  const cl_ulong units = compute_units(w, device);
  if (r.scheme == CL_DEVICE_PARTITION_EQUALLY)
    return r.value > 0 && static_cast<cl_ulong>(r.value) > units;
  if (r.scheme != CL_DEVICE_PARTITION_BY_COUNTS) return false;
  const cl_ulong max_sub = get<cl_uint>(w, InfoQuery::Device, device,
                                        CL_DEVICE_PARTITION_MAX_SUB_DEVICES).value_or(0);
  cl_ulong total = 0;
  for (auto count : r.counts) {
    if (count < 0) return true;
    total += static_cast<cl_ulong>(count);
  }
  return r.counts.size() > max_sub || r.counts.size() > units || total > units;
}

// How many sub-devices a valid, feasible request makes, where the arguments alone say it
// (EQUALLY, BY_COUNTS); affinity partitions depend on the device's topology.
inline std::optional<cl_uint> partition_size(const World& w, cl_device_id device,
                                             const PartitionRequest& r) {
  if (partition_values_invalid(r) || partition_unsupported(w, device, r) ||
      partition_cannot_split(w, device) || partition_equally_too_large(w, device, r) ||
      partition_count_invalid(w, device, r))
    return std::nullopt;
  if (r.scheme == CL_DEVICE_PARTITION_EQUALLY)
    return compute_units(w, device) / static_cast<cl_uint>(r.value);
  if (r.scheme == CL_DEVICE_PARTITION_BY_COUNTS) return static_cast<cl_uint>(r.counts.size());
  return std::nullopt;
}

// --- clCreateSubDevicesEXT (cl_ext_device_fission) ---------------------------------------------

inline bool affinity_domain_ext_known(cl_device_partition_property_ext domain) {
  switch (domain) {
    case CL_AFFINITY_DOMAIN_L1_CACHE_EXT:
    case CL_AFFINITY_DOMAIN_L2_CACHE_EXT:
    case CL_AFFINITY_DOMAIN_L3_CACHE_EXT:
    case CL_AFFINITY_DOMAIN_L4_CACHE_EXT:
    case CL_AFFINITY_DOMAIN_NUMA_EXT:
    case CL_AFFINITY_DOMAIN_NEXT_FISSIONABLE_EXT: return true;
    default: return false;
  }
}

// "The properties key is unknown, or the indicated partition style is not supported": the
// extension's four styles are all implemented, so only malformed lists and unknown keys
// (affinity domains included) land here.
inline bool partition_ext_invalid(const PartitionRequestEXT& r) {
  if (!r.well_formed) return true;
  if (r.scheme == CL_DEVICE_PARTITION_BY_AFFINITY_DOMAIN_EXT)
    return !affinity_domain_ext_known(r.value);
  return false;
}

// "supported by the implementation, but the implementation can not further partition the
// device in this way": a device with one compute unit, or an affinity domain whose cache
// every compute unit shares (the core query CL_DEVICE_PARTITION_AFFINITY_DOMAIN lists the
// domains that split).
inline bool partition_ext_fails(const World& w, cl_device_id device, const PartitionRequestEXT& r) {
  if (partition_ext_invalid(r)) return false;
  if (partition_cannot_split(w, device)) return true;
  if (r.scheme != CL_DEVICE_PARTITION_BY_AFFINITY_DOMAIN_EXT) return false;
  auto domains = get<cl_device_affinity_domain>(w, InfoQuery::Device, device,
                                                CL_DEVICE_PARTITION_AFFINITY_DOMAIN);
  return !domains || (*domains & affinity_domain_of_ext(r.value)) == 0;
}

// CL_INVALID_PARTITION_COUNT_EXT: more compute units than the device has, a sub-device of
// fewer than one compute unit, or more sub-devices than compute units.
inline bool partition_ext_count_invalid(const World& w, cl_device_id device,
                                        const PartitionRequestEXT& r) {
  if (partition_ext_invalid(r) || partition_ext_fails(w, device, r)) return false;
  const cl_ulong units = compute_units(w, device);
  switch (r.scheme) {
    case CL_DEVICE_PARTITION_EQUALLY_EXT: return r.value < 1 || r.value > units;
    case CL_DEVICE_PARTITION_BY_COUNTS_EXT: {
      cl_ulong total = 0;
      for (auto count : r.entries) {
        if (static_cast<cl_long>(count) < 1) return true;
        total += count;
      }
      return r.entries.empty() || r.entries.size() > units || total > units;
    }
    case CL_DEVICE_PARTITION_BY_NAMES_EXT: return r.entries.empty() || r.entries.size() > units;
    default: return false;
  }
}

// CL_INVALID_PARTITION_NAME_EXT: a compute unit name out of range, or named twice.
inline bool partition_ext_name_invalid(const World& w, cl_device_id device,
                                       const PartitionRequestEXT& r) {
  if (r.scheme != CL_DEVICE_PARTITION_BY_NAMES_EXT || partition_ext_invalid(r)) return false;
  const cl_ulong units = compute_units(w, device);
  std::vector<cl_device_partition_property_ext> seen;
  for (auto name : r.entries) {
    if (name >= units) return true;
    if (std::find(seen.begin(), seen.end(), name) != seen.end()) return true;
    seen.push_back(name);
  }
  return false;
}

// --- clGetDeviceAndHostTimer / clGetHostTimer ----------------------------------------------

// CL_PLATFORM_HOST_TIMER_RESOLUTION is 0 where device and host timer synchronization is not
// supported (3.0 §4.1).
inline bool host_timer_unsupported(const World& w, cl_device_id device) {
  auto platform = get<cl_platform_id>(w, InfoQuery::Device, device, CL_DEVICE_PLATFORM);
  if (!platform || !valid(w, *platform)) return false;
  auto resolution =
      get<cl_ulong>(w, InfoQuery::Platform, *platform, CL_PLATFORM_HOST_TIMER_RESOLUTION);
  return resolution && *resolution == 0;
}

}  // namespace clvet::rules

// §4.1 clGetPlatformIDs
CLVET_RULE(GetPlatformIDsBadArguments, "clGetPlatformIDs", CL_INVALID_VALUE, Spec::OpenCL12, "4.1",
           "CL_INVALID_VALUE if num_entries is equal to zero and platforms is not NULL or if both "
           "num_platforms and platforms are NULL.",
           V1_0, Still,
           CLVET_CHECK(GetPlatformIDs, (a.num_entries == 0 && a.platforms != nullptr) ||
                                           (a.num_platforms == nullptr && a.platforms == nullptr)))
CLVET_RULE(GetPlatformIDsNoPlatforms, "clGetPlatformIDs", CL_PLATFORM_NOT_FOUND_KHR,
           Spec::Extension, "cl_khr_icd",
           "It returns CL_PLATFORM_NOT_FOUND_KHR if zero platforms are available.", V1_0, Still,
           nullptr, "raised when the implementation has no platform to list (clvet always has one)")
CLVET_RULE(GetPlatformIDsOutOfHostMemory, "clGetPlatformIDs", CL_OUT_OF_HOST_MEMORY,
           Spec::OpenCL12, "4.1",
           "CL_OUT_OF_HOST_MEMORY if there is a failure to allocate resources required by the "
           "OpenCL implementation on the host.",
           V1_0, Still, nullptr, "raised when a host allocation throws std::bad_alloc")

// cl_khr_icd: clIcdGetPlatformIDsKHR
CLVET_RULE(IcdGetPlatformIDsBadArguments, "clIcdGetPlatformIDsKHR", CL_INVALID_VALUE,
           Spec::Extension, "cl_khr_icd",
           "CL_INVALID_VALUE if num_entries is equal to zero and platforms is not NULL or if both "
           "num_platforms and platforms are NULL.",
           V1_0, Still,
           CLVET_CHECK(IcdGetPlatformIDsKHR, (a.num_entries == 0 && a.platforms != nullptr) ||
                                                 (a.num_platforms == nullptr && a.platforms == nullptr)))
CLVET_RULE(IcdGetPlatformIDsNoPlatforms, "clIcdGetPlatformIDsKHR", CL_PLATFORM_NOT_FOUND_KHR,
           Spec::Extension, "cl_khr_icd",
           "It returns CL_PLATFORM_NOT_FOUND_KHR if zero platforms are available.", V1_0, Still,
           nullptr, "raised when the implementation has no platform to list (clvet always has one)")

// §4.1 clGetPlatformInfo
CLVET_RULE(GetPlatformInfoInvalidPlatform, "clGetPlatformInfo", CL_INVALID_PLATFORM,
           Spec::OpenCL12, "4.1", "CL_INVALID_PLATFORM if platform is not a valid platform.", V1_0,
           Still, CLVET_CHECK(GetPlatformInfo, !valid(w, a.platform)))
CLVET_RULE(GetPlatformInfoBadParam, "clGetPlatformInfo", CL_INVALID_VALUE, Spec::OpenCL12, "4.1",
           "CL_INVALID_VALUE if param_name is not one of the supported values or if size in bytes "
           "specified by param_value_size is < size of return type as specified in table 4.1 and "
           "param_value is not a NULL value.",
           V1_0, Still, nullptr,
           "raised by the query when param_name is unknown or param_value_size is too small")
CLVET_RULE(GetPlatformInfoOutOfHostMemory, "clGetPlatformInfo", CL_OUT_OF_HOST_MEMORY,
           Spec::OpenCL12, "4.1",
           "CL_OUT_OF_HOST_MEMORY if there is a failure to allocate resources required by the "
           "OpenCL implementation on the host.",
           V1_0, Still, nullptr, "raised when building the answer throws std::bad_alloc")

// §4.2 clGetDeviceIDs
CLVET_RULE(GetDeviceIDsInvalidPlatform, "clGetDeviceIDs", CL_INVALID_PLATFORM, Spec::OpenCL12,
           "4.2", "CL_INVALID_PLATFORM if platform is not a valid platform.", V1_0, Still,
           CLVET_CHECK(GetDeviceIDs, !valid(w, a.platform)))
CLVET_RULE(GetDeviceIDsInvalidDeviceType, "clGetDeviceIDs", CL_INVALID_DEVICE_TYPE,
           Spec::OpenCL12, "4.2", "CL_INVALID_DEVICE_TYPE if device_type is not a valid value.",
           V1_0, Still, CLVET_CHECK(GetDeviceIDs, device_type_invalid(a.device_type)))
CLVET_RULE(GetDeviceIDsBadArguments, "clGetDeviceIDs", CL_INVALID_VALUE, Spec::OpenCL12, "4.2",
           "CL_INVALID_VALUE if num_entries is equal to zero and devices is not NULL or if both "
           "num_devices and devices are NULL.",
           V1_0, Still,
           CLVET_CHECK(GetDeviceIDs, (a.num_entries == 0 && a.devices != nullptr) ||
                                         (a.num_devices == nullptr && a.devices == nullptr)))
CLVET_RULE(GetDeviceIDsNotFound, "clGetDeviceIDs", CL_DEVICE_NOT_FOUND, Spec::OpenCL12, "4.2",
           "CL_DEVICE_NOT_FOUND if no OpenCL devices that matched device_type were found.", V1_0,
           Still, nullptr, "raised when no device of the platform matches device_type")
CLVET_RULE(GetDeviceIDsOutOfResources, "clGetDeviceIDs", CL_OUT_OF_RESOURCES, Spec::OpenCL12,
           "4.2",
           "CL_OUT_OF_RESOURCES if there is a failure to allocate resources required by the OpenCL "
           "implementation on the device.",
           V1_0, Still, nullptr, "not raised by the reference device: listing allocates nothing")
CLVET_RULE(GetDeviceIDsOutOfHostMemory, "clGetDeviceIDs", CL_OUT_OF_HOST_MEMORY, Spec::OpenCL12,
           "4.2",
           "CL_OUT_OF_HOST_MEMORY if there is a failure to allocate resources required by the "
           "OpenCL implementation on the host.",
           V1_0, Still, nullptr, "raised when a host allocation throws std::bad_alloc")

// §4.2 clGetDeviceInfo
CLVET_RULE(GetDeviceInfoInvalidDevice, "clGetDeviceInfo", CL_INVALID_DEVICE, Spec::OpenCL12, "4.2",
           "CL_INVALID_DEVICE if device is not valid.", V1_0, Still,
           CLVET_CHECK(GetDeviceInfo, !valid(w, a.device)))
CLVET_RULE(GetDeviceInfoBadParam, "clGetDeviceInfo", CL_INVALID_VALUE, Spec::OpenCL12, "4.2",
           "CL_INVALID_VALUE if param_name is not one of the supported values or if size in bytes "
           "specified by param_value_size is < size of return type as specified in table 4.3 and "
           "param_value is not a NULL value or if param_name is a value that is available as an "
           "extension and the corresponding extension is not supported by the device.",
           V1_0, Still, nullptr,
           "raised by the query when param_name is unknown, belongs to an extension the device "
           "does not support, or param_value_size is too small")
CLVET_RULE(GetDeviceInfoOutOfResources, "clGetDeviceInfo", CL_OUT_OF_RESOURCES, Spec::OpenCL12,
           "4.2",
           "CL_OUT_OF_RESOURCES if there is a failure to allocate resources required by the OpenCL "
           "implementation on the device.",
           V1_0, Still, nullptr, "not raised by the reference device: queries allocate nothing on it")
CLVET_RULE(GetDeviceInfoOutOfHostMemory, "clGetDeviceInfo", CL_OUT_OF_HOST_MEMORY,
           Spec::OpenCL12, "4.2",
           "CL_OUT_OF_HOST_MEMORY if there is a failure to allocate resources required by the "
           "OpenCL implementation on the host.",
           V1_0, Still, nullptr, "raised when building the answer throws std::bad_alloc")

// 2.1+ §4.2 clGetDeviceAndHostTimer
CLVET_RULE(GetDeviceAndHostTimerInvalidDevice, "clGetDeviceAndHostTimer", CL_INVALID_DEVICE,
           Spec::Runtime22, "4.2", "CL_INVALID_DEVICE if device is not a valid device.", V2_1,
           Still, CLVET_CHECK(GetDeviceAndHostTimer, !valid(w, a.device)))
CLVET_RULE(GetDeviceAndHostTimerUnsupported, "clGetDeviceAndHostTimer", CL_INVALID_OPERATION,
           Spec::Api30, "4.2",
           "CL_INVALID_OPERATION if the platform associated with device does not support device "
           "and host timer synchronization.",
           V3_0, Still, CLVET_CHECK(GetDeviceAndHostTimer, host_timer_unsupported(w, a.device)))
CLVET_RULE(GetDeviceAndHostTimerNullTimestamp, "clGetDeviceAndHostTimer", CL_INVALID_VALUE,
           Spec::Runtime22, "4.2",
           "CL_INVALID_VALUE if host_timestamp or device_timestamp is NULL.", V2_1, Still,
           CLVET_CHECK(GetDeviceAndHostTimer,
                       a.host_timestamp == nullptr || a.device_timestamp == nullptr))
CLVET_RULE(GetDeviceAndHostTimerOutOfResources, "clGetDeviceAndHostTimer", CL_OUT_OF_RESOURCES,
           Spec::Runtime22, "4.2",
           "CL_OUT_OF_RESOURCES if there is a failure to allocate resources required by the OpenCL "
           "implementation on the device.",
           V2_1, Still, nullptr, "not raised by the reference device: reading a clock allocates nothing")
CLVET_RULE(GetDeviceAndHostTimerOutOfHostMemory, "clGetDeviceAndHostTimer", CL_OUT_OF_HOST_MEMORY,
           Spec::Runtime22, "4.2",
           "CL_OUT_OF_HOST_MEMORY if there is a failure to allocate resources required by the "
           "OpenCL implementation on the host.",
           V2_1, Still, nullptr, "not raised by the reference device: reading a clock allocates nothing")

// 2.1+ §4.2 clGetHostTimer
CLVET_RULE(GetHostTimerInvalidDevice, "clGetHostTimer", CL_INVALID_DEVICE, Spec::Runtime22, "4.2",
           "CL_INVALID_DEVICE if device is not a valid device.", V2_1, Still,
           CLVET_CHECK(GetHostTimer, !valid(w, a.device)))
CLVET_RULE(GetHostTimerUnsupported, "clGetHostTimer", CL_INVALID_OPERATION, Spec::Api30, "4.2",
           "CL_INVALID_OPERATION if the platform associated with device does not support device "
           "and host timer synchronization.",
           V3_0, Still, CLVET_CHECK(GetHostTimer, host_timer_unsupported(w, a.device)))
CLVET_RULE(GetHostTimerNullTimestamp, "clGetHostTimer", CL_INVALID_VALUE, Spec::Runtime22, "4.2",
           "CL_INVALID_VALUE if host_timestamp is NULL.", V2_1, Still,
           CLVET_CHECK(GetHostTimer, a.host_timestamp == nullptr))
CLVET_RULE(GetHostTimerOutOfResources, "clGetHostTimer", CL_OUT_OF_RESOURCES, Spec::Runtime22,
           "4.2",
           "CL_OUT_OF_RESOURCES if there is a failure to allocate resources required by the OpenCL "
           "implementation on the device.",
           V2_1, Still, nullptr, "not raised by the reference device: reading a clock allocates nothing")
CLVET_RULE(GetHostTimerOutOfHostMemory, "clGetHostTimer", CL_OUT_OF_HOST_MEMORY, Spec::Runtime22,
           "4.2",
           "CL_OUT_OF_HOST_MEMORY if there is a failure to allocate resources required by the "
           "OpenCL implementation on the host.",
           V2_1, Still, nullptr, "not raised by the reference device: reading a clock allocates nothing")

// §4.3 clCreateSubDevices
CLVET_RULE(CreateSubDevicesInvalidDevice, "clCreateSubDevices", CL_INVALID_DEVICE, Spec::OpenCL12,
           "4.3", "CL_INVALID_DEVICE if in_device is not valid.", V1_2, Still,
           CLVET_CHECK(CreateSubDevices, !valid(w, a.in_device)))
CLVET_RULE(CreateSubDevicesBadProperties, "clCreateSubDevices", CL_INVALID_VALUE, Spec::OpenCL12,
           "4.3",
           "CL_INVALID_VALUE if values specified in properties are not valid or if values "
           "specified in properties are valid but not supported by the device.",
           V1_2, Still,
           CLVET_CHECK(CreateSubDevices, [&] {
             auto r = read_partition(a.properties);
             return partition_values_invalid(r) || partition_unsupported(w, a.in_device, r);
           }()))
CLVET_RULE(CreateSubDevicesTooFewEntries, "clCreateSubDevices", CL_INVALID_VALUE, Spec::OpenCL12,
           "4.3",
           "CL_INVALID_VALUE if out_devices is not NULL and num_devices is less than the number "
           "of sub-devices created by the partition scheme.",
           V1_2, Still,
           CLVET_CHECK(CreateSubDevices, [&] {
             if (a.out_devices == nullptr) return false;
             auto size = partition_size(w, a.in_device, read_partition(a.properties));
             return size && a.num_devices < *size;
           }()),
           "also raised by the partition when an affinity-domain split makes more sub-devices "
           "than num_devices")
CLVET_RULE(CreateSubDevicesPartitionFailed, "clCreateSubDevices", CL_DEVICE_PARTITION_FAILED,
           Spec::OpenCL12, "4.3",
           "CL_DEVICE_PARTITION_FAILED if the partition name is supported by the implementation "
           "but in_device could not be further partitioned.",
           V1_2, Still,
           CLVET_CHECK(CreateSubDevices, [&] {
             auto r = read_partition(a.properties);
             return !partition_values_invalid(r) && !partition_unsupported(w, a.in_device, r) &&
                    (partition_cannot_split(w, a.in_device) ||
                     partition_equally_too_large(w, a.in_device, r));
           }()),
           "also when EQUALLY asks for as many compute units as in_device has: no smaller "
           "device can be made")
CLVET_RULE(CreateSubDevicesInvalidCount, "clCreateSubDevices", CL_INVALID_DEVICE_PARTITION_COUNT,
           Spec::OpenCL12, "4.3",
           "CL_INVALID_DEVICE_PARTITION_COUNT if the partition name specified in properties is "
           "CL_DEVICE_PARTITION_BY_COUNTS and the number of sub-devices requested exceeds "
           "CL_DEVICE_PARTITION_MAX_SUB_DEVICES or the total number of compute units requested "
           "exceeds CL_DEVICE_PARTITION_MAX_COMPUTE_UNITS for in_device, or the number of compute "
           "units requested for one or more sub-devices is less than zero or the number of "
           "sub-devices requested exceeds CL_DEVICE_PARTITION_MAX_COMPUTE_UNITS for in_device.",
           V1_2, Still,
           CLVET_CHECK(CreateSubDevices, [&] {
             auto r = read_partition(a.properties);
             return r.well_formed && partition_count_invalid(w, a.in_device, r);
           }()))
CLVET_RULE(CreateSubDevicesOutOfResources, "clCreateSubDevices", CL_OUT_OF_RESOURCES,
           Spec::OpenCL12, "4.3",
           "CL_OUT_OF_RESOURCES if there is a failure to allocate resources required by the OpenCL "
           "implementation on the device.",
           V1_2, Still, nullptr, "not raised by the reference device: sub-devices live on the host")
CLVET_RULE(CreateSubDevicesOutOfHostMemory, "clCreateSubDevices", CL_OUT_OF_HOST_MEMORY,
           Spec::OpenCL12, "4.3",
           "CL_OUT_OF_HOST_MEMORY if there is a failure to allocate resources required by the "
           "OpenCL implementation on the host.",
           V1_2, Still, nullptr, "raised when allocating a sub-device throws std::bad_alloc")

// §4.3 clRetainDevice / clReleaseDevice
CLVET_RULE(RetainDeviceInvalidDevice, "clRetainDevice", CL_INVALID_DEVICE, Spec::OpenCL12, "4.3",
           "CL_INVALID_DEVICE if device is not a valid sub-device created by a call to "
           "clCreateSubDevices.",
           V1_2, Still, CLVET_CHECK(RetainDevice, !valid(w, a.device)))
CLVET_RULE(RetainDeviceOutOfResources, "clRetainDevice", CL_OUT_OF_RESOURCES, Spec::OpenCL12,
           "4.3",
           "CL_OUT_OF_RESOURCES if there is a failure to allocate resources required by the OpenCL "
           "implementation on the device.",
           V1_2, Still, nullptr, "not raised by the reference device: retaining allocates nothing")
CLVET_RULE(RetainDeviceOutOfHostMemory, "clRetainDevice", CL_OUT_OF_HOST_MEMORY, Spec::OpenCL12,
           "4.3",
           "CL_OUT_OF_HOST_MEMORY if there is a failure to allocate resources required by the "
           "OpenCL implementation on the host.",
           V1_2, Still, nullptr, "not raised by the reference device: retaining allocates nothing")
CLVET_RULE(ReleaseDeviceInvalidDevice, "clReleaseDevice", CL_INVALID_DEVICE, Spec::OpenCL12, "4.3",
           "CL_INVALID_DEVICE if device is not a valid sub-device created by a call to "
           "clCreateSubDevices.",
           V1_2, Still, CLVET_CHECK(ReleaseDevice, !valid(w, a.device)))
CLVET_RULE(ReleaseDeviceOutOfResources, "clReleaseDevice", CL_OUT_OF_RESOURCES, Spec::OpenCL12,
           "4.3",
           "CL_OUT_OF_RESOURCES if there is a failure to allocate resources required by the OpenCL "
           "implementation on the device.",
           V1_2, Still, nullptr, "not raised by the reference device: releasing allocates nothing")
CLVET_RULE(ReleaseDeviceOutOfHostMemory, "clReleaseDevice", CL_OUT_OF_HOST_MEMORY, Spec::OpenCL12,
           "4.3",
           "CL_OUT_OF_HOST_MEMORY if there is a failure to allocate resources required by the "
           "OpenCL implementation on the host.",
           V1_2, Still, nullptr, "not raised by the reference device: releasing allocates nothing")

// cl_ext_device_fission: clCreateSubDevicesEXT, clRetainDeviceEXT, clReleaseDeviceEXT
CLVET_RULE(CreateSubDevicesEXTInvalidDevice, "clCreateSubDevicesEXT", CL_INVALID_DEVICE,
           Spec::Extension, "cl_ext_device_fission",
           "CL_INVALID_DEVICE - The in_device is not a valid device.", V1_0, Still,
           CLVET_CHECK(CreateSubDevicesEXT, !valid(w, a.in_device)))
CLVET_RULE(CreateSubDevicesEXTBadProperties, "clCreateSubDevicesEXT", CL_INVALID_VALUE,
           Spec::Extension, "cl_ext_device_fission",
           "CL_INVALID_VALUE - The properties key is unknown, or the indicated partition style "
           "(CL_DEVICE_PARTITION_BY_AFFINITY_DOMAIN_EXT, CL_DEVICE_PARTITION_EQUALLY_EXT, "
           "CL_DEVICE_PARTITION_BY NAMES_EXT or CL_DEVICE_PARTITION_BY COUNTS_EXT) is not "
           "supported for this device by the implementation.",
           V1_0, Still,
           CLVET_CHECK(CreateSubDevicesEXT, partition_ext_invalid(read_partition_ext(a.properties))))
CLVET_RULE(CreateSubDevicesEXTBadArguments, "clCreateSubDevicesEXT", CL_INVALID_VALUE,
           Spec::Extension, "cl_ext_device_fission",
           "CL_INVALID_VALUE - num_entries is zero and out_devices is not NULL, or both "
           "out_devices and num_devices are NULL.",
           V1_0, Still,
           CLVET_CHECK(CreateSubDevicesEXT, (a.num_entries == 0 && a.out_devices != nullptr) ||
                                                (a.out_devices == nullptr && a.num_devices == nullptr)))
CLVET_RULE(CreateSubDevicesEXTPartitionFailed, "clCreateSubDevicesEXT",
           CL_DEVICE_PARTITION_FAILED_EXT, Spec::Extension, "cl_ext_device_fission",
           "CL_DEVICE_PARTITION_FAILED_EXT - The indicated partition scheme is supported by the "
           "implementation, but the implementation can not further partition the device in this "
           "way.",
           V1_0, Still,
           CLVET_CHECK(CreateSubDevicesEXT,
                       partition_ext_fails(w, a.in_device, read_partition_ext(a.properties))))
CLVET_RULE(CreateSubDevicesEXTInvalidCount, "clCreateSubDevicesEXT", CL_INVALID_PARTITION_COUNT_EXT,
           Spec::Extension, "cl_ext_device_fission",
           "CL_INVALID_PARTITION_COUNT_EXT - The total number of compute units requested exceeds "
           "CL_DEVICE_MAX_COMPUTE_UNITS, or the number of compute units for any one sub-device is "
           "less than 1, or the number of sub-devices requested exceeds "
           "CL_DEVICE_MAX_COMPUTE_UNITS.",
           V1_0, Still,
           CLVET_CHECK(CreateSubDevicesEXT, partition_ext_count_invalid(
                                                w, a.in_device, read_partition_ext(a.properties))))
CLVET_RULE(CreateSubDevicesEXTInvalidName, "clCreateSubDevicesEXT", CL_INVALID_PARTITION_NAME_EXT,
           Spec::Extension, "cl_ext_device_fission",
           "CL_INVALID_PARTITION_NAME_EXT - A compute unit name appearing in a name list following "
           "CL_DEVICE_PARTITION_BY NAMES_EXT is not in the range [-1, number of compute units - 1].",
           V1_0, Still,
           CLVET_CHECK(CreateSubDevicesEXT, partition_ext_name_invalid(
                                                w, a.in_device, read_partition_ext(a.properties))))
CLVET_RULE(RetainDeviceEXTInvalidDevice, "clRetainDeviceEXT", CL_INVALID_DEVICE, Spec::Extension,
           "cl_ext_device_fission", "It returns CL_INVALID_DEVICE if the device is not a valid device.",
           V1_0, Still, CLVET_CHECK(RetainDeviceEXT, !valid(w, a.device)))
CLVET_RULE(ReleaseDeviceEXTInvalidDevice, "clReleaseDeviceEXT", CL_INVALID_DEVICE, Spec::Extension,
           "cl_ext_device_fission", "It returns CL_INVALID_DEVICE if the device is not a valid device.",
           V1_0, Still, CLVET_CHECK(ReleaseDeviceEXT, !valid(w, a.device)))
