// SPIR-V 1.4-1.6 modules (SPIR-V specification, Appendix A's changes): the instructions the
// translator lacks, rewritten for it (interpreter/frontend/spirv_lowering.h), give what the
// specification says, checked against host computations.
#include <gtest/gtest.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/GlobalVariable.h>

#include <cstring>
#include <sstream>
#include <string>

#include "frontend/spirv_lowering.h"
#include "frontend_test_support.h"
#include "spirv_test_support.h"

using namespace clvet::interp;
using namespace clvet::interp::testing;

namespace {

std::uint32_t bits(float f) {
  std::uint32_t u = 0;
  std::memcpy(&u, &f, sizeof u);
  return u;
}

// Each OpLoad, OpStore, OpCopyMemory and OpCopyMemorySized of `il` once lowered, as its opcode
// and the memory operands the disassembler writes ("OpStore Volatile|Aligned 4"), in order.
std::vector<std::string> memory_accesses(const Bytes& il) {
  std::vector<std::uint32_t> words(il.size() / 4);
  std::memcpy(words.data(), il.data(), il.size());
  EXPECT_EQ(lower_for_translator(words), "");
  spvtools::SpirvTools tools(SPV_ENV_UNIVERSAL_1_4);
  std::string text;
  EXPECT_TRUE(tools.Disassemble(words, &text, SPV_BINARY_TO_TEXT_OPTION_NO_HEADER));
  std::vector<std::string> found;
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    std::istringstream tokens(line);
    std::string token, access;
    tokens >> token;
    if (token.starts_with("%")) tokens >> token >> token;  // "%id = Op..."
    if (token != "OpLoad" && token != "OpStore" && token != "OpCopyMemory" && token != "OpCopyMemorySized")
      continue;
    access = token;
    while (tokens >> token)
      if (token[0] != '%') access += " " + token;
    found.push_back(access);
  }
  return found;
}

// Whether the translated module holds a constant string `s` (an annotation's text).
bool holds_string(const Bytes& bitcode, const std::string& s) {
  llvm::LLVMContext context;
  auto module = read(bitcode, context);
  for (const llvm::GlobalVariable& g : module->globals())
    if (auto* data = llvm::dyn_cast_or_null<llvm::ConstantDataSequential>(
            g.hasInitializer() ? g.getInitializer() : nullptr))
      if (data->isString() && data->getAsString().rtrim('\0') == s) return true;
  return false;
}

}  // namespace

// OpenCL SPIR-V environment §2.1: the device lists the versions it takes, 1.0 to 1.6.
TEST(SpirVVersions, VersionsAdvertised) {
  EXPECT_EQ(il_version_string(), "SPIR-V_1.0 SPIR-V_1.1 SPIR-V_1.2 SPIR-V_1.3 SPIR-V_1.4 SPIR-V_1.5 SPIR-V_1.6");
}

// §3.37.15 (1.4): OpPtrEqual and OpPtrNotEqual say whether two pointers point at the same
// element; OpPtrDiff gives (Operand 1 - Operand 2) in elements of the pointee type, signed,
// whatever the result's width. The elements: uint, a 3-component vector (the size of four,
// OpenCL C §6.1.5) and a struct of a ulong and a uint (padded to 16 bytes), as the host lays
// out the same types.
TEST(SpirVVersions, PointerComparisonAndDifference) {
  Bytes il = assemble(R"(
               OpCapability Addresses
               OpCapability Kernel
               OpCapability Int64
               OpMemoryModel Physical64 OpenCL
               OpEntryPoint Kernel %k "pointers"
       %void = OpTypeVoid
       %bool = OpTypeBool
       %uint = OpTypeInt 32 0
      %ulong = OpTypeInt 64 0
     %v3uint = OpTypeVector %uint 3
       %pair = OpTypeStruct %ulong %uint
       %gptr = OpTypePointer CrossWorkgroup %uint
      %gptr2 = OpTypePointer CrossWorkgroup %ulong
        %gv3 = OpTypePointer CrossWorkgroup %v3uint
      %gpair = OpTypePointer CrossWorkgroup %pair
         %fn = OpTypeFunction %void %gptr %gptr
      %zero = OpConstant %uint 0
        %one = OpConstant %uint 1
      %ulong1 = OpConstant %ulong 1
        %two = OpConstant %ulong 2
      %three = OpConstant %ulong 3
       %four = OpConstant %ulong 4
       %five = OpConstant %ulong 5
      %seven = OpConstant %ulong 7
          %k = OpFunction %void None %fn
        %out = OpFunctionParameter %gptr
       %data = OpFunctionParameter %gptr
      %entry = OpLabel
         %p5 = OpInBoundsPtrAccessChain %gptr %data %five
         %p2 = OpInBoundsPtrAccessChain %gptr %data %two
        %p5b = OpInBoundsPtrAccessChain %gptr %p2 %three
    %eq_diff = OpPtrEqual %bool %p5 %p2
    %eq_same = OpPtrEqual %bool %p5 %p5b
    %ne_diff = OpPtrNotEqual %bool %p5 %p2
    %ne_same = OpPtrNotEqual %bool %p5 %p5b
         %r0 = OpSelect %uint %eq_diff %one %zero
         %r1 = OpSelect %uint %eq_same %one %zero
         %r2 = OpSelect %uint %ne_diff %one %zero
         %r3 = OpSelect %uint %ne_same %one %zero
         %r4 = OpPtrDiff %uint %p5 %p2
        %r56 = OpPtrDiff %ulong %p2 %p5
          %v = OpBitcast %gv3 %data
         %v1 = OpInBoundsPtrAccessChain %gv3 %v %ulong1
         %v5 = OpInBoundsPtrAccessChain %gv3 %v %five
         %r7 = OpPtrDiff %uint %v5 %v1
          %s = OpBitcast %gpair %data
         %s1 = OpInBoundsPtrAccessChain %gpair %s %ulong1
         %s7 = OpInBoundsPtrAccessChain %gpair %s %seven
         %r8 = OpPtrDiff %uint %s7 %s1
         %o1 = OpInBoundsPtrAccessChain %gptr %out %ulong1
         %o2 = OpInBoundsPtrAccessChain %gptr %out %two
         %o3 = OpInBoundsPtrAccessChain %gptr %out %three
         %o4 = OpInBoundsPtrAccessChain %gptr %o3 %ulong1
         %o5 = OpInBoundsPtrAccessChain %gptr %out %five
         %o6 = OpInBoundsPtrAccessChain %gptr %o5 %ulong1
      %out64 = OpBitcast %gptr2 %out
         %o8 = OpInBoundsPtrAccessChain %gptr2 %out64 %four
               OpStore %out %r0 Aligned 4
               OpStore %o1 %r1 Aligned 4
               OpStore %o2 %r2 Aligned 4
               OpStore %o3 %r3 Aligned 4
               OpStore %o4 %r4 Aligned 4
               OpStore %o5 %r7 Aligned 4
               OpStore %o6 %r8 Aligned 4
               OpStore %o8 %r56 Aligned 8
               OpReturn
               OpFunctionEnd
)", SPV_ENV_UNIVERSAL_1_4);
  ASSERT_EQ(il[5], 4);  // version word 0x00010400
  std::vector<std::uint32_t> out(10, 0xdead), data(32, 0);
  run_spirv(il, "pointers", 1, {&out, &data});
  // The host's own pointers to the same elements.
  struct alignas(16) UInt3 { std::uint32_t v[3]; };
  struct Pair { std::uint64_t a; std::uint32_t b; };
  UInt3 vectors[8];
  Pair pairs[8];
  std::uint32_t* p = data.data();
  EXPECT_EQ(out[0], p + 5 == p + 2 ? 1u : 0u);
  EXPECT_EQ(out[1], p + 5 == (p + 2) + 3 ? 1u : 0u);
  EXPECT_EQ(out[2], p + 5 != p + 2 ? 1u : 0u);
  EXPECT_EQ(out[3], p + 5 != (p + 2) + 3 ? 1u : 0u);
  EXPECT_EQ(out[4], static_cast<std::uint32_t>((p + 5) - (p + 2)));
  EXPECT_EQ(out[5], static_cast<std::uint32_t>(&vectors[5] - &vectors[1]));
  EXPECT_EQ(out[6], static_cast<std::uint32_t>(&pairs[7] - &pairs[1]));
  std::uint64_t back = 0;
  std::memcpy(&back, &out[8], sizeof back);  // out[8..9]: the ulong stored at ulong index 4
  EXPECT_EQ(static_cast<std::int64_t>(back), (p + 2) - (p + 5));
}

// §3.37.12 (1.4): OpCopyLogical makes a value of a type that logically matches the operand's:
// a struct of a uint, a float and a struct of a uint and an array of two uints, copied into
// another declaration of each (as a loaded value and as a constant) holds the same members.
TEST(SpirVVersions, CopyLogicalKeepsEveryMember) {
  Bytes il = assemble(R"(
               OpCapability Addresses
               OpCapability Kernel
               OpCapability Int64
               OpMemoryModel Physical64 OpenCL
               OpEntryPoint Kernel %k "copy"
       %void = OpTypeVoid
       %uint = OpTypeInt 32 0
      %ulong = OpTypeInt 64 0
      %float = OpTypeFloat 32
         %c2 = OpConstant %uint 2
     %arr_a = OpTypeArray %uint %c2
     %arr_b = OpTypeArray %uint %c2
    %inner_a = OpTypeStruct %uint %arr_a
    %inner_b = OpTypeStruct %uint %arr_b
        %s_a = OpTypeStruct %uint %float %inner_a
        %s_b = OpTypeStruct %uint %float %inner_b
       %gptr = OpTypePointer CrossWorkgroup %uint
        %g_a = OpTypePointer CrossWorkgroup %s_a
        %g_b = OpTypePointer CrossWorkgroup %s_b
         %fn = OpTypeFunction %void %gptr %gptr
       %five = OpConstant %ulong 5
     %c1024 = OpConstant %uint 1024
        %cpi = OpConstant %float 3.25
        %c3 = OpConstant %uint 3
        %c4 = OpConstant %uint 4
        %c5 = OpConstant %uint 5
     %c_arr = OpConstantComposite %arr_a %c4 %c5
   %c_inner = OpConstantComposite %inner_a %c3 %c_arr
       %c_s = OpConstantComposite %s_a %c1024 %cpi %c_inner
          %k = OpFunction %void None %fn
        %out = OpFunctionParameter %gptr
         %in = OpFunctionParameter %gptr
      %entry = OpLabel
         %pa = OpBitcast %g_a %in
          %a = OpLoad %s_a %pa Aligned 4
          %b = OpCopyLogical %s_b %a
         %pb = OpBitcast %g_b %out
               OpStore %pb %b Aligned 4
        %out5 = OpInBoundsPtrAccessChain %gptr %out %five
        %pb5 = OpBitcast %g_b %out5
         %cb = OpCopyLogical %s_b %c_s
               OpStore %pb5 %cb Aligned 4
               OpReturn
               OpFunctionEnd
)", SPV_ENV_UNIVERSAL_1_4);
  std::vector<std::uint32_t> in{7, bits(2.5f), 11, 13, 17}, out(10, 0xdead);
  run_spirv(il, "copy", 1, {&out, &in});
  const std::vector<std::uint32_t> want{7, bits(2.5f), 11, 13, 17, 1024, bits(3.25f), 3, 4, 5};
  EXPECT_EQ(out, want);
}

// §3.37.5 (1.4): OpDecorateString and OpMemberDecorateString decorate with a string. UserSemantic
// (§3.20: no semantic impact) may be given several times to one target: the module runs, its
// decorated variable and member compute as undecorated ones would, and each target's string
// reaches the translated module as an annotation (the translator keeps a target's first), but
// a built-in variable's, which the translator cannot keep.
TEST(SpirVVersions, DecorateStringKeepsUserSemantic) {
  Bytes il = assemble(R"(
               OpCapability Addresses
               OpCapability Kernel
               OpCapability Int64
               OpMemoryModel Physical64 OpenCL
               OpEntryPoint Kernel %k "decorated" %gid
               OpDecorate %gid BuiltIn GlobalInvocationId
               OpDecorate %gid Constant
               OpDecorateString %gid UserSemantic "clvet built-in"
               OpDecorateString %v UserSemantic "clvet variable"
               OpDecorateString %v UserSemantic "clvet again"
               OpMemberDecorateString %s 1 UserSemantic "clvet member"
       %void = OpTypeVoid
       %uint = OpTypeInt 32 0
      %ulong = OpTypeInt 64 0
    %v3ulong = OpTypeVector %ulong 3
     %in_ptr = OpTypePointer Input %v3ulong
        %gid = OpVariable %in_ptr Input
          %s = OpTypeStruct %uint %uint
       %gptr = OpTypePointer CrossWorkgroup %uint
       %fptr = OpTypePointer Function %uint
      %fsptr = OpTypePointer Function %s
         %fn = OpTypeFunction %void %gptr
       %zero = OpConstant %uint 0
        %one = OpConstant %uint 1
         %c6 = OpConstant %uint 6
         %c7 = OpConstant %uint 7
          %k = OpFunction %void None %fn
        %out = OpFunctionParameter %gptr
      %entry = OpLabel
          %v = OpVariable %fptr Function %c6
         %sv = OpVariable %fsptr Function
         %m1 = OpInBoundsAccessChain %fptr %sv %one
               OpStore %m1 %c7 Aligned 4
          %x = OpLoad %uint %v Aligned 4
          %y = OpLoad %uint %m1 Aligned 4
          %p = OpIMul %uint %x %y
         %g3 = OpLoad %v3ulong %gid Aligned 32
          %g = OpCompositeExtract %ulong %g3 0
        %at = OpInBoundsPtrAccessChain %gptr %out %g
               OpStore %at %p Aligned 4
               OpReturn
               OpFunctionEnd
)", SPV_ENV_UNIVERSAL_1_4);
  std::vector<std::uint32_t> out(4, 0xdead);
  run_spirv(il, "decorated", 4, {&out});
  EXPECT_EQ(out, std::vector<std::uint32_t>(4, 42u));
  FrontEndResult translated = translate_spirv(il, {});
  ASSERT_TRUE(translated.ok()) << translated.log;
  for (const char* s : {"clvet variable", "clvet member"})
    EXPECT_TRUE(holds_string(translated.bitcode, s)) << s;
}

// §3.37.8 (1.4): OpCopyMemory and OpCopyMemorySized with the target's and the source's memory
// operands. OpCopyMemory (which the translator cannot read) is the source's load with the
// second set and the target's store with the first; OpCopyMemorySized takes one set that holds
// for both (Memory Operands: "if no masks or only one mask is present, it applies to both
// Source and Target"): volatile where either was, aligned to the smaller of two alignments,
// nothing where one said nothing.
TEST(SpirVVersions, CopyMemoryWithTwoMemoryOperandSets) {
  const char* text = R"(
               OpCapability Addresses
               OpCapability Kernel
               OpCapability Int64
               OpMemoryModel Physical64 OpenCL
               OpEntryPoint Kernel %k "copies"
       %void = OpTypeVoid
       %uint = OpTypeInt 32 0
      %ulong = OpTypeInt 64 0
       %gptr = OpTypePointer CrossWorkgroup %uint
       %fptr = OpTypePointer Function %uint
         %fn = OpTypeFunction %void %gptr
        %c42 = OpConstant %uint 42
         %c1 = OpConstant %ulong 1
         %c2 = OpConstant %ulong 2
         %c3 = OpConstant %ulong 3
         %c4 = OpConstant %ulong 4
          %k = OpFunction %void None %fn
        %out = OpFunctionParameter %gptr
      %entry = OpLabel
          %v = OpVariable %fptr Function %c42
               OpCopyMemory %out %v Aligned 16 Volatile|Aligned 4
         %o1 = OpInBoundsPtrAccessChain %gptr %out %c1
               OpCopyMemory %o1 %v Volatile Aligned 4
         %o2 = OpInBoundsPtrAccessChain %gptr %out %c2
               OpCopyMemorySized %o2 %v %c4 Aligned 4 Nontemporal
         %o3 = OpInBoundsPtrAccessChain %gptr %out %c3
               OpCopyMemorySized %o3 %v %c4 Volatile
               OpReturn
               OpFunctionEnd
)";
  Bytes il = assemble(text, SPV_ENV_UNIVERSAL_1_4);
  EXPECT_EQ(memory_accesses(il),
            (std::vector<std::string>{"OpLoad Volatile|Aligned 4", "OpStore Aligned 16", "OpLoad Aligned 4",
                                      "OpStore Volatile", "OpCopyMemorySized Nontemporal",
                                      "OpCopyMemorySized Volatile"}));
  std::vector<std::uint32_t> out(4, 0xdead);
  run_spirv(il, "copies", 1, {&out});
  EXPECT_EQ(out, std::vector<std::uint32_t>(4, 42u));
}

// §3.37.11 (1.5): OpBitcast between a pointer and an integer scalar or vector of the pointer's
// width gives the pointer's address bits (those of OpConvertPtrToU) and back; a pointer rebuilt
// from them stores where the original points.
TEST(SpirVVersions, BitcastBetweenPointerAndIntegers) {
  Bytes il = assemble(R"(
               OpCapability Addresses
               OpCapability Kernel
               OpCapability Int64
               OpMemoryModel Physical64 OpenCL
               OpEntryPoint Kernel %k "bitcasts"
       %void = OpTypeVoid
       %bool = OpTypeBool
       %uint = OpTypeInt 32 0
      %ulong = OpTypeInt 64 0
     %v2uint = OpTypeVector %uint 2
     %v2bool = OpTypeVector %bool 2
       %gptr = OpTypePointer CrossWorkgroup %uint
         %fn = OpTypeFunction %void %gptr %gptr
       %zero = OpConstant %uint 0
        %one = OpConstant %uint 1
        %c77 = OpConstant %uint 77
        %c88 = OpConstant %uint 88
         %l1 = OpConstant %ulong 1
         %l2 = OpConstant %ulong 2
         %l3 = OpConstant %ulong 3
          %k = OpFunction %void None %fn
        %out = OpFunctionParameter %gptr
     %target = OpFunctionParameter %gptr
      %entry = OpLabel
          %a = OpBitcast %ulong %target
          %b = OpConvertPtrToU %ulong %target
       %same = OpIEqual %bool %a %b
         %r0 = OpSelect %uint %same %one %zero
               OpStore %out %r0 Aligned 4
          %v = OpBitcast %v2uint %target
         %vb = OpBitcast %v2uint %b
        %veq = OpIEqual %v2bool %v %vb
       %vall = OpAll %bool %veq
         %r1 = OpSelect %uint %vall %one %zero
         %o1 = OpInBoundsPtrAccessChain %gptr %out %l1
               OpStore %o1 %r1 Aligned 4
       %back = OpBitcast %gptr %a
         %t2 = OpInBoundsPtrAccessChain %gptr %back %l2
               OpStore %t2 %c77 Aligned 4
      %backv = OpBitcast %gptr %v
         %t3 = OpInBoundsPtrAccessChain %gptr %backv %l3
               OpStore %t3 %c88 Aligned 4
               OpReturn
               OpFunctionEnd
)", SPV_ENV_UNIVERSAL_1_5);
  ASSERT_EQ(il[5], 5);  // version word 0x00010500
  std::vector<std::uint32_t> out(2, 0xdead), target(4, 0);
  run_spirv(il, "bitcasts", 1, {&out, &target});
  EXPECT_EQ(out, (std::vector<std::uint32_t>{1, 1}));
  EXPECT_EQ(target, (std::vector<std::uint32_t>{0, 0, 77, 88}));
}

// 1.6: the Uniform and UniformId decorations (assertions that a value is the same across a
// scope, UniformDecoration capability; the translator reads them) change nothing: a 1.6 module whose work-items each read
// one value written after a barrier computes as without them.
TEST(SpirVVersions, UniformDecorations) {
  Bytes il = assemble(R"(
               OpCapability Addresses
               OpCapability Kernel
               OpCapability Int64
               OpCapability UniformDecoration
               OpMemoryModel Physical64 OpenCL
               OpEntryPoint Kernel %k "uniform" %gid
               OpDecorate %gid BuiltIn GlobalInvocationId
               OpDecorate %gid Constant
               OpDecorate %n Uniform
               OpDecorateId %twice UniformId %workgroup
       %void = OpTypeVoid
       %uint = OpTypeInt 32 0
      %ulong = OpTypeInt 64 0
    %v3ulong = OpTypeVector %ulong 3
     %in_ptr = OpTypePointer Input %v3ulong
       %gptr = OpTypePointer CrossWorkgroup %uint
         %fn = OpTypeFunction %void %gptr
  %workgroup = OpConstant %uint 2
  %semantics = OpConstant %uint 0x208
        %gid = OpVariable %in_ptr Input
          %k = OpFunction %void None %fn
        %out = OpFunctionParameter %gptr
      %entry = OpLabel
          %n = OpLoad %uint %out Aligned 4
      %twice = OpIAdd %uint %n %n
         %g3 = OpLoad %v3ulong %gid Aligned 32
          %g = OpCompositeExtract %ulong %g3 0
        %g32 = OpUConvert %uint %g
          %r = OpIAdd %uint %twice %g32
         %at = OpInBoundsPtrAccessChain %gptr %out %g
               OpControlBarrier %workgroup %workgroup %semantics
               OpStore %at %r Aligned 4
               OpReturn
               OpFunctionEnd
)", SPV_ENV_UNIVERSAL_1_6);
  ASSERT_EQ(il[5], 6);  // version word 0x00010600
  std::vector<std::uint32_t> out{10, 0, 0, 0};
  run_spirv(il, "uniform", out.size(), {&out});
  EXPECT_EQ(out, (std::vector<std::uint32_t>{20, 21, 22, 23}));
}

// In every version: OpCompositeConstruct of a struct or an array from values that are not
// constants (§3.37.12), and OpCopyMemory of a struct (§3.37.8), which the translator 15 cannot
// read (it crashed the process on both), copy what the host wrote.
TEST(SpirVVersions, ConstructAndCopyMemoryInVersion10) {
  Bytes il = assemble(R"(
               OpCapability Addresses
               OpCapability Kernel
               OpCapability Int64
               OpMemoryModel Physical64 OpenCL
               OpEntryPoint Kernel %k "construct"
       %void = OpTypeVoid
       %uint = OpTypeInt 32 0
      %ulong = OpTypeInt 64 0
         %c2 = OpConstant %uint 2
        %arr = OpTypeArray %uint %c2
       %pair = OpTypeStruct %uint %arr
       %gptr = OpTypePointer CrossWorkgroup %uint
      %gpair = OpTypePointer CrossWorkgroup %pair
         %fn = OpTypeFunction %void %gptr %gptr
         %l1 = OpConstant %ulong 1
         %l2 = OpConstant %ulong 2
         %l3 = OpConstant %ulong 3
          %k = OpFunction %void None %fn
        %out = OpFunctionParameter %gptr
         %in = OpFunctionParameter %gptr
      %entry = OpLabel
         %i1 = OpInBoundsPtrAccessChain %gptr %in %l1
         %i2 = OpInBoundsPtrAccessChain %gptr %in %l2
          %a = OpLoad %uint %in Aligned 4
          %b = OpLoad %uint %i1 Aligned 4
          %c = OpLoad %uint %i2 Aligned 4
         %bc = OpCompositeConstruct %arr %b %c
          %p = OpCompositeConstruct %pair %a %bc
         %po = OpBitcast %gpair %out
               OpStore %po %p Aligned 4
         %o3 = OpInBoundsPtrAccessChain %gptr %out %l3
        %po3 = OpBitcast %gpair %o3
         %pi = OpBitcast %gpair %in
               OpCopyMemory %po3 %pi Aligned 4
               OpReturn
               OpFunctionEnd
)", SPV_ENV_UNIVERSAL_1_0);
  std::vector<std::uint32_t> in{5, 6, 7}, out(6, 0xdead);
  run_spirv(il, "construct", 1, {&out, &in});
  EXPECT_EQ(out, (std::vector<std::uint32_t>{5, 6, 7, 5, 6, 7}));
}

// In every version: OpVectorShuffle of two vectors of different sizes (§3.37.12: "the number of
// components in Vector 1 and Vector 2 need not match"; the translator 15 asserts they do, and
// aborted the process) selects from the first operand's components, then the second's: a
// 3-component first with a 2-component second, and the other way round, with an undefined
// component (0xFFFFFFFF) left where it is not stored.
TEST(SpirVVersions, VectorShuffleOfTwoSizes) {
  Bytes il = assemble(R"(
               OpCapability Addresses
               OpCapability Kernel
               OpCapability Int64
               OpMemoryModel Physical64 OpenCL
               OpEntryPoint Kernel %k "shuffles"
       %void = OpTypeVoid
       %uint = OpTypeInt 32 0
      %ulong = OpTypeInt 64 0
     %v2uint = OpTypeVector %uint 2
     %v3uint = OpTypeVector %uint 3
     %v4uint = OpTypeVector %uint 4
       %gptr = OpTypePointer CrossWorkgroup %uint
        %gv4 = OpTypePointer CrossWorkgroup %v4uint
         %fn = OpTypeFunction %void %gptr %gptr
         %c2 = OpConstant %uint 20
         %c3 = OpConstant %uint 30
         %l4 = OpConstant %ulong 4
         %l8 = OpConstant %ulong 8
         %l1 = OpConstant %ulong 1
        %two = OpConstantComposite %v2uint %c2 %c3
          %k = OpFunction %void None %fn
        %out = OpFunctionParameter %gptr
         %in = OpFunctionParameter %gptr
      %entry = OpLabel
        %in4 = OpBitcast %gv4 %in
          %x = OpLoad %v4uint %in4 Aligned 16
      %three = OpVectorShuffle %v3uint %x %x 0 1 2
          %a = OpVectorShuffle %v4uint %three %two 4 2 3 0
          %b = OpVectorShuffle %v4uint %two %three 4 1 0 2
          %c = OpVectorShuffle %v4uint %two %three 0xFFFFFFFF 4 3 1
       %out4 = OpBitcast %gv4 %out
               OpStore %out4 %a Aligned 16
         %o4 = OpInBoundsPtrAccessChain %gptr %out %l4
        %o4v = OpBitcast %gv4 %o4
               OpStore %o4v %b Aligned 16
         %o8 = OpInBoundsPtrAccessChain %gptr %out %l8
         %c1 = OpCompositeExtract %uint %c 1
         %c2s = OpCompositeExtract %uint %c 2
         %c3s = OpCompositeExtract %uint %c 3
         %o9 = OpInBoundsPtrAccessChain %gptr %o8 %l1
        %o10 = OpInBoundsPtrAccessChain %gptr %o9 %l1
        %o11 = OpInBoundsPtrAccessChain %gptr %o10 %l1
               OpStore %o9 %c1 Aligned 4
               OpStore %o10 %c2s Aligned 4
               OpStore %o11 %c3s Aligned 4
               OpReturn
               OpFunctionEnd
)", SPV_ENV_UNIVERSAL_1_0);
  std::vector<std::uint32_t> in{5, 6, 7, 8}, out(12, 0xdead);
  run_spirv(il, "shuffles", 1, {&out, &in});
  // §3.37.12 numbers the first operand's components 0 to n1-1, then the second's: a selects
  // (two.y, x.z, two.x, x.x), b (three.z, two.y, two.x, three.x), c (undefined, three.z, three.y, two.y), of which the last three
  // are stored.
  EXPECT_EQ(out, (std::vector<std::uint32_t>{30, 7, 20, 5, 7, 30, 20, 5, 0xdead, 7, 6, 30}));
}
