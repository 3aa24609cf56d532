// The table libclvet-frontend.so hands the engine: the front ends and the decoder, the only
// code of the interpreter that needs Clang and LLVM. frontend_library.cpp (linked into the
// device) loads the library when the first program is built and calls through this table.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "clvet/interp/executable.h"
#include "clvet/interp/frontend.h"
#include "decode/program_ir.h"

namespace clvet::interp {

// The file name of the library, found beside the library that loads it.
inline constexpr const char* kFrontEndLibrary = "libclvet-frontend.so";
// The symbol that returns the table.
inline constexpr const char* kFrontEndEntrySymbol = "clvet_frontend_entry";

struct FrontEndEntry {
  // sizeof(FrontEndEntry) as the library was built: a library of another build is refused.
  std::size_t size = sizeof(FrontEndEntry);
  FrontEndResult (*compile_opencl_c)(std::string_view source, std::string_view options,
                                     const std::vector<EmbeddedHeader>& headers,
                                     const TargetDevice& device);
  FrontEndResult (*link_bitcode)(const std::vector<Bytes>& inputs, std::string_view options);
  FrontEndResult (*translate_spirv)(
      const Bytes& il, const std::vector<std::pair<std::uint32_t, Bytes>>& spec_constants,
      const TargetDevice& device);
  FrontEndResult (*validate_spirv)(const Bytes& il);
  bool (*spirv_spec_constants)(const Bytes& il,
                               std::vector<std::pair<std::uint32_t, std::uint32_t>>& out,
                               std::string& error);
  bool (*kernel_infos)(const Bytes& bitcode, std::vector<KernelInfo>& out, std::string& error);
  bool (*decode_module)(const Bytes& bitcode, ir::Module& out, std::string& error,
                        Resolver resolve_builtin);
};

}  // namespace clvet::interp

extern "C" const clvet::interp::FrontEndEntry* clvet_frontend_entry();
