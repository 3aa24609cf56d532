// The replay controller's "re-run a kernel launch with checkers" and "diff a launch": the
// launch's recorded inputs taken from the controller's trace, run by layer/replay/launch.
#include <fmt/format.h>

#include "clvet/replay/controller.h"

namespace clvet::replay {

const std::vector<KernelLaunch>& Controller::launches() {
  if (!launches_) launches_ = read_launches(reader());
  return *launches_;
}

const KernelLaunch* Controller::launch_of(std::uint64_t call) {
  for (const KernelLaunch& launch : launches())
    if (launch.call_index == call) return &launch;
  return nullptr;
}

Rerun Controller::rerun_launch(std::uint64_t call, const DiffOptions& options) {
  const KernelLaunch* launch = launch_of(call);
  Rerun r;
  if (launch == nullptr) {
    r.error = fmt::format("call {} is not a kernel launch", call);
    return r;
  }
  if (!launch->rerunnable()) {
    r.error = fmt::format("call {} cannot be re-run: {}", call, launch->problems.front());
    return r;
  }
  if (!runner_) runner_ = std::make_unique<LaunchRunner>();
  return runner_->rerun(reader(), *launch, options);
}

LaunchDiff Controller::diff_launch(std::uint64_t call, const DiffOptions& options) {
  const KernelLaunch* launch = launch_of(call);
  if (launch == nullptr) {
    LaunchDiff d;
    d.call_index = call;
    d.reason = fmt::format("call {} is not a kernel launch", call);
    return d;
  }
  if (!runner_) runner_ = std::make_unique<LaunchRunner>();
  return runner_->diff(reader(), *launch, options);
}

}  // namespace clvet::replay
