// What each kernel argument is declared as, read from a program's OpenCL C source: what the
// layer judges kernel argument values by when the driver cannot say (clGetKernelArgInfo
// answers CL_KERNEL_ARG_INFO_NOT_AVAILABLE for a program built without -cl-kernel-arg-info,
// or a driver that keeps no such information).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace clvet::layer {

// What a kernel argument is declared as (§5.7.3 clGetKernelArgInfo), as far as it decides which
// value it takes.
enum class Declared { Unknown, Buffer, Image, Sampler, Queue, Local, Value };

struct KernelSignature {
  std::string name;
  std::vector<Declared> arguments;
};

// The __kernel functions of an OpenCL C source, with their arguments in order. Macros are not
// expanded: a kernel whose signature is written through one is left out.
std::vector<KernelSignature> kernel_signatures(std::string_view source);

// Kept per program (by its object id) when clCreateProgramWithSource returns it.
void learn_program_source(std::uint64_t program_id, std::string_view source);
// The declaration of argument `index` of kernel `name` of the program, if its source said.
std::optional<Declared> declared_in_source(std::uint64_t program_id, std::string_view name,
                                           std::uint32_t index);

}  // namespace clvet::layer
