// link_bitcode: objects and libraries into executables and libraries (§5.6.3 clLinkProgram,
// §5.6.5 linker options), the undefined-function check, and the optimisation that keeps every
// memory access of the source.
#include <llvm/IR/CFG.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>

#include <algorithm>
#include <set>
#include <utility>
#include <vector>

#include "frontend_test_support.h"

using namespace clvet::interp;
using namespace clvet::interp::testing;

namespace {

Bytes compiled(const std::string& source, const std::string& options = "") {
  FrontEndResult r = compile(source, options);
  EXPECT_TRUE(r.ok()) << r.log;
  return r.bitcode;
}

const char* kCaller =
    "int helper(int x);\n__kernel void k(__global int* p) { *p = helper(*p); }\n";
const char* kHelper = "int helper(int x) { return x * 3; }\n";

TEST(Link, TwoObjectsGiveAnExecutable) {
  FrontEndResult r = link_bitcode({compiled(kCaller), compiled(kHelper)}, "");
  ASSERT_TRUE(r.ok()) << r.log;
  std::vector<KernelInfo> kernels = kernels_of(r.bitcode);
  ASSERT_EQ(kernels.size(), 1u);
  EXPECT_EQ(kernels[0].name, "k");
}

TEST(Link, UndefinedFunctionFailsNamingIt) {
  FrontEndResult r = link_bitcode({compiled(kCaller)}, "");
  EXPECT_EQ(r.status, FrontEndStatus::Failed);
  EXPECT_NE(r.log.find("'helper'"), std::string::npos) << r.log;
}

TEST(Link, BuiltInsStayDeclarations) {
  Bytes bitcode = build(
      "__kernel void k(__global float* p) { p[get_global_id(0)] = sin(p[0]) + native_exp(p[1]);"
      " printf(\"%f\\n\", p[2]); barrier(CLK_GLOBAL_MEM_FENCE); }\n");
  ASSERT_FALSE(bitcode.empty());
}

TEST(Link, DuplicateDefinitionFails) {
  FrontEndResult r = link_bitcode({compiled(kHelper), compiled(kHelper)}, "");
  EXPECT_EQ(r.status, FrontEndStatus::Failed);
  EXPECT_NE(r.log.find("helper"), std::string::npos) << r.log;
}

// §5.6.5.1: -create-library gives a library, linked later into an executable; undefined
// functions are allowed in a library.
TEST(Link, LibraryThenExecutable_5_6_5_1) {
  FrontEndResult library = link_bitcode({compiled(kHelper)}, "-create-library");
  ASSERT_TRUE(library.ok()) << library.log;
  FrontEndResult open = link_bitcode({compiled(kCaller)}, "-create-library -enable-link-options");
  ASSERT_TRUE(open.ok()) << open.log;
  FrontEndResult exe = link_bitcode({open.bitcode, library.bitcode}, "-cl-fast-relaxed-math");
  ASSERT_TRUE(exe.ok()) << exe.log;
  EXPECT_EQ(kernels_of(exe.bitcode).size(), 1u);
}

TEST(Link, InvalidLinkOptions_5_6_5) {
  EXPECT_EQ(link_bitcode({compiled(kHelper)}, "-enable-link-options").status,
            FrontEndStatus::InvalidOptions);
  FrontEndResult r = link_bitcode({compiled(kHelper)}, "-create-library -DX=1");
  EXPECT_EQ(r.status, FrontEndStatus::InvalidOptions);
  EXPECT_NE(r.log.find("-DX=1"), std::string::npos);
  EXPECT_EQ(link_bitcode({Bytes{1, 2, 3}}, "").status, FrontEndStatus::InvalidInput);
}

// OpenCL C 1.2 §6.9 i: "Recursion is not supported." A cycle of calls fails the link of an
// executable with a compiler error at the call that closes it, at both -O levels; the same
// function called twice, or from two callers, is no recursion.
TEST(Link, RecursionFailsAtTheCall_6_9) {
  const std::string direct =
      "int fact(int n) {\n"
      "  return n <= 1 ? 1 : n * fact(n - 1);\n"
      "}\n"
      "__kernel void k(__global int* p) { *p = fact(*p); }\n";
  for (const char* options : {"", "-cl-opt-disable"}) {
    FrontEndResult r = link_bitcode({compiled(direct, options)}, "");
    EXPECT_EQ(r.status, FrontEndStatus::Failed) << options;
    EXPECT_NE(r.log.find(":2:27: error: 'fact' calls itself: recursion is not supported "
                         "(OpenCL C 1.2 §6.9 i)"), std::string::npos) << options << r.log;
  }
  // Through another function, and across two objects linked together (clLinkProgram).
  const std::string even =
      "int odd(int n);\n"
      "int even(int n) { return n == 0 ? 1 : odd(n - 1); }\n"
      "__kernel void k(__global int* p) { *p = even(*p); }\n";
  const std::string odd = "int even(int n);\nint odd(int n) { return n == 0 ? 0 : even(n - 1); }\n";
  FrontEndResult mutual = link_bitcode({compiled(even), compiled(odd)}, "");
  EXPECT_EQ(mutual.status, FrontEndStatus::Failed);
  EXPECT_NE(mutual.log.find("'even' calls 'odd', which calls 'even' again"), std::string::npos)
      << mutual.log;
  EXPECT_NE(mutual.log.find("'odd' calls 'even', which calls 'odd' again"), std::string::npos)
      << mutual.log;
  // A library may hold half of a cycle: only an executable is judged.
  EXPECT_TRUE(link_bitcode({compiled(even)}, "-create-library").ok());
  const std::string shared =
      "int sq(int n) { return n * n; }\n"
      "int quad(int n) { return sq(sq(n)); }\n"
      "__kernel void k(__global int* p) { *p = quad(*p) + sq(p[1]); }\n";
  for (const char* options : {"", "-cl-opt-disable"}) {
    FrontEndResult r = link_bitcode({compiled(shared, options)}, "");
    EXPECT_TRUE(r.ok()) << options << r.log;
  }
}

struct Accesses {
  unsigned loads = 0, stores = 0, volatile_ = 0, allocas = 0;
};
Accesses count(const Bytes& bitcode) {
  llvm::LLVMContext context;
  auto module = read(bitcode, context);
  Accesses a;
  for (llvm::Function& f : *module)
    for (llvm::BasicBlock& b : f)
      for (llvm::Instruction& i : b) {
        if (auto* l = llvm::dyn_cast<llvm::LoadInst>(&i)) a.loads++, a.volatile_ += l->isVolatile();
        if (auto* s = llvm::dyn_cast<llvm::StoreInst>(&i)) a.stores++, a.volatile_ += s->isVolatile();
        if (llvm::isa<llvm::AllocaInst>(&i)) a.allocas++;
      }
  return a;
}

// Two stores to one place and a load of a just-stored value: an optimiser would merge them,
// but the checkers must see each access the source makes.
TEST(Link, EveryMemoryAccessOfTheSourceIsKept) {
  const char* source =
      "__kernel void k(__global int* p) { int i = get_global_id(0); p[i] = 1; p[i] = 2;"
      " int v = p[i]; p[i + 1] = v; }\n";
  Accesses optimised = count(build(source));
  EXPECT_EQ(optimised.stores, 3u);
  EXPECT_EQ(optimised.loads, 1u);
  EXPECT_EQ(optimised.volatile_, 4u);
  EXPECT_EQ(optimised.allocas, 0u);  // private scalars are registers after mem2reg
  Accesses plain = count(build(source, "-cl-opt-disable"));
  EXPECT_EQ(plain.stores, 3u);
  EXPECT_EQ(plain.allocas, 0u);
}

// A store of some components of a vector reads nothing and writes only those components: the
// link splits Clang's load, insert and store of the whole vector into stores of the components
// (each in a store of its own); `out[i].y += 1` reads .y and stays as it is; a private
// vector stays a register.
TEST(Link, ComponentStoresWriteTheirComponentsOnly) {
  const char* source =
      "__kernel void k(__global int4* out, __global float3* f) {\n"
      "  size_t i = get_global_id(0);\n"
      "  out[i].x = 42;\n"
      "  out[i].zy = (int2)((int)i, 3);\n"
      "  f[i].z = 1.0f;\n"
      "  int4 v = (int4)(0); v.w = (int)i; out[i + 1] = v;\n"
      "}\n";
  for (const char* options : {"", "-cl-opt-disable"}) {
    llvm::LLVMContext context;
    auto module = read(build(source, options), context);
    unsigned loads = 0;
    std::vector<unsigned> store_bytes;
    for (llvm::Function& fn : *module)
      for (llvm::BasicBlock& b : fn)
        for (llvm::Instruction& i : b) {
          if (auto* l = llvm::dyn_cast<llvm::LoadInst>(&i))
            loads += l->getPointerAddressSpace() == 1;
          if (auto* st = llvm::dyn_cast<llvm::StoreInst>(&i))
            if (st->getPointerAddressSpace() == 1)
              store_bytes.push_back(static_cast<unsigned>(
                  module->getDataLayout().getTypeStoreSize(st->getValueOperand()->getType())));
        }
    EXPECT_EQ(loads, 0u) << options;
    std::sort(store_bytes.begin(), store_bytes.end());
    // .x, .z and .y (each its own store, at its own alignment), .z of the float3, and the
    // whole int4.
    EXPECT_EQ(store_bytes, (std::vector<unsigned>{4, 4, 4, 4, 16})) << options;
  }
  const char* update = "__kernel void k(__global int4* out) { out[get_global_id(0)].y += 1; }\n";
  Accesses a = count(build(update));
  EXPECT_EQ(a.loads, 1u);
  EXPECT_EQ(a.stores, 1u);
}

// Calls of the function named `base` (a built-in by its name before mangling) in kernel `k`.
unsigned calls_of(const Bytes& bitcode, const std::string& base) {
  llvm::LLVMContext context;
  auto module = read(bitcode, context);
  unsigned n = 0;
  if (llvm::Function* f = module->getFunction("k"))
    for (llvm::BasicBlock& b : *f)
      for (llvm::Instruction& i : b)
        if (auto* call = llvm::dyn_cast<llvm::CallInst>(&i))
          if (const llvm::Function* callee = call->getCalledFunction()) {
            std::string name = callee->getName().str();
            if (name == base || name.starts_with("_Z" + std::to_string(base.size()) + base)) ++n;
          }
  return n;
}

// §6.12.8: two barrier calls, each reached by half the group, are barrier divergence; the
// optimiser would hoist the identical calls out of the branch into one (convergent allows
// it), hiding it. The -O2 link keeps them two, as -cl-opt-disable does.
TEST(Link, BarriersOnTwoSidesOfABranchStayTwoCalls_6_12_8) {
  const char* source =
      "__kernel void k(__global int* p) { size_t i = get_local_id(0);\n"
      "  if (i % 2 == 0) { barrier(CLK_LOCAL_MEM_FENCE); } else { barrier(CLK_LOCAL_MEM_FENCE); }\n"
      "  p[i] = 1; }\n";
  EXPECT_EQ(calls_of(build(source), "barrier"), 2u);
  EXPECT_EQ(calls_of(build(source, "-cl-opt-disable"), "barrier"), 2u);
}

// §6.12.10: the same for async copies (each must be reached by the whole group), and for a
// helper function that synchronises.
TEST(Link, AsyncCopiesAndSynchronisingHelpersStayApart_6_12_10) {
  const char* copies =
      "__kernel void k(__global const int* in, __global int* out) {\n"
      "  __local int tile[32]; size_t i = get_local_id(0); event_t e;\n"
      "  if (i % 2 == 0) { e = async_work_group_copy(tile, in, 32, 0); }\n"
      "  else { e = async_work_group_copy(tile, in, 32, 0); }\n"
      "  wait_group_events(1, &e); out[i] = tile[i]; }\n";
  EXPECT_EQ(calls_of(build(copies), "async_work_group_copy"), 2u);
  const char* helper =
      "void sync(void) { barrier(CLK_GLOBAL_MEM_FENCE); }\n"
      "__kernel void k(__global int* p) { size_t i = get_local_id(0);\n"
      "  if (i % 2 == 0) { sync(); } else { sync(); }\n"
      "  p[i] = 1; }\n";
  // Two calls of the helper, or, inlined, two barrier calls.
  const Bytes linked = build(helper);
  const unsigned helpers = calls_of(linked, "sync");
  EXPECT_TRUE(helpers == 2 || (helpers == 0 && calls_of(linked, "barrier") == 2)) << helpers;
}

// Calls of `base` in kernel `k` that lie in a loop (a block that reaches itself), and in all.
std::pair<unsigned, unsigned> calls_in_loops(const Bytes& bitcode, const std::string& base) {
  llvm::LLVMContext context;
  auto module = read(bitcode, context);
  unsigned in_loops = 0, all = 0;
  llvm::Function* f = module->getFunction("k");
  if (!f) return {0, 0};
  auto reaches_itself = [](llvm::BasicBlock* start) {
    std::vector<llvm::BasicBlock*> stack(llvm::succ_begin(start), llvm::succ_end(start));
    std::set<llvm::BasicBlock*> seen;
    while (!stack.empty()) {
      llvm::BasicBlock* b = stack.back();
      stack.pop_back();
      if (b == start) return true;
      if (!seen.insert(b).second) continue;
      stack.insert(stack.end(), llvm::succ_begin(b), llvm::succ_end(b));
    }
    return false;
  };
  for (llvm::BasicBlock& b : *f)
    for (llvm::Instruction& i : b)
      if (auto* call = llvm::dyn_cast<llvm::CallInst>(&i))
        if (const llvm::Function* callee = call->getCalledFunction())
          if (callee->getName().startswith("_Z" + std::to_string(base.size()) + base)) {
            ++all;
            if (reaches_itself(&b)) ++in_loops;
          }
  return {in_loops, all};
}

// A work-item or image query reads the work-item's place or the image's shape and talks to no
// other work-item (§6.12.1, §6.12.14.5): the -O2 link moves it out of a loop that calls it on
// every trip (test_allocations' loop over get_image_height called it 12 billion times), where
// Clang's `convergent` on every OpenCL call had kept it in; a barrier stays where it was.
TEST(Link, QueriesLeaveLoopsThatCallThemOnEveryTrip_6_12_1) {
  const char* source =
      "__kernel void k(write_only image2d_t img, __global uint* out, uint stride) {\n"
      "  uint n = 0;\n"
      "  for (int y = 0; y < get_image_height(img); y++)\n"
      "    if (y % stride == get_global_id(0)) {\n"
      "      for (int x = 0; x < get_image_width(img); x++) write_imageui(img, (int2)(x, y), n++);\n"
      "      barrier(CLK_GLOBAL_MEM_FENCE);\n"
      "    }\n"
      "  out[get_global_id(0)] = n; }\n";
  const Bytes optimised = build(source);
  for (const char* query : {"get_image_height", "get_global_id", "get_image_width"}) {
    const auto [in_loops, all] = calls_in_loops(optimised, query);
    EXPECT_GE(all, 1u) << query;
    // get_image_width leaves the inner loop for the outer one's `if`, which it ran in already.
    if (std::string(query) != "get_image_width") {
      EXPECT_EQ(in_loops, 0u) << query;
    }
  }
  EXPECT_EQ(calls_in_loops(optimised, "write_imageui").first, 1u);
  EXPECT_EQ(calls_in_loops(optimised, "barrier").first, 1u);
  const Bytes as_written = build(source, "-cl-opt-disable");
  EXPECT_GE(calls_in_loops(as_written, "get_image_height").first, 1u);
}

TEST(Link, OptionsAreRecordedInTheModule) {
  FrontEndResult r = link_bitcode({compiled(kCaller, "-DX=1"), compiled(kHelper)},
                                  "-cl-finite-math-only");
  ASSERT_TRUE(r.ok());
  llvm::LLVMContext context;
  auto module = read(r.bitcode, context);
  ASSERT_TRUE(module->getNamedMetadata("clvet.link_options"));
  ASSERT_TRUE(module->getNamedMetadata("clvet.compile_options"));
}

}  // namespace
