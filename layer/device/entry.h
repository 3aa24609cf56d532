// How a reference-device entry point runs: check the call against the rules, run the
// implementation, and hand its result back the way the entry point returns results.
#pragma once

#include <span>
#include <type_traits>

#include "clvet/checker/api_validation.h"
#include "clvet/rules/result.h"
#include "device_world.h"

namespace clvet::device::entry {

// Records that the application broke `error.rule` in this call.
void report(const Error& error);
// The error this thread reports next answers a probe for an extension the device does not
// support, which the spec answers with that error: a note, not a fault, citing `spec` (the
// clause of the device's own version) when given, else the rule's.
void note_probe(const char* spec = nullptr);

template <class Args> const rules::Rule* precheck(const Args& args) {
  // The entry point's rules, found by its name once (the registry is complete before any
  // call: rules register as the library is loaded), not on every call.
  static const std::span<const rules::Rule* const> rules = rules::rules_for(Args::kName);
  return checker::first_violation(rules, &args, DeviceWorld::instance());
}

template <class Args> cl_int return_code(const Args& args, Status (*impl)(const Args&)) {
  if (const rules::Rule* rule = precheck(args)) {
    report(fail(*rule));
    return rule->code;
  }
  Status status = impl(args);
  if (status.ok()) return CL_SUCCESS;
  report(status.error());
  return status.error().code();
}

template <class Args, class T>
T return_value_with_errcode(const Args& args, Result<T> (*impl)(const Args&)) {
  cl_int* errcode_ret = args.errcode_ret;
  if (const rules::Rule* rule = precheck(args)) {
    report(fail(*rule));
    if (errcode_ret) *errcode_ret = rule->code;
    return T{};
  }
  Result<T> result = impl(args);
  if (!result.ok()) {
    report(result.error());
    if (errcode_ret) *errcode_ret = result.error().code();
    if constexpr (std::is_pointer_v<T>) return static_cast<T>(result.error().returned);
    return T{};
  }
  if (errcode_ret) *errcode_ret = CL_SUCCESS;
  return result.value();
}

// Entry points without errcode_ret (clSVMAlloc, clGetExtensionFunctionAddress*): NULL on failure.
template <class Args, class T> T return_value(const Args& args, Result<T> (*impl)(const Args&)) {
  if (const rules::Rule* rule = precheck(args)) {
    report(fail(*rule));
    return T{};
  }
  Result<T> result = impl(args);
  if (!result.ok()) {
    report(result.error());
    return T{};
  }
  return result.value();
}

template <class Args> void return_nothing(const Args& args, Status (*impl)(const Args&)) {
  if (const rules::Rule* rule = precheck(args)) {
    report(fail(*rule));
    return;
  }
  Status status = impl(args);
  if (!status.ok()) report(status.error());
}

}  // namespace clvet::device::entry
