// Each entry point's plan, made on the first call that reaches the layer.
#include "entry_plan.h"

#include <vector>

#include "argument_values.h"
#include "clvet/rules/args.gen.h"
#include "kept_verdicts.h"

namespace clvet::layer {
namespace detail {
std::atomic<const EntryPlan*> g_plans{nullptr};
}  // namespace detail

namespace {

// "2.1" as a Version.
rules::Version parse_since(std::string_view since) {
  if (since.size() < 3) return {1, 0};
  return {since[0] - '0', since[2] - '0'};
}

struct Plans {
  std::vector<EntryPlan> plans;
  std::vector<CheckedRule> checked;  // every entry point's, one after the other
};

const Plans& build() {
  auto* made = new Plans;  // never destroyed: wrappers may run during exit
  const std::span<const api::EntryPoint> entries = api::entry_points();
  std::vector<std::size_t> first(entries.size() + 1);
  for (std::size_t i = 0; i < entries.size(); ++i) {
    first[i] = made->checked.size();
    for (const rules::Rule* rule : rules::rules_for(entries[i].name))
      if (rule->check != nullptr)
        made->checked.push_back({rule->check, packed(rule->since),
                                 rule->until == rules::Version{} ? 0xffffffffu : packed(rule->until),
                                 rule});
  }
  first[entries.size()] = made->checked.size();
  made->plans.resize(entries.size());
  for (std::size_t i = 0; i < entries.size(); ++i) {
    const api::EntryPoint& entry = entries[i];
    EntryPlan& plan = made->plans[i];
    plan.entry = &entry;
    plan.index = static_cast<std::uint32_t>(i);
    plan.checked =
        std::span<const CheckedRule>(made->checked.data() + first[i], first[i + 1] - first[i]);
    plan.since = parse_since(entry.since);
    plan.gated = entry.extension.empty();
    plan.lists = entry.name.starts_with("clGet") || entry.name.starts_with("clIcdGet");
    plan.values_judged = judges_argument_values(static_cast<std::uint32_t>(i));
    // The generated wrappers of dispatch slots ask before judging handles; extension entry
    // points find their target through the handles first.
    // Of those that judge argument values, only clSetKernelArg keeps its verdict once they pass
    // (argument_values.cpp).
    plan.kept = kept_verdicts::keeps(plan.index) && entry.slot >= 0 &&
                (!plan.values_judged || plan.index == args::SetKernelArg::kEntryIndex);
    plan.kept_here = plan.kept && !plan.values_judged;
    plan.checks_success = plan.index == args::EnqueueSVMFree::kEntryIndex ||
                          plan.index == args::SetCommandQueueProperty::kEntryIndex;
  }
  return *made;
}

}  // namespace

namespace detail {
const EntryPlan* make_plans() {
  static const Plans& plans = build();
  g_plans.store(plans.plans.data(), std::memory_order_release);
  return plans.plans.data();
}
}  // namespace detail

}  // namespace clvet::layer
