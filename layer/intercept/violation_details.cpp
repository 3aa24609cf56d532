// The causes a finding names for the rules whose clauses have several.
#include "violation_details.h"

#include <fmt/format.h>

#include "clvet/rules/args.gen.h"
#include "clvet/rules/work_group_uniformity.h"

namespace clvet::layer {
namespace {

// 3.0 §5.10, clEnqueueNDRangeKernel: "CL_INVALID_WORK_GROUP_SIZE if the work-group size must
// be uniform and ... the global_work_size is not evenly divisible by the local_work_size". The
// work-group size must be uniform when the device does not support non-uniform work-groups, or
// the kernel's program was built from source as OpenCL C 1.x, or with
// -cl-uniform-work-group-size: the finding says which, and which dimension does not divide.
std::string uniform_work_groups(const args::EnqueueNDRangeKernel& a, const rules::World& w) {
  namespace uniformity = rules::uniformity;
  const cl_device_id device = rules::device_of(w, a.command_queue);
  const auto size = uniformity::launch_local_size(w, device, a.kernel, a.work_dim, a.local_work_size);
  if (!size) return {};
  const int d = uniformity::first_remainder(a.work_dim, a.global_work_size, *size);
  const std::string reason = uniformity::launch_reason(w, device, a.kernel);
  if (d < 0 || reason.empty()) return {};
  return fmt::format("global_work_size[{0}] = {1} is not a multiple of {2}[{0}] = {3}, and the "
                     "work-groups must be uniform: {4}",
                     d, a.global_work_size[d],
                     a.local_work_size != nullptr ? "local_work_size" : "the required work-group size",
                     (*size)[static_cast<std::size_t>(d)], reason);
}

}  // namespace

std::string violation_detail(const rules::Rule& rule, const void* args, const rules::World& world) {
  if (rule.id == "EnqueueNDRangeKernelUniformRequired" ||
      rule.id == "EnqueueNDRangeKernelUniformNotDivisible")
    return uniform_work_groups(*static_cast<const args::EnqueueNDRangeKernel*>(args), world);
  return {};
}

}  // namespace clvet::layer
