// The last launch's record of which work-item last stored to each byte of its buffers
// (CLVET_LAST_WRITERS), kept after the launch for clvetLastStoreCLVET.
#pragma once

#include <memory>

#include "clvet/checker/kernel_checker.h"

namespace clvet::device {

// Keeps `checker` (of a launch that ran with KernelChecks::last_stores) in place of the
// previous launch's.
void keep_last_stores(std::unique_ptr<checker::KernelChecker> checker);

}  // namespace clvet::device
