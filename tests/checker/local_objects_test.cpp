// Findings on __local memory name the object like a buffer's: a __local variable by
// its name and kernel, a __local argument by its index and declared name, with the byte offset
// and element; driven through KernelChecker with the engine's out-of-bounds messages.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <string>
#include <vector>

#include "clvet/checker/kernel_checker.h"

namespace {

using clvet::checker::KernelChecker;
using clvet::checker::KernelChecks;
using clvet::checker::LaunchDescription;

constexpr std::uint64_t kArena = 0x7f0000010000;  // where the "engine" put its __local objects

std::vector<clvet::reports::Finding> out_of_bounds_at(std::uint64_t address, std::uint32_t line) {
  LaunchDescription d;
  d.kernel = "blur";
  d.args.resize(2);
  d.args[0].kind = clvet::interp::LaunchArg::Kind::Null;
  d.args[0].name = "out";
  d.args[1].kind = clvet::interp::LaunchArg::Kind::Local;
  d.args[1].size = 32;
  d.args[1].name = "scratch";
  KernelChecks checks;
  KernelChecker checker(d, checks);
  auto worker = checker.for_worker();
  // The layout of a red-zoned arena: the variable, 16 bytes, the argument.
  const clvet::interp::LocalObject objects[2] = {
      {.base = kArena, .size = 64, .variable = "tile", .function = "blur"},
      {.base = kArena + 80, .size = 32, .arg = 1}};
  clvet::interp::GroupPosition p;
  p.lanes = 1;
  p.locals = objects;
  p.local_count = 2;
  worker->group_begin(p);
  clvet::interp::SourceSite site;
  site.line = line;
  clvet::interp::EngineProblem problem;
  problem.event = clvet::interp::EngineEvent::OutsideObjects;
  problem.message = fmt::format("load of 4 bytes at 0x{:x} outside every memory object the "
                                "kernel can reach (address space 3)", address);
  problem.site = site;
  problem.address = address;
  problem.size = 4;
  worker->engine_problem(problem);
  worker->group_end();
  worker.reset();
  checker.launch_end();
  return checker.take_findings();
}

TEST(LocalObjects, VariablePastItsEndIsNamedWithOffsetAndElement) {
  auto findings = out_of_bounds_at(kArena + 64, 7);
  ASSERT_EQ(findings.size(), 1u);
  ASSERT_TRUE(findings[0].kernel);
  EXPECT_EQ(findings[0].kernel->object, "__local 'tile' in kernel 'blur'");
  EXPECT_EQ(findings[0].kernel->offset, 64);
  EXPECT_EQ(findings[0].kernel->element, 16);
  EXPECT_NE(findings[0].detail.find("past the end of __local 'tile'"), std::string::npos)
      << findings[0].detail;
}

TEST(LocalObjects, ArgumentIsNamedByIndexAndDeclaredName) {
  auto findings = out_of_bounds_at(kArena + 80 + 32, 9);
  ASSERT_EQ(findings.size(), 1u);
  ASSERT_TRUE(findings[0].kernel);
  EXPECT_EQ(findings[0].kernel->object, "argument 1 'scratch' (__local)");
  EXPECT_EQ(findings[0].kernel->offset, 32);
  EXPECT_EQ(findings[0].kernel->element, 8);
}

TEST(LocalObjects, FarFromEveryObjectNamesNone) {
  auto findings = out_of_bounds_at(kArena + 4096, 11);
  ASSERT_EQ(findings.size(), 1u);
  ASSERT_TRUE(findings[0].kernel);
  EXPECT_TRUE(findings[0].kernel->object.empty()) << findings[0].kernel->object;
}

}  // namespace
