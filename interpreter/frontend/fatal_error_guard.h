// Runs a front-end step so that whatever Clang, LLVM or the SPIR-V translator cannot handle
// fails that step instead of ending the application: a fatal error LLVM reports
// (report_fatal_error, which aborts or exits the process by default) and a crash inside the
// step (the translator's assertions abort: Debian builds it with them on, LLVM without) become
// a failed build with a log. No input may abort the application (a runtime library's first
// duty), and a build error is what the OpenCL API has for a program it cannot build.
#pragma once

#include <llvm/ADT/STLFunctionalExtras.h>

#include <string>

namespace clvet::interp {

// Runs `step` on this thread; false when it was stopped, `why` then saying by what ("LLVM
// ERROR: ...", "signal 6 (Aborted)"). What the step had made is abandoned (not freed).
bool run_guarded(llvm::function_ref<void()> step, std::string& why);

}  // namespace clvet::interp
