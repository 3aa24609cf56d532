// Answers the rules' questions with the reference device's own info entry points, so a rule
// sees exactly what the application would see.
#include "device_world.h"

#include "device_impl.gen.h"
#include "object.h"

namespace clvet::device {
namespace {

cl_int code_of(const Status& status) { return status.ok() ? CL_SUCCESS : status.error().code(); }

}  // namespace

const DeviceWorld& DeviceWorld::instance() {
  static const DeviceWorld world;
  return world;
}

api::ObjectKind DeviceWorld::kind_of(const void* handle) const {
  return ObjectRegistry::kind_of(handle);
}

cl_int DeviceWorld::info(rules::InfoQuery query, const void* handle, const void* extra,
                         cl_uint param, std::size_t size, void* value,
                         std::size_t* size_ret) const {
  using rules::InfoQuery;
  auto* h = const_cast<void*>(handle);
  auto* x = const_cast<void*>(extra);
  switch (query) {
    case InfoQuery::Platform:
      return code_of(impl::GetPlatformInfo({static_cast<cl_platform_id>(h), param, size, value, size_ret}));
    case InfoQuery::Device:
      return code_of(impl::GetDeviceInfo({static_cast<cl_device_id>(h), param, size, value, size_ret}));
    case InfoQuery::Context:
      return code_of(impl::GetContextInfo({static_cast<cl_context>(h), param, size, value, size_ret}));
    case InfoQuery::CommandQueue:
      return code_of(impl::GetCommandQueueInfo({static_cast<cl_command_queue>(h), param, size, value, size_ret}));
    case InfoQuery::Mem:
      return code_of(impl::GetMemObjectInfo({static_cast<cl_mem>(h), param, size, value, size_ret}));
    case InfoQuery::Image:
      return code_of(impl::GetImageInfo({static_cast<cl_mem>(h), param, size, value, size_ret}));
    case InfoQuery::Pipe:
      return code_of(impl::GetPipeInfo({static_cast<cl_mem>(h), param, size, value, size_ret}));
    case InfoQuery::Sampler:
      return code_of(impl::GetSamplerInfo({static_cast<cl_sampler>(h), param, size, value, size_ret}));
    case InfoQuery::Program:
      return code_of(impl::GetProgramInfo({static_cast<cl_program>(h), param, size, value, size_ret}));
    case InfoQuery::ProgramBuild:
      return code_of(impl::GetProgramBuildInfo({static_cast<cl_program>(h), static_cast<cl_device_id>(x), param, size, value, size_ret}));
    case InfoQuery::Kernel:
      return code_of(impl::GetKernelInfo({static_cast<cl_kernel>(h), param, size, value, size_ret}));
    case InfoQuery::KernelWorkGroup:
      return code_of(impl::GetKernelWorkGroupInfo({static_cast<cl_kernel>(h), static_cast<cl_device_id>(x), param, size, value, size_ret}));
    case InfoQuery::KernelArg:
      return code_of(impl::GetKernelArgInfo({static_cast<cl_kernel>(h), static_cast<cl_uint>(reinterpret_cast<std::uintptr_t>(x)), param, size, value, size_ret}));
    case InfoQuery::Event:
      return code_of(impl::GetEventInfo({static_cast<cl_event>(h), param, size, value, size_ret}));
    case InfoQuery::EventProfiling:
      return code_of(impl::GetEventProfilingInfo({static_cast<cl_event>(h), param, size, value, size_ret}));
  }
  return CL_INVALID_VALUE;
}

}  // namespace clvet::device
