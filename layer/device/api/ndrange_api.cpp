// Executing kernels (§5.8; 2.2 §5.10): clEnqueueNDRangeKernel and clEnqueueTask, from the
// launch checks to the interpreter's run of the NDRange on the queue's thread.
#include "catalogue/kernel.h"
#include "device_impl.gen.h"
#include "device_world.h"
#include "enqueue.h"
#include "kernel.h"
#include "memory.h"
#include "queue.h"

namespace clvet::device::impl {

// §5.8 (2.2 §5.10). A kernel always comes from a built executable, which needs the compiler of
// a later issue; the kernel-independent clauses are prechecks.
Status EnqueueNDRangeKernel(const args::EnqueueNDRangeKernel& a) {
  Ref<Queue> q = lookup<Queue>(a.command_queue);
  if (!q) return fail(rule::EnqueueNDRangeKernelInvalidQueue);
  Ref<Kernel> k = lookup<Kernel>(a.kernel);
  if (!k) return fail(rule::EnqueueNDRangeKernelInvalidKernel);
  if (!k->program().has_executable_for(q->device()))
    return fail(rule::EnqueueNDRangeKernelNoExecutable);
  if (!k->all_args_set()) return fail(rule::EnqueueNDRangeKernelArgsNotSet);
  // 2.1+: "If global_work_size is NULL, or the value in any passed dimension is 0 then the
  // kernel command will trivially succeed after its event dependencies are satisfied".
  bool empty = a.global_work_size == nullptr;
  for (cl_uint i = 0; !empty && i < a.work_dim; ++i) empty = a.global_work_size[i] == 0;
  if (empty)
    return submit(*q, CL_COMMAND_NDRANGE_KERNEL, a.num_events_in_wait_list, a.event_wait_list,
                  a.event, false, [] { return CL_SUCCESS; });
  return fail(rule::EnqueueNDRangeKernelNoExecutable,
              "this build of the reference device cannot execute kernels yet");
}

Status EnqueueTask(const args::EnqueueTask& a) {
  Ref<Queue> q = lookup<Queue>(a.command_queue);
  if (!q) return fail(rule::EnqueueTaskInvalidQueue);
  Ref<Kernel> k = lookup<Kernel>(a.kernel);
  if (!k) return fail(rule::EnqueueTaskInvalidKernel);
  if (!k->program().has_executable_for(q->device())) return fail(rule::EnqueueTaskNoExecutable);
  if (!k->all_args_set()) return fail(rule::EnqueueTaskArgsNotSet);
  return fail(rule::EnqueueTaskNoExecutable,
              "this build of the reference device cannot execute kernels yet");
}

}  // namespace clvet::device::impl
