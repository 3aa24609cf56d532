// Bitcode in and out of LLVM modules, and the named metadata clvet keeps in them.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "clvet/interp/frontend.h"

namespace llvm {
class LLVMContext;
class Module;
}  // namespace llvm

namespace clvet::interp {

// Where clCompileProgram's embedded headers (input_headers) are found while compiling: the
// debug info names them by this folder, which findings leave out ("util.h", as included).
inline constexpr const char* kEmbeddedHeaderFolder = "/clvet-embedded-headers";

// Parses bitcode; null with `error` saying why when it is not a readable module.
std::unique_ptr<llvm::Module> parse_bitcode(const Bytes& bitcode, llvm::LLVMContext& context,
                                            std::string& error);
Bytes write_bitcode(const llvm::Module& module);

// Named metadata holding one string: "clvet.compile_options", "clvet.link_options",
// "clvet.opt_disable" (present when compiled with -cl-opt-disable), "clvet.index_checks"
// (present once the array index checks are placed).
void set_module_string(llvm::Module& module, std::string_view key, std::string_view value);
std::string module_string(const llvm::Module& module, std::string_view key);
bool has_module_flag(const llvm::Module& module, std::string_view key);

}  // namespace clvet::interp
