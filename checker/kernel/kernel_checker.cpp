// The kernel checkers as one observer: each worker thread gets a GroupObserver that hands every
// event to the checkers CLVET_CHECK switched on and keeps its findings to itself until the
// thread ends; the race checkers share the launch's shadow (race_shadow.h).
#include "clvet/checker/kernel_checker.h"

#include <fmt/format.h>

#include <algorithm>
#include <optional>

#include "divergence_checker.h"
#include "last_stores.h"
#include "launch_findings.h"
#include "memory_checker.h"
#include "race_checker.h"
#include "uninitialised_checker.h"
#include "worker_findings.h"

namespace clvet::checker {

struct KernelChecker::Impl {
  LaunchFindings findings;
  std::optional<RaceLaunch> races;
  std::optional<LastStores> stores;
  std::uint64_t covered = 0;

  Impl(LaunchDescription launch, KernelChecks checks) : findings(std::move(launch), checks) {
    for (const LaunchObject& o : findings.objects()) covered += o.size;
    if (checks.races) races.emplace(findings.objects());
    if (checks.last_stores) stores.emplace(findings);
  }
};

namespace {

using reports::KernelKind;

// What an engine event is a finding of.
KernelKind kind_of(interp::EngineEvent event) {
  using interp::EngineEvent;
  switch (event) {
    case EngineEvent::OutsideObjects:
    case EngineEvent::IndexOutsideArray: return KernelKind::OutOfBounds;
    case EngineEvent::NullPage: return KernelKind::NullAccess;
    case EngineEvent::MisalignedAtomic: return KernelKind::Misaligned;
    case EngineEvent::BudgetExceeded: return KernelKind::BudgetExceeded;
    case EngineEvent::TaintedUse: return KernelKind::Uninitialised;
    case EngineEvent::ImageAccess:
    case EngineEvent::Unreachable:
    case EngineEvent::Recursion:
    case EngineEvent::Malformed: break;
  }
  return KernelKind::UndefinedBehaviour;
}

// An engine event in words: the engine's own, but for a use of tainted bytes, which only the
// checker that configured the taint can name.
std::string words_of(const interp::EngineProblem& p) {
  return p.event == interp::EngineEvent::TaintedUse ? describe_uninitialised_use(p) : p.message;
}

// One worker thread's checkers.
class Worker final : public interp::GroupObserver {
 public:
  explicit Worker(KernelChecker::Impl& launch)
      : checks_(launch.findings.checks()),
        stores_(launch.stores ? &*launch.stores : nullptr),
        findings_(launch.findings),
        memory_(findings_),
        divergence_(findings_) {
    if (launch.races) races_.emplace(*launch.races, findings_);
  }

  void group_begin(const interp::GroupPosition& p) override {
    const std::uint64_t* g = findings_.launch().groups();
    group_ = p.group[0] + g[0] * (p.group[1] + g[1] * p.group[2]);
    findings_.locals.set(p);
    if (races_) races_->group_begin(group_);
    divergence_.group_begin(group_);
  }

  void memory(const interp::AccessBatch& b) override {
    if (checks_.bounds) memory_.memory(b, group_);
    if (races_) races_->memory(b);
    if (stores_) stores_->memory(b, group_);
  }

  void barrier(std::uint32_t fence_flags, bool uniform, const std::uint32_t* lanes,
               std::uint32_t count, std::uint32_t total, const interp::SourceSite& site) override {
    if (checks_.divergence) divergence_.barrier(uniform, lanes, count, total, site);
    if (races_) races_->barrier(fence_flags);
  }

  void async_step(bool wait, const std::uint32_t* lanes, std::uint32_t count, std::uint32_t total,
                  bool uniform, const std::uint64_t* events, std::uint32_t event_count,
                  const interp::AsyncCopyShape* copy, const interp::SourceSite& site) override {
    if (checks_.divergence)
      divergence_.async_step(wait, lanes, count, total, uniform, events, event_count, site);
    if (!races_) return;
    if (!wait) {
      if (copy && event_count) races_->async_copy(*copy, events[0], site);
      return;
    }
    // Waiting completes the copies: their bytes are ordered for the whole group, in both
    // address spaces.
    races_->async_wait(events, event_count);
    races_->barrier(1 | 2);
  }

  void group_function(std::string_view function, const std::uint32_t* lanes, std::uint32_t count,
                      std::uint32_t total, bool uniform, bool in_range,
                      const interp::SourceSite& site) override {
    if (checks_.divergence)
      divergence_.group_function(function, lanes, count, total, uniform, in_range, site);
  }

  void sub_group_function(std::string_view function, const std::uint32_t* lanes,
                          std::uint32_t count, std::uint32_t size, bool uniform,
                          const interp::SourceSite& site) override {
    if (checks_.divergence) divergence_.sub_group_function(function, lanes, count, size, uniform, site);
  }

  // A sub_group_barrier reached by its whole sub-group orders that sub-group's accesses, and
  // no other work-item's (3.0 §6.15.19); one reached by part of it is divergence and orders
  // nothing.
  void sub_group_barrier(const std::uint32_t* lanes, std::uint32_t count, std::uint32_t size,
                         std::uint32_t fence_flags) override {
    if (races_ && count == size) races_->sub_group_barrier(lanes, count, fence_flags);
  }

  void engine_problem(const interp::EngineProblem& p) override {
    const KernelKind kind = kind_of(p.event);
    if (kind == KernelKind::OutOfBounds || kind == KernelKind::NullAccess ||
        kind == KernelKind::Misaligned) {
      if (checks_.bounds) memory_.engine_problem(kind, p, group_);
      return;
    }
    if (kind == KernelKind::Uninitialised && !checks_.uninit) return;
    findings_.report(kind, p.site, group_, p.lane, [&] { return words_of(p); }, nullptr, 0, 0);
  }

  void fence(const std::uint32_t* lanes, std::uint32_t count, std::uint32_t flags,
             std::uint8_t order, std::uint8_t scope) override {
    if (races_) races_->fence(lanes, count, flags, order, scope);
  }

  void group_end() override {
    if (checks_.divergence) divergence_.group_end();
    if (races_) races_->group_end();
  }

 private:
  const KernelChecks& checks_;
  LastStores* stores_;
  WorkerFindings findings_;
  MemoryChecker memory_;
  DivergenceChecker divergence_;
  std::optional<RaceChecker> races_;
  std::uint64_t group_ = 0;
};

}  // namespace

KernelChecker::KernelChecker(LaunchDescription launch, KernelChecks checks)
    : impl_(std::make_unique<Impl>(std::move(launch), checks)) {}

KernelChecker::~KernelChecker() = default;

std::unique_ptr<interp::GroupObserver> KernelChecker::for_worker() {
  return std::make_unique<Worker>(*impl_);
}

void KernelChecker::launch_end() {}

interp::TaintConfig KernelChecker::taint() const {
  return impl_->findings.checks().uninit ? uninitialised_value_taint() : interp::TaintConfig{};
}

std::vector<reports::Finding> KernelChecker::take_findings() { return impl_->findings.take(); }

void KernelChecker::engine_problems(const std::vector<interp::EngineProblem>& problems,
                                    std::uint64_t more) {
  for (const interp::EngineProblem& p : problems)
    impl_->findings.add(
        impl_->findings.finding(kind_of(p.event), p.site.line, p.site.column, words_of(p)));
  if (more)
    impl_->findings.add(impl_->findings.finding(
        KernelKind::FindingsCapped, 0, 0,
        fmt::format("{} more problems the engine met were not kept", more)));
}

std::uint64_t KernelChecker::shadow_peak_bytes() const {
  // Cells are allocated with the launch and the overflow only grows: the end is the peak.
  return impl_->races ? impl_->races->bytes() : 0;
}

std::uint64_t KernelChecker::covered_bytes() const { return impl_->covered; }

std::optional<reports::WorkItemIds> KernelChecker::last_store(std::uint64_t address,
                                                              std::uint64_t size) const {
  return impl_->stores ? impl_->stores->writer(address, size) : std::nullopt;
}

bool KernelChecker::keeps_last_stores() const { return impl_->stores.has_value(); }

void KernelChecker::keep_only_last_stores() { impl_->races.reset(); }

}  // namespace clvet::checker
