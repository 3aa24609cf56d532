// The SPIR-V extensions a module may declare on the reference device (OpenCL SPIR-V environment,
// chapter 5): each one's instructions and decorations compute what its specification says,
// checked against host computations, and a module that declares one the device does not take
// fails to build with a log that names it.
#include <gtest/gtest.h>
#include <llvm/IR/Function.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Operator.h>

#include <cstdint>
#include <set>
#include <utility>
#include <string>
#include <vector>

#include <spirv/unified1/spirv.h>

#include "clvet/interp/builtin_abi.h"
#include "frontend_test_support.h"
#include "spirv_test_support.h"

using namespace clvet::interp;
using namespace clvet::interp::testing;

namespace {

std::uint32_t as_uint(std::int32_t v) { return static_cast<std::uint32_t>(v); }

// A module of SPIR-V 1.0 with `extension` declared and a kernel "k" (out, in) whose body is
// `body` (the instructions after the two parameters' label), with the types and constants
// every test here uses.
std::string module_text(const std::string& extension, const std::string& capability,
                        const std::string& annotations, const std::string& body) {
  return R"(
               OpCapability Addresses
               OpCapability Kernel
               OpCapability Int64
)" + capability + R"(
               OpExtension ")" + extension + R"("
               OpMemoryModel Physical64 OpenCL
               OpEntryPoint Kernel %k "k"
)" + annotations + R"(
       %void = OpTypeVoid
       %bool = OpTypeBool
       %uint = OpTypeInt 32 0
      %ulong = OpTypeInt 64 0
     %v4uint = OpTypeVector %uint 4
       %gptr = OpTypePointer CrossWorkgroup %uint
        %gv4 = OpTypePointer CrossWorkgroup %v4uint
         %fn = OpTypeFunction %void %gptr %gptr
      %uint0 = OpConstant %uint 0
      %zero4 = OpConstantNull %v4uint
         %l1 = OpConstant %ulong 1
         %l2 = OpConstant %ulong 2
         %l3 = OpConstant %ulong 3
         %l4 = OpConstant %ulong 4
         %l5 = OpConstant %ulong 5
         %l6 = OpConstant %ulong 6
         %l7 = OpConstant %ulong 7
          %k = OpFunction %void None %fn
        %out = OpFunctionParameter %gptr
         %in = OpFunctionParameter %gptr
      %entry = OpLabel
)" + body + R"(
               OpReturn
               OpFunctionEnd
)";
}

// The wrap flags (nsw, nuw) of the translated module's instructions of LLVM opcode `opcode`.
std::set<std::pair<bool, bool>> wrap_flags(const Bytes& bitcode, const std::string& opcode) {
  llvm::LLVMContext context;
  auto module = read(bitcode, context);
  std::set<std::pair<bool, bool>> flags;
  for (llvm::Function& f : *module)
    for (llvm::Instruction& i : llvm::instructions(f))
      if (auto* op = llvm::dyn_cast<llvm::OverflowingBinaryOperator>(&i);
          op != nullptr && i.getOpcodeName() == opcode)
        flags.emplace(op->hasNoSignedWrap(), op->hasNoUnsignedWrap());
  return flags;
}

}  // namespace

// Environment §5.2.13 (cl_khr_spirv_no_integer_wrap_decoration): a module that declares
// SPV_KHR_no_integer_wrap_decoration may decorate integer arithmetic NoSignedWrap and
// NoUnsignedWrap. The decorations promise the operation does not overflow (SPIR-V §3.20: "it is
// undefined behavior" when it does); an operation that does not overflow gives the exact result.
// They reach LLVM as the nsw and nuw flags.
TEST(SpirVExtensions, NoIntegerWrapDecorations) {
  const std::string text = module_text("SPV_KHR_no_integer_wrap_decoration", "", R"(
               OpDecorate %add NoSignedWrap
               OpDecorate %sub NoSignedWrap
               OpDecorate %mul NoSignedWrap
               OpDecorate %shl NoSignedWrap
               OpDecorate %neg NoSignedWrap
               OpDecorate %addu NoUnsignedWrap
               OpDecorate %mulu NoUnsignedWrap
               OpDecorate %mulu NoSignedWrap
               OpDecorate %shlu NoUnsignedWrap
)", R"(
         %p1 = OpInBoundsPtrAccessChain %gptr %in %l1
         %p2 = OpInBoundsPtrAccessChain %gptr %in %l2
         %p3 = OpInBoundsPtrAccessChain %gptr %in %l3
         %p4 = OpInBoundsPtrAccessChain %gptr %in %l4
          %a = OpLoad %uint %in Aligned 4
          %b = OpLoad %uint %p1 Aligned 4
          %s = OpLoad %uint %p2 Aligned 4
          %c = OpLoad %uint %p3 Aligned 4
          %d = OpLoad %uint %p4 Aligned 4
        %add = OpIAdd %uint %a %b
        %sub = OpISub %uint %a %b
        %mul = OpIMul %uint %a %b
        %shl = OpShiftLeftLogical %uint %a %s
        %neg = OpSNegate %uint %a
       %addu = OpIAdd %uint %c %d
       %mulu = OpIMul %uint %b %s
       %shlu = OpShiftLeftLogical %uint %c %s
         %o1 = OpInBoundsPtrAccessChain %gptr %out %l1
         %o2 = OpInBoundsPtrAccessChain %gptr %out %l2
         %o3 = OpInBoundsPtrAccessChain %gptr %out %l3
         %o4 = OpInBoundsPtrAccessChain %gptr %out %l4
         %o5 = OpInBoundsPtrAccessChain %gptr %out %l5
         %o6 = OpInBoundsPtrAccessChain %gptr %out %l6
         %o7 = OpInBoundsPtrAccessChain %gptr %out %l7
               OpStore %out %add Aligned 4
               OpStore %o1 %sub Aligned 4
               OpStore %o2 %mul Aligned 4
               OpStore %o3 %shl Aligned 4
               OpStore %o4 %neg Aligned 4
               OpStore %o5 %addu Aligned 4
               OpStore %o6 %mulu Aligned 4
               OpStore %o7 %shlu Aligned 4
)");
  Bytes il = assemble(text.c_str());
  // Signed operands near no limit, and unsigned ones whose sum and shift fill 32 bits exactly.
  const std::int32_t a = -1234567, b = 891, s = 4;
  const std::uint32_t c = 0x0fffffffu, d = 0xf0000000u;
  std::vector<std::uint32_t> in{as_uint(a), as_uint(b), as_uint(s), c, d}, out(8, 0xdead);
  run_spirv(il, "k", 1, {&out, &in});
  const std::vector<std::uint32_t> want{
      as_uint(a + b), as_uint(a - b),           as_uint(a * b),
      as_uint(a * (1 << s)), as_uint(-a),       c + d,
      static_cast<std::uint32_t>(b) * s,        c << s};
  EXPECT_EQ(out, want);
  FrontEndResult translated = translate_spirv(il, {});
  ASSERT_TRUE(translated.ok()) << translated.log;
  using Flags = std::set<std::pair<bool, bool>>;
  EXPECT_EQ(wrap_flags(translated.bitcode, "add"), (Flags{{true, false}, {false, true}}));
  EXPECT_EQ(wrap_flags(translated.bitcode, "mul"), (Flags{{true, false}, {true, true}}));
  EXPECT_EQ(wrap_flags(translated.bitcode, "shl"), (Flags{{true, false}, {false, true}}));
}

// SPV_KHR_expect_assume (cl_khr_expect_assume): OpExpectKHR's result is its Value ("the
// expected value ... does not change the result"), of a scalar and of a vector, whether or not
// it is the expected one; OpAssumeTrueKHR of a condition that holds changes nothing.
TEST(SpirVExtensions, ExpectAndAssume) {
  const std::string text = module_text("SPV_KHR_expect_assume", "OpCapability ExpectAssumeKHR", "", R"(
          %v = OpLoad %uint %in Aligned 4
         %vi = OpBitcast %gv4 %in
        %vec = OpLoad %v4uint %vi Aligned 16
         %e1 = OpExpectKHR %uint %v %uint0
         %e2 = OpExpectKHR %uint %v %v
         %e4 = OpExpectKHR %v4uint %vec %zero4
       %test = OpUGreaterThan %bool %v %uint0
               OpAssumeTrueKHR %test
         %o1 = OpInBoundsPtrAccessChain %gptr %out %l1
         %o2 = OpInBoundsPtrAccessChain %gptr %out %l2
        %o2v = OpBitcast %gv4 %o2
               OpStore %out %e1 Aligned 4
               OpStore %o1 %e2 Aligned 4
               OpStore %o2v %e4 Aligned 4
)");
  Bytes il = assemble(text.c_str());
  std::vector<std::uint32_t> in{42, 7, 8, 9}, out(6, 0xdead);
  run_spirv(il, "k", 1, {&out, &in});
  EXPECT_EQ(out, (std::vector<std::uint32_t>{42, 42, 42, 7, 8, 9}));
}

// SPIR-V §3.32.7 OpConstantNull: the null value of any type (SPIR-V §2.2.2's "null": zero for
// scalars, every component or member null for composites, the null pointer). Constants of a
// scalar, a vector, a struct, an array and a pointer store zeros.
TEST(SpirVExtensions, ConstantNullOfEveryType) {
  Bytes il = assemble(R"(
               OpCapability Addresses
               OpCapability Kernel
               OpCapability Int64
               OpCapability Int8
               OpMemoryModel Physical64 OpenCL
               OpEntryPoint Kernel %k "nulls"
       %void = OpTypeVoid
       %bool = OpTypeBool
      %uchar = OpTypeInt 8 0
       %uint = OpTypeInt 32 0
      %ulong = OpTypeInt 64 0
      %float = OpTypeFloat 32
     %v2uint = OpTypeVector %uint 2
         %c2 = OpConstant %uint 2
        %arr = OpTypeArray %uint %c2
       %pair = OpTypeStruct %uint %float
       %gptr = OpTypePointer CrossWorkgroup %uint
      %gfptr = OpTypePointer CrossWorkgroup %float
      %gv2 = OpTypePointer CrossWorkgroup %v2uint
     %garr = OpTypePointer CrossWorkgroup %arr
    %gpair = OpTypePointer CrossWorkgroup %pair
     %gchar = OpTypePointer CrossWorkgroup %uchar
         %fn = OpTypeFunction %void %gptr
        %one = OpConstant %uint 1
         %l1 = OpConstant %ulong 1
         %l2 = OpConstant %ulong 2
         %l4 = OpConstant %ulong 4
         %l6 = OpConstant %ulong 6
         %l8 = OpConstant %ulong 8
         %l9 = OpConstant %ulong 9
     %n_uint = OpConstantNull %uint
    %n_ulong = OpConstantNull %ulong
    %n_float = OpConstantNull %float
    %n_uchar = OpConstantNull %uchar
     %n_bool = OpConstantNull %bool
       %n_v2 = OpConstantNull %v2uint
      %n_arr = OpConstantNull %arr
     %n_pair = OpConstantNull %pair
      %n_ptr = OpConstantNull %gptr
          %k = OpFunction %void None %fn
        %out = OpFunctionParameter %gptr
      %entry = OpLabel
               OpStore %out %n_uint Aligned 4
         %o1 = OpInBoundsPtrAccessChain %gptr %out %l1
        %o1f = OpBitcast %gfptr %o1
               OpStore %o1f %n_float Aligned 4
         %o2 = OpInBoundsPtrAccessChain %gptr %out %l2
        %o2v = OpBitcast %gv2 %o2
               OpStore %o2v %n_v2 Aligned 8
         %o4 = OpInBoundsPtrAccessChain %gptr %out %l4
        %o4a = OpBitcast %garr %o4
               OpStore %o4a %n_arr Aligned 4
         %o6 = OpInBoundsPtrAccessChain %gptr %out %l6
        %o6p = OpBitcast %gpair %o6
               OpStore %o6p %n_pair Aligned 4
       %null = OpConvertPtrToU %ulong %n_ptr
      %isnul = OpIEqual %bool %null %n_ulong
       %flag = OpSelect %uint %isnul %n_uint %one
         %o8 = OpInBoundsPtrAccessChain %gptr %out %l8
               OpStore %o8 %flag Aligned 4
         %o9 = OpInBoundsPtrAccessChain %gptr %out %l9
        %o9c = OpBitcast %gchar %o9
               OpStore %o9c %n_uchar Aligned 1
        %sel = OpSelect %uint %n_bool %one %n_uint
        %o9b = OpInBoundsPtrAccessChain %gchar %o9c %l1
      %selc8 = OpUConvert %uchar %sel
               OpStore %o9b %selc8 Aligned 1
               OpReturn
               OpFunctionEnd
)");
  std::vector<std::uint32_t> out(10, 0xdeaddead);
  run_spirv(il, "nulls", 1, {&out});
  // The last word: its first two bytes the uchar and the bool's selection, the rest untouched.
  EXPECT_EQ(out, (std::vector<std::uint32_t>{0, 0, 0, 0, 0, 0, 0, 0, 0, 0xdead0000u}));
}

// cl_khr_spirv_linkonce_odr (SPV_KHR_linkonce_odr): a function of LinkOnceODR linkage "will be
// merged with other functions ... of the same name when linkage occurs". Two compiled modules
// that both define "a" so link into one program that calls one "a"; a module that defines it
// LinkOnceODR and never calls it exports it to another that imports it.
TEST(SpirVExtensions, LinkOnceOdrDefinitionsMerge) {
  const char* library = R"(
               OpCapability Addresses
               OpCapability Linkage
               OpCapability Kernel
               OpExtension "SPV_KHR_linkonce_odr"
               OpMemoryModel Physical64 OpenCL
               OpDecorate %a LinkageAttributes "a" LinkOnceODR
       %uint = OpTypeInt 32 0
         %c5 = OpConstant %uint 5
         %fn = OpTypeFunction %uint %uint
          %a = OpFunction %uint Pure %fn
          %x = OpFunctionParameter %uint
         %la = OpLabel
          %r = OpIAdd %uint %x %c5
               OpReturnValue %r
               OpFunctionEnd
)";
  auto main_module = [](bool defines_a) {
    std::string a_decoration = defines_a ? "LinkOnceODR" : "Import";
    std::string a_body = defines_a ? R"(
         %la = OpLabel
          %r = OpIAdd %uint %x %c5
               OpReturnValue %r
)" : "";
    return R"(
               OpCapability Addresses
               OpCapability Linkage
               OpCapability Kernel
               OpCapability Int64
               OpExtension "SPV_KHR_linkonce_odr"
               OpMemoryModel Physical64 OpenCL
               OpEntryPoint Kernel %k "k"
               OpDecorate %a LinkageAttributes "a" )" + a_decoration + R"(
       %void = OpTypeVoid
       %uint = OpTypeInt 32 0
         %c5 = OpConstant %uint 5
         %fn = OpTypeFunction %uint %uint
       %gptr = OpTypePointer CrossWorkgroup %uint
        %kfn = OpTypeFunction %void %gptr
          %a = OpFunction %uint Pure %fn
          %x = OpFunctionParameter %uint)" + a_body + R"(
               OpFunctionEnd
          %k = OpFunction %void None %kfn
        %out = OpFunctionParameter %gptr
      %entry = OpLabel
          %v = OpLoad %uint %out Aligned 4
          %y = OpFunctionCall %uint %a %v
               OpStore %out %y Aligned 4
               OpReturn
               OpFunctionEnd
)";
  };
  FrontEndResult lib = translate_spirv(assemble(library), {});
  ASSERT_TRUE(lib.ok()) << lib.log;
  for (bool defines_a : {true, false}) {
    SCOPED_TRACE(defines_a ? "both define a" : "main imports a");
    FrontEndResult main = translate_spirv(assemble(main_module(defines_a).c_str()), {});
    ASSERT_TRUE(main.ok()) << main.log;
    FrontEndResult linked = link_bitcode({lib.bitcode, main.bitcode}, "");
    ASSERT_TRUE(linked.ok()) << linked.log;
    std::string error;
    auto exe = Executable::load(linked.bitcode, error);
    ASSERT_TRUE(exe) << error;
    std::vector<std::uint32_t> out{37};
    LaunchRequest r;
    r.kernel = "k";
    r.global_size[0] = r.local_size[0] = 1;
    LaunchArg arg;
    arg.kind = LaunchArg::Kind::Buffer;
    arg.pointer = out.data();
    arg.size = sizeof(std::uint32_t);
    r.args.push_back(arg);
    LaunchResult result = exe->launch(r);
    ASSERT_TRUE(result.ok) << result.error;
    EXPECT_EQ(out[0], 42u);
    llvm::LLVMContext context;
    auto module = read(linked.bitcode, context);
    unsigned definitions = 0;
    for (const llvm::Function& f : *module)
      if (f.getName() == "a" && !f.isDeclaration()) ++definitions;
    EXPECT_LE(definitions, 1u);  // one kept (or none, where the call was inlined)
  }
}

// Environment chapter 5: a device accepts a SPIR-V extension only where CL_DEVICE_EXTENSIONS
// lists the OpenCL extension that allows it. A device that lacks cl_khr_expect_assume (a device
// profile's) refuses a module declaring SPV_KHR_expect_assume, and every device refuses one
// declaring a SPIR-V extension no OpenCL extension of it allows; the build fails with a log
// naming the extension, never the process.
TEST(SpirVExtensions, UndeclaredExtensionsFailTheBuild) {
  const std::string expect = module_text("SPV_KHR_expect_assume", "OpCapability ExpectAssumeKHR", "", R"(
          %v = OpLoad %uint %in Aligned 4
         %e1 = OpExpectKHR %uint %v %uint0
               OpStore %out %e1 Aligned 4
)");
  TargetDevice lacking;
  lacking.lacks = {"cl_khr_expect_assume"};
  FrontEndResult refused = translate_spirv(assemble(expect.c_str()), {}, lacking);
  EXPECT_EQ(refused.status, FrontEndStatus::Failed);
  EXPECT_NE(refused.log.find("SPV_KHR_expect_assume"), std::string::npos) << refused.log;
  EXPECT_NE(refused.log.find("cl_khr_expect_assume"), std::string::npos) << refused.log;
  EXPECT_TRUE(translate_spirv(assemble(expect.c_str()), {}).ok());

  const std::string unknown = module_text("SPV_INTEL_fpga_reg", "", "", "");
  FrontEndResult foreign = translate_spirv(assemble(unknown.c_str()), {});
  EXPECT_EQ(foreign.status, FrontEndStatus::Failed);
  EXPECT_NE(foreign.log.find("SPV_INTEL_fpga_reg"), std::string::npos) << foreign.log;
}

// cl_khr_expect_assume in OpenCL C: the extension's macro is defined, and __builtin_expect and
// __builtin_assume compile and leave the program's results as they were.
TEST(SpirVExtensions, ExpectAssumeInOpenCLC) {
  Bytes bitcode = build(R"(
#ifndef cl_khr_expect_assume
#error cl_khr_expect_assume is not defined
#endif
kernel void k(global int* data) {
  int v = data[0];
  __builtin_assume(v > 0);
  if (__builtin_expect(v == 42, 1)) data[1] = v;
  else data[1] = -1;
  data[2] = __builtin_expect(v, 0);
}
)");
  ASSERT_FALSE(bitcode.empty());
  std::string error;
  auto exe = Executable::load(bitcode, error);
  ASSERT_TRUE(exe) << error;
  for (std::int32_t v : {42, 7}) {
    std::vector<std::int32_t> data{v, 0, 0};
    LaunchRequest r;
    r.kernel = "k";
    r.global_size[0] = r.local_size[0] = 1;
    LaunchArg arg;
    arg.kind = LaunchArg::Kind::Buffer;
    arg.pointer = data.data();
    arg.size = data.size() * sizeof(std::int32_t);
    r.args.push_back(arg);
    LaunchResult result = exe->launch(r);
    ASSERT_TRUE(result.ok) << result.error;
    EXPECT_EQ(data, (std::vector<std::int32_t>{v, v == 42 ? 42 : -1, v}));
  }
}

// SPV_KHR_subgroup_rotate (cl_khr_subgroup_rotate): OpGroupNonUniformRotateKHR of Subgroup scope
// gives the value of the invocation whose sub-group local id is (id + Delta) mod the sub-group
// size, and with a ClusterSize, (id - id mod size) + (id + Delta) mod size, within its cluster.
// One sub-group of 32 work-items (kSubGroupSize, the device's sub-group size) rotating
// multiples of their ids; a rotation of Workgroup scope, which the device has no built-in
// for, fails the build with a log.
TEST(SpirVExtensions, SubgroupRotate) {
  const auto text = [](int scope) {
    return std::string(R"(
               OpCapability Addresses
               OpCapability Kernel
               OpCapability Int64
               OpCapability GroupNonUniform
               OpCapability GroupNonUniformRotateKHR
               OpExtension "SPV_KHR_subgroup_rotate"
               OpMemoryModel Physical64 OpenCL
               OpEntryPoint Kernel %k "rotate" %gid
               OpDecorate %gid BuiltIn GlobalInvocationId
               OpDecorate %gid Constant
       %void = OpTypeVoid
       %uint = OpTypeInt 32 0
      %ulong = OpTypeInt 64 0
    %v3ulong = OpTypeVector %ulong 3
     %in_ptr = OpTypePointer Input %v3ulong
        %gid = OpVariable %in_ptr Input
       %gptr = OpTypePointer CrossWorkgroup %uint
         %fn = OpTypeFunction %void %gptr %gptr
      %scope = OpConstant %uint )") + std::to_string(scope) + R"(
         %c3 = OpConstant %uint 3
         %c6 = OpConstant %uint 6
         %c8 = OpConstant %uint 8
         %l7 = OpConstant %ulong 7
          %k = OpFunction %void None %fn
        %out = OpFunctionParameter %gptr
    %cluster = OpFunctionParameter %gptr
      %entry = OpLabel
         %g3 = OpLoad %v3ulong %gid Aligned 32
          %g = OpCompositeExtract %ulong %g3 0
         %id = OpUConvert %uint %g
          %v = OpIMul %uint %id %c3
          %r = OpGroupNonUniformRotateKHR %uint %scope %v %c3
          %s = OpGroupNonUniformRotateKHR %uint %scope %v %c6 %c8
         %at = OpInBoundsPtrAccessChain %gptr %out %g
               OpStore %at %r Aligned 4
        %cat = OpInBoundsPtrAccessChain %gptr %cluster %g
               OpStore %cat %s Aligned 4
               OpReturn
               OpFunctionEnd
)";
  };
  Bytes il = assemble(text(SpvScopeSubgroup).c_str(), SPV_ENV_UNIVERSAL_1_3);
  constexpr std::uint32_t n = kSubGroupSize;
  std::vector<std::uint32_t> out(n, 0xdead), cluster(n, 0xdead), want(n), want_cluster(n);
  for (std::uint32_t id = 0; id < n; ++id) {
    want[id] = 3 * ((id + 3) % n);
    want_cluster[id] = 3 * (id - id % 8 + (id + 6) % 8);
  }
  run_spirv(il, "rotate", n, {&out, &cluster});
  EXPECT_EQ(out, want);
  EXPECT_EQ(cluster, want_cluster);

  FrontEndResult workgroup =
      translate_spirv(assemble(text(SpvScopeWorkgroup).c_str(), SPV_ENV_UNIVERSAL_1_3), {});
  EXPECT_EQ(workgroup.status, FrontEndStatus::Failed);
  EXPECT_NE(workgroup.log.find("OpGroupNonUniformRotateKHR"), std::string::npos) << workgroup.log;
}

// cl_khr_integer_dot_product (environment §5.2.24): a device without it takes neither
// SPV_KHR_integer_dot_product in a module before 1.6 nor the DotProduct capabilities, core in
// 1.6; the build fails with a log naming what the module declares and the OpenCL extension that
// would allow it. The device that lists the extension builds both.
TEST(SpirVExtensions, IntegerDotProductNeedsItsExtension) {
  const auto text = [](bool extension) {
    const std::string suffix = extension ? "KHR" : "";
    return "OpCapability Addresses\nOpCapability Kernel\nOpCapability Int64\n"
           "OpCapability DotProduct" + suffix + "\nOpCapability DotProductInput4x8BitPacked" +
           suffix + "\n" + (extension ? "OpExtension \"SPV_KHR_integer_dot_product\"\n" : "") + R"(
               OpMemoryModel Physical64 OpenCL
               OpEntryPoint Kernel %k "k"
       %void = OpTypeVoid
       %uint = OpTypeInt 32 0
       %gptr = OpTypePointer CrossWorkgroup %uint
         %fn = OpTypeFunction %void %gptr
          %k = OpFunction %void None %fn
        %out = OpFunctionParameter %gptr
      %entry = OpLabel
          %v = OpLoad %uint %out Aligned 4
          %r = OpSDot)" + suffix + " %uint %v %v PackedVectorFormat4x8Bit" + suffix + R"(
               OpStore %out %r Aligned 4
               OpReturn
               OpFunctionEnd
)";
  };
  TargetDevice lacking;
  lacking.lacks = {"cl_khr_integer_dot_product"};
  const Bytes with_extension = assemble(text(true).c_str(), SPV_ENV_UNIVERSAL_1_5);
  const Bytes core = assemble(text(false).c_str(), SPV_ENV_UNIVERSAL_1_6);
  FrontEndResult refused = translate_spirv(with_extension, {}, lacking);
  EXPECT_EQ(refused.status, FrontEndStatus::Failed);
  EXPECT_NE(refused.log.find("SPV_KHR_integer_dot_product"), std::string::npos) << refused.log;
  EXPECT_NE(refused.log.find("cl_khr_integer_dot_product"), std::string::npos) << refused.log;
  refused = translate_spirv(core, {}, lacking);
  EXPECT_EQ(refused.status, FrontEndStatus::Failed);
  EXPECT_NE(refused.log.find("capability DotProduct,"), std::string::npos) << refused.log;
  EXPECT_NE(refused.log.find("capability DotProductInput4x8BitPacked,"), std::string::npos)
      << refused.log;
  EXPECT_NE(refused.log.find("cl_khr_integer_dot_product"), std::string::npos) << refused.log;
  for (const Bytes& il : {with_extension, core}) {
    // -2 * -2 four times, as packed signed bytes 0xfe.
    std::vector<std::uint32_t> out{0xfefefefeu};
    run_spirv(il, "k", 1, {&out});
    EXPECT_EQ(out[0], 16u);
  }
}
