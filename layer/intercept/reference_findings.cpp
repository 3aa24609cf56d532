// Receiving the reference device's kernel findings through its private extension functions.
#include "reference_findings.h"

#include <atomic>
#include <mutex>
#include <set>
#include <string>
#include <utility>

#include "call_observer.h"
#include "clvet/reports/formats.h"
#include "dispatch.h"

namespace clvet::layer::reference_findings {
namespace {

using KernelFindingCallback = void(CL_CALLBACK*)(const char* json, void* user_data);
using ListenForKernelFindings = void(CL_API_CALL*)(KernelFindingCallback, void*);
using UseCallIndex = void(CL_API_CALL*)(cl_ulong);

std::atomic<bool> listening{false};
std::atomic<UseCallIndex> use_call_index{nullptr};

void* lookup(const void* platform, const char* name) {
  auto* get = next().clGetExtensionFunctionAddressForPlatform;
  return get ? get(static_cast<cl_platform_id>(const_cast<void*>(platform)), name) : nullptr;
}

// Each launch's findings once: the work-items of a race differ from pair to pair, the kind
// and the lines do not (reports::fold_key), as the device's own report folds them.
bool first_of_launch(const reports::Finding& finding) {
  static std::mutex mutex;
  static auto* seen = new std::set<std::pair<std::uint64_t, std::string>>;  // findings come during exit
  const std::uint64_t launch = finding.kernel ? finding.kernel->enqueue : finding.call_index;
  std::lock_guard lock(mutex);
  return seen->emplace(launch, finding.kernel ? reports::fold_key(finding) : finding.detail).second;
}

// On the device's thread that found it: into the trace (the device reports it itself at exit).
void CL_CALLBACK received(const char* json, void*) {
  CallObserver* observer = call_observer();
  if (observer == nullptr || json == nullptr) return;
  std::string error;
  auto findings = reports::read_json(json, error);
  if (!findings) return;
  for (const reports::Finding& finding : *findings)
    if (first_of_launch(finding)) observer->finding(finding);
}

}  // namespace

void listen(const void* platform) {
  if (platform == nullptr || listening.exchange(true)) return;
  use_call_index.store(reinterpret_cast<UseCallIndex>(lookup(platform, "clvetUseCallIndexCLVET")),
                       std::memory_order_release);
  if (auto listen_for = reinterpret_cast<ListenForKernelFindings>(lookup(platform, "clvetListenForKernelFindingsCLVET")))
    listen_for(&received, nullptr);
}

void launching(const void* platform, std::uint64_t call) {
  listen(platform);
  if (const UseCallIndex use = use_call_index.load(std::memory_order_acquire)) use(call);
}

}  // namespace clvet::layer::reference_findings
