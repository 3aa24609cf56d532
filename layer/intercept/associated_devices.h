// The devices associated with each context and program as the application created them
// (clCreateContext's `devices`; a program's context's, or the `device_list` it was created or
// linked for): what the rules take for CL_CONTEXT_DEVICES and CL_PROGRAM_DEVICES, whatever the
// driver answers later.
#pragma once

#include <cstdint>
#include <vector>

#include "clvet/rules/api.h"
#include "clvet/rules/opencl.h"

namespace clvet::layer::associated_devices {

// Keeps `devices` for the context or program `object`, the object table's `id` (a later
// object at the same address has another id).
void keep(const void* object, std::uint64_t id, std::vector<cl_device_id> devices);
// The devices kept for `object` of table id `id`; empty when the layer does not know them (a
// context made from a device type: the driver's answer stands).
std::vector<cl_device_id> of(const void* object, std::uint64_t id);
// `count` devices at `list`, or none for a NULL or implausible list.
std::vector<cl_device_id> listed(const cl_device_id* list, cl_uint count);
// Compares what the driver answers for the devices of `object` (a context or program just
// created, of table id `id`, by call `call` of entry point `entry`) with those kept: a
// platform finding when they differ (OpenCL 1.2 §4.4 table 4.6, §5.6.7 table 5.14).
void compare_with_driver(const void* object, api::ObjectKind kind, std::uint64_t id,
                         std::uint64_t call, std::string_view entry);

}  // namespace clvet::layer::associated_devices
