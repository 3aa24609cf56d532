// spirv_lowering: a validated SPIR-V module's instructions that the LLVM/SPIR-V translator 15
// cannot read (1.4-1.6's, and a few of every version), rewritten into equivalent forms it reads.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace clvet::interp {

// The newest SPIR-V version the translator reads (its TranslatorOpts' maximum).
constexpr std::uint32_t kTranslatorSpirvVersion = 0x00010400;

// Rewrites `words` (a module SPIRV-Tools validated, in host byte order) so that the translator
// reads it with the same meaning: OpPtrEqual, OpPtrNotEqual and OpPtrDiff (1.4) as integer
// arithmetic on the pointers' addresses; OpCopyLogical (1.4) member by member;
// OpDecorateString and OpMemberDecorateString (1.4) as OpDecorate and OpMemberDecorate with
// the same words; OpCopyMemory (which the translator cannot read in any version) as a load and
// a store, each with its side's memory operands (two sets since 1.4); OpCopyMemorySized with
// two sets as one that holds for both; OpCompositeConstruct of a struct or an array (which it
// reads as a constant in any version) as insertions into an undefined value; OpBitcast between a
// pointer and an integer or integer vector (1.5) through OpConvertPtrToU/OpConvertUToPtr; the
// Nontemporal image operand (1.6), a hint, dropped; a UserSemantic string on a built-in
// variable, on which the translator aborts, left out; OpConstantNull of a scalar (which it takes
// only of composites, pointers and opaque types, aborting otherwise, in any version) as the
// OpConstant or OpConstantFalse of its null value; OpVectorShuffle of two vectors of different
// sizes (which it asserts are alike, in any version) with the shorter one widened first; an
// OpGroupNonUniformRotateKHR of another scope than Subgroup (on which it aborts) refused; a
// version past kTranslatorSpirvVersion
// lowered to it. An empty string when done, else why the module cannot be rewritten (its words are
// then unspecified).
std::string lower_for_translator(std::vector<std::uint32_t>& words);

}  // namespace clvet::interp
