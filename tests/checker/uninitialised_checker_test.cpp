// The uninitialised-value checker configures the engine's taint shadow and judges what it
// reports: switched off (CLVET_CHECK without "uninit"), the engine keeps no shadow at all; on,
// what OpenCL C leaves without a value is tainted (private variables, §6.8; __local memory,
// §6.5.2; a buffer's bytes nothing wrote) and a use that decides, addresses or reaches global
// memory is a finding.
#include <gtest/gtest.h>

#include <vector>

#include "clvet/checker/kernel_checker.h"

namespace {

using clvet::checker::KernelChecker;
using clvet::checker::KernelChecks;
using clvet::interp::EngineEvent;
using clvet::interp::EngineProblem;
using clvet::interp::TaintSink;

// A launch whose engine reported one use of tainted bytes at line 12.
std::vector<clvet::reports::Finding> findings_of_use(KernelChecker& checker, TaintSink sink) {
  auto worker = checker.for_worker();
  clvet::interp::GroupPosition p;
  p.lanes = 1;
  worker->group_begin(p);
  EngineProblem use;
  use.event = EngineEvent::TaintedUse;
  use.sink = sink;
  use.size = 4;
  use.tainted = 4;
  use.site.line = 12;
  worker->engine_problem(use);
  worker->group_end();
  worker.reset();
  checker.launch_end();
  return checker.take_findings();
}

TEST(UninitialisedChecker, OffLeavesTheEngineWithoutAShadow) {
  for (const char* list : {"races,bounds,divergence,budget", "none", "races"}) {
    KernelChecker checker({}, KernelChecks::parse(list));
    EXPECT_FALSE(checker.taint().on()) << list;
    EXPECT_FALSE(checker.taint().sources.any()) << list;
    EXPECT_FALSE(checker.taint().sinks.any()) << list;
  }
}

TEST(UninitialisedChecker, OnTaintsWhatHasNoValueAndSinksItsUses) {
  for (const char* list : {"uninit", "all", ""}) {
    KernelChecker checker({}, KernelChecks::parse(list));
    const clvet::interp::TaintConfig c = checker.taint();
    EXPECT_TRUE(c.on()) << list;
    EXPECT_TRUE(c.sources.private_memory && c.sources.local_memory && c.sources.buffer_marks);
    EXPECT_TRUE(c.sinks.conditions && c.sinks.addresses && c.sinks.global_stores);
    // Passing a value to a built-in uses nothing yet: its result carries the taint on.
    EXPECT_FALSE(c.sinks.builtin_values);
  }
}

TEST(UninitialisedChecker, ATaintedUseIsAFindingOnlyWhenTheCheckerIsOn) {
  KernelChecker off({}, KernelChecks::parse("races,bounds,divergence"));
  EXPECT_TRUE(findings_of_use(off, TaintSink::GlobalStore).empty());
  KernelChecker on({}, KernelChecks::parse("uninit"));
  auto findings = findings_of_use(on, TaintSink::GlobalStore);
  ASSERT_EQ(findings.size(), 1u);
  ASSERT_TRUE(findings[0].kernel);
  EXPECT_EQ(findings[0].kernel->kind, clvet::reports::KernelKind::Uninitialised);
  EXPECT_EQ(findings[0].kernel->at.line, 12u);
}

}  // namespace
