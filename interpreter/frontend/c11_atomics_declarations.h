// The C11 atomic functions of OpenCL C 2.0 and 3.0 as opencl-c.h declares them, for a program
// compiled with Clang's built-in declarations (-fdeclare-opencl-builtins), whose table lacks
// opencl-c.h's __global and __local overloads of OpenCL C 3.0.
#pragma once

#include <string>

namespace clvet::interp {

// opencl-c.h's section "OpenCL v2.0 s6.13.11 - Atomics Functions", read once from the header
// beside the compiler library, between definitions of the header's attribute macros and with
// every extension it enabled disabled again, as at the header's end; empty when the header or
// its section cannot be found (the compiler then parses the whole header).
const std::string& c11_atomics_declarations();

}  // namespace clvet::interp
