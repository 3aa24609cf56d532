// Whether a device or a context supports shared virtual memory (OpenCL 3.0, where SVM is
// optional): the rules judge by it and the reference device acts on it (clSVMFree).
#pragma once

#include "clvet/rules/world.h"

namespace clvet::rules::svm {

inline cl_device_svm_capabilities capabilities(const World& w, cl_device_id device) {
  return get<cl_device_svm_capabilities>(w, InfoQuery::Device, device, CL_DEVICE_SVM_CAPABILITIES)
      .value_or(0);
}
// 3.0: "no devices in context support SVM" (CL_DEVICE_SVM_CAPABILITIES is 0 for all of them).
inline bool no_device_supports_svm(const World& w, cl_context context) {
  if (!valid(w, context)) return false;
  for (cl_device_id device : devices_of(w, context))
    if (capabilities(w, device) != 0) return false;
  return true;
}

}  // namespace clvet::rules::svm
