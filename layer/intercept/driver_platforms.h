// The platforms behind the loader: found once through the next dispatch table, with their
// devices, their OpenCL version, and the platform the loader uses in place of NULL.
#pragma once

#include "clvet/rules/rule.h"

namespace clvet::layer::driver_platforms {

// Lists every platform and its devices into the object table (once; later calls return at once).
void discover();
// CL_PLATFORM_VERSION's "OpenCL <major>.<minor>", asked once per platform; 3.0 when unknown.
rules::Version version_of(const void* platform);
// True for clvet's reference device, which reports the rules it enforces itself.
bool is_reference(const void* platform);
// The platform the loader answers for when a call passes NULL (ocl-icd does, the Khronos
// loader does not: then NULL).
const void* default_platform();
// The platform of `device`, asking the driver when the table does not know it.
const void* platform_of_device(const void* device);
// Records the devices of a new context that the table does not know yet; returns their
// platform (NULL when the driver does not say).
const void* register_context_devices(const void* context);

}  // namespace clvet::layer::driver_platforms
