// Checks an OpenCL call against the rules of its entry point, and collects the findings.
#pragma once

#include <span>
#include <string_view>
#include <vector>

#include "clvet/reports/finding.h"
#include "clvet/rules/rule.h"
#include "clvet/rules/world.h"

namespace clvet::checker {

// The first precheck rule of `entry` that `args` (a clvet::args struct) breaks, in the
// rules' order, among those that apply to the World's OpenCL version; nullptr if none.
const rules::Rule* first_violation(std::string_view entry, const void* args,
                                   const rules::World& world);
// The same over `rules` (the entry point's, from rules_for()), for callers that look them up
// once rather than on every call.
const rules::Rule* first_violation(std::span<const rules::Rule* const> rules, const void* args,
                                   const rules::World& world);

// The finding that says a call broke `rule`.
reports::Finding finding_for(const rules::Rule& rule, reports::Category category,
                             std::string detail = {});

// Process-wide, thread-safe collection of findings, folded by rule and detail.
class FindingLog {
 public:
  static FindingLog& instance();
  void add(reports::Finding finding);
  std::vector<reports::Finding> snapshot() const;
  void clear();
  // The call index of the next launch's findings: counted from 1, or the index last given
  // to use_call_index() (a replay's: the trace's index of the call being re-issued).
  std::uint64_t next_call_index();
  void use_call_index(std::uint64_t index);
  // Called with every finding added, before it is folded into one seen before, on the thread
  // that adds it (the reference device hands its kernel findings to the layer above it so).
  // nullptr stops it.
  using Listener = void (*)(const reports::Finding& finding, void* data);
  void listen(Listener listener, void* data);
};

}  // namespace clvet::checker
