// The rules an implementation raises itself (no precheck in the catalogue) that the layer can
// still decide before a call, from the values of its arguments: a handle inside a kernel
// argument's value, a NULL entry of a list of binaries.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "clvet/rules/rule.h"
#include "clvet/rules/world.h"
#include "layer_world.h"

namespace clvet::layer {

struct ArgumentVerdict {
  const rules::Rule* rule = nullptr;  // the rule broken; nullptr when none is
  // Or, where the spec leaves the call undefined and names no error, the layer's own check
  // (findings.h) and the code the refused call gets.
  std::string_view check;
  cl_int code = CL_SUCCESS;
  // The driver would dereference the bad value (a released cl_mem, a NULL binary): the call
  // must not reach it, whatever CLVET_ENFORCE says.
  bool dereferenced = false;
  std::string detail;  // what is wrong, for the finding
  explicit operator bool() const { return rule != nullptr || !check.empty(); }
};

// The first such rule the call breaks. Handles are judged against the layer's object table
// (never dereferenced); a kernel argument's declaration is asked of the driver
// (clGetKernelArgInfo, kept for the kernel's life) or, where it cannot say, read from the
// program's source (kernel_signatures.h); where neither says, only a value that names an
// object the layer has seen released, or of a kind no argument takes, is judged.
// A call whose verdict was kept (kept_verdicts.h) passes without being judged; one that passes
// keeps the verdict of the world's recording.
ArgumentVerdict judge_argument_values(std::uint32_t entry_index, const void* args,
                                      const LayerWorld& world);
// Whether judge_argument_values() has anything to judge for the entry point: the others are
// not asked.
bool judges_argument_values(std::uint32_t entry_index);

}  // namespace clvet::layer
