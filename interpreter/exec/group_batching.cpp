// Which launches may run several small work-groups as one (exec/group_batching.h).
#include "exec/group_batching.h"

#include <algorithm>
#include <string_view>

namespace clvet::interp {
namespace {

// Built-ins whose answer depends on the work-group, its size or its other work-items
// (work_item.cpp's local and group queries, async_copy.cpp, sub_group*.cpp,
// work_group_collectives.cpp, atomics.cpp, printf.cpp), by the start of their names.
constexpr std::string_view kGroupAware[] = {
    "get_local_",      "get_group_id",   "get_num_groups",        "get_enqueued_",
    "get_sub_group",   "get_max_sub_group", "get_num_sub_groups", "sub_group",
    "intel_sub_group", "work_group",     "async_work_group",      "wait_group_events",
    "prefetch",        "printf",         "atom",                  "enqueue",
    "get_kernel",      "ndrange",        "read_pipe",             "write_pipe",
    "reserve_",        "commit_",        "is_valid_reserve_id",   "__spirv",
};

// What a group of one work-item cannot share lanes with other groups for: built-ins whose
// lanes are one group's (collectives, sub-groups, the lane-combining atomics), printf's output
// kept per group, and what the engine does not run per lane.
constexpr std::string_view kLaneShared[] = {
    "get_sub_group",   "get_max_sub_group", "get_num_sub_groups", "get_enqueued_num_sub_groups",
    "sub_group",       "intel_sub_group",   "work_group",         "printf",
    "atom",            "enqueue",           "get_kernel",         "ndrange",
    "read_pipe",       "write_pipe",        "reserve_",           "commit_",
    "is_valid_reserve_id", "__spirv",
};

template <std::size_t N>
bool starts_with_one_of(std::string_view name, const std::string_view (&prefixes)[N]) {
  for (std::string_view prefix : prefixes)
    if (name.substr(0, prefix.size()) == prefix) return true;
  return false;
}

bool group_aware(std::string_view name) { return starts_with_one_of(name, kGroupAware); }

// Nobody watches the launch: no checker, no taint shadow, no index checks, no red zones, no
// instruction budget (counted per group).
bool unwatched(const LaunchRequest& request) {
  return request.observer == nullptr && !request.taint.on() && !request.index_checks &&
         !request.separate_objects && request.budget_instructions == 0 &&
         request.budget_seconds <= 0;
}

// Fewer work-items than this in a group: batched. Larger groups already fill the lanes.
constexpr std::uint64_t kSmallGroup = 32;
// The lanes a batch of small groups is made up to.
constexpr std::uint64_t kBatchLanes = 128;

}  // namespace

bool cannot_tell_groups(const ir::Module& module) {
  if (module.local_globals_size != 0) return false;
  for (const ir::BuiltinSite& site : module.builtins)
    if (group_aware(site.name)) return false;
  for (const ir::Function& fn : module.functions)
    for (const ir::Instr& in : fn.code)
      if (in.op == ir::Op::Barrier || in.op == ir::Op::AtomicRMW || in.op == ir::Op::CmpXchg)
        return false;
  return true;
}

std::uint64_t batched_local_size(const LaunchRequest& request, bool group_blind) {
  if (!group_blind || !unwatched(request)) return 0;
  for (const LaunchArg& a : request.args)
    if (a.kind == LaunchArg::Kind::Local) return 0;
  const std::uint64_t dims = std::clamp<std::uint32_t>(request.work_dim, 1, 3);
  std::uint64_t items = 1;
  for (std::uint64_t d = 0; d < dims; ++d) items *= std::max<std::uint64_t>(1, request.local_size[d]);
  if (items >= kSmallGroup) return 0;
  const std::uint64_t x = std::max<std::uint64_t>(1, request.local_size[0]);
  // Whole groups of dimension 0 only, and no more of them than the NDRange has.
  const std::uint64_t groups_x = (request.global_size[0] + x - 1) / x;
  const std::uint64_t factor = std::min(kBatchLanes / items, groups_x);
  return factor > 1 ? x * factor : 0;
}

bool single_items_may_share_lanes(const ir::Module& module) {
  for (const ir::BuiltinSite& site : module.builtins)
    if (starts_with_one_of(site.name, kLaneShared)) return false;
  for (const ir::Function& fn : module.functions)
    for (const ir::Instr& in : fn.code)
      if (in.op == ir::Op::AtomicRMW || in.op == ir::Op::CmpXchg) return false;
  return true;
}

std::uint32_t groups_a_run(const LaunchRequest& request, bool may_share) {
  if (!may_share || !unwatched(request)) return 0;
  const std::uint32_t dims = std::clamp<std::uint32_t>(request.work_dim, 1, 3);
  for (std::uint32_t d = 0; d < dims; ++d)
    if (request.local_size[d] != 1) return 0;
  const std::uint64_t groups = std::min<std::uint64_t>(request.global_size[0], kBatchLanes);
  return groups > 1 ? static_cast<std::uint32_t>(groups) : 0;
}

}  // namespace clvet::interp
