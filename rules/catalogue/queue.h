// Rules: Command-queues (OpenCL 1.2 §5.1, 2.2 §5.1, the 3.0 clauses of device-side queues,
// cl_khr_create_command_queue).
#pragma once

#include "catalogue.h"

namespace clvet::rules::queue_checks {

// The bits table 5.1 (1.2) defines for a host command-queue.
inline constexpr cl_command_queue_properties kHostBits =
    CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE | CL_QUEUE_PROFILING_ENABLE;
// The bits the 2.x queue-properties table defines for CL_QUEUE_PROPERTIES.
inline constexpr cl_command_queue_properties kAllBits =
    kHostBits | CL_QUEUE_ON_DEVICE | CL_QUEUE_ON_DEVICE_DEFAULT;

// CL_INVALID_VALUE "values specified in properties are not valid" for a
// clCreateCommandQueueWithProperties list: an unknown or repeated key, a CL_QUEUE_PROPERTIES
// bit outside the table, CL_QUEUE_ON_DEVICE without CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE
// (footnote 1: only out-of-order device queues), CL_QUEUE_ON_DEVICE_DEFAULT without
// CL_QUEUE_ON_DEVICE, CL_QUEUE_SIZE without CL_QUEUE_ON_DEVICE or above
// CL_DEVICE_QUEUE_ON_DEVICE_MAX_SIZE (when the device has device queues at all).
template <class Property>
bool properties_invalid(const World& w, cl_device_id device, const Property* list) {
  auto props = read_properties(list);
  if (props.has_duplicate_key()) return true;
  for (auto& entry : props.entries)
    if (entry.first != CL_QUEUE_PROPERTIES && entry.first != CL_QUEUE_SIZE) return true;
  const auto bits =
      static_cast<cl_command_queue_properties>(props.value(CL_QUEUE_PROPERTIES).value_or(0));
  if (bits & ~kAllBits) return true;
  const bool on_device = bits & CL_QUEUE_ON_DEVICE;
  if (on_device && !(bits & CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE)) return true;
  if ((bits & CL_QUEUE_ON_DEVICE_DEFAULT) && !on_device) return true;
  if (auto size = props.value(CL_QUEUE_SIZE)) {
    if (!on_device) return true;
    auto max = get<cl_uint>(w, InfoQuery::Device, device, CL_DEVICE_QUEUE_ON_DEVICE_MAX_SIZE);
    if (max && *max > 0 && static_cast<cl_ulong>(*size) > *max) return true;
  }
  return false;
}

// CL_INVALID_QUEUE_PROPERTIES "valid but not supported by the device": host-queue bits the
// device does not list in CL_DEVICE_QUEUE_ON_HOST_PROPERTIES, or a device queue on a device
// without device queues (CL_DEVICE_QUEUE_ON_DEVICE_PROPERTIES 0, as 3.0 allows) or with bits
// it does not list there.
inline bool bits_unsupported(const World& w, cl_device_id device,
                             cl_command_queue_properties bits) {
  if (bits & CL_QUEUE_ON_DEVICE) {
    auto supported = get<cl_command_queue_properties>(w, InfoQuery::Device, device,
                                                      CL_DEVICE_QUEUE_ON_DEVICE_PROPERTIES)
                         .value_or(0);
    if (supported == 0) return true;
    return (bits & kHostBits) & ~supported;
  }
  if ((bits & kHostBits) == 0) return false;
  auto supported = get<cl_command_queue_properties>(w, InfoQuery::Device, device,
                                                    CL_DEVICE_QUEUE_ON_HOST_PROPERTIES)
                       .value_or(0);
  return (bits & kHostBits) & ~supported;
}

template <class Property>
bool properties_unsupported(const World& w, cl_device_id device, const Property* list) {
  auto bits = read_properties(list).value(CL_QUEUE_PROPERTIES).value_or(0);
  return bits_unsupported(w, device, static_cast<cl_command_queue_properties>(bits));
}

inline bool is_device_queue(const World& w, cl_command_queue queue) {
  auto bits =
      get<cl_command_queue_properties>(w, InfoQuery::CommandQueue, queue, CL_QUEUE_PROPERTIES);
  return bits && (*bits & CL_QUEUE_ON_DEVICE);
}

}  // namespace clvet::rules::queue_checks

// The two allocation clauses every entry point of queue.h and event.h ends with (the id is
// spelled out at each use, so a search for it finds its definition).
#define CLVET_QE_OUT_OF_RESOURCES(Name, Entry, SpecDoc, Section, Since, When)                   \
  CLVET_RULE(Name, Entry, CL_OUT_OF_RESOURCES, SpecDoc, Section,                                \
             "CL_OUT_OF_RESOURCES if there is a failure to allocate resources required by the " \
             "OpenCL implementation on the device.",                                            \
             Since, Still, nullptr, When)
#define CLVET_QE_OUT_OF_HOST_MEMORY(Name, Entry, SpecDoc, Section, Since, When)               \
  CLVET_RULE(Name, Entry, CL_OUT_OF_HOST_MEMORY, SpecDoc, Section,                            \
             "CL_OUT_OF_HOST_MEMORY if there is a failure to allocate resources required by " \
             "the OpenCL implementation on the host.",                                        \
             Since, Still, nullptr, When)

// §5.1 clCreateCommandQueue (deprecated by 2.0, still an entry point)
CLVET_ROLE_RULE(CreateCommandQueueInvalidContext, CreateCommandQueue, InvalidContext,
                Spec::OpenCL12, "5.1", V1_0)
CLVET_RULE(CreateCommandQueueInvalidDevice, "clCreateCommandQueue", CL_INVALID_DEVICE,
           Spec::OpenCL12, "5.1",
           "CL_INVALID_DEVICE if device is not a valid device or is not associated with context.",
           V1_0, Still,
           CLVET_CHECK(CreateCommandQueue,
                       !valid(w, a.device) || !context_has_device(w, a.context, a.device)))
CLVET_RULE(CreateCommandQueueInvalidProperties, "clCreateCommandQueue", CL_INVALID_VALUE,
           Spec::OpenCL12, "5.1",
           "CL_INVALID_VALUE if values specified in properties are not valid.", V1_0, Still,
           // Table 5.1: only its two bits may be set (device-queue bits are not valid here).
           CLVET_CHECK(CreateCommandQueue, (a.properties & ~queue_checks::kHostBits) != 0))
CLVET_RULE(CreateCommandQueueUnsupportedProperties, "clCreateCommandQueue",
           CL_INVALID_QUEUE_PROPERTIES, Spec::OpenCL12, "5.1",
           "CL_INVALID_QUEUE_PROPERTIES if values specified in properties are valid but are not "
           "supported by the device.",
           V1_0, Still,
           CLVET_CHECK(CreateCommandQueue,
                       queue_checks::bits_unsupported(w, a.device, a.properties)))
CLVET_QE_OUT_OF_RESOURCES(CreateCommandQueueOutOfResources, "clCreateCommandQueue", Spec::OpenCL12,
                          "5.1", V1_0, "raised when the queue's scheduler thread cannot be started")
CLVET_QE_OUT_OF_HOST_MEMORY(CreateCommandQueueOutOfHostMemory, "clCreateCommandQueue",
                            Spec::OpenCL12, "5.1", V1_0,
                            "raised when allocating the queue throws std::bad_alloc")

// 2.2 §5.1 clCreateCommandQueueWithProperties
CLVET_ROLE_RULE(CreateCommandQueueWithPropertiesInvalidContext, CreateCommandQueueWithProperties,
                InvalidContext, Spec::Runtime22, "5.1", V2_0)
CLVET_RULE(CreateCommandQueueWithPropertiesInvalidDevice, "clCreateCommandQueueWithProperties",
           CL_INVALID_DEVICE, Spec::Runtime22, "5.1",
           "CL_INVALID_DEVICE if device is not a valid device or is not associated with context.",
           V2_0, Still,
           CLVET_CHECK(CreateCommandQueueWithProperties,
                       !valid(w, a.device) || !context_has_device(w, a.context, a.device)))
CLVET_RULE(CreateCommandQueueWithPropertiesInvalidProperties, "clCreateCommandQueueWithProperties",
           CL_INVALID_VALUE, Spec::Runtime22, "5.1",
           "CL_INVALID_VALUE if values specified in properties are not valid.", V2_0, Still,
           CLVET_CHECK(CreateCommandQueueWithProperties,
                       queue_checks::properties_invalid(w, a.device, a.properties)))
CLVET_RULE(CreateCommandQueueWithPropertiesUnsupportedProperties,
           "clCreateCommandQueueWithProperties", CL_INVALID_QUEUE_PROPERTIES, Spec::Runtime22,
           "5.1",
           "CL_INVALID_QUEUE_PROPERTIES if values specified in properties are valid but are not "
           "supported by the device.",
           V2_0, Still,
           CLVET_CHECK(CreateCommandQueueWithProperties,
                       queue_checks::properties_unsupported(w, a.device, a.properties)))
CLVET_QE_OUT_OF_RESOURCES(CreateCommandQueueWithPropertiesOutOfResources,
                          "clCreateCommandQueueWithProperties", Spec::Runtime22, "5.1", V2_0,
                          "raised when the queue's scheduler thread cannot be started")
CLVET_QE_OUT_OF_HOST_MEMORY(CreateCommandQueueWithPropertiesOutOfHostMemory,
                            "clCreateCommandQueueWithProperties", Spec::Runtime22, "5.1", V2_0,
                            "raised when allocating the queue throws std::bad_alloc")

// cl_khr_create_command_queue: clCreateCommandQueueWithPropertiesKHR has the semantics and the
// error list of clCreateCommandQueueWithProperties.
CLVET_ROLE_RULE(CreateCommandQueueWithPropertiesKHRInvalidContext,
                CreateCommandQueueWithPropertiesKHR, InvalidContext, Spec::Extension,
                "cl_khr_create_command_queue", V1_0)
CLVET_RULE(CreateCommandQueueWithPropertiesKHRInvalidDevice,
           "clCreateCommandQueueWithPropertiesKHR", CL_INVALID_DEVICE, Spec::Extension,
           "cl_khr_create_command_queue",
           "CL_INVALID_DEVICE if device is not a valid device or is not associated with context.",
           V1_0, Still,
           CLVET_CHECK(CreateCommandQueueWithPropertiesKHR,
                       !valid(w, a.device) || !context_has_device(w, a.context, a.device)))
CLVET_RULE(CreateCommandQueueWithPropertiesKHRInvalidProperties,
           "clCreateCommandQueueWithPropertiesKHR", CL_INVALID_VALUE, Spec::Extension,
           "cl_khr_create_command_queue",
           "CL_INVALID_VALUE if values specified in properties are not valid.", V1_0, Still,
           CLVET_CHECK(CreateCommandQueueWithPropertiesKHR,
                       queue_checks::properties_invalid(w, a.device, a.properties)))
CLVET_RULE(CreateCommandQueueWithPropertiesKHRUnsupportedProperties,
           "clCreateCommandQueueWithPropertiesKHR", CL_INVALID_QUEUE_PROPERTIES, Spec::Extension,
           "cl_khr_create_command_queue",
           "CL_INVALID_QUEUE_PROPERTIES if values specified in properties are valid but are not "
           "supported by the device.",
           V1_0, Still,
           CLVET_CHECK(CreateCommandQueueWithPropertiesKHR,
                       queue_checks::properties_unsupported(w, a.device, a.properties)))
CLVET_QE_OUT_OF_RESOURCES(CreateCommandQueueWithPropertiesKHROutOfResources,
                          "clCreateCommandQueueWithPropertiesKHR", Spec::Extension,
                          "cl_khr_create_command_queue", V1_0,
                          "raised when the queue's scheduler thread cannot be started")
CLVET_QE_OUT_OF_HOST_MEMORY(CreateCommandQueueWithPropertiesKHROutOfHostMemory,
                            "clCreateCommandQueueWithPropertiesKHR", Spec::Extension,
                            "cl_khr_create_command_queue", V1_0,
                            "raised when allocating the queue throws std::bad_alloc")

// 2.2 §5.1 clSetDefaultDeviceCommandQueue (2.1), with the clause 3.0 added for devices without a
// replaceable default device queue, in the 3.0 order: context, device, operation, queue.
CLVET_ROLE_RULE(SetDefaultDeviceCommandQueueInvalidContext, SetDefaultDeviceCommandQueue,
                InvalidContext, Spec::Runtime22, "5.1", V2_1)
CLVET_RULE(SetDefaultDeviceCommandQueueInvalidDevice, "clSetDefaultDeviceCommandQueue",
           CL_INVALID_DEVICE, Spec::Runtime22, "5.1",
           "CL_INVALID_DEVICE if device is not a valid device or is not associated with context.",
           V2_1, Still,
           CLVET_CHECK(SetDefaultDeviceCommandQueue,
                       !valid(w, a.device) || !context_has_device(w, a.context, a.device)))
CLVET_RULE(SetDefaultDeviceCommandQueueNotReplaceable, "clSetDefaultDeviceCommandQueue",
           CL_INVALID_OPERATION, Spec::Api30, "5.1",
           "CL_INVALID_OPERATION if device does not support a replaceable default on-device "
           "queue.",
           V3_0, Still,
           CLVET_CHECK(SetDefaultDeviceCommandQueue,
                       !(get<cl_device_device_enqueue_capabilities>(
                             w, InfoQuery::Device, a.device, CL_DEVICE_DEVICE_ENQUEUE_CAPABILITIES)
                             .value_or(0) &
                         CL_DEVICE_QUEUE_REPLACEABLE_DEFAULT)))
CLVET_RULE(SetDefaultDeviceCommandQueueInvalidQueue, "clSetDefaultDeviceCommandQueue",
           CL_INVALID_COMMAND_QUEUE, Spec::Runtime22, "5.1",
           "CL_INVALID_COMMAND_QUEUE if command_queue is not a valid command-queue for device.",
           V2_1, Still,
           CLVET_CHECK(SetDefaultDeviceCommandQueue,
                       !valid(w, a.command_queue) || device_of(w, a.command_queue) != a.device ||
                           context_of(w, a.command_queue) != a.context ||
                           !queue_checks::is_device_queue(w, a.command_queue)))
CLVET_QE_OUT_OF_RESOURCES(SetDefaultDeviceCommandQueueOutOfResources,
                          "clSetDefaultDeviceCommandQueue", Spec::Runtime22, "5.1", V2_1,
                          "never raised: the reference device has no device queues to replace")
CLVET_QE_OUT_OF_HOST_MEMORY(SetDefaultDeviceCommandQueueOutOfHostMemory,
                            "clSetDefaultDeviceCommandQueue", Spec::Runtime22, "5.1", V2_1,
                            "never raised: the reference device has no device queues to replace")

// §5.1 clRetainCommandQueue
CLVET_ROLE_RULE(RetainCommandQueueInvalidQueue, RetainCommandQueue, InvalidCommandQueue,
                Spec::OpenCL12, "5.1", V1_0)
CLVET_QE_OUT_OF_RESOURCES(RetainCommandQueueOutOfResources, "clRetainCommandQueue", Spec::OpenCL12,
                          "5.1", V1_0, "never raised: retaining only increments an atomic count")
CLVET_QE_OUT_OF_HOST_MEMORY(RetainCommandQueueOutOfHostMemory, "clRetainCommandQueue",
                            Spec::OpenCL12, "5.1", V1_0,
                            "never raised: retaining only increments an atomic count")

// §5.1 clReleaseCommandQueue
CLVET_ROLE_RULE(ReleaseCommandQueueInvalidQueue, ReleaseCommandQueue, InvalidCommandQueue,
                Spec::OpenCL12, "5.1", V1_0)
CLVET_QE_OUT_OF_RESOURCES(ReleaseCommandQueueOutOfResources, "clReleaseCommandQueue",
                          Spec::OpenCL12, "5.1", V1_0, "never raised: releasing allocates nothing")
CLVET_QE_OUT_OF_HOST_MEMORY(ReleaseCommandQueueOutOfHostMemory, "clReleaseCommandQueue",
                            Spec::OpenCL12, "5.1", V1_0,
                            "never raised: releasing allocates nothing")

// §5.1 clGetCommandQueueInfo
CLVET_ROLE_RULE(GetCommandQueueInfoInvalidQueue, GetCommandQueueInfo, InvalidCommandQueue,
                Spec::OpenCL12, "5.1", V1_0)
// 3.0 §5.1: CL_QUEUE_SIZE "To be considered valid for this query, command_queue must be a
// device command-queue."
CLVET_RULE(GetCommandQueueInfoNotForParam, "clGetCommandQueueInfo", CL_INVALID_COMMAND_QUEUE,
           Spec::Api30, "5.1",
           "CL_INVALID_COMMAND_QUEUE if command_queue is not a valid command-queue for "
           "param_name.",
           V3_0, Still,
           CLVET_CHECK(GetCommandQueueInfo, a.param_name == CL_QUEUE_SIZE &&
                                                !queue_checks::is_device_queue(w, a.command_queue)))
CLVET_RULE(GetCommandQueueInfoBadParam, "clGetCommandQueueInfo", CL_INVALID_VALUE, Spec::OpenCL12,
           "5.1",
           "CL_INVALID_VALUE if param_name is not one of the supported values or if size in bytes "
           "specified by param_value_size is < size of return type as specified in table 5.2 and "
           "param_value is not a NULL value.",
           V1_0, Still, nullptr,
           "raised by the query when param_name is unknown or param_value_size is too small")
CLVET_QE_OUT_OF_RESOURCES(GetCommandQueueInfoOutOfResources, "clGetCommandQueueInfo",
                          Spec::OpenCL12, "5.1", V1_0,
                          "never raised: the answers are held by the queue")
CLVET_QE_OUT_OF_HOST_MEMORY(GetCommandQueueInfoOutOfHostMemory, "clGetCommandQueueInfo",
                            Spec::OpenCL12, "5.1", V1_0,
                            "never raised: the answers are held by the queue")

// clSetCommandQueueProperty: a 1.0 entry point. OpenCL 1.2 Appendix F.1: "The
// clSetCommandQueueProperty API is no longer supported in OpenCL 1.1." Its 1.0 error list is
// in no document clvet cites, and no later one names a code for the call; from 1.1 on every call
// is refused, whatever its arguments, with CL_INVALID_OPERATION (the code of an operation the
// implementation does not allow). The clause quotes F.1 after the code clvet chose.
CLVET_RULE(SetCommandQueuePropertyUnsupported, "clSetCommandQueueProperty", CL_INVALID_OPERATION,
           Spec::OpenCL12, "F.1",
           "CL_INVALID_OPERATION, because: The clSetCommandQueueProperty API is no longer "
           "supported in OpenCL 1.1.",
           V1_1, Still, CLVET_CHECK(SetCommandQueueProperty, true))
