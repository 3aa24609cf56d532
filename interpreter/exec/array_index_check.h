// The engine's array-bounds check (IntrinsicKind::IndexCheck): an element of a static array
// accessed through an index outside the array is out of bounds (OpenCL 1.2 §6 builds on C99,
// whose §6.5.6 lets a pointer into an array reach one past its end, never be dereferenced
// there), even where the address lands in another object the kernel may touch -- the struct
// member after the array, the next row -- where no red zone can catch it.
#pragma once

#include <cstddef>
#include <optional>
#include <string>

#include "decode/program_ir.h"

namespace clvet::interp {

// The problem's message when the index one lane holds at `index` is outside the array `in`
// checks; nothing when it is inside.
std::optional<std::string> index_outside_array(const ir::Instr& in, const ir::Function& fn,
                                               const ir::Module& module, const std::byte* index);

}  // namespace clvet::interp
