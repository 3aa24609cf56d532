// Rules: Platforms, devices and partitioning (OpenCL 1.2 §4.1-4.3), the ICD and extension entry points.
#pragma once

#include "catalogue.h"


// §4.1 clGetPlatformIDs
CLVET_RULE(GetPlatformIDsBadArguments, "clGetPlatformIDs", CL_INVALID_VALUE, Spec::OpenCL12, "4.1",
           "CL_INVALID_VALUE if num_entries is equal to zero and platforms is not NULL or if both "
           "num_platforms and platforms are NULL.",
           V1_0, Still,
           CLVET_CHECK(GetPlatformIDs, (a.num_entries == 0 && a.platforms != nullptr) ||
                                           (a.num_platforms == nullptr && a.platforms == nullptr)))

// cl_khr_icd: clIcdGetPlatformIDsKHR
CLVET_RULE(IcdGetPlatformIDsBadArguments, "clIcdGetPlatformIDsKHR", CL_INVALID_VALUE,
           Spec::Extension, "cl_khr_icd",
           "CL_INVALID_VALUE if num_entries is equal to zero and platforms is not NULL or if both "
           "num_platforms and platforms are NULL.",
           V1_0, Still,
           CLVET_CHECK(IcdGetPlatformIDsKHR, (a.num_entries == 0 && a.platforms != nullptr) ||
                                                 (a.num_platforms == nullptr && a.platforms == nullptr)))

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
