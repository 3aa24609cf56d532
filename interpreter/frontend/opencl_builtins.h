// Which undeclared functions a linked program may call: the OpenCL C built-ins Clang's
// opencl-c.h declares (the interpreter's built-in library provides them) and LLVM intrinsics.
#pragma once

#include <string>
#include <string_view>

namespace llvm {
class Function;
}

namespace clvet::interp {

// The source-level name of a possibly Itanium-mangled function name ("_Z13get_global_idj" ->
// "get_global_id"); the name itself when it is not mangled.
std::string base_name(std::string_view symbol);
// True when `symbol` names an OpenCL C built-in function (or a compiler helper the built-in
// library provides, such as __translate_sampler_initializer).
bool is_opencl_builtin(std::string_view symbol);

}  // namespace clvet::interp
