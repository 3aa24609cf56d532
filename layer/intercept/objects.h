// The process's table of OpenCL objects the layer has seen the driver hand out.
#pragma once

#include "clvet/checker/object_table.h"
#include "clvet/rules/opencl.h"

namespace clvet::layer {

checker::ObjectTable& objects();

// "cl_mem" for ObjectKind::Mem: the type an application declares the handle with.
std::string_view handle_type(api::ObjectKind kind);
// The spec's invalid-handle code for a kind (CL_INVALID_MEM_OBJECT for Mem).
cl_int invalid_handle_code(api::ObjectKind kind);

}  // namespace clvet::layer
