// The shorthands of world.h, built on the World's info queries.
#include "clvet/rules/world.h"

#include <algorithm>

namespace clvet::rules {

std::string_view info_family(InfoQuery query) {
  switch (query) {
    case InfoQuery::Platform: return "cl_platform_info";
    case InfoQuery::Device: return "cl_device_info";
    case InfoQuery::Context: return "cl_context_info";
    case InfoQuery::CommandQueue: return "cl_command_queue_info";
    case InfoQuery::Mem: return "cl_mem_info";
    case InfoQuery::Image: return "cl_image_info";
    case InfoQuery::Pipe: return "cl_pipe_info";
    case InfoQuery::Sampler: return "cl_sampler_info";
    case InfoQuery::Program: return "cl_program_info";
    case InfoQuery::ProgramBuild: return "cl_program_build_info";
    case InfoQuery::Kernel: return "cl_kernel_info";
    case InfoQuery::KernelWorkGroup: return "cl_kernel_work_group_info";
    case InfoQuery::KernelArg: return "cl_kernel_arg_info";
    case InfoQuery::Event: return "cl_event_info";
    case InfoQuery::EventProfiling: return "cl_profiling_info";
  }
  return {};
}

namespace {
template <class Handle>
cl_context context_by(const World& w, InfoQuery query, Handle handle, cl_uint param) {
  if (!valid(w, handle)) return nullptr;
  return get<cl_context>(w, query, handle, param).value_or(nullptr);
}
}  // namespace

cl_context context_of(const World& w, cl_command_queue q) {
  return context_by(w, InfoQuery::CommandQueue, q, CL_QUEUE_CONTEXT);
}
cl_context context_of(const World& w, cl_mem m) {
  return context_by(w, InfoQuery::Mem, m, CL_MEM_CONTEXT);
}
cl_context context_of(const World& w, cl_event e) {
  return context_by(w, InfoQuery::Event, e, CL_EVENT_CONTEXT);
}
cl_context context_of(const World& w, cl_program p) {
  return context_by(w, InfoQuery::Program, p, CL_PROGRAM_CONTEXT);
}
cl_context context_of(const World& w, cl_kernel k) {
  return context_by(w, InfoQuery::Kernel, k, CL_KERNEL_CONTEXT);
}
cl_context context_of(const World& w, cl_sampler s) {
  return context_by(w, InfoQuery::Sampler, s, CL_SAMPLER_CONTEXT);
}

cl_device_id device_of(const World& w, cl_command_queue q) {
  if (!valid(w, q)) return nullptr;
  return get<cl_device_id>(w, InfoQuery::CommandQueue, q, CL_QUEUE_DEVICE).value_or(nullptr);
}

std::vector<cl_device_id> devices_of(const World& w, cl_context context) {
  if (!valid(w, context)) return {};
  return get_array<cl_device_id>(w, InfoQuery::Context, context, CL_CONTEXT_DEVICES);
}

bool context_has_device(const World& w, cl_context context, cl_device_id device) {
  auto devices = devices_of(w, context);
  return std::find(devices.begin(), devices.end(), device) != devices.end();
}

bool wait_list_malformed(const World& w, cl_uint count, const cl_event* list) {
  if ((list == nullptr) != (count == 0)) return true;
  for (cl_uint i = 0; i < count; ++i)
    if (!valid(w, list[i])) return true;
  return false;
}

bool wait_list_context_differs(const World& w, cl_command_queue queue, cl_uint count,
                               const cl_event* list) {
  if (list == nullptr) return false;
  cl_context context = context_of(w, queue);
  for (cl_uint i = 0; i < count; ++i)
    if (context_of(w, list[i]) != context) return true;
  return false;
}

bool valid_events_in_other_context(const World& w, cl_command_queue queue, cl_uint count,
                                   const cl_event* list) {
  if (!valid(w, queue) || list == nullptr) return false;
  cl_context context = context_of(w, queue);
  for (cl_uint i = 0; i < count; ++i)
    if (valid(w, list[i]) && context_of(w, list[i]) != context) return true;
  return false;
}

}  // namespace clvet::rules
