// Rules: Contexts (OpenCL 1.2 §4.4, 3.0 clSetContextDestructorCallback, cl_khr_terminate_context).
#pragma once

#include "catalogue.h"
#include "platform.h"

namespace clvet::rules {

// CL_INVALID_PLATFORM: a CL_CONTEXT_PLATFORM value that names no live platform.
inline bool context_platform_invalid(const World& w, const cl_context_properties* properties) {
  for (auto& [key, value] : read_properties(properties).entries)
    if (key == CL_CONTEXT_PLATFORM && !valid(w, reinterpret_cast<cl_platform_id>(value)))
      return true;
  return false;
}

// CL_INVALID_PROPERTY (table 4.5): a name outside the table (extension properties included:
// no sharing or termination extension is supported), a CL_CONTEXT_INTEROP_USER_SYNC that is
// not a cl_bool, or a name given twice.
inline bool context_properties_invalid(const cl_context_properties* properties) {
  auto list = read_properties(properties);
  if (list.has_duplicate_key()) return true;
  for (auto& [key, value] : list.entries) {
    if (key == CL_CONTEXT_PLATFORM) continue;
    if (key == CL_CONTEXT_INTEROP_USER_SYNC && (value == CL_TRUE || value == CL_FALSE)) continue;
    return true;
  }
  return false;
}

inline bool some_device_invalid(const World& w, cl_uint count, const cl_device_id* devices) {
  for (cl_uint i = 0; i < count; ++i)
    if (!valid(w, devices[i])) return true;
  return false;
}

inline bool some_device_unavailable(const World& w, cl_uint count, const cl_device_id* devices) {
  for (cl_uint i = 0; i < count; ++i)
    if (get<cl_bool>(w, InfoQuery::Device, devices[i], CL_DEVICE_AVAILABLE) == CL_FALSE)
      return true;
  return false;
}

// Whether `context` was created with CL_CONTEXT_TERMINATE_KHR set to CL_TRUE.
inline bool context_terminable(const World& w, cl_context context) {
  auto properties = get_array<cl_context_properties>(w, InfoQuery::Context, context,
                                                     CL_CONTEXT_PROPERTIES);
  properties.push_back(0);
  return read_properties(properties.data()).value(CL_CONTEXT_TERMINATE_KHR) == CL_TRUE;
}

}  // namespace clvet::rules

// §4.4 clCreateContext
CLVET_RULE(CreateContextInvalidPlatform, "clCreateContext", CL_INVALID_PLATFORM, Spec::OpenCL12,
           "4.4",
           "CL_INVALID_PLATFORM if properties is NULL and no platform could be selected or if "
           "platform value specified in properties is not a valid platform.",
           V1_0, Still, CLVET_CHECK(CreateContext, context_platform_invalid(w, a.properties)))
CLVET_RULE(CreateContextInvalidProperty, "clCreateContext", CL_INVALID_PROPERTY, Spec::OpenCL12,
           "4.4",
           "CL_INVALID_PROPERTY if context property name in properties is not a supported property "
           "name, if the value specified for a supported property name is not valid, or if the "
           "same property name is specified more than once.",
           V1_0, Still, CLVET_CHECK(CreateContext, context_properties_invalid(a.properties)))
CLVET_RULE(CreateContextNullDevices, "clCreateContext", CL_INVALID_VALUE, Spec::OpenCL12, "4.4",
           "CL_INVALID_VALUE if devices is NULL.", V1_0, Still,
           CLVET_CHECK(CreateContext, a.devices == nullptr))
CLVET_RULE(CreateContextZeroDevices, "clCreateContext", CL_INVALID_VALUE, Spec::OpenCL12, "4.4",
           "CL_INVALID_VALUE if num_devices is equal to zero.", V1_0, Still,
           CLVET_CHECK(CreateContext, a.num_devices == 0))
CLVET_RULE(CreateContextUserDataWithoutNotify, "clCreateContext", CL_INVALID_VALUE, Spec::OpenCL12,
           "4.4", "CL_INVALID_VALUE if pfn_notify is NULL but user_data is not NULL.", V1_0, Still,
           CLVET_CHECK(CreateContext, a.pfn_notify == nullptr && a.user_data != nullptr))
CLVET_RULE(CreateContextInvalidDevice, "clCreateContext", CL_INVALID_DEVICE, Spec::OpenCL12, "4.4",
           "CL_INVALID_DEVICE if devices contains an invalid device.", V1_0, Still,
           CLVET_CHECK(CreateContext, some_device_invalid(w, a.num_devices, a.devices)))
CLVET_RULE(CreateContextDeviceNotAvailable, "clCreateContext", CL_DEVICE_NOT_AVAILABLE,
           Spec::OpenCL12, "4.4",
           "CL_DEVICE_NOT_AVAILABLE if a device in devices is currently not available even though "
           "the device was returned by clGetDeviceIDs.",
           V1_0, Still, CLVET_CHECK(CreateContext, some_device_unavailable(w, a.num_devices, a.devices)))
CLVET_RULE(CreateContextOutOfResources, "clCreateContext", CL_OUT_OF_RESOURCES, Spec::OpenCL12,
           "4.4",
           "CL_OUT_OF_RESOURCES if there is a failure to allocate resources required by the OpenCL "
           "implementation on the device.",
           V1_0, Still, nullptr, "not raised by the reference device: a context holds no device resources")
CLVET_RULE(CreateContextOutOfHostMemory, "clCreateContext", CL_OUT_OF_HOST_MEMORY, Spec::OpenCL12,
           "4.4",
           "CL_OUT_OF_HOST_MEMORY if there is a failure to allocate resources required by the "
           "OpenCL implementation on the host.",
           V1_0, Still, nullptr, "raised when allocating the context throws std::bad_alloc")

// §4.4 clCreateContextFromType
CLVET_RULE(CreateContextFromTypeInvalidPlatform, "clCreateContextFromType", CL_INVALID_PLATFORM,
           Spec::OpenCL12, "4.4",
           "CL_INVALID_PLATFORM if properties is NULL and no platform could be selected or if "
           "platform value specified in properties is not a valid platform.",
           V1_0, Still,
           CLVET_CHECK(CreateContextFromType, context_platform_invalid(w, a.properties)))
CLVET_RULE(CreateContextFromTypeInvalidProperty, "clCreateContextFromType", CL_INVALID_PROPERTY,
           Spec::OpenCL12, "4.4",
           "CL_INVALID_PROPERTY if context property name in properties is not a supported property "
           "name, if the value specified for a supported property name is not valid, or if the "
           "same property name is specified more than once.",
           V1_0, Still, CLVET_CHECK(CreateContextFromType, context_properties_invalid(a.properties)))
CLVET_RULE(CreateContextFromTypeUserDataWithoutNotify, "clCreateContextFromType", CL_INVALID_VALUE,
           Spec::OpenCL12, "4.4",
           "CL_INVALID_VALUE if pfn_notify is NULL but user_data is not NULL.", V1_0, Still,
           CLVET_CHECK(CreateContextFromType, a.pfn_notify == nullptr && a.user_data != nullptr))
CLVET_RULE(CreateContextFromTypeInvalidDeviceType, "clCreateContextFromType",
           CL_INVALID_DEVICE_TYPE, Spec::OpenCL12, "4.4",
           "CL_INVALID_DEVICE_TYPE if device_type is not a valid value.", V1_0, Still,
           CLVET_CHECK(CreateContextFromType, device_type_invalid(a.device_type)))
CLVET_RULE(CreateContextFromTypeDeviceNotAvailable, "clCreateContextFromType",
           CL_DEVICE_NOT_AVAILABLE, Spec::OpenCL12, "4.4",
           "CL_DEVICE_NOT_AVAILABLE if no devices that match device_type and property values "
           "specified in properties are currently available.",
           V1_0, Still, nullptr, "raised when every matching device reports CL_DEVICE_AVAILABLE false")
CLVET_RULE(CreateContextFromTypeDeviceNotFound, "clCreateContextFromType", CL_DEVICE_NOT_FOUND,
           Spec::OpenCL12, "4.4",
           "CL_DEVICE_NOT_FOUND if no devices that match device_type and property values specified "
           "in properties were found.",
           V1_0, Still, nullptr, "raised when no device of the platform matches device_type")
CLVET_RULE(CreateContextFromTypeOutOfResources, "clCreateContextFromType", CL_OUT_OF_RESOURCES,
           Spec::OpenCL12, "4.4",
           "CL_OUT_OF_RESOURCES if there is a failure to allocate resources required by the OpenCL "
           "implementation on the device.",
           V1_0, Still, nullptr, "not raised by the reference device: a context holds no device resources")
CLVET_RULE(CreateContextFromTypeOutOfHostMemory, "clCreateContextFromType", CL_OUT_OF_HOST_MEMORY,
           Spec::OpenCL12, "4.4",
           "CL_OUT_OF_HOST_MEMORY if there is a failure to allocate resources required by the "
           "OpenCL implementation on the host.",
           V1_0, Still, nullptr, "raised when allocating the context throws std::bad_alloc")

// §4.4 clRetainContext / clReleaseContext
CLVET_ROLE_RULE_WORDED(RetainContextInvalidContext, RetainContext, InvalidContext, Spec::OpenCL12,
                       "4.4", V1_0, "CL_INVALID_CONTEXT if context is not a valid OpenCL context.")
CLVET_RULE(RetainContextOutOfResources, "clRetainContext", CL_OUT_OF_RESOURCES, Spec::OpenCL12,
           "4.4",
           "CL_OUT_OF_RESOURCES if there is a failure to allocate resources required by the OpenCL "
           "implementation on the device.",
           V1_0, Still, nullptr, "not raised by the reference device: retaining allocates nothing")
CLVET_RULE(RetainContextOutOfHostMemory, "clRetainContext", CL_OUT_OF_HOST_MEMORY, Spec::OpenCL12,
           "4.4",
           "CL_OUT_OF_HOST_MEMORY if there is a failure to allocate resources required by the "
           "OpenCL implementation on the host.",
           V1_0, Still, nullptr, "not raised by the reference device: retaining allocates nothing")
CLVET_ROLE_RULE_WORDED(ReleaseContextInvalidContext, ReleaseContext, InvalidContext, Spec::OpenCL12,
                       "4.4", V1_0, "CL_INVALID_CONTEXT if context is not a valid OpenCL context.")
CLVET_RULE(ReleaseContextOutOfResources, "clReleaseContext", CL_OUT_OF_RESOURCES, Spec::OpenCL12,
           "4.4",
           "CL_OUT_OF_RESOURCES if there is a failure to allocate resources required by the OpenCL "
           "implementation on the device.",
           V1_0, Still, nullptr, "not raised by the reference device: releasing allocates nothing")
CLVET_RULE(ReleaseContextOutOfHostMemory, "clReleaseContext", CL_OUT_OF_HOST_MEMORY,
           Spec::OpenCL12, "4.4",
           "CL_OUT_OF_HOST_MEMORY if there is a failure to allocate resources required by the "
           "OpenCL implementation on the host.",
           V1_0, Still, nullptr, "not raised by the reference device: releasing allocates nothing")

// §4.4 clGetContextInfo
CLVET_ROLE_RULE(GetContextInfoInvalidContext, GetContextInfo, InvalidContext, Spec::OpenCL12, "4.4",
                V1_0)
CLVET_RULE(GetContextInfoBadParam, "clGetContextInfo", CL_INVALID_VALUE, Spec::OpenCL12, "4.4",
           "CL_INVALID_VALUE if param_name is not one of the supported values or if size in bytes "
           "specified by param_value_size is < size of return type as specified in table 4.6 and "
           "param_value is not a NULL value.",
           V1_0, Still, nullptr,
           "raised by the query when param_name is unknown or param_value_size is too small")
CLVET_RULE(GetContextInfoOutOfResources, "clGetContextInfo", CL_OUT_OF_RESOURCES, Spec::OpenCL12,
           "4.4",
           "CL_OUT_OF_RESOURCES if there is a failure to allocate resources required by the OpenCL "
           "implementation on the device.",
           V1_0, Still, nullptr, "not raised by the reference device: queries allocate nothing on it")
CLVET_RULE(GetContextInfoOutOfHostMemory, "clGetContextInfo", CL_OUT_OF_HOST_MEMORY,
           Spec::OpenCL12, "4.4",
           "CL_OUT_OF_HOST_MEMORY if there is a failure to allocate resources required by the "
           "OpenCL implementation on the host.",
           V1_0, Still, nullptr, "raised when building the answer throws std::bad_alloc")

// 3.0 §4.4 clSetContextDestructorCallback
CLVET_ROLE_RULE(SetContextDestructorCallbackInvalidContext, SetContextDestructorCallback,
                InvalidContext, Spec::Api30, "4.4", V3_0)
CLVET_RULE(SetContextDestructorCallbackNullCallback, "clSetContextDestructorCallback",
           CL_INVALID_VALUE, Spec::Api30, "4.4", "CL_INVALID_VALUE if pfn_notify is NULL.", V3_0,
           Still, CLVET_CHECK(SetContextDestructorCallback, a.pfn_notify == nullptr))
CLVET_RULE(SetContextDestructorCallbackOutOfResources, "clSetContextDestructorCallback",
           CL_OUT_OF_RESOURCES, Spec::Api30, "4.4",
           "CL_OUT_OF_RESOURCES if there is a failure to allocate resources required by the OpenCL "
           "implementation on the device.",
           V3_0, Still, nullptr, "not raised by the reference device: callbacks live on the host")
CLVET_RULE(SetContextDestructorCallbackOutOfHostMemory, "clSetContextDestructorCallback",
           CL_OUT_OF_HOST_MEMORY, Spec::Api30, "4.4",
           "CL_OUT_OF_HOST_MEMORY if there is a failure to allocate resources required by the "
           "OpenCL implementation on the host.",
           V3_0, Still, nullptr, "raised when recording the callback throws std::bad_alloc")

// cl_khr_terminate_context: clTerminateContextKHR
CLVET_ROLE_RULE_WORDED(TerminateContextKHRInvalidContext, TerminateContextKHR, InvalidContext,
                       Spec::Extension, "cl_khr_terminate_context", V1_0,
                       "CL_INVALID_CONTEXT if context is not a valid OpenCL context.")
CLVET_RULE(TerminateContextKHRAlreadyTerminated, "clTerminateContextKHR", CL_CONTEXT_TERMINATED_KHR,
           Spec::Extension, "cl_khr_terminate_context",
           "CL_CONTEXT_TERMINATED_KHR if context has already been terminated.", V1_0, Still,
           nullptr,
           "raised when the context was terminated before (never on the reference device: no "
           "context can be created terminable)")
CLVET_RULE(TerminateContextKHRNotTerminable, "clTerminateContextKHR", CL_INVALID_OPERATION,
           Spec::Extension, "cl_khr_terminate_context",
           "CL_INVALID_OPERATION if context was not created with CL_CONTEXT_TERMNATE_KHR set to "
           "CL_TRUE.",
           V1_0, Still, CLVET_CHECK(TerminateContextKHR, !context_terminable(w, a.context)))
CLVET_RULE(TerminateContextKHROutOfResources, "clTerminateContextKHR", CL_OUT_OF_RESOURCES,
           Spec::Extension, "cl_khr_terminate_context",
           "CL_OUT_OF_RESOURCES if there is a failure to allocate resources required by the OpenCL "
           "implementation on the device.",
           V1_0, Still, nullptr, "not raised by the reference device: no context is terminable")
CLVET_RULE(TerminateContextKHROutOfHostMemory, "clTerminateContextKHR", CL_OUT_OF_HOST_MEMORY,
           Spec::Extension, "cl_khr_terminate_context",
           "CL_OUT_OF_HOST_MEMORY if there is a failure to allocate resources required by the "
           "OpenCL implementation on the host.",
           V1_0, Still, nullptr, "not raised by the reference device: no context is terminable")
