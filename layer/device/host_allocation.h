// Turns a failed host allocation (std::bad_alloc) inside an implementation into the entry
// point's CL_OUT_OF_HOST_MEMORY rule, so running out of memory is an OpenCL error, not a crash.
#pragma once

#include <new>
#include <utility>

#include "clvet/rules/result.h"

namespace clvet::device {

template <class Body>
auto on_bad_alloc(const rules::Rule& out_of_host_memory, Body&& body) -> decltype(body()) {
  try {
    return std::forward<Body>(body)();
  } catch (const std::bad_alloc&) {
    return fail(out_of_host_memory, "a host allocation failed");
  }
}

}  // namespace clvet::device
