// Where the OpenCL C headers Clang compiles every program with (opencl-c.h, opencl-c-base.h)
// are: a copy the build puts beside libclvet-frontend.so, in clang/include, and `cmake
// --install` installs with it, so that a build tree, an installed tree and a copy of either
// compile with the headers they carry rather than a path of the machine that built them.
#pragma once

#include <string>

namespace clvet::interp {

// The folder to give Clang as -resource-dir: <folder of libclvet-frontend.so>/clang.
const std::string& clang_resource_dir();

}  // namespace clvet::interp
