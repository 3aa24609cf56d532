// The kernels the application holds of a program, for the rules of clBuildProgram and
// clCompileProgram (3.0 §5.8.4, §5.8.5: CL_INVALID_OPERATION while kernels are attached).
#include "layer_world.h"
#include "objects.h"

namespace clvet::layer {

// Asked by the rules of clBuildProgram and clCompileProgram alone, whose calls are judged each
// time (their verdicts are not kept): the table's live objects are walked under its lock, which
// a build does not notice.
std::size_t LayerWorld::kernels_held(const void* program) const {
  if (kind_of(program) != api::ObjectKind::Program) return 0;
  std::size_t held = 0;
  for (const checker::ObjectRecord& record : objects().live_counted()) {
    if (record.kind != api::ObjectKind::Kernel || record.parent_count == 0) continue;
    // clCreateKernel and clCreateKernelsInProgram have the program as their first handle;
    // clCloneKernel the kernel it copies, whose program the clone shares (§5.9.1): asked of
    // the driver (a lasting answer, kept after the first time).
    const void* parent = record.parents[0];
    if (parent == program ||
        (record.created_by == "clCloneKernel" &&
         rules::get<cl_program>(*this, rules::InfoQuery::Kernel, record.handle,
                                CL_KERNEL_PROGRAM) == program))
      ++held;
  }
  return held;
}

}  // namespace clvet::layer
