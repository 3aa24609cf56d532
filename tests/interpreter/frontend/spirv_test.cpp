// translate_spirv: modules made at test time by the translator from compiled OpenCL C, and
// hand-written ones for the environment's rules and specialization constants (OpenCL SPIR-V
// environment §2-§3; 2.2 §5.8.1-5.8.3).
#include <LLVMSPIRVLib/LLVMSPIRVLib.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/DebugInfo.h>
#include <llvm/IR/Instructions.h>
#include <spirv-tools/libspirv.hpp>

#include <sstream>

#include "frontend_test_support.h"

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

Bytes assemble(const char* text, spv_target_env env = SPV_ENV_OPENCL_1_2) {
  spvtools::SpirvTools tools(env);
  std::vector<std::uint32_t> words;
  EXPECT_TRUE(tools.Assemble(text, &words));
  Bytes bytes(words.size() * 4);
  std::memcpy(bytes.data(), words.data(), bytes.size());
  return bytes;
}

TEST(SpirV, VersionsAdvertised) {
  EXPECT_EQ(il_version_string(), "SPIR-V_1.0 SPIR-V_1.1 SPIR-V_1.2");
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
  il[5] = 5;  // version word (little-endian 0x00010500): 1.5
  FrontEndResult r = translate_spirv(il, {});
  EXPECT_EQ(r.status, FrontEndStatus::Failed);
  EXPECT_NE(r.log.find("1.5"), std::string::npos) << r.log;
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

}  // namespace
