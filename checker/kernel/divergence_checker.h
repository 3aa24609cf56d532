// The divergence checker: barriers, async copies, waits and work-group collective functions
// reached by part of a work-group or with different arguments (OpenCL 1.2 §6.12.8, §6.12.10,
// OpenCL C 2.0 §6.13.15), async copies never waited for, and
// waits for events that no async copy of the group returned; one per worker.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "clvet/interp/observer.h"
#include "worker_findings.h"

namespace clvet::checker {

class DivergenceChecker {
 public:
  explicit DivergenceChecker(WorkerFindings& findings) : findings_(findings) {}

  void group_begin(std::uint64_t group) {
    group_ = group;
    pending_.clear();
    waited_.clear();
  }
  void barrier(bool uniform, const std::uint32_t* lanes, std::uint32_t count, std::uint32_t total,
               const interp::SourceSite& site);
  void async_step(bool wait, const std::uint32_t* lanes, std::uint32_t count,
                  std::uint32_t total, bool uniform, const std::uint64_t* events,
                  std::uint32_t event_count, const interp::SourceSite& site);
  void group_function(std::string_view function, const std::uint32_t* lanes, std::uint32_t count,
                      std::uint32_t total, bool uniform, bool in_range,
                      const interp::SourceSite& site);
  // A sub-group function reached by `count` of its sub-group's `size` work-items.
  void sub_group_function(std::string_view function, const std::uint32_t* lanes,
                          std::uint32_t count, std::uint32_t size, bool uniform,
                          const interp::SourceSite& site);
  void group_end();

 private:
  struct Pending {
    std::uint64_t event;
    interp::SourceSite site;
    std::uint32_t lane;
  };
  WorkerFindings& findings_;
  std::uint64_t group_ = 0;
  std::vector<Pending> pending_;  // async copies of this group not yet waited for
  std::vector<std::uint64_t> waited_;  // events of this group's copies already waited for
};

}  // namespace clvet::checker
