// Rules: Pipes (OpenCL 2.2 §5.4; the 3.0 API for devices without pipes).
#pragma once

#include "catalogue.h"
#include "image.h"

namespace clvet::rules::pipes {

inline bool device_supports_pipes(const World& w, cl_device_id device) {
  return get<cl_bool>(w, InfoQuery::Device, device, CL_DEVICE_PIPE_SUPPORT).value_or(CL_FALSE) ==
         CL_TRUE;
}
// 3.0: "no devices in context support pipes". Only asked of valid contexts.
inline bool no_device_supports_pipes(const World& w, cl_context context) {
  for (cl_device_id device : devices_of(w, context))
    if (device_supports_pipes(w, device)) return false;
  return true;
}

// "Only CL_MEM_READ_WRITE and CL_MEM_HOST_NO_ACCESS can be specified when creating a pipe".
inline bool flags_invalid(cl_mem_flags flags) {
  return (flags & ~cl_mem_flags{CL_MEM_READ_WRITE | CL_MEM_HOST_NO_ACCESS}) != 0;
}

// CL_INVALID_PIPE_SIZE. A device without pipes reports CL_DEVICE_PIPE_MAX_PACKET_SIZE 0
// (3.0 device queries); comparing against it would hide the no-pipe-support clause that 3.0
// lists first, so the maximum is taken over the devices that support pipes only.
inline bool size_invalid(const World& w, cl_context context, cl_uint packet_size,
                         cl_uint max_packets) {
  if (packet_size == 0 || max_packets == 0) return true;
  bool any = false;
  for (cl_device_id device : devices_of(w, context)) {
    if (!device_supports_pipes(w, device)) continue;
    any = true;
    if (packet_size <=
        get<cl_uint>(w, InfoQuery::Device, device, CL_DEVICE_PIPE_MAX_PACKET_SIZE).value_or(0))
      return false;
  }
  return any;
}

inline bool is_pipe(const World& w, cl_mem mem) {
  return images::mem_type(w, mem) == cl_mem_object_type{CL_MEM_OBJECT_PIPE};
}

}  // namespace clvet::rules::pipes

// 2.2 §5.4.1 clCreatePipe. The 3.0 no-pipe-support clause comes after the argument clauses
// (3.0 lists it second), so that they still report on devices without pipes.
CLVET_ROLE_RULE(CreatePipeInvalidContext, CreatePipe, InvalidContext, Spec::Runtime22, "5.4.1",
                V2_0)
CLVET_RULE(CreatePipeInvalidFlags, "clCreatePipe", CL_INVALID_VALUE, Spec::Runtime22, "5.4.1",
           "CL_INVALID_VALUE if values specified in flags are not as defined above.", V2_0, Still,
           CLVET_CHECK(CreatePipe, pipes::flags_invalid(a.flags)))
CLVET_RULE(CreatePipePropertiesNotNull, "clCreatePipe", CL_INVALID_VALUE, Spec::Runtime22, "5.4.1",
           "CL_INVALID_VALUE if properties is not NULL.", V2_0, Still,
           CLVET_CHECK(CreatePipe, a.properties != nullptr))
CLVET_RULE(CreatePipeInvalidSize, "clCreatePipe", CL_INVALID_PIPE_SIZE, Spec::Runtime22, "5.4.1",
           "CL_INVALID_PIPE_SIZE if pipe_packet_size is 0 or the pipe_packet_size exceeds "
           "CL_DEVICE_PIPE_MAX_PACKET_SIZE value specified in the Device Queries table for all "
           "devices in context or if pipe_max_packets is 0.",
           V2_0, Still,
           CLVET_CHECK(CreatePipe,
                       pipes::size_invalid(w, a.context, a.pipe_packet_size, a.pipe_max_packets)))
CLVET_RULE(CreatePipeNoPipeSupport, "clCreatePipe", CL_INVALID_OPERATION, Spec::Api30, "5.4.1",
           "CL_INVALID_OPERATION if no devices in context support pipes.", V3_0, Still,
           CLVET_CHECK(CreatePipe, pipes::no_device_supports_pipes(w, a.context)))
CLVET_RULE(CreatePipeAllocationFailure, "clCreatePipe", CL_MEM_OBJECT_ALLOCATION_FAILURE,
           Spec::Runtime22, "5.4.1",
           "CL_MEM_OBJECT_ALLOCATION_FAILURE if there is a failure to allocate memory for the pipe "
           "object.",
           V2_0, Still, nullptr, "raised when the pipe's data store cannot be allocated")
CLVET_ALLOCATION_RULES(CreatePipe, "clCreatePipe", Spec::Runtime22, "5.4.1", V2_0,
                       "never raised: a pipe takes no device resources beyond its data store",
                       "raised when allocating the pipe object throws std::bad_alloc")

// 2.2 §5.4.2 clGetPipeInfo. The handle clause first, as for every query.
CLVET_RULE(GetPipeInfoInvalidPipe, "clGetPipeInfo", CL_INVALID_MEM_OBJECT, Spec::Runtime22,
           "5.4.2", "CL_INVALID_MEM_OBJECT if pipe is a not a valid pipe object.", V2_0, Still,
           CLVET_CHECK(GetPipeInfo, !pipes::is_pipe(w, a.pipe)))
CLVET_RULE(GetPipeInfoBadParam, "clGetPipeInfo", CL_INVALID_VALUE, Spec::Runtime22, "5.4.2",
           "CL_INVALID_VALUE if param_name is not valid, or if size in bytes specified by "
           "param_value_size is < size of return type as described in the Pipe Object Queries "
           "table and param_value is not NULL.",
           V2_0, Still, nullptr,
           "raised by the query when param_name is unknown or param_value_size is too small")
CLVET_ALLOCATION_RULES(GetPipeInfo, "clGetPipeInfo", Spec::Runtime22, "5.4.2", V2_0,
                       "never raised: the query allocates nothing on the device",
                       "raised when building the answer throws std::bad_alloc")
