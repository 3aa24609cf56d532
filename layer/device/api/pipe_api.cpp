// Pipe entry points (OpenCL 2.2 §5.4): clCreatePipe, clGetPipeInfo. The reference device
// reports CL_DEVICE_PIPE_SUPPORT = CL_FALSE, so no pipe object exists.
#include "clvet/rules/rule_ids.gen.h"
#include "device_impl.gen.h"

namespace clvet::device::impl {

// The prechecks let a creation through only when some device of the context reports pipe
// support, which none of this platform does.
Result<cl_mem> CreatePipe(const args::CreatePipe&) {
  return fail(rule::CreatePipeNoPipeSupport, "the reference device does not implement pipes");
}

// No memory object of this device is a pipe. The World's InfoQuery::Pipe comes here directly.
Status GetPipeInfo(const args::GetPipeInfo&) {
  return fail(rule::GetPipeInfoInvalidPipe, "the reference device has no pipe objects");
}

}  // namespace clvet::device::impl
