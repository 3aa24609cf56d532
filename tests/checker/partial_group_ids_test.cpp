// Findings in a non-uniform work-group (OpenCL 3.0 API §5.10) name the work-item by the group's
// own shape: a lane is a linear local id over the smaller last group's sizes, not the enqueued
// ones. Driven through KernelChecker with the engine's barrier report.
#include <gtest/gtest.h>

#include <cstdint>

#include "clvet/checker/kernel_checker.h"

namespace {

using clvet::checker::KernelChecker;
using clvet::checker::KernelChecks;
using clvet::checker::LaunchDescription;

// A barrier reached by lane `lane` alone of work-group `group` of a 6 x 6 NDRange in groups of
// 4 x 4 (offset (10, 20)): the divergence finding's work-item.
clvet::reports::WorkItemIds divergent_item(std::uint64_t gx, std::uint64_t gy, std::uint32_t lane,
                                           std::uint32_t lanes) {
  LaunchDescription d;
  d.kernel = "k";
  d.global_size[0] = d.global_size[1] = 6;
  d.local_size[0] = d.local_size[1] = 4;
  d.global_offset[0] = 10;
  d.global_offset[1] = 20;
  KernelChecks checks;
  KernelChecker checker(d, checks);
  auto worker = checker.for_worker();
  clvet::interp::GroupPosition p;
  p.group[0] = gx;
  p.group[1] = gy;
  p.local_size[0] = p.local_size[1] = 4;
  p.lanes = lanes;
  worker->group_begin(p);
  clvet::interp::SourceSite site;
  site.line = 3;
  worker->barrier(1, true, &lane, 1, lanes, site);
  worker->group_end();
  worker.reset();
  checker.launch_end();
  auto findings = checker.take_findings();
  EXPECT_EQ(findings.size(), 1u);
  if (findings.empty() || !findings[0].kernel || !findings[0].kernel->at.work_item) return {};
  return *findings[0].kernel->at.work_item;
}

TEST(PartialGroups, CornerGroupLaneIsCountedInItsOwnShape) {
  // Group (1, 1) is 2 x 2: lane 3 is local (1, 1), global (4 + 1, 4 + 1) plus the offset.
  const clvet::reports::WorkItemIds w = divergent_item(1, 1, 3, 4);
  EXPECT_EQ(w.local[0], 1u);
  EXPECT_EQ(w.local[1], 1u);
  EXPECT_EQ(w.group[0], 1u);
  EXPECT_EQ(w.group[1], 1u);
  EXPECT_EQ(w.global[0], 15u);
  EXPECT_EQ(w.global[1], 25u);
}

TEST(PartialGroups, WholeGroupLaneKeepsTheEnqueuedShape) {
  // Group (0, 0) is 4 x 4: lane 6 is local (2, 1).
  const clvet::reports::WorkItemIds w = divergent_item(0, 0, 6, 16);
  EXPECT_EQ(w.local[0], 2u);
  EXPECT_EQ(w.local[1], 1u);
  EXPECT_EQ(w.global[0], 12u);
  EXPECT_EQ(w.global[1], 21u);
}

}  // namespace
