// Checks of what a platform answered, beyond the rules' preconditions: error codes the spec
// does not list for the entry point, and info answers whose size or value cannot be right.
#pragma once

#include <cstddef>
#include <cstdint>

#include "clvet/rules/api.h"
#include "clvet/rules/opencl.h"
#include "clvet/rules/rule.h"

namespace clvet::layer {

// True when `code` is one of the codes the entry point's error clauses name. Entry points
// without clauses in the catalogue list everything (nothing to judge by), and the two
// allocation failures are always allowed: every entry point may run out of memory.
bool code_listed(const api::EntryPoint& entry, cl_int code);

// A clause that lets implementations choose ("Implementations may return ..."), or whose code
// clvet chose for a sentence of the spec that names none ("CODE, because: <the sentence>"): a
// platform that does not return its code breaks nothing. (NVIDIA's OpenCL 3.0 still honours
// clSetCommandQueueProperty, which 1.1 stopped supporting, F.1: the application is told, the
// platform is not blamed.)
bool rule_is_optional(const rules::Rule& rule);

// Platform findings for a successful info query: param_value_size_ret larger than the
// buffer it claims to have filled, a string whose length is not size_ret - 1, a value outside
// the enumeration of its type.
void check_info_answer(const api::EntryPoint& entry, std::uint64_t call_index, cl_uint param,
                       std::size_t size, const void* value, std::size_t size_ret);

}  // namespace clvet::layer
