// The process's table of OpenCL objects the layer has seen the driver hand out.
#pragma once

#include <atomic>
#include <string>
#include <string_view>

#include "clvet/checker/object_table.h"
#include "clvet/rules/opencl.h"

namespace clvet::layer {

namespace detail {
extern std::atomic<checker::ObjectTable*> g_objects;
checker::ObjectTable& make_objects();
}  // namespace detail

// The table, made on first use and never destroyed (leaks are listed at exit).
inline checker::ObjectTable& objects() {
  if (checker::ObjectTable* table = detail::g_objects.load(std::memory_order_acquire)) [[likely]]
    return *table;
  return detail::make_objects();
}

// "cl_mem" for ObjectKind::Mem: the type an application declares the handle with.
std::string_view handle_type(api::ObjectKind kind);
// The spec's invalid-handle code for a kind (CL_INVALID_MEM_OBJECT for Mem).
cl_int invalid_handle_code(api::ObjectKind kind);
// What is wrong with `handle` where a `expected` was due, from what the table knows of it:
// "kernel = 0x1234 is a cl_mem, not a cl_kernel; it was created by clCreateBuffer (call #5)".
// `where` names the parameter (or the element, the value) that held it.
std::string handle_problem(std::string_view where, const void* handle, api::ObjectKind expected);

}  // namespace clvet::layer
