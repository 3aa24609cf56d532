// Reading clCreateSubDevices' and clCreateSubDevicesEXT's property lists (OpenCL 1.2 §4.3, table
// 4.4; cl_ext_device_fission) without trusting them: the rules judge the request, and the
// reference device partitions by it.
#pragma once

#include <cstddef>
#include <vector>

#include "clvet/rules/opencl.h"

namespace clvet::rules {

// A properties list of clCreateSubDevices, read without trusting it: at most kMaxCounts counts,
// so that a list without its terminators cannot run away.
struct PartitionRequest {
  static constexpr std::size_t kMaxCounts = 4096;
  bool well_formed = false;  // one known scheme, its value(s), the terminating 0
  cl_device_partition_property scheme = 0;
  cl_device_partition_property value = 0;  // n of EQUALLY, the domain of BY_AFFINITY_DOMAIN
  std::vector<cl_device_partition_property> counts;  // BY_COUNTS, without the list end
};

inline PartitionRequest read_partition(const cl_device_partition_property* list) {
  PartitionRequest r;
  if (list == nullptr) return r;
  r.scheme = list[0];
  switch (r.scheme) {
    case CL_DEVICE_PARTITION_EQUALLY:
    case CL_DEVICE_PARTITION_BY_AFFINITY_DOMAIN:
      r.value = list[1];
      // "Only one of the listed partitioning schemes can be specified."
      r.well_formed = list[2] == 0;
      return r;
    case CL_DEVICE_PARTITION_BY_COUNTS:
      for (std::size_t i = 1; i <= PartitionRequest::kMaxCounts; ++i) {
        if (list[i] == CL_DEVICE_PARTITION_BY_COUNTS_LIST_END) {
          r.well_formed = list[i + 1] == 0;
          return r;
        }
        r.counts.push_back(list[i]);
      }
      return r;
    default:
      return r;
  }
}

struct PartitionRequestEXT {
  static constexpr std::size_t kMaxEntries = 4096;
  bool well_formed = false;
  cl_device_partition_property_ext scheme = 0;
  cl_device_partition_property_ext value = 0;  // N of EQUALLY_EXT, the domain of AFFINITY_EXT
  std::vector<cl_device_partition_property_ext> entries;  // counts or names, without list end
};

inline PartitionRequestEXT read_partition_ext(const cl_device_partition_property_ext* list) {
  PartitionRequestEXT r;
  if (list == nullptr) return r;
  r.scheme = list[0];
  cl_device_partition_property_ext end = 0;
  switch (r.scheme) {
    case CL_DEVICE_PARTITION_EQUALLY_EXT:
    case CL_DEVICE_PARTITION_BY_AFFINITY_DOMAIN_EXT:
      r.value = list[1];
      r.well_formed = list[2] == CL_PROPERTIES_LIST_END_EXT;
      return r;
    case CL_DEVICE_PARTITION_BY_COUNTS_EXT: end = CL_PARTITION_BY_COUNTS_LIST_END_EXT; break;
    case CL_DEVICE_PARTITION_BY_NAMES_EXT: end = CL_PARTITION_BY_NAMES_LIST_END_EXT; break;
    default: return r;
  }
  for (std::size_t i = 1; i <= PartitionRequestEXT::kMaxEntries; ++i) {
    if (list[i] == end) {
      r.well_formed = list[i + 1] == CL_PROPERTIES_LIST_END_EXT;
      return r;
    }
    r.entries.push_back(list[i]);
  }
  return r;
}

// The core affinity domain an EXT domain names.
inline cl_device_affinity_domain affinity_domain_of_ext(cl_device_partition_property_ext d) {
  switch (d) {
    case CL_AFFINITY_DOMAIN_L1_CACHE_EXT: return CL_DEVICE_AFFINITY_DOMAIN_L1_CACHE;
    case CL_AFFINITY_DOMAIN_L2_CACHE_EXT: return CL_DEVICE_AFFINITY_DOMAIN_L2_CACHE;
    case CL_AFFINITY_DOMAIN_L3_CACHE_EXT: return CL_DEVICE_AFFINITY_DOMAIN_L3_CACHE;
    case CL_AFFINITY_DOMAIN_L4_CACHE_EXT: return CL_DEVICE_AFFINITY_DOMAIN_L4_CACHE;
    case CL_AFFINITY_DOMAIN_NUMA_EXT: return CL_DEVICE_AFFINITY_DOMAIN_NUMA;
    case CL_AFFINITY_DOMAIN_NEXT_FISSIONABLE_EXT:
      return CL_DEVICE_AFFINITY_DOMAIN_NEXT_PARTITIONABLE;
    default: return 0;
  }
}

}  // namespace clvet::rules
