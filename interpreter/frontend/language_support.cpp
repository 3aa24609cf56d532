// What the OpenCL C front end supports: the versions, the 3.0 optional features and the
// OpenCL C extensions (device queries answer these; the compiler defines exactly these macros).
#include "clvet/interp/frontend.h"

namespace clvet::interp {

namespace {
constexpr unsigned make_version(unsigned major, unsigned minor) {
  return (major << 22) | (minor << 12);  // CL_MAKE_VERSION(major, minor, 0)
}
}  // namespace

std::vector<std::pair<std::string, unsigned>> LanguageSupport::c_versions() {
  return {{"OpenCL C", make_version(1, 0)},
          {"OpenCL C", make_version(1, 1)},
          {"OpenCL C", make_version(1, 2)},
          {"OpenCL C", make_version(3, 0)}};
}

std::vector<std::string> LanguageSupport::c_features() {
  // Work-group collectives: interpreter/builtins/work_group_collectives.cpp, their divergence
  // judged by the divergence checker.
  // The atomic orders and scopes: every order and scope is executed (host atomics, lanes one
  // after another) and the race checker judges by the orders and scopes the program asked for
  // (checker/kernel/race_order.h).
  return {"__opencl_c_int64",
          "__opencl_c_fp64",
          "__opencl_c_work_group_collective_functions",
          "__opencl_c_atomic_order_acq_rel",
          "__opencl_c_atomic_order_seq_cst",
          "__opencl_c_atomic_scope_device",
          "__opencl_c_atomic_scope_all_devices"};
}

std::string LanguageSupport::extensions() {
  return "cl_khr_fp64 cl_khr_global_int32_base_atomics cl_khr_global_int32_extended_atomics "
         "cl_khr_local_int32_base_atomics cl_khr_local_int32_extended_atomics "
         "cl_khr_int64_base_atomics cl_khr_int64_extended_atomics cl_khr_byte_addressable_store "
         "cl_khr_il_program";
}

// The versions translate_spirv accepts; here, beside the other answers of device info, so
// that a query needs no front end loaded.
std::string il_version_string() { return "SPIR-V_1.0 SPIR-V_1.1 SPIR-V_1.2"; }

}  // namespace clvet::interp
