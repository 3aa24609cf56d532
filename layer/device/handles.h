// The ICD handle layouts: each handle points at a struct whose first member is the dispatch
// table, as the ICD loader requires (cl_khr_icd). Device objects derive from these.
#pragma once

#include "clvet/rules/opencl.h"

struct _cl_platform_id { const cl_icd_dispatch* dispatch; };
struct _cl_device_id { const cl_icd_dispatch* dispatch; };
struct _cl_context { const cl_icd_dispatch* dispatch; };
struct _cl_command_queue { const cl_icd_dispatch* dispatch; };
struct _cl_mem { const cl_icd_dispatch* dispatch; };
struct _cl_sampler { const cl_icd_dispatch* dispatch; };
struct _cl_program { const cl_icd_dispatch* dispatch; };
struct _cl_kernel { const cl_icd_dispatch* dispatch; };
struct _cl_event { const cl_icd_dispatch* dispatch; };

namespace clvet::device {
// The dispatch table every handle of the reference device carries.
const cl_icd_dispatch* dispatch_table();
}  // namespace clvet::device
