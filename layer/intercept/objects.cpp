// The object table and the words and codes that go with object kinds.
#include "objects.h"

#include <fmt/format.h>

#include "clvet/rules/opencl.h"

namespace clvet::layer {

namespace detail {
std::atomic<checker::ObjectTable*> g_objects{nullptr};

checker::ObjectTable& make_objects() {
  static auto* table = new checker::ObjectTable;  // never destroyed: leaks are listed at exit
  g_objects.store(table, std::memory_order_release);
  return *table;
}
}  // namespace detail

std::string_view handle_type(api::ObjectKind kind) {
  using api::ObjectKind;
  switch (kind) {
    case ObjectKind::None:
      return "handle";
    case ObjectKind::Platform:
      return "cl_platform_id";
    case ObjectKind::Device:
      return "cl_device_id";
    case ObjectKind::Context:
      return "cl_context";
    case ObjectKind::CommandQueue:
      return "cl_command_queue";
    case ObjectKind::Mem:
      return "cl_mem";
    case ObjectKind::Sampler:
      return "cl_sampler";
    case ObjectKind::Program:
      return "cl_program";
    case ObjectKind::Kernel:
      return "cl_kernel";
    case ObjectKind::Event:
      return "cl_event";
  }
  return "handle";
}

cl_int invalid_handle_code(api::ObjectKind kind) {
  using api::ObjectKind;
  switch (kind) {
    case ObjectKind::Platform:
      return CL_INVALID_PLATFORM;
    case ObjectKind::Device:
      return CL_INVALID_DEVICE;
    case ObjectKind::Context:
      return CL_INVALID_CONTEXT;
    case ObjectKind::CommandQueue:
      return CL_INVALID_COMMAND_QUEUE;
    case ObjectKind::Mem:
      return CL_INVALID_MEM_OBJECT;
    case ObjectKind::Sampler:
      return CL_INVALID_SAMPLER;
    case ObjectKind::Program:
      return CL_INVALID_PROGRAM;
    case ObjectKind::Kernel:
      return CL_INVALID_KERNEL;
    case ObjectKind::Event:
      return CL_INVALID_EVENT;
    case ObjectKind::None:
      break;
  }
  return CL_INVALID_VALUE;
}

std::string handle_problem(std::string_view where, const void* handle, api::ObjectKind expected) {
  const std::string_view type = handle_type(expected);
  if (handle == nullptr) return fmt::format("{} is NULL, not a {}", where, type);
  auto record = objects().find(handle);
  if (!record)
    return fmt::format("{} = {} is not a {} the platform returned (garbage, or never created)",
                       where, handle, type);
  const std::string origin =
      record->created_call
          ? fmt::format("created by {} (call #{})", record->created_by, record->created_call)
          : fmt::format("listed by {}", record->created_by);
  if (record->state == checker::HandleState::Released)
    return fmt::format("{} = {} is a {} already released by {} (call #{}); it was {}", where,
                       handle, handle_type(record->kind), record->released_by,
                       record->released_call, origin);
  return fmt::format("{} = {} is a {}, not a {}; it was {}", where, handle,
                     handle_type(record->kind), type, origin);
}

}  // namespace clvet::layer
