// libclvet-frontend.so's one entry point: the table of its front ends and its decoder, each
// run under the fatal error guard (frontend/fatal_error_guard.h).
#include "frontend/frontend_entry.h"

#include "frontend/fatal_error_guard.h"

namespace clvet::interp {
namespace {

// What a build's log says of a step that LLVM, Clang or the translator stopped.
std::string stopped(const char* step, const std::string& why) {
  return std::string("clvet: ") + step + " stopped on an error it cannot recover from (" + why +
         "): this input cannot be built\n";
}

FrontEndResult failed(const char* step, const std::string& why) {
  FrontEndResult result;
  result.status = FrontEndStatus::Failed;
  result.log = stopped(step, why);
  return result;
}

// The table's functions, guarded: a front end's result, or a failure saying what stopped it.
FrontEndResult guarded_result(const char* step, llvm::function_ref<FrontEndResult()> call) {
  FrontEndResult result;
  std::string why;
  if (!run_guarded([&] { result = call(); }, why)) return failed(step, why);
  return result;
}

FrontEndResult compile(std::string_view source, std::string_view options,
                       const std::vector<EmbeddedHeader>& headers, const TargetDevice& device) {
  return guarded_result("the OpenCL C compiler (Clang)",
                        [&] { return compile_opencl_c(source, options, headers, device); });
}
FrontEndResult link(const std::vector<Bytes>& inputs, std::string_view options) {
  return guarded_result("the linker (LLVM)", [&] { return link_bitcode(inputs, options); });
}
FrontEndResult translate(const Bytes& il,
                         const std::vector<std::pair<std::uint32_t, Bytes>>& spec_constants,
                         const TargetDevice& device) {
  return guarded_result("the SPIR-V translator",
                        [&] { return translate_spirv(il, spec_constants, device); });
}
FrontEndResult validate(const Bytes& il) {
  return guarded_result("the SPIR-V validator", [&] { return validate_spirv(il); });
}

// The table's functions that answer true or false with an error.
bool guarded_bool(const char* step, std::string& error, llvm::function_ref<bool()> call) {
  bool ok = false;
  std::string why;
  if (run_guarded([&] { ok = call(); }, why)) return ok;
  error = stopped(step, why);
  return false;
}

bool spec_constants(const Bytes& il, std::vector<std::pair<std::uint32_t, std::uint32_t>>& out,
                    std::string& error) {
  return guarded_bool("the SPIR-V reader", error,
                      [&] { return spirv_spec_constants(il, out, error); });
}
bool kernels(const Bytes& bitcode, std::vector<KernelInfo>& out, std::string& error) {
  return guarded_bool("the kernel reader (LLVM)", error,
                      [&] { return kernel_infos(bitcode, out, error); });
}
bool decode(const Bytes& bitcode, ir::Module& out, std::string& error, Resolver resolve_builtin) {
  return guarded_bool("the decoder (LLVM)", error,
                      [&] { return ir::decode_module(bitcode, out, error, resolve_builtin); });
}

}  // namespace
}  // namespace clvet::interp

extern "C" __attribute__((visibility("default"))) const clvet::interp::FrontEndEntry*
clvet_frontend_entry() {
  using namespace clvet::interp;
  static const FrontEndEntry entry{sizeof(FrontEndEntry), compile,  link,    translate,
                                   validate,              spec_constants, kernels, decode};
  return &entry;
}
