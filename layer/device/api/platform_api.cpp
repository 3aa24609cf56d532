// Platform entry points (§4.1): clGetPlatformIDs, clGetPlatformInfo, the ICD's platform
// enumeration and extension function lookup.
#include <cstring>

#include "catalogue/platform.h"
#include "device_impl.gen.h"
#include "info.h"
#include "platform.h"

extern "C" const char* CL_API_CALL clvet_last_rule_id();
extern "C" void CL_API_CALL clvet_clear_last_rule();

namespace clvet::device {
void* entry_point_address(std::string_view name);  // generated
}  // namespace clvet::device

namespace clvet::device::impl {

namespace {
Status list_platforms(cl_uint num_entries, cl_platform_id* platforms, cl_uint* num_platforms) {
  if (platforms && num_entries > 0) platforms[0] = Platform::instance().id();
  if (num_platforms) *num_platforms = 1;
  return {};
}
}  // namespace

Status GetPlatformIDs(const args::GetPlatformIDs& a) {
  return list_platforms(a.num_entries, a.platforms, a.num_platforms);
}

Status IcdGetPlatformIDsKHR(const args::IcdGetPlatformIDsKHR& a) {
  return list_platforms(a.num_entries, a.platforms, a.num_platforms);
}

}  // namespace clvet::device::impl

namespace clvet::device::impl {

Status GetPlatformInfo(const args::GetPlatformInfo& a) {
  InfoWriter out(a.param_value_size, a.param_value, a.param_value_size_ret,
                 rule::GetPlatformInfoBadParam);
  switch (a.param_name) {
    case CL_PLATFORM_PROFILE: return out.string("FULL_PROFILE");
    case CL_PLATFORM_VERSION: return out.string("OpenCL 3.0 clvet");
    case CL_PLATFORM_NAME: return out.string("clvet");
    case CL_PLATFORM_VENDOR: return out.string("clvet");
    case CL_PLATFORM_EXTENSIONS: return out.string("cl_khr_icd");
    case CL_PLATFORM_ICD_SUFFIX_KHR: return out.string("clvet");
    default: return fail(rule::GetPlatformInfoBadParam, "unknown param_name");
  }
}


Result<void*> GetExtensionFunctionAddressForPlatform(
    const args::GetExtensionFunctionAddressForPlatform& a) {
  if (a.func_name == nullptr) return static_cast<void*>(nullptr);
  std::string_view name(a.func_name);
  if (name == "clvetLastRuleIdCLVET") return reinterpret_cast<void*>(&clvet_last_rule_id);
  if (name == "clvetClearLastRuleCLVET") return reinterpret_cast<void*>(&clvet_clear_last_rule);
  if (name == "clIcdGetPlatformIDsKHR") return entry_point_address(name);
  return static_cast<void*>(nullptr);
}

Result<void*> GetExtensionFunctionAddress(const args::GetExtensionFunctionAddress& a) {
  return GetExtensionFunctionAddressForPlatform({Platform::instance().id(), a.func_name});
}

}  // namespace clvet::device::impl
