// Each linked program's reasons for uniform work-groups, by device, kept from its link.
#include "linked_programs.h"

#include <algorithm>
#include <mutex>
#include <unordered_map>
#include <utility>
#include <vector>

#include "clvet/rules/work_group_uniformity.h"
#include "objects.h"

namespace clvet::layer {
namespace {

using Reasons = std::vector<std::pair<const void*, std::string>>;  // by device

struct Linked {
  std::mutex mutex;
  std::unordered_map<std::uint64_t, Reasons> by_program;
};

Linked& linked() {
  static auto* kept = new Linked;  // never destroyed: launches may come during exit
  return *kept;
}

// Inputs past this many are a garbage count: not read through.
constexpr cl_uint kInputsRead = 1u << 12;

// Why `input` (a compiled object or a library for `device`) keeps its work-groups uniform.
std::string input_reason(const rules::World& w, cl_program input, cl_device_id device) {
  using rules::InfoQuery;
  const auto type =
      rules::get<cl_program_binary_type>(w, InfoQuery::ProgramBuild, input, CL_PROGRAM_BINARY_TYPE, device);
  if (!type || (*type != CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT && *type != CL_PROGRAM_BINARY_TYPE_LIBRARY))
    return {};  // not linked for the device
  if (std::string kept = linked_uniform_reason(objects().identity(input).id, device); !kept.empty())
    return kept;
  const std::vector<char> source = rules::get_array<char>(w, InfoQuery::Program, input, CL_PROGRAM_SOURCE);
  const bool from_source =
      std::any_of(source.begin(), source.end(), [](char c) { return c != '\0'; });
  const std::vector<char> options =
      rules::get_array<char>(w, InfoQuery::ProgramBuild, input, CL_PROGRAM_BUILD_OPTIONS, device);
  return rules::uniformity::program_reason(
      from_source, std::string_view(options.data(),
                                    std::find(options.begin(), options.end(), '\0') - options.begin()));
}

}  // namespace

void learn_linked_program(std::uint64_t program_id, const args::LinkProgram& a,
                          const rules::World& w) {
  if (a.input_programs == nullptr) return;
  std::vector<cl_device_id> devices;
  if (a.device_list != nullptr)
    devices.assign(a.device_list, a.device_list + std::min(a.num_devices, kInputsRead));
  else
    devices = rules::devices_of(w, a.context);
  Reasons reasons;
  for (cl_device_id device : devices) {
    if (!rules::valid(w, device)) continue;
    for (cl_uint i = 0; i < a.num_input_programs && i < kInputsRead; ++i) {
      if (!rules::valid(w, a.input_programs[i])) continue;
      const std::string reason = input_reason(w, a.input_programs[i], device);
      if (reason.empty()) continue;
      reasons.emplace_back(device, reason.starts_with("the program was linked")
                                       ? reason
                                       : "the program was linked from one whose work-groups must "
                                         "be uniform (" + reason + ")");
      break;
    }
  }
  if (reasons.empty()) return;
  Linked& l = linked();
  std::lock_guard lock(l.mutex);
  l.by_program[program_id] = std::move(reasons);
}

std::string linked_uniform_reason(std::uint64_t program_id, const void* device) {
  Linked& l = linked();
  std::lock_guard lock(l.mutex);
  const auto found = l.by_program.find(program_id);
  if (found == l.by_program.end()) return {};
  for (const auto& [d, reason] : found->second)
    if (d == device) return reason;
  return {};
}

}  // namespace clvet::layer
