// Placeholder front ends until the compiler lands: every step fails with a message.
#include "clvet/interp/executable.h"
#include "clvet/interp/frontend.h"

namespace clvet::interp {

static FrontEndResult unavailable() {
  return {FrontEndStatus::Failed, "clvet: the OpenCL C front end is not built yet\n", {}};
}
FrontEndResult compile_opencl_c(std::string_view, std::string_view,
                                const std::vector<EmbeddedHeader>&) { return unavailable(); }
FrontEndResult link_bitcode(const std::vector<Bytes>&, std::string_view) { return unavailable(); }
FrontEndResult translate_spirv(const Bytes&, const std::vector<std::pair<std::uint32_t, Bytes>>&) {
  return unavailable();
}
std::string il_version_string() { return ""; }
Bytes write_program_binary(const ProgramBinary&) { return {}; }
bool read_program_binary(const std::uint8_t*, std::size_t, ProgramBinary&, std::string& error) {
  error = "no binary format yet";
  return false;
}
bool kernel_infos(const Bytes&, std::vector<KernelInfo>&, std::string& error) {
  error = "no front end yet";
  return false;
}
std::vector<std::pair<std::string, unsigned>> LanguageSupport::c_versions() { return {}; }
std::vector<std::string> LanguageSupport::c_features() { return {}; }
std::string LanguageSupport::extensions() { return ""; }

}  // namespace clvet::interp
