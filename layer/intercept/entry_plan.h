// What the layer needs to know of an entry point on each of its calls, worked out once per
// entry point from the API table and the rule catalogue, and read by index: a call never
// searches by name, parses a version string or walks rules that have nothing to check.
#pragma once

#include <atomic>
#include <cstdint>
#include <span>

#include "clvet/rules/api.h"
#include "clvet/rules/rule.h"
#include "clvet/rules/world.h"
#include "kept_verdicts.h"
#include "layer_world.h"

namespace clvet::layer {

// An OpenCL version as one number (major * 256 + minor), compared in one instruction.
constexpr std::uint32_t packed(rules::Version v) {
  return static_cast<std::uint32_t>(v.major) << 8 | static_cast<std::uint32_t>(v.minor);
}

// A rule with a check, and the versions it applies to, [since, until).
struct CheckedRule {
  rules::Check check;
  std::uint32_t since;
  std::uint32_t until;  // 0xffffffff: still applies
  const rules::Rule* rule;
};

struct EntryPlan {
  const api::EntryPoint* entry = nullptr;
  std::uint32_t index = 0;  // in api::entry_points()
  // The entry point's rules that have a check, in the catalogue's order: the others are raised
  // by the implementation and never decided before a call.
  std::span<const CheckedRule> checked;
  // The OpenCL version that introduced a core entry point; `gated`: the platform's version
  // must reach it (extension entry points are not gated by the platform's version).
  rules::Version since;
  bool gated = false;
  // Platforms and root devices are listed (clGet*, clIcdGet*), not created: they have no
  // reference count.
  bool lists = false;
  // The rules the implementation raises that the layer decides from argument values
  // (argument_values.h) concern this entry point.
  bool values_judged = false;
  // Its calls are kept (kept_verdicts.h), and its wrapper asks for a kept verdict before it
  // judges the call's handles (Call::passed_before).
  bool kept = false;
  // Kept, and its argument values are not judged after its rules: the verdict is kept once the
  // rules pass (else once the argument values do, argument_values.h).
  bool kept_here = false;
  // Call::finish checks the code of its every call, CL_SUCCESS too (clEnqueueSVMFree's frees
  // the layer's SVM allocations, clSetCommandQueueProperty's forgets a kept answer).
  bool checks_success = false;
};

namespace detail {
extern std::atomic<const EntryPlan*> g_plans;
const EntryPlan* make_plans();
}  // namespace detail

// The plan of the entry point at `entry_index` in api::entry_points().
inline const EntryPlan& entry_plan(std::uint32_t entry_index) {
  const EntryPlan* plans = detail::g_plans.load(std::memory_order_acquire);
  if (plans == nullptr) [[unlikely]]
    plans = detail::make_plans();
  return plans[entry_index];
}

// The first of `rules` that applies to `version` and that `args` break, as
// checker::first_violation() finds it; nullptr when none is.
inline const rules::Rule* first_broken(std::span<const CheckedRule> rules, const void* args,
                                       const rules::World& world, rules::Version version) {
  const std::uint32_t v = packed(version);
  for (const CheckedRule& r : rules)
    if (v >= r.since && v < r.until && r.check(args, world)) return r.rule;
  return nullptr;
}

// first_broken() of the entry point's rules, for a call whose handles are all live. A call that
// passed them all before on this thread, on the same objects unchanged, is not judged again
// (kept_verdicts.h): it passes. Where the entry point's argument values are judged too
// (argument_values.h), the verdict is kept once they pass.
inline const rules::Rule* first_violation(const EntryPlan& plan, const void* args,
                                          const LayerWorld& world, rules::Version version) {
  if (!plan.kept) return plan.checked.empty() ? nullptr : first_broken(plan.checked, args, world, version);
  const rules::World* judging = kept_verdicts::judge_with(plan.index, args, version, world);
  if (judging == nullptr) return nullptr;
  if (const rules::Rule* broken = first_broken(plan.checked, args, *judging, version)) {
    kept_verdicts::broken(world);
    return broken;
  }
  if (plan.kept_here) kept_verdicts::passed(world);
  return nullptr;
}

}  // namespace clvet::layer
