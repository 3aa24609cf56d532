// The decoder and engine on IR the optimiser and the SPIR-V translator produce, written out in
// LLVM assembly: the intrinsics and odd-width integers real programs die on in other
// interpreters run here, and what cannot be executed exactly is refused at load, by name.
#include <gtest/gtest.h>
#include <llvm/AsmParser/Parser.h>
#include <llvm/Bitcode/BitcodeWriter.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/Support/SourceMgr.h>
#include <llvm/Support/raw_ostream.h>

#include <cstdint>
#include <string>
#include <vector>

#include "clvet/interp/executable.h"

using namespace clvet::interp;

namespace {

const char* kHeader = R"(
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"
declare spir_func i64 @_Z13get_global_idj(i32)
)";

Bytes assemble(const std::string& body) {
  llvm::LLVMContext context;
  llvm::SMDiagnostic error;
  std::unique_ptr<llvm::Module> m = llvm::parseAssemblyString(kHeader + body, error, context);
  if (!m) {
    std::string text;
    llvm::raw_string_ostream os(text);
    error.print("test", os);
    ADD_FAILURE() << text;
    return {};
  }
  std::string bytes;
  llvm::raw_string_ostream os(bytes);
  llvm::WriteBitcodeToFile(*m, os);
  os.flush();
  return Bytes(bytes.begin(), bytes.end());
}

// Runs kernel `k(global i32* out)` over `n` work-items and returns `out`.
std::vector<std::int32_t> run(const std::string& body, std::size_t n) {
  std::string error;
  auto exe = Executable::load(assemble(body), error);
  EXPECT_TRUE(exe) << error;
  std::vector<std::int32_t> out(n, -7);
  if (!exe) return out;
  LaunchRequest r;
  r.kernel = "k";
  r.global_size[0] = n;
  r.local_size[0] = n;
  LaunchArg arg;
  arg.kind = LaunchArg::Kind::Buffer;
  arg.pointer = out.data();
  arg.size = n * sizeof(std::int32_t);
  r.args.push_back(arg);
  LaunchResult result = exe->launch(r);
  EXPECT_TRUE(result.ok) << result.error;
  EXPECT_TRUE(result.problems.empty()) << result.problems.front().message;
  return out;
}

const char* kMetadata = R"(
!0 = !{i32 1}
!1 = !{!"none"}
!2 = !{!"int*"}
!3 = !{!""}
)";

std::string kernel(const std::string& compute) {
  return "define spir_kernel void @k(ptr addrspace(1) %out) !kernel_arg_addr_space !0 "
         "!kernel_arg_access_qual !1 !kernel_arg_type !2 !kernel_arg_base_type !2 "
         "!kernel_arg_type_qual !3 {\n"
         "  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)\n"
         "  %x = trunc i64 %gid to i32\n" +
         compute +
         "  %p = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %gid\n"
         "  store i32 %r, ptr addrspace(1) %p, align 4\n"
         "  ret void\n}\n" +
         kMetadata;
}

}  // namespace

// rotate() becomes llvm.fshl (hashcat dies on it in Oclgrind).
TEST(Decoder, FunnelShiftIsRotate) {
  auto out = run(kernel("  %r = call i32 @llvm.fshl.i32(i32 %x, i32 %x, i32 29)\n") +
                     "declare i32 @llvm.fshl.i32(i32, i32, i32)\n",
                 64);
  for (std::uint32_t i = 0; i < 64; ++i)
    EXPECT_EQ(static_cast<std::uint32_t>(out[i]), (i << 29) | (i >> 3)) << i;
}

// abs() becomes llvm.abs (OpenCV), freeze appears after optimisation (clFFT).
TEST(Decoder, AbsAndFreeze) {
  auto out = run(kernel("  %n = sub i32 5, %x\n"
                        "  %f = freeze i32 %n\n"
                        "  %r = call i32 @llvm.abs.i32(i32 %f, i1 false)\n") +
                     "declare i32 @llvm.abs.i32(i32, i1)\n",
                 16);
  for (int i = 0; i < 16; ++i) EXPECT_EQ(out[i], std::abs(5 - i));
}

// Odd widths the optimiser makes of switches on i % 4: i2 arithmetic wraps at 2 bits, and a
// signed comparison reads its top bit as the sign.
TEST(Decoder, OddWidthIntegers) {
  auto out = run(kernel("  %t = trunc i32 %x to i2\n"
                        "  %u = add i2 %t, 1\n"
                        "  %neg = icmp slt i2 %u, 0\n"
                        "  %s = sext i2 %u to i32\n"
                        "  %z = zext i1 %neg to i32\n"
                        "  %m = mul i32 %z, 100\n"
                        "  %r = add i32 %s, %m\n"),
                 8);
  for (int i = 0; i < 8; ++i) {
    int u = (i + 1) & 3;
    int s = u >= 2 ? u - 4 : u;
    EXPECT_EQ(out[i], s + (s < 0 ? 100 : 0)) << i;
  }
}

// Saturating arithmetic, vector reductions and bit counting.
TEST(Decoder, SaturationReductionsAndBitCounts) {
  auto out = run(kernel("  %big = mul i32 %x, 1000000000\n"
                        "  %sat = call i32 @llvm.sadd.sat.i32(i32 %big, i32 2000000000)\n"
                        "  %v0 = insertelement <4 x i32> poison, i32 %x, i32 0\n"
                        "  %v = shufflevector <4 x i32> %v0, <4 x i32> poison, <4 x i32> zeroinitializer\n"
                        "  %w = add <4 x i32> %v, <i32 0, i32 1, i32 2, i32 3>\n"
                        "  %sum = call i32 @llvm.vector.reduce.add.v4i32(<4 x i32> %w)\n"
                        "  %pop = call i32 @llvm.ctpop.i32(i32 %x)\n"
                        "  %clz = call i32 @llvm.ctlz.i32(i32 %x, i1 false)\n"
                        "  %a = add i32 %sum, %pop\n"
                        "  %b = add i32 %a, %clz\n"
                        "  %c = icmp eq i32 %sat, 2147483647\n"
                        "  %d = zext i1 %c to i32\n"
                        "  %e = mul i32 %d, 100000\n"
                        "  %r = add i32 %b, %e\n") +
                     "declare i32 @llvm.sadd.sat.i32(i32, i32)\n"
                     "declare i32 @llvm.vector.reduce.add.v4i32(<4 x i32>)\n"
                     "declare i32 @llvm.ctpop.i32(i32)\n"
                     "declare i32 @llvm.ctlz.i32(i32, i1)\n",
                 8);
  for (int i = 0; i < 8; ++i) {
    long long big = static_cast<std::int32_t>(static_cast<std::uint32_t>(i) * 1000000000u);
    bool saturated = big + 2000000000LL > 2147483647LL;
    int clz = i == 0 ? 32 : __builtin_clz(static_cast<unsigned>(i));
    EXPECT_EQ(out[i], 4 * i + 6 + __builtin_popcount(i) + clz + (saturated ? 100000 : 0)) << i;
  }
}

// What the engine cannot run exactly is refused when the program is loaded, naming it.
TEST(Decoder, UnsupportedIntrinsicIsRefusedByName) {
  std::string error;
  auto exe = Executable::load(
      assemble(kernel("  %q = call ptr addrspace(1) @llvm.ptrmask.p1.i64(ptr addrspace(1) %out, i64 -16)\n"
                      "  %r = add i32 %x, 1\n") +
               "declare ptr addrspace(1) @llvm.ptrmask.p1.i64(ptr addrspace(1), i64)\n"),
      error);
  EXPECT_FALSE(exe);
  EXPECT_NE(error.find("llvm.ptrmask"), std::string::npos) << error;
}

TEST(Decoder, UnsupportedBuiltinIsRefusedByName) {
  std::string error;
  auto exe = Executable::load(assemble(kernel("  %r = call spir_func i32 @_Z11not_a_thingi(i32 %x)\n") +
                                       "declare spir_func i32 @_Z11not_a_thingi(i32)\n"),
                              error);
  EXPECT_FALSE(exe);
  EXPECT_NE(error.find("not_a_thing(int)"), std::string::npos) << error;
}

TEST(Decoder, WideIntegersAreRefused) {
  std::string error;
  auto exe = Executable::load(assemble(kernel("  %w = zext i32 %x to i128\n"
                                              "  %r = trunc i128 %w to i32\n")),
                              error);
  EXPECT_FALSE(exe);
  EXPECT_NE(error.find("i128"), std::string::npos) << error;
}
