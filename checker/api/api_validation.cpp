// Rule evaluation for a call, and the process-wide log of findings.
#include "clvet/checker/api_validation.h"

#include <fmt/format.h>

#include <atomic>
#include <mutex>

namespace clvet::checker {

const rules::Rule* first_violation(std::string_view entry, const void* args,
                                   const rules::World& world) {
  return first_violation(rules::rules_for(entry), args, world);
}

const rules::Rule* first_violation(std::span<const rules::Rule* const> rules, const void* args,
                                   const rules::World& world) {
  const rules::Version version = world.version();
  for (const rules::Rule* rule : rules)
    if (rule->check && rule->applies_to(version) && rule->check(args, world)) return rule;
  return nullptr;
}

reports::Finding finding_for(const rules::Rule& rule, reports::Category category,
                             std::string detail) {
  reports::Finding finding;
  finding.category = category;
  finding.severity = reports::Severity::Error;
  finding.rule_id = std::string(rule.id);
  finding.entry = std::string(rule.entry);
  finding.error_code = rule.code;
  finding.spec = fmt::format("{} §{}", rules::to_string(rule.spec), rule.section);
  finding.clause = std::string(rule.clause);
  finding.detail = std::move(detail);
  return finding;
}

namespace {
struct LogState {
  mutable std::mutex mutex;
  std::vector<reports::Finding> findings;
  std::atomic<std::uint64_t> calls{0};
  std::atomic<std::uint64_t> given_index{0};  // use_call_index(): 0 when none was given
  std::atomic<FindingLog::Listener> listener{nullptr};
  std::atomic<void*> listener_data{nullptr};
};
LogState& state() {
  static auto* s = new LogState;  // outlives static destructors: findings are printed at exit
  return *s;
}
}  // namespace

FindingLog& FindingLog::instance() {
  static FindingLog log;
  return log;
}

void FindingLog::add(reports::Finding finding) {
  LogState& s = state();
  // Every finding as it comes, before folding, and outside the lock: the listener may take
  // its time (a trace writes it).
  if (const Listener listener = s.listener.load(std::memory_order_acquire))
    listener(finding, s.listener_data.load(std::memory_order_acquire));
  std::lock_guard lock(s.mutex);
  constexpr std::size_t kDistinctCap = 10000;
  // Kernel findings fold by kind and source positions (the work-items differ), adding counts.
  const std::string key = finding.kernel ? reports::fold_key(finding) : std::string();
  for (reports::Finding& known : s.findings) {
    if (finding.kernel) {
      if (known.kernel && known.rule_id == finding.rule_id && reports::fold_key(known) == key) {
        known.count += finding.count;
        return;
      }
      continue;
    }
    if (known.rule_id == finding.rule_id && known.detail == finding.detail &&
        known.category == finding.category && !known.kernel) {
      ++known.count;
      return;
    }
  }
  if (s.findings.size() < kDistinctCap) s.findings.push_back(std::move(finding));
}

std::vector<reports::Finding> FindingLog::snapshot() const {
  LogState& s = state();
  std::lock_guard lock(s.mutex);
  return s.findings;
}

void FindingLog::clear() {
  LogState& s = state();
  std::lock_guard lock(s.mutex);
  s.findings.clear();
}

std::uint64_t FindingLog::next_call_index() {
  LogState& s = state();
  const std::uint64_t given = s.given_index.load(std::memory_order_relaxed);
  return given != 0 ? given : ++s.calls;
}

void FindingLog::listen(Listener listener, void* data) {
  LogState& s = state();
  s.listener_data.store(data, std::memory_order_release);
  s.listener.store(listener, std::memory_order_release);
}

void FindingLog::use_call_index(std::uint64_t index) {
  state().given_index.store(index, std::memory_order_relaxed);
}

}  // namespace clvet::checker
