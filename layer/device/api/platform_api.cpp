// Platform entry points (§4.1): clGetPlatformIDs, clGetPlatformInfo, the ICD's platform
// enumeration and extension function lookup, with clvet's private extension functions.
#include <atomic>
#include <cstring>
#include <fstream>

#include "clvet/checker/api_validation.h"
#include "clvet/reports/formats.h"
#include "clvet/rules/api.h"
#include "clvet/rules/rule_ids.gen.h"
#include "device_impl.gen.h"
#include "host_allocation.h"
#include "info.h"
#include "platform.h"

extern "C" const char* CL_API_CALL clvet_last_rule_id();
extern "C" void CL_API_CALL clvet_clear_last_rule();
extern "C" cl_int CL_API_CALL clvet_last_store(cl_mem buffer, std::size_t offset, std::size_t size,
                                               cl_ulong* ids);

namespace clvet::device {
void* entry_point_address(std::string_view name);  // generated
}  // namespace clvet::device

// clvet's private extension function clvetEntryPointCLVET: the reference device's own entry
// point of any name, extension functions it does not advertise included. Tests use it to
// reach the device past the ICD loader (which answers some invalid calls itself) and to call
// entry points no advertised extension exposes.
extern "C" void* CL_API_CALL clvet_entry_point(const char* name) {
  return name ? clvet::device::entry_point_address(name) : nullptr;
}

// clvet's private extension function clvetUseCallIndexCLVET: the call index that the findings
// of the next launches carry, until another is given (0: the device's own count again). A
// replay gives each re-issued call's index in the trace, so that the device's kernel findings
// name the trace's calls.
extern "C" void CL_API_CALL clvet_use_call_index(cl_ulong index) {
  clvet::checker::FindingLog::instance().use_call_index(index);
}

// clvet's private extension function clvetWriteFindingsCLVET: the findings logged so far
// written to `path` as `clvet report --format=json` gives them, then forgotten, so that a
// process that runs many launches (clvet diff's runner) has each launch's findings alone, and
// keeps those of the launches done when a later one crashes or is stopped.
extern "C" cl_int CL_API_CALL clvet_write_findings(const char* path) {
  if (path == nullptr) return CL_INVALID_VALUE;
  auto& log = clvet::checker::FindingLog::instance();
  std::ofstream out(path);
  out << clvet::reports::render_json(log.snapshot());
  out.close();
  if (!out) return CL_OUT_OF_HOST_MEMORY;
  log.clear();
  return CL_SUCCESS;
}

// clvet's private extension function clvetListenForKernelFindingsCLVET: `callback` is called
// with each finding of a kernel launch (the kernel checkers' with their evidence, and what the
// engine met), as a JSON report of that one finding, on the thread that found it; NULL stops
// it. The clvet layer above the device writes them into its trace so.
using KernelFindingCallback = void(CL_CALLBACK*)(const char* json, void* user_data);
namespace {

struct KernelFindingListener {
  std::atomic<KernelFindingCallback> callback{nullptr};
  std::atomic<void*> user_data{nullptr};
};
KernelFindingListener& kernel_finding_listener() {
  static auto* listener = new KernelFindingListener;  // findings may come during exit
  return *listener;
}
void pass_kernel_finding(const clvet::reports::Finding& finding, void*) {
  if (!finding.kernel && finding.rule_id != "KernelExecution") return;  // the layer checks calls itself
  KernelFindingListener& l = kernel_finding_listener();
  if (const KernelFindingCallback callback = l.callback.load(std::memory_order_acquire))
    callback(clvet::reports::render_json({finding}).c_str(), l.user_data.load(std::memory_order_acquire));
}
}  // namespace
extern "C" void CL_API_CALL clvet_listen_for_kernel_findings(KernelFindingCallback callback, void* user_data) {
  KernelFindingListener& l = kernel_finding_listener();
  l.user_data.store(user_data, std::memory_order_release);
  l.callback.store(callback, std::memory_order_release);
  clvet::checker::FindingLog::instance().listen(callback ? &pass_kernel_finding : nullptr, nullptr);
}

namespace clvet::device::impl {

namespace {
Status list_platforms(cl_uint num_entries, cl_platform_id* platforms, cl_uint* num_platforms) {
  if (platforms && num_entries > 0) platforms[0] = Platform::instance().id();
  if (num_platforms) *num_platforms = 1;
  return {};
}

std::vector<cl_name_version> extensions_with_version() {
  std::vector<cl_name_version> list;
  for (const NamedVersion& e : supported_extensions()) {
    cl_name_version nv{};
    nv.version = e.version;
    std::memcpy(nv.name, e.name.data(), std::min(e.name.size(), sizeof nv.name - 1));
    list.push_back(nv);
  }
  return list;
}

Status answer(cl_platform_info param, const InfoWriter& out) {
  switch (param) {
    case CL_PLATFORM_PROFILE: return out.string("FULL_PROFILE");
    case CL_PLATFORM_VERSION: return out.string("OpenCL 3.0 clvet");
    case CL_PLATFORM_NUMERIC_VERSION: return out.scalar<cl_version>(Platform::kVersion);
    case CL_PLATFORM_NAME: return out.string("clvet");
    case CL_PLATFORM_VENDOR: return out.string("clvet");
    case CL_PLATFORM_EXTENSIONS: return out.string(extension_string());
    case CL_PLATFORM_EXTENSIONS_WITH_VERSION: return out.array(extensions_with_version());
    case CL_PLATFORM_HOST_TIMER_RESOLUTION:
      return out.scalar<cl_ulong>(Platform::host_timer_resolution_ns());
    // cl_khr_icd: the suffix the loader routes extension function names by
    // (clvetLastRuleIdCLVET, ...).
    case CL_PLATFORM_ICD_SUFFIX_KHR: return out.string("CLVET");
    default:
      return fail(rule::GetPlatformInfoBadParam,
                  "param_name " + std::to_string(param) + " is not a platform query");
  }
}

}  // namespace

Status GetPlatformIDs(const args::GetPlatformIDs& a) {
  return list_platforms(a.num_entries, a.platforms, a.num_platforms);
}

Status IcdGetPlatformIDsKHR(const args::IcdGetPlatformIDsKHR& a) {
  return list_platforms(a.num_entries, a.platforms, a.num_platforms);
}

Status GetPlatformInfo(const args::GetPlatformInfo& a) {
  if (!lookup<Platform>(a.platform)) return fail(rule::GetPlatformInfoInvalidPlatform);
  InfoWriter out(a.param_value_size, a.param_value, a.param_value_size_ret,
                 rule::GetPlatformInfoBadParam);
  return on_bad_alloc(rule::GetPlatformInfoOutOfHostMemory, [&] { return answer(a.param_name, out); });
}

// Extension functions are found only for the extensions the platform advertises; core
// functions are not extension functions and are not returned (§9.2 of the extension spec).
Result<void*> GetExtensionFunctionAddressForPlatform(
    const args::GetExtensionFunctionAddressForPlatform& a) {
  void* none = nullptr;
  if (a.func_name == nullptr || !lookup<Platform>(a.platform)) return none;
  std::string_view name(a.func_name);
  if (name == "clvetLastRuleIdCLVET") return reinterpret_cast<void*>(&clvet_last_rule_id);
  if (name == "clvetClearLastRuleCLVET") return reinterpret_cast<void*>(&clvet_clear_last_rule);
  if (name == "clvetEntryPointCLVET") return reinterpret_cast<void*>(&clvet_entry_point);
  if (name == "clvetUseCallIndexCLVET") return reinterpret_cast<void*>(&clvet_use_call_index);
  if (name == "clvetWriteFindingsCLVET") return reinterpret_cast<void*>(&clvet_write_findings);
  if (name == "clvetListenForKernelFindingsCLVET")
    return reinterpret_cast<void*>(&clvet_listen_for_kernel_findings);
  if (name == "clvetLastStoreCLVET") return reinterpret_cast<void*>(&clvet_last_store);
  const api::EntryPoint* entry = api::find_entry_point(name);
  if (entry == nullptr || entry->extension.empty() || !extension_supported(entry->extension))
    return none;
  return entry_point_address(name);
}

Result<void*> GetExtensionFunctionAddress(const args::GetExtensionFunctionAddress& a) {
  return GetExtensionFunctionAddressForPlatform({Platform::instance().id(), a.func_name});
}

}  // namespace clvet::device::impl
