// One generated case per handle parameter of every dispatch slot (see generate_api.cpp).
#pragma once

#include <string_view>
#include <vector>

#include "clvet/rules/api.h"
#include "clvet/rules/opencl.h"

namespace clvet::test {

using api::ObjectKind;

// A live handle of each kind, or nullptr where none can exist yet (kernels, samplers).
struct GoodHandles {
  void* handles[10] = {};
  void* good(ObjectKind kind) const { return handles[static_cast<int>(kind)]; }
};

struct Outcome {
  bool failed;       // the call reported an error
  bool applicable;   // the entry point reports errors at all
  static Outcome code(cl_int code, cl_int) { return {code < 0, true}; }
  static Outcome null_with_errcode(bool null, cl_int err) { return {null && err < 0, true}; }
  static Outcome null(bool null, cl_int) { return {null, true}; }
  static Outcome none(cl_int) { return {true, false}; }
};

struct BadHandleCase {
  std::string_view entry;
  std::string_view param;
  ObjectKind kind;
  Outcome (*call)(const cl_icd_dispatch* dispatch, const GoodHandles& good, void* bad);
};

const std::vector<BadHandleCase>& bad_handle_cases();

}  // namespace clvet::test
