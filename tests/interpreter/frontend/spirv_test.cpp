// translate_spirv: modules made at test time by the translator from compiled OpenCL C, and
// hand-written ones for the environment's rules and specialization constants (OpenCL SPIR-V
// environment §2-§3; 2.2 §5.8.1-5.8.3).
#include <LLVMSPIRVLib/LLVMSPIRVLib.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/DebugInfo.h>
#include <llvm/IR/Instructions.h>
#include <spirv-tools/libspirv.hpp>

#include <algorithm>
#include <cstring>
#include <numeric>
#include <sstream>

#include "clvet/interp/executable.h"

#include "frontend_test_support.h"
#include "spirv_test_support.h"

using namespace clvet::interp;
using namespace clvet::interp::testing;

namespace {

Bytes to_spirv(const Bytes& bitcode) {
  llvm::LLVMContext context;
  auto module = read(bitcode, context);
  // This translator's OpenCL.DebugInfo.100 does not pass this SPIRV-Tools' validator.
  llvm::StripDebugInfo(*module);
  std::ostringstream out;
  std::string error;
  EXPECT_TRUE(llvm::writeSpirv(module.get(), out, error)) << error;
  std::string s = out.str();
  return Bytes(s.begin(), s.end());
}

TEST(SpirV, TranslatedKernelRoundTrips) {
  FrontEndResult compiled = compile(
      "__kernel void scale(__global float* a, float f, __local int* tmp) {"
      " a[get_global_id(0)] *= f; }\n");
  ASSERT_TRUE(compiled.ok());
  Bytes il = to_spirv(compiled.bitcode);
  FrontEndResult r = translate_spirv(il, {});
  ASSERT_TRUE(r.ok()) << r.log;
  FrontEndResult linked = link_bitcode({r.bitcode}, "");
  ASSERT_TRUE(linked.ok()) << linked.log;
  std::vector<KernelInfo> kernels = kernels_of(linked.bitcode);
  ASSERT_EQ(kernels.size(), 1u);
  EXPECT_EQ(kernels[0].name, "scale");
  ASSERT_EQ(kernels[0].args.size(), 3u);
  EXPECT_EQ(kernels[0].args[0].kind, KernelArgInfo::Kind::Global);
  EXPECT_EQ(kernels[0].args[1].kind, KernelArgInfo::Kind::Value);
  EXPECT_EQ(kernels[0].args[1].size, 4u);
  EXPECT_EQ(kernels[0].args[2].kind, KernelArgInfo::Kind::Local);
  // §5.9.4: argument names only for programs from source built with -cl-kernel-arg-info.
  EXPECT_FALSE(kernels[0].arg_info_available);
}

TEST(SpirV, NotSpirVIsInvalidInput) {
  EXPECT_EQ(translate_spirv(Bytes{1, 2, 3, 4, 5, 6, 7, 8}, {}).status, FrontEndStatus::InvalidInput);
  EXPECT_EQ(translate_spirv(Bytes(40, 0), {}).status, FrontEndStatus::InvalidInput);
}

// OpenCL SPIR-V environment §2: a module declaring the Shader capability (not among those an
// OpenCL environment allows) fails with the validator's message.
TEST(SpirV, ModuleBreakingTheEnvironmentFailsWithTheValidatorsMessage) {
  Bytes il = assemble(R"(
    OpCapability Addresses
    OpCapability Kernel
    OpCapability Shader
    OpMemoryModel Physical64 OpenCL
    OpEntryPoint Kernel %k "k"
    %void = OpTypeVoid
    %fn = OpTypeFunction %void
    %k = OpFunction %void None %fn
    %l = OpLabel
    OpReturn
    OpFunctionEnd
  )", SPV_ENV_UNIVERSAL_1_0);
  FrontEndResult r = translate_spirv(il, {});
  EXPECT_EQ(r.status, FrontEndStatus::Failed);
  EXPECT_NE(r.log.find("SPIR-V validation"), std::string::npos) << r.log;
  EXPECT_NE(r.log.find("Shader"), std::string::npos) << r.log;
}

TEST(SpirV, UnsupportedVersionFails) {
  Bytes il = assemble("OpCapability Addresses\nOpCapability Kernel\nOpMemoryModel Physical64 OpenCL\n",
                      SPV_ENV_UNIVERSAL_1_0);
  il[5] = kNewestSpirvMinor + 1;  // version word (little-endian 0x0001xx00): past the newest
  FrontEndResult r = translate_spirv(il, {});
  EXPECT_EQ(r.status, FrontEndStatus::Failed);
  EXPECT_NE(r.log.find("1." + std::to_string(kNewestSpirvMinor + 1) + " is not supported"), std::string::npos)
      << r.log;
}

const char* kSpecConstantModule = R"(
    OpCapability Addresses
    OpCapability Kernel
    OpCapability Int64
    OpMemoryModel Physical64 OpenCL
    OpEntryPoint Kernel %k "k"
    OpDecorate %sc SpecId 7
    %uint = OpTypeInt 32 0
    %sc = OpSpecConstant %uint 5
    %void = OpTypeVoid
    %ptr = OpTypePointer CrossWorkgroup %uint
    %fn = OpTypeFunction %void %ptr
    %k = OpFunction %void None %fn
    %p = OpFunctionParameter %ptr
    %l = OpLabel
    OpStore %p %sc Aligned 4
    OpReturn
    OpFunctionEnd
)";

std::int64_t stored_constant(const Bytes& bitcode) {
  llvm::LLVMContext context;
  auto module = read(bitcode, context);
  for (llvm::Function& f : *module)
    for (llvm::BasicBlock& b : f)
      for (llvm::Instruction& i : b)
        if (auto* s = llvm::dyn_cast<llvm::StoreInst>(&i))
          if (auto* c = llvm::dyn_cast<llvm::ConstantInt>(s->getValueOperand())) return c->getSExtValue();
  return -1;
}

// 2.2 §5.8.3: specialization constants by SpecId, their size, and the default value.
TEST(SpirV, SpecializationConstants_5_8_3) {
  Bytes il = assemble(kSpecConstantModule);
  std::vector<std::pair<std::uint32_t, std::uint32_t>> constants;
  std::string error;
  ASSERT_TRUE(spirv_spec_constants(il, constants, error)) << error;
  ASSERT_EQ(constants.size(), 1u);
  EXPECT_EQ(constants[0].first, 7u);
  EXPECT_EQ(constants[0].second, 4u);
  FrontEndResult plain = translate_spirv(il, {});
  ASSERT_TRUE(plain.ok()) << plain.log;
  EXPECT_EQ(stored_constant(plain.bitcode), 5);
  FrontEndResult set = translate_spirv(il, {{7, Bytes{42, 0, 0, 0}}});
  ASSERT_TRUE(set.ok()) << set.log;
  EXPECT_EQ(stored_constant(set.bitcode), 42);
  EXPECT_FALSE(spirv_spec_constants(Bytes{1, 2, 3}, constants, error));
}

// OpAtomicIIncrement and OpAtomicIDecrement on CrossWorkgroup pointers (SPIR-V §3.37.18: each
// returns the original value) read as atomic_inc/atomic_dec; the translator used to abort the
// process on them (it asked an opaque pointer for its element type).
TEST(SpirV, AtomicIncrementDecrementOnGlobalMemory) {
  Bytes il = assemble(R"(
               OpCapability Addresses
               OpCapability Kernel
               OpCapability Int64
               OpMemoryModel Physical64 OpenCL
               OpEntryPoint Kernel %k "count" %gid
               OpDecorate %gid BuiltIn GlobalInvocationId
               OpDecorate %gid Constant
       %void = OpTypeVoid
       %uint = OpTypeInt 32 0
      %ulong = OpTypeInt 64 0
    %v3ulong = OpTypeVector %ulong 3
     %in_ptr = OpTypePointer Input %v3ulong
       %gptr = OpTypePointer CrossWorkgroup %uint
         %fn = OpTypeFunction %void %gptr %gptr %gptr
     %device = OpConstant %uint 1
    %relaxed = OpConstant %uint 0
        %two = OpConstant %ulong 2
        %one = OpConstant %ulong 1
        %gid = OpVariable %in_ptr Input
          %k = OpFunction %void None %fn
         %up = OpFunctionParameter %gptr
       %down = OpFunctionParameter %gptr
        %out = OpFunctionParameter %gptr
      %entry = OpLabel
         %g3 = OpLoad %v3ulong %gid Aligned 32
          %g = OpCompositeExtract %ulong %g3 0
        %old = OpAtomicIIncrement %uint %up %device %relaxed
      %old_d = OpAtomicIDecrement %uint %down %device %relaxed
         %i0 = OpIMul %ulong %g %two
         %i1 = OpIAdd %ulong %i0 %one
         %p0 = OpInBoundsPtrAccessChain %gptr %out %i0
         %p1 = OpInBoundsPtrAccessChain %gptr %out %i1
               OpStore %p0 %old Aligned 4
               OpStore %p1 %old_d Aligned 4
               OpReturn
               OpFunctionEnd
)");
  constexpr std::uint32_t kItems = 64, kDown = 1000;
  std::vector<std::uint32_t> up{0}, down{kDown}, out(2 * kItems, 0);
  run_spirv(il, "count", kItems, {&up, &down, &out});
  EXPECT_EQ(up[0], kItems);
  EXPECT_EQ(down[0], kDown - kItems);
  std::vector<std::uint32_t> olds, old_downs, want(kItems), want_down(kItems);
  for (std::uint32_t i = 0; i < kItems; ++i) {
    olds.push_back(out[2 * i]);
    old_downs.push_back(out[2 * i + 1]);
  }
  std::sort(olds.begin(), olds.end());
  std::sort(old_downs.begin(), old_downs.end());
  std::iota(want.begin(), want.end(), 0u);
  std::iota(want_down.begin(), want_down.end(), kDown - kItems + 1);
  EXPECT_EQ(olds, want) << "each work-item gets a distinct original value";
  EXPECT_EQ(old_downs, want_down);
}

// OpExtInst printf of the OpenCL.std instruction set (OpenCL extended instruction set §2.9): the
// format in UniformConstant memory, its arguments after it; the translator used to abort the
// process on it.
TEST(SpirV, PrintfExtendedInstruction) {
  const std::string format = "item %u of %u\n";
  std::string constants, composite;
  for (std::size_t i = 0; i <= format.size(); ++i) {
    const unsigned c = i < format.size() ? static_cast<unsigned char>(format[i]) : 0;
    constants += "%c" + std::to_string(i) + " = OpConstant %uchar " + std::to_string(c) + "\n";
    composite += " %c" + std::to_string(i);
  }
  Bytes il = assemble((R"(
               OpCapability Addresses
               OpCapability Kernel
               OpCapability Int8
               OpCapability Int64
        %std = OpExtInstImport "OpenCL.std"
               OpMemoryModel Physical64 OpenCL
               OpEntryPoint Kernel %k "hello" %gid %gsize
               OpDecorate %gid BuiltIn GlobalInvocationId
               OpDecorate %gid Constant
               OpDecorate %gsize BuiltIn GlobalSize
               OpDecorate %gsize Constant
               OpDecorate %fmt Constant
       %void = OpTypeVoid
       %uint = OpTypeInt 32 0
      %uchar = OpTypeInt 8 0
      %ulong = OpTypeInt 64 0
    %v3ulong = OpTypeVector %ulong 3
     %in_ptr = OpTypePointer Input %v3ulong
        %len = OpConstant %uint )" +
                       std::to_string(format.size() + 1) + R"(
       %zero = OpConstant %uint 0
        %arr = OpTypeArray %uchar %len
    %arr_ptr = OpTypePointer UniformConstant %arr
   %char_ptr = OpTypePointer UniformConstant %uchar
)" + constants + "%str = OpConstantComposite %arr" +
                       composite + R"(
        %fmt = OpVariable %arr_ptr UniformConstant %str
         %fn = OpTypeFunction %void
        %gid = OpVariable %in_ptr Input
      %gsize = OpVariable %in_ptr Input
          %k = OpFunction %void None %fn
      %entry = OpLabel
         %g3 = OpLoad %v3ulong %gid Aligned 32
          %g = OpCompositeExtract %ulong %g3 0
         %s3 = OpLoad %v3ulong %gsize Aligned 32
          %s = OpCompositeExtract %ulong %s3 0
        %g32 = OpUConvert %uint %g
        %s32 = OpUConvert %uint %s
          %p = OpInBoundsPtrAccessChain %char_ptr %fmt %zero %zero
          %r = OpExtInst %uint %std printf %p %g32 %s32
               OpReturn
               OpFunctionEnd
)")
                          .c_str());
  std::string printed = run_spirv(il, "hello", 4, {});
  for (int i = 0; i < 4; ++i)
    EXPECT_NE(printed.find("item " + std::to_string(i) + " of 4\n"), std::string::npos) << printed;
  EXPECT_EQ(std::count(printed.begin(), printed.end(), '\n'), 4) << printed;
}

}  // namespace

// SPIR-V 1.3 modules (OpenCL SPIR-V environment §2.1: the device lists the versions it takes in
// CL_DEVICE_IL_VERSION) run, validated under SPIR-V 1.3's own rules and the environment's,
// which clvet checks where SPIRV-Tools has no OpenCL environment: the Shader capability, a
// Physical32 addressing model and a GLSL memory model are refused naming the rule, in 1.3 and
// in every newer version the device takes, where the same kernel runs too.
TEST(SpirV, Versions13AndNewerAreTakenAndHoldTheEnvironmentsRules) {
  const char* kernel = R"(
               OpCapability Addresses
               OpCapability Kernel
               OpCapability Int64
               OpMemoryModel Physical64 OpenCL
               OpEntryPoint Kernel %k "mark" %gid
               OpDecorate %gid BuiltIn GlobalInvocationId
               OpDecorate %gid Constant
       %void = OpTypeVoid
       %bool = OpTypeBool
       %uint = OpTypeInt 32 0
      %ulong = OpTypeInt 64 0
    %v3ulong = OpTypeVector %ulong 3
     %in_ptr = OpTypePointer Input %v3ulong
       %gptr = OpTypePointer CrossWorkgroup %uint
         %fn = OpTypeFunction %void %gptr
      %three = OpConstant %ulong 3
       %zero = OpConstant %uint 0
    %hundred = OpConstant %uint 100
        %gid = OpVariable %in_ptr Input
          %k = OpFunction %void None %fn
        %out = OpFunctionParameter %gptr
      %entry = OpLabel
         %g3 = OpLoad %v3ulong %gid Aligned 32
          %g = OpCompositeExtract %ulong %g3 0
         %at = OpInBoundsPtrAccessChain %gptr %out %g
       %same = OpIEqual %bool %g %three
        %g32 = OpUConvert %uint %g
       %mark = OpSelect %uint %same %hundred %zero
        %sum = OpIAdd %uint %g32 %mark
               OpStore %at %sum Aligned 4
               OpReturn
               OpFunctionEnd
)";
  Bytes il = assemble(kernel, SPV_ENV_UNIVERSAL_1_3);
  ASSERT_EQ(il[5], 3);  // version word 0x00010300
  std::vector<std::uint32_t> out(8, 0xdead);
  run_spirv(il, "mark", out.size(), {&out});
  for (std::uint32_t i = 0; i < out.size(); ++i) EXPECT_EQ(out[i], i + (i == 3 ? 100u : 0u)) << i;

  const spv_target_env newer[] = {SPV_ENV_UNIVERSAL_1_4, SPV_ENV_UNIVERSAL_1_5, SPV_ENV_UNIVERSAL_1_6};
  for (unsigned minor = 4; minor <= kNewestSpirvMinor; ++minor) {
    Bytes il_newer = assemble(kernel, newer[minor - 4]);
    ASSERT_EQ(il_newer[5], minor);
    std::vector<std::uint32_t> out_newer(8, 0xdead);
    run_spirv(il_newer, "mark", out_newer.size(), {&out_newer});
    EXPECT_EQ(out_newer, out) << "SPIR-V 1." << minor;
  }

  const char* bad[][2] = {
      {"OpCapability Shader\nOpMemoryModel Logical GLSL450\n", "Shader capability"},
      {"OpMemoryModel Physical32 OpenCL\n", "Physical64"},
      {"OpMemoryModel Physical64 GLSL450\n", "memory model must be OpenCL"}};
  const spv_target_env versions[] = {SPV_ENV_UNIVERSAL_1_3, SPV_ENV_UNIVERSAL_1_4, SPV_ENV_UNIVERSAL_1_5,
                                     SPV_ENV_UNIVERSAL_1_6};
  for (unsigned minor = 3; minor <= kNewestSpirvMinor; ++minor)
    for (const auto& [declarations, expected] : bad) {
      const std::string text = std::string("OpCapability Addresses\nOpCapability Kernel\n") + declarations;
      Bytes module = assemble(text.c_str(), versions[minor - 3]);
      ASSERT_EQ(module[5], minor);
      FrontEndResult r = translate_spirv(module, {});
      EXPECT_EQ(r.status, FrontEndStatus::Failed) << declarations << " in 1." << minor;
      EXPECT_NE(r.log.find(expected), std::string::npos) << r.log;
    }
}

// The capabilities the environment's extensions allow (§5.2.4: Float16 with cl_khr_fp16;
// §5.2.8: Int64Atomics with cl_khr_int64_base_atomics), which SPIRV-Tools' OpenCL environments
// refuse: a 1.0 module adding two halves and atomically adding 64-bit values runs, and gives
// 1.5 + 1.5 = 3 and the 64-bit sum.
TEST(SpirV, ExtensionCapabilitiesFloat16AndInt64Atomics) {
  Bytes il = assemble(R"(
               OpCapability Addresses
               OpCapability Kernel
               OpCapability Int64
               OpCapability Float16
               OpCapability Int64Atomics
               OpMemoryModel Physical64 OpenCL
               OpEntryPoint Kernel %k "halves"
       %void = OpTypeVoid
       %uint = OpTypeInt 32 0
      %ulong = OpTypeInt 64 0
       %half = OpTypeFloat 16
      %float = OpTypeFloat 32
       %gptr = OpTypePointer CrossWorkgroup %uint
      %glptr = OpTypePointer CrossWorkgroup %ulong
         %fn = OpTypeFunction %void %gptr %glptr
 %one_half_h = OpConstant %half 1.5
     %device = OpConstant %uint 1
    %relaxed = OpConstant %uint 0
        %big = OpConstant %ulong 4294967296
          %k = OpFunction %void None %fn
        %out = OpFunctionParameter %gptr
        %sum = OpFunctionParameter %glptr
      %entry = OpLabel
          %h = OpFAdd %half %one_half_h %one_half_h
          %f = OpFConvert %float %h
          %u = OpBitcast %uint %f
               OpStore %out %u Aligned 4
          %o = OpAtomicIAdd %ulong %sum %device %relaxed %big
               OpReturn
               OpFunctionEnd
)", SPV_ENV_UNIVERSAL_1_0);
  FrontEndResult valid = validate_spirv(il);
  ASSERT_TRUE(valid.ok()) << valid.log;
  FrontEndResult translated = translate_spirv(il, {});
  ASSERT_TRUE(translated.ok()) << translated.log;
  FrontEndResult linked = link_bitcode({translated.bitcode}, "");
  ASSERT_TRUE(linked.ok()) << linked.log;
  std::string error;
  auto exe = Executable::load(linked.bitcode, error);
  ASSERT_TRUE(exe) << error;
  std::uint32_t out = 0;
  std::uint64_t sum = 7;
  LaunchRequest r;
  r.kernel = "halves";
  r.global_size[0] = 4;
  r.local_size[0] = 4;
  for (auto [pointer, size] : {std::pair<void*, std::size_t>{&out, sizeof out}, {&sum, sizeof sum}}) {
    LaunchArg arg;
    arg.kind = LaunchArg::Kind::Buffer;
    arg.pointer = pointer;
    arg.size = size;
    r.args.push_back(arg);
  }
  LaunchResult result = exe->launch(r);
  ASSERT_TRUE(result.ok) << result.error;
  float f = 0;
  std::memcpy(&f, &out, sizeof f);
  EXPECT_EQ(f, 3.0f);
  EXPECT_EQ(sum, 7 + 4 * 4294967296ull);
}

// SPIR-V 1.3's sub-group instructions (SPIR-V §3.37.24, the OpenCL SPIR-V environment's
// cl_khr_subgroup_* capabilities) over two sub-groups of the device's 32 work-items, in linear
// local id order: OpGroupNonUniformElect, IAdd Reduce, ShuffleXor, All and Ballot, each against
// the host.
TEST(SpirV, GroupNonUniformInstructions) {
  Bytes il = assemble(R"(
               OpCapability Addresses
               OpCapability Kernel
               OpCapability Int64
               OpCapability GroupNonUniform
               OpCapability GroupNonUniformVote
               OpCapability GroupNonUniformArithmetic
               OpCapability GroupNonUniformBallot
               OpCapability GroupNonUniformShuffle
               OpMemoryModel Physical64 OpenCL
               OpEntryPoint Kernel %k "lanes" %lid_in
               OpDecorate %lid_in BuiltIn LocalInvocationId
               OpDecorate %lid_in Constant
       %void = OpTypeVoid
       %bool = OpTypeBool
       %uint = OpTypeInt 32 0
      %ulong = OpTypeInt 64 0
     %v4uint = OpTypeVector %uint 4
    %v3ulong = OpTypeVector %ulong 3
     %in_ptr = OpTypePointer Input %v3ulong
       %gptr = OpTypePointer CrossWorkgroup %uint
         %fn = OpTypeFunction %void %gptr
   %subgroup = OpConstant %uint 3
       %zero = OpConstant %uint 0
        %one = OpConstant %uint 1
    %hundred = OpConstant %uint 100
       %five = OpConstant %ulong 5
     %lid_in = OpVariable %in_ptr Input
          %k = OpFunction %void None %fn
        %out = OpFunctionParameter %gptr
      %entry = OpLabel
        %l3 = OpLoad %v3ulong %lid_in Aligned 32
       %lid = OpCompositeExtract %ulong %l3 0
     %lid32 = OpUConvert %uint %lid
      %first = OpGroupNonUniformElect %bool %subgroup
    %elected = OpSelect %uint %first %one %zero
        %sum = OpGroupNonUniformIAdd %uint %subgroup Reduce %lid32
    %partner = OpGroupNonUniformShuffleXor %uint %subgroup %lid32 %one
      %small = OpULessThan %bool %lid32 %hundred
        %all = OpGroupNonUniformAll %bool %subgroup %small
     %all_u = OpSelect %uint %all %one %zero
      %lowbit = OpBitwiseAnd %uint %lid32 %one
        %odd = OpINotEqual %bool %lowbit %zero
     %ballot = OpGroupNonUniformBallot %v4uint %subgroup %odd
    %ballot0 = OpCompositeExtract %uint %ballot 0
       %base = OpIMul %ulong %lid %five
         %p0 = OpInBoundsPtrAccessChain %gptr %out %base
               OpStore %p0 %elected Aligned 4
         %q1 = OpInBoundsPtrAccessChain %gptr %p0 %one
               OpStore %q1 %sum Aligned 4
         %i2 = OpIAdd %uint %one %one
         %q2 = OpInBoundsPtrAccessChain %gptr %p0 %i2
               OpStore %q2 %partner Aligned 4
         %i3 = OpIAdd %uint %i2 %one
         %q3 = OpInBoundsPtrAccessChain %gptr %p0 %i3
               OpStore %q3 %all_u Aligned 4
         %i4 = OpIAdd %uint %i3 %one
         %q4 = OpInBoundsPtrAccessChain %gptr %p0 %i4
               OpStore %q4 %ballot0 Aligned 4
               OpReturn
               OpFunctionEnd
)", SPV_ENV_UNIVERSAL_1_3);
  constexpr std::uint32_t kItems = 64, kSubGroup = 32;
  std::vector<std::uint32_t> out(5 * kItems, 0xdead);
  run_spirv(il, "lanes", kItems, {&out});
  for (std::uint32_t i = 0; i < kItems; ++i) {
    const std::uint32_t first = i - i % kSubGroup;
    const std::uint32_t sum = kSubGroup * first + kSubGroup * (kSubGroup - 1) / 2;
    EXPECT_EQ(out[5 * i + 0], i % kSubGroup == 0 ? 1u : 0u) << i;
    EXPECT_EQ(out[5 * i + 1], sum) << i;
    EXPECT_EQ(out[5 * i + 2], i ^ 1u) << i;
    EXPECT_EQ(out[5 * i + 3], 1u) << i;
    EXPECT_EQ(out[5 * i + 4], 0xaaaaaaaau) << i;
  }
}
