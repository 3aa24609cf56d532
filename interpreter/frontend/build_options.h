// The API's build, compile and link option strings (1.2 §5.6.4, 2.2 §5.8.6-7) parsed into what
// the front ends need: Clang's arguments, the link mode and the flags the optimiser reads.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "clvet/interp/frontend.h"

namespace clvet::interp {

struct CompileOptions {
  std::vector<std::string> clang_args;  // cc1 arguments for the options given (-D, -I, -cl-*)
  std::string language = "CL1.2";       // -cl-std, default: the highest 1.x version (§5.6.4.5)
  bool opt_disable = false;             // -cl-opt-disable
  bool full_debug_info = false;         // -g (line tables are always emitted)
  bool kernel_arg_info = false;         // -cl-kernel-arg-info
};

struct LinkOptions {
  bool create_library = false;        // -create-library
  bool enable_link_options = false;   // -enable-link-options
  bool opt_disable = false;           // -cl-opt-disable given to the link of an executable
  std::vector<std::string> math;      // the math options (-cl-fast-relaxed-math, ...)
};

// False with `error` naming the first option that is not a compiler option.
bool parse_compile_options(std::string_view options, CompileOptions& out, std::string& error);
// False with `error` naming the first option that is not a linker option.
bool parse_link_options(std::string_view options, LinkOptions& out, std::string& error);

}  // namespace clvet::interp
