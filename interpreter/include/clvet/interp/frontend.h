// The kernel front ends: OpenCL C through Clang 15 in process, SPIR-V through the LLVM/SPIR-V
// translator, linking, and clvet's own program binary format. Everything here speaks bitcode
// and text, so the device never sees an LLVM type.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "clvet/interp/language_features.h"

namespace clvet::interp {

using Bytes = std::vector<std::uint8_t>;

// Why a front-end step failed, in the terms the API's error codes need.
enum class FrontEndStatus {
  Ok,
  InvalidOptions,      // CL_INVALID_BUILD_OPTIONS / CL_INVALID_COMPILER_OPTIONS / _LINKER_OPTIONS
  Failed,              // CL_BUILD_PROGRAM_FAILURE / CL_COMPILE_PROGRAM_FAILURE / CL_LINK_PROGRAM_FAILURE
  InvalidInput,        // CL_INVALID_BINARY / CL_INVALID_VALUE (IL that is not SPIR-V)
};

struct FrontEndResult {
  FrontEndStatus status = FrontEndStatus::Failed;
  std::string log;     // Clang's diagnostics with file:line:col, the validator's messages
  Bytes bitcode;       // LLVM bitcode of the result
  bool ok() const { return status == FrontEndStatus::Ok; }
};

// clCompileProgram's input_headers / header_include_names.
struct EmbeddedHeader {
  std::string name;
  std::string source;
};

// An API option string split into words the way a shell would: blanks separate words, single
// and double quotes group, a backslash escapes the next character. False on an unterminated
// quote (`error` says so).
bool split_options(std::string_view options, std::vector<std::string>& words, std::string& error);

// clBuildProgram / clCompileProgram on source: preprocess and compile OpenCL C to bitcode
// (compiled object). `options` are the API's option string; an unknown option is InvalidOptions.
FrontEndResult compile_opencl_c(std::string_view source, std::string_view options,
                                const std::vector<EmbeddedHeader>& headers,
                                const TargetDevice& device = {});

// clLinkProgram / the link half of clBuildProgram: link compiled objects and libraries into a
// library (-create-library) or an executable (optimised unless -cl-opt-disable, keeping every
// memory access of the program as written).
FrontEndResult link_bitcode(const std::vector<Bytes>& inputs, std::string_view options);

// clCreateProgramWithIL: whether `il` is a SPIR-V module of a version the device takes that
// SPIRV-Tools validates for the OpenCL environment. Ok, or InvalidInput with the validator's
// messages; Failed when the front end cannot be loaded (nothing could be judged).
FrontEndResult validate_spirv(const Bytes& il);

// clCreateProgramWithIL + build: validate SPIR-V for the OpenCL environment (SPIRV-Tools) and
// translate it to bitcode, applying specialization constants (id -> value bytes). The SPIR-V
// extensions the module may declare are those `device`'s OpenCL extensions allow (OpenCL SPIR-V
// environment, chapter 5); a module that declares another fails to build.
FrontEndResult translate_spirv(const Bytes& il,
                               const std::vector<std::pair<std::uint32_t, Bytes>>& spec_constants,
                               const TargetDevice& device = {});
// The newest SPIR-V 1.x the device takes: every version from 1.0 to it is accepted (the
// translator reads 1.4; the newer versions' instructions are rewritten for it).
constexpr unsigned kNewestSpirvMinor = 6;
// The IL versions accepted (CL_DEVICE_IL_VERSION, CL_DEVICE_ILS_WITH_VERSION).
std::string il_version_string();
// cl_khr_integer_dot_product's input forms the device computes, as
// CL_DEVICE_INTEGER_DOT_PRODUCT_CAPABILITIES_KHR reports them (bit 0 4x8-bit packed, bit 1 4x8-bit
// vectors; cl_ext.h's values): the OpenCL C built-ins of both, and the SPIR-V capabilities
// DotProductInput4x8BitPacked and DotProductInput4x8Bit a module may declare (OpenCL SPIR-V
// environment, cl_khr_integer_dot_product), one answer for the query and the front end.
constexpr std::uint64_t kIntegerDotProductInput4x8BitPacked = 1u << 0;
constexpr std::uint64_t kIntegerDotProductInput4x8Bit = 1u << 1;
constexpr std::uint64_t kIntegerDotProductInputs =
    kIntegerDotProductInput4x8BitPacked | kIntegerDotProductInput4x8Bit;
// What names this front end for a cache of its results: its library's path, size and time of
// modification, so that another or a rebuilt clvet compiles anew; empty when the library
// cannot be found (nothing is then cached).
std::string front_end_identity();
// The specialization constants a SPIR-V module declares, as {SpecId, size in bytes}
// (clSetProgramSpecializationConstant checks ids and sizes against these). False with `error`
// when the module cannot be read.
bool spirv_spec_constants(const Bytes& il, std::vector<std::pair<std::uint32_t, std::uint32_t>>& out,
                          std::string& error);

// clvet's program binary: a versioned header, the binary type and the bitcode (plus the build
// options it was made with). Garbage reads back as false, never a crash.
enum class BinaryKind : std::uint32_t { CompiledObject = 1, Library = 2, Executable = 3 };
struct ProgramBinary {
  BinaryKind kind = BinaryKind::Executable;
  std::string options;
  Bytes bitcode;
};
Bytes write_program_binary(const ProgramBinary& binary);
bool read_program_binary(const std::uint8_t* data, std::size_t size, ProgramBinary& out,
                         std::string& error);

}  // namespace clvet::interp
