// Reaches the reference device's own entry points past the ICD loader, through clvet's private
// extension function clvetEntryPointCLVET: for calls the loader answers itself (a NULL or
// foreign platform, zero entries) and for extension functions the device does not advertise.
#pragma once

#include "fixtures.h"

namespace clvet::test {

template <class Function> Function clvet_entry(const char* name) {
  using Lookup = void*(CL_API_CALL*)(const char*);
  static const auto lookup = reinterpret_cast<Lookup>(
      clGetExtensionFunctionAddressForPlatform(clvet_platform(), "clvetEntryPointCLVET"));
  return lookup ? reinterpret_cast<Function>(lookup(name)) : nullptr;
}

}  // namespace clvet::test
