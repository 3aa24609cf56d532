// Work-group synchronisation calls kept apart through the link's optimisation: each barrier,
// collective, async copy and wait stays the call the source wrote, on its own line.
#pragma once

#include <string_view>

namespace llvm {
class Module;
}

namespace clvet::interp {

// True for the built-ins every work-item of a group must reach together (OpenCL 1.2 §6.12.8
// barrier, §6.12.10 async copies and wait_group_events; 2.0 §6.13.15 work-group functions,
// sub-group functions), by source-level name.
bool is_synchronisation_builtin(std::string_view name);

// Marks `nomerge` every call to a synchronisation built-in, and to each defined function that
// reaches one, so that SimplifyCFG neither hoists two such calls out of the sides of a branch
// into one nor sinks them into one after it. `convergent` does not forbid that merge (both
// sides' work-items still reach "a" barrier), but two barrier calls, each reached by half a
// group, are barrier divergence (§6.12.8) that one merged call would hide.
void keep_synchronisation_calls_apart(llvm::Module& module);

}  // namespace clvet::interp
