// The uninitialised-value checker: how it configures the engine's taint shadow (what nothing
// wrote is tainted; which uses of it are findings) and how it words what the engine reports.
#pragma once

#include <string>

#include "clvet/interp/executable.h"
#include "clvet/interp/observer.h"

namespace clvet::checker {

// Tainted: private variables before the call stores to them and __local memory before the
// work-group stores to it (OpenCL C gives neither an initial value, §6.5.2, §6.8), and the bytes
// of a buffer that neither the host nor a kernel has written. Findings: such a value deciding
// the program's path, used as an address, or stored to global memory, where it becomes the
// host's. A value passed to a built-in is not one by itself: the built-in's result carries the
// taint to wherever it is used.
interp::TaintConfig uninitialised_value_taint();

// A TaintedUse of that configuration in words.
std::string describe_uninitialised_use(const interp::EngineProblem& use);

}  // namespace clvet::checker
