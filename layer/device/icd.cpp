// The ICD's two exported symbols (cl_khr_icd) and the dispatch table every handle carries.
#include <cstring>

#include "device_impl.gen.h"
#include "handles.h"
#include "platform.h"

namespace clvet::device {

void fill_dispatch(cl_icd_dispatch& table);  // generated
void* entry_point_address(std::string_view name);  // generated

const cl_icd_dispatch* dispatch_table() {
  static const cl_icd_dispatch table = [] {
    cl_icd_dispatch t;
    std::memset(&t, 0, sizeof t);
    fill_dispatch(t);
    return t;
  }();
  return &table;
}

}  // namespace clvet::device

extern "C" {

// The loader finds our platform through this (cl_khr_icd).
__attribute__((visibility("default"))) CL_API_ENTRY cl_int CL_API_CALL
clIcdGetPlatformIDsKHR(cl_uint num_entries, cl_platform_id* platforms, cl_uint* num_platforms) {
  auto* entry = reinterpret_cast<cl_int(CL_API_CALL*)(cl_uint, cl_platform_id*, cl_uint*)>(
      clvet::device::entry_point_address("clIcdGetPlatformIDsKHR"));
  return entry(num_entries, platforms, num_platforms);
}

// The loader resolves clIcdGetPlatformIDsKHR and extension functions through this.
__attribute__((visibility("default"))) CL_API_ENTRY void* CL_API_CALL
clGetExtensionFunctionAddress(const char* func_name) {
  auto* entry = reinterpret_cast<void*(CL_API_CALL*)(const char*)>(
      clvet::device::entry_point_address("clGetExtensionFunctionAddress"));
  return entry(func_name);
}

}  // extern "C"

extern "C" {

// ocl-icd 2.3.1 resolves this by name (dlsym) to read CL_PLATFORM_ICD_SUFFIX_KHR.
__attribute__((visibility("default"))) CL_API_ENTRY cl_int CL_API_CALL
clGetPlatformInfo(cl_platform_id platform, cl_platform_info param_name, size_t param_value_size,
                  void* param_value, size_t* param_value_size_ret) {
  return clvet::device::dispatch_table()->clGetPlatformInfo(platform, param_name, param_value_size,
                                                            param_value, param_value_size_ret);
}

}  // extern "C"
