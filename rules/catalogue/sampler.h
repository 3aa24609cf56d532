// Rules: Sampler objects (OpenCL 1.2 §5.5, 2.2 §5.7).
#pragma once

#include "catalogue.h"
#include "image.h"  // images::no_device_supports_images: "images are not supported by any device"

namespace clvet::rules::samplers {

inline bool addressing_mode_known(cl_ulong mode) {
  switch (mode) {
    case CL_ADDRESS_NONE:
    case CL_ADDRESS_CLAMP_TO_EDGE:
    case CL_ADDRESS_CLAMP:
    case CL_ADDRESS_REPEAT:
    case CL_ADDRESS_MIRRORED_REPEAT: return true;
    default: return false;
  }
}

inline bool filter_mode_known(cl_ulong mode) {
  return mode == CL_FILTER_NEAREST || mode == CL_FILTER_LINEAR;
}

// The three sampler settings are valid alone and together. The repeat modes are defined only
// for normalized coordinates (OpenCL C §6.12.14.1: "CLK_ADDRESS_REPEAT ... can only be used
// with normalized coordinates"), which makes that combination the invalid one the clause
// speaks of.
inline bool settings_invalid(cl_ulong normalized, cl_ulong addressing, cl_ulong filter) {
  if (normalized != CL_TRUE && normalized != CL_FALSE) return true;
  if (!addressing_mode_known(addressing) || !filter_mode_known(filter)) return true;
  return normalized == CL_FALSE &&
         (addressing == CL_ADDRESS_REPEAT || addressing == CL_ADDRESS_MIRRORED_REPEAT);
}

// clCreateSamplerWithProperties: an unknown property name, an invalid value, a name given twice.
inline bool properties_invalid(const cl_sampler_properties* list) {
  if (list == nullptr) return false;
  auto props = read_properties(list);
  if (props.has_duplicate_key()) return true;
  for (auto& [key, value] : props.entries)
    if (key != CL_SAMPLER_NORMALIZED_COORDS && key != CL_SAMPLER_ADDRESSING_MODE &&
        key != CL_SAMPLER_FILTER_MODE)
      return true;
  // Defaults of 2.2 §5.7.1's table: normalized, CL_ADDRESS_CLAMP, CL_FILTER_NEAREST.
  return settings_invalid(props.value(CL_SAMPLER_NORMALIZED_COORDS).value_or(CL_TRUE),
                          props.value(CL_SAMPLER_ADDRESSING_MODE).value_or(CL_ADDRESS_CLAMP),
                          props.value(CL_SAMPLER_FILTER_MODE).value_or(CL_FILTER_NEAREST));
}

}  // namespace clvet::rules::samplers

// §5.5.1 clCreateSampler
CLVET_ROLE_RULE(CreateSamplerInvalidContext, CreateSampler, InvalidContext, Spec::OpenCL12, "5.5.1",
                V1_0)
CLVET_RULE(
    CreateSamplerInvalidValue, "clCreateSampler", CL_INVALID_VALUE, Spec::OpenCL12, "5.5.1",
    "CL_INVALID_VALUE if addressing_mode, filter_mode or normalized_coords or combination of "
    "these argument values are not valid.",
    V1_0, Still,
    CLVET_CHECK(CreateSampler,
                samplers::settings_invalid(a.normalized_coords, a.addressing_mode, a.filter_mode)))
CLVET_RULE(CreateSamplerNoImageSupport, "clCreateSampler", CL_INVALID_OPERATION, Spec::OpenCL12,
           "5.5.1",
           "CL_INVALID_OPERATION if images are not supported by any device associated with context "
           "(i.e. CL_DEVICE_IMAGE_SUPPORT specified in table 4.3 is CL_FALSE).",
           V1_0, Still, CLVET_CHECK(CreateSampler, images::no_device_supports_images(w, a.context)))
CLVET_RULE(CreateSamplerOutOfResources, "clCreateSampler", CL_OUT_OF_RESOURCES, Spec::OpenCL12,
           "5.5.1",
           "CL_OUT_OF_RESOURCES if there is a failure to allocate resources required by the OpenCL "
           "implementation on the device.",
           V1_0, Still, nullptr, "never raised: a sampler holds no device resources")
CLVET_RULE(CreateSamplerOutOfHostMemory, "clCreateSampler", CL_OUT_OF_HOST_MEMORY, Spec::OpenCL12,
           "5.5.1",
           "CL_OUT_OF_HOST_MEMORY if there is a failure to allocate resources required by the "
           "OpenCL implementation on the host.",
           V1_0, Still, nullptr, "raised when allocating the sampler object throws std::bad_alloc")

// 2.2 §5.7.1 clCreateSamplerWithProperties
CLVET_ROLE_RULE(CreateSamplerWithPropertiesInvalidContext, CreateSamplerWithProperties,
                InvalidContext, Spec::Runtime22, "5.7.1", V2_0)
CLVET_RULE(
    CreateSamplerWithPropertiesInvalidProperty, "clCreateSamplerWithProperties", CL_INVALID_VALUE,
    Spec::Runtime22, "5.7.1",
    "CL_INVALID_VALUE if the property name in sampler_properties is not a supported property "
    "name, if the value specified for a supported property name is not valid, or if the same "
    "property name is specified more than once.",
    V2_0, Still,
    CLVET_CHECK(CreateSamplerWithProperties, samplers::properties_invalid(a.sampler_properties)))
CLVET_RULE(CreateSamplerWithPropertiesNoImageSupport, "clCreateSamplerWithProperties",
           CL_INVALID_OPERATION, Spec::Runtime22, "5.7.1",
           "CL_INVALID_OPERATION if images are not supported by any device associated with context "
           "(i.e. CL_DEVICE_IMAGE_SUPPORT specified in the Device Queries table is CL_FALSE).",
           V2_0, Still,
           CLVET_CHECK(CreateSamplerWithProperties,
                       images::no_device_supports_images(w, a.context)))
CLVET_RULE(CreateSamplerWithPropertiesOutOfResources, "clCreateSamplerWithProperties",
           CL_OUT_OF_RESOURCES, Spec::Runtime22, "5.7.1",
           "CL_OUT_OF_RESOURCES if there is a failure to allocate resources required by the OpenCL "
           "implementation on the device.",
           V2_0, Still, nullptr, "never raised: a sampler holds no device resources")
CLVET_RULE(CreateSamplerWithPropertiesOutOfHostMemory, "clCreateSamplerWithProperties",
           CL_OUT_OF_HOST_MEMORY, Spec::Runtime22, "5.7.1",
           "CL_OUT_OF_HOST_MEMORY if there is a failure to allocate resources required by the "
           "OpenCL implementation on the host.",
           V2_0, Still, nullptr, "raised when allocating the sampler object throws std::bad_alloc")

// §5.5.1 clRetainSampler
CLVET_RULE(RetainSamplerInvalidSampler, "clRetainSampler", CL_INVALID_SAMPLER, Spec::OpenCL12,
           "5.5.1", "CL_INVALID_SAMPLER if sampler is not a valid sampler object.", V1_0, Still,
           CLVET_CHECK(RetainSampler, !valid(w, a.sampler)))
CLVET_RULE(RetainSamplerOutOfResources, "clRetainSampler", CL_OUT_OF_RESOURCES, Spec::OpenCL12,
           "5.5.1",
           "CL_OUT_OF_RESOURCES if there is a failure to allocate resources required by the OpenCL "
           "implementation on the device.",
           V1_0, Still, nullptr, "never raised: retaining allocates nothing")
CLVET_RULE(RetainSamplerOutOfHostMemory, "clRetainSampler", CL_OUT_OF_HOST_MEMORY, Spec::OpenCL12,
           "5.5.1",
           "CL_OUT_OF_HOST_MEMORY if there is a failure to allocate resources required by the "
           "OpenCL implementation on the host.",
           V1_0, Still, nullptr, "never raised: retaining allocates nothing")

// §5.5.1 clReleaseSampler
CLVET_RULE(ReleaseSamplerInvalidSampler, "clReleaseSampler", CL_INVALID_SAMPLER, Spec::OpenCL12,
           "5.5.1", "CL_INVALID_SAMPLER if sampler is not a valid sampler object.", V1_0, Still,
           CLVET_CHECK(ReleaseSampler, !valid(w, a.sampler)))
CLVET_RULE(ReleaseSamplerOutOfResources, "clReleaseSampler", CL_OUT_OF_RESOURCES, Spec::OpenCL12,
           "5.5.1",
           "CL_OUT_OF_RESOURCES if there is a failure to allocate resources required by the OpenCL "
           "implementation on the device.",
           V1_0, Still, nullptr, "never raised: releasing allocates nothing")
CLVET_RULE(ReleaseSamplerOutOfHostMemory, "clReleaseSampler", CL_OUT_OF_HOST_MEMORY,
           Spec::OpenCL12, "5.5.1",
           "CL_OUT_OF_HOST_MEMORY if there is a failure to allocate resources required by the "
           "OpenCL implementation on the host.",
           V1_0, Still, nullptr, "never raised: releasing allocates nothing")

// §5.5.2 clGetSamplerInfo. The handle clause is checked first, as for every query.
CLVET_RULE(GetSamplerInfoInvalidSampler, "clGetSamplerInfo", CL_INVALID_SAMPLER, Spec::OpenCL12,
           "5.5.2", "CL_INVALID_SAMPLER if sampler is a not a valid sampler object.", V1_0, Still,
           CLVET_CHECK(GetSamplerInfo, !valid(w, a.sampler)))
CLVET_RULE(GetSamplerInfoBadParam, "clGetSamplerInfo", CL_INVALID_VALUE, Spec::OpenCL12, "5.5.2",
           "CL_INVALID_VALUE if param_name is not valid, or if size in bytes specified by "
           "param_value_size is < size of return type as described in table 5.12 and param_value "
           "is not NULL.",
           V1_0, Still, nullptr,
           "raised by the query when param_name is unknown or param_value_size is too small")
CLVET_RULE(GetSamplerInfoOutOfResources, "clGetSamplerInfo", CL_OUT_OF_RESOURCES, Spec::OpenCL12,
           "5.5.2",
           "CL_OUT_OF_RESOURCES if there is a failure to allocate resources required by the OpenCL "
           "implementation on the device.",
           V1_0, Still, nullptr, "never raised: the query allocates nothing on the device")
CLVET_RULE(GetSamplerInfoOutOfHostMemory, "clGetSamplerInfo", CL_OUT_OF_HOST_MEMORY,
           Spec::OpenCL12, "5.5.2",
           "CL_OUT_OF_HOST_MEMORY if there is a failure to allocate resources required by the "
           "OpenCL implementation on the host.",
           V1_0, Still, nullptr, "raised when building the answer throws std::bad_alloc")
