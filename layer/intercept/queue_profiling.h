// Profiling the layer turns on behind the application's back, so that commands on every queue
// have device times (CLVET_DEVICE_TIMES): interposers in the next dispatch table add
// CL_QUEUE_PROFILING_ENABLE where the device supports it, and answer the application's queue
// and profiling queries as if the queue had been created exactly as it asked.
#pragma once

#include "clvet/rules/opencl.h"

namespace clvet::layer::queue_profiling {

// Puts the interposers into the next dispatch table. Call once, before the application's first
// call reaches the layer (clInitLayer time), after set_next().
void install();
// Whether the layer turned profiling on for `queue` (the application did not ask for it).
bool hidden(const void* queue);
// The driver's clGetEventProfilingInfo beneath the interposer: what the layer itself reads
// device times with (NULL when the driver has none).
decltype(cl_icd_dispatch::clGetEventProfilingInfo) driver_profiling_info();

}  // namespace clvet::layer::queue_profiling
