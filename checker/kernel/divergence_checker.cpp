// The divergence checker (see divergence_checker.h).
#include "divergence_checker.h"

#include <fmt/format.h>

#include <algorithm>
#include <string>

namespace clvet::checker {

void DivergenceChecker::barrier(bool uniform, const std::uint32_t* lanes, std::uint32_t count,
                                std::uint32_t total, const interp::SourceSite& site) {
  if (count < total)
    findings_.report(reports::KernelKind::BarrierDivergence, site, group_, lanes[0], [&] {
      return fmt::format("barrier reached by {} of the work-group's {} work-items (all or none "
                         "must reach it)", count, total);
    }, nullptr, 0, 0);
  else if (!uniform)
    // One barrier of §6.12.8 orders one set of address spaces for the whole group: work-items
    // passing different flags are not waiting at the same barrier.
    findings_.report(reports::KernelKind::BarrierDivergence, site, group_, lanes[0], [&] {
      return "barrier reached by the work-group's work-items with different fence flags (every "
             "work-item must execute the same barrier, OpenCL 1.2 §6.12.8)";
    }, nullptr, 0, 0);
}

void DivergenceChecker::async_step(bool wait, const std::uint32_t* lanes, std::uint32_t count,
                                   std::uint32_t total, bool uniform,
                                   const std::uint64_t* events, std::uint32_t event_count,
                                   const interp::SourceSite& site) {
  const char* what = wait ? "wait_group_events" : "async copy";
  if (count < total)
    findings_.report(reports::KernelKind::BarrierDivergence, site, group_, lanes[0], [&] {
      return fmt::format("{} reached by {} of the work-group's {} work-items", what, count, total);
    }, nullptr, 0, 0);
  else if (!uniform)
    findings_.report(reports::KernelKind::BarrierDivergence, site, group_, lanes[0], [&] {
      return fmt::format("{} reached by the work-group with different arguments", what);
    }, nullptr, 0, 0);
  if (!wait) {
    for (std::uint32_t i = 0; i < event_count; ++i) pending_.push_back({events[i], site, lanes[0]});
    return;
  }
  for (std::uint32_t i = 0; i < event_count; ++i) {
    const std::uint64_t event = events[i];
    if (std::erase_if(pending_, [&](const Pending& p) { return p.event == event; })) {
      waited_.push_back(event);
      continue;
    }
    const bool again = std::find(waited_.begin(), waited_.end(), event) != waited_.end();
    findings_.report(reports::KernelKind::UndefinedBehaviour, site, group_, lanes[0], [&] {
      return again ? std::string("wait_group_events for an event already waited for: the wait "
                                 "released it (OpenCL 1.2 §6.12.10)")
                   : std::string("wait_group_events for an event that no async copy of the "
                                 "work-group returned (the events identify async copies, OpenCL "
                                 "1.2 §6.12.10)");
    }, nullptr, 0, 0);
  }
}

void DivergenceChecker::group_function(std::string_view function, const std::uint32_t* lanes,
                                       std::uint32_t count, std::uint32_t total, bool uniform,
                                       bool in_range, const interp::SourceSite& site) {
  if (count < total)
    findings_.report(reports::KernelKind::BarrierDivergence, site, group_, lanes[0], [&] {
      return fmt::format("{} reached by {} of the work-group's {} work-items (a work-group "
                         "function must be encountered by all work-items of the group, OpenCL "
                         "C 2.0 §6.13.15)", function, count, total);
    }, nullptr, 0, 0);
  if (!uniform)
    findings_.report(reports::KernelKind::BarrierDivergence, site, group_, lanes[0], [&] {
      return fmt::format("{} reached by the work-group's work-items with different local ids "
                         "(the local id must be the same for all work-items of the group, "
                         "OpenCL C 2.0 §6.13.15)", function);
    }, nullptr, 0, 0);
  else if (!in_range)
    findings_.report(reports::KernelKind::UndefinedBehaviour, site, group_, lanes[0], [&] {
      return fmt::format("{}'s local id names no work-item of the work-group (it must be a "
                         "valid local id, OpenCL C 2.0 §6.13.15); the result is 0", function);
    }, nullptr, 0, 0);
}

namespace {

// The non-uniform sub-group functions of the cl_khr_subgroup_* extensions "need not be
// encountered by all work items in a sub-group" (the engine says the active work-items were all
// it needed), but have arguments the active work-items must agree on, or the behaviour is
// undefined: what the finding says of each. Empty for the cl_khr_subgroups functions.
std::string_view non_uniform_rule(std::string_view function) {
  if (function == "sub_group_non_uniform_broadcast")
    return "reached by the active work-items of a sub-group with an index that differs between "
           "them (it must be the same for all active work-items, cl_khr_subgroup_ballot)";
  if (function == "sub_group_inverse_ballot")
    return "reached by the active work-items of a sub-group with ballot values that differ "
           "between them (it must be the same for all active work-items, cl_khr_subgroup_ballot)";
  if (function == "sub_group_rotate")
    return "reached by the active work-items of a sub-group with a delta that differs between "
           "them (it must be the same for all active work-items, cl_khr_subgroup_rotate)";
  if (function == "sub_group_clustered_rotate")
    return "reached by the active work-items of a sub-group with a delta or a cluster size that "
           "differs between them, or a cluster size that is not a power of two no greater than "
           "the maximum sub-group size (cl_khr_subgroup_rotate)";
  if (function.starts_with("sub_group_clustered_reduce_"))
    return "with a cluster size that is not a power of two no greater than the maximum sub-group "
           "size (cl_khr_subgroup_clustered_reduce)";
  return {};
}

}  // namespace

void DivergenceChecker::sub_group_function(std::string_view function, const std::uint32_t* lanes,
                                           std::uint32_t count, std::uint32_t size, bool uniform,
                                           const interp::SourceSite& site) {
  // 3.0 §6.15.19: these functions "must be encountered by all work-items in a sub-group
  // executing the kernel"; broadcast's sub_group_local_id "must be the same value for all
  // work-items in the sub-group" and name one of them.
  if (count < size)
    findings_.report(reports::KernelKind::BarrierDivergence, site, group_, lanes[0], [&] {
      return fmt::format("{} reached by {} of the sub-group's {} work-items (all or none must "
                         "reach it, OpenCL C 3.0 §6.15.19)", function, count, size);
    }, nullptr, 0, 0);
  else if (const std::string_view rule = non_uniform_rule(function); !uniform && !rule.empty())
    findings_.report(reports::KernelKind::UndefinedBehaviour, site, group_, lanes[0], [&] {
      return fmt::format("{} {}", function, rule);
    }, nullptr, 0, 0);
  else if (!uniform)
    findings_.report(reports::KernelKind::BarrierDivergence, site, group_, lanes[0], [&] {
      return fmt::format("{} reached by the sub-group's work-items with a sub-group local id "
                         "that differs between them or names no work-item of the sub-group "
                         "(OpenCL C 3.0 §6.15.19)", function);
    }, nullptr, 0, 0);
}

void DivergenceChecker::group_end() {
  for (const Pending& p : pending_)
    findings_.report(reports::KernelKind::UnwaitedAsyncCopy, p.site, group_, p.lane, [] {
      return "the work-items finished with this async copy never waited for (wait_group_events)";
    }, nullptr, 0, 0);
  pending_.clear();
}

}  // namespace clvet::checker
