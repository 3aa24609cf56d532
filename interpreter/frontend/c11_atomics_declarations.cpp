// The C11 atomics section of Clang 15's opencl-c.h, read for programs compiled with Clang's
// built-in declarations (c11_atomics_declarations.h).
#include "frontend/c11_atomics_declarations.h"

#include <fstream>
#include <sstream>

#include "frontend/clang_headers.h"

namespace clvet::interp {

namespace {

// The section's first line and the first line of the section after it.
constexpr const char* kSectionStart = "// OpenCL v2.0 s6.13.11 - Atomics Functions";
constexpr const char* kNextSection = "// OpenCL v1.1 s6.11.12, v1.2 s6.12.12, v2.0 s6.13.12";

std::string read_section() {
  std::ifstream in(clang_resource_dir() + "/include/opencl-c.h");
  std::stringstream text;
  text << in.rdbuf();
  const std::string header = text.str();
  const std::size_t start = header.find(kSectionStart);
  const std::size_t end = start == std::string::npos ? start : header.find(kNextSection, start);
  if (end == std::string::npos) return {};
  // Clang's table declares the functions of the 2.0 atomics with generic pointers only: the
  // header's __global and __local overloads (OpenCL C 3.0 §6.15.12) give a program's atomics on
  // named address spaces the names the engine and the checkers see without a generic pointer.
  // Declared before the first use of any of these names, they are the whole overload set.
  // The extensions opencl-c.h has enabled when its section begins.
  return "#ifdef cl_khr_fp64\n#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n#endif\n"
         "#ifdef cl_khr_fp16\n#pragma OPENCL EXTENSION cl_khr_fp16 : enable\n#endif\n"
         "#define __ovld __attribute__((overloadable))\n" + header.substr(start, end - start) +
         "#pragma OPENCL EXTENSION all : disable\n#undef __ovld\n";
}

}  // namespace

const std::string& c11_atomics_declarations() {
  static const std::string text = read_section();
  return text;
}

}  // namespace clvet::interp
