// Command-queue entry points (§5.1): creation (1.x, 2.x and cl_khr_create_command_queue),
// reference counting, queries, and the device-queue entry points the device does not support.
#include <new>

#include "clvet/rules/rule_ids.gen.h"
#include "clvet/rules/world.h"
#include "device_impl.gen.h"
#include "info.h"
#include "queue.h"

namespace clvet::device::impl {
namespace {

// The rules one creation entry point raises from inside the implementation.
struct CreationRules {
  const rules::Rule& invalid_context;
  const rules::Rule& invalid_device;
  const rules::Rule& out_of_resources;
  const rules::Rule& out_of_host_memory;
};

Result<cl_command_queue> create_queue(cl_context context, cl_device_id device,
                                      cl_command_queue_properties bits,
                                      std::vector<cl_queue_properties> list,
                                      bool created_with_properties, const CreationRules& rules) {
  // The prechecks saw valid handles; another thread may have released them since.
  Ref<Context> ctx = lookup<Context>(context);
  if (!ctx) return fail(rules.invalid_context, "the context was released during the call");
  Ref<Device> dev = lookup<Device>(device);
  if (!dev) return fail(rules.invalid_device, "the device was released during the call");
  Queue* queue = nullptr;
  try {
    queue =
        new Queue(std::move(ctx), std::move(dev), bits, std::move(list), created_with_properties);
  } catch (const std::bad_alloc&) {
    return fail(rules.out_of_host_memory, "allocating the command-queue failed");
  }
  if (!queue->start()) {
    queue->release();
    return fail(rules.out_of_resources, "the command-queue's scheduler thread could not start");
  }
  return queue->id();  // the application's reference is the one the queue was created with
}

// The zero-terminated property list as given (CL_QUEUE_PROPERTIES_ARRAY returns it), empty
// for NULL. The prechecks read it the same way, with the same bound.
template <class Property>
std::vector<cl_queue_properties> copy_properties(const Property* list) {
  std::vector<cl_queue_properties> copy;
  if (list == nullptr) return copy;
  constexpr std::size_t kMaxPairs = 64;
  for (std::size_t i = 0; i < kMaxPairs && list[2 * i] != 0; ++i) {
    copy.push_back(static_cast<cl_queue_properties>(list[2 * i]));
    copy.push_back(static_cast<cl_queue_properties>(list[2 * i + 1]));
  }
  copy.push_back(0);
  return copy;
}

template <class Property>
cl_command_queue_properties bits_of(const Property* list) {
  auto props = rules::read_properties(list);
  return static_cast<cl_command_queue_properties>(props.value(CL_QUEUE_PROPERTIES).value_or(0));
}

}  // namespace

Result<cl_command_queue> CreateCommandQueue(const args::CreateCommandQueue& a) {
  return create_queue(
      a.context, a.device, a.properties, {}, false,
      {rule::CreateCommandQueueInvalidContext, rule::CreateCommandQueueInvalidDevice,
       rule::CreateCommandQueueOutOfResources, rule::CreateCommandQueueOutOfHostMemory});
}

Result<cl_command_queue> CreateCommandQueueWithProperties(
    const args::CreateCommandQueueWithProperties& a) {
  return create_queue(a.context, a.device, bits_of(a.properties), copy_properties(a.properties),
                      true,
                      {rule::CreateCommandQueueWithPropertiesInvalidContext,
                       rule::CreateCommandQueueWithPropertiesInvalidDevice,
                       rule::CreateCommandQueueWithPropertiesOutOfResources,
                       rule::CreateCommandQueueWithPropertiesOutOfHostMemory});
}

Result<cl_command_queue> CreateCommandQueueWithPropertiesKHR(
    const args::CreateCommandQueueWithPropertiesKHR& a) {
  return create_queue(a.context, a.device, bits_of(a.properties), copy_properties(a.properties),
                      true,
                      {rule::CreateCommandQueueWithPropertiesKHRInvalidContext,
                       rule::CreateCommandQueueWithPropertiesKHRInvalidDevice,
                       rule::CreateCommandQueueWithPropertiesKHROutOfResources,
                       rule::CreateCommandQueueWithPropertiesKHROutOfHostMemory});
}

// The device reports CL_DEVICE_DEVICE_ENQUEUE_CAPABILITIES 0, so the precheck
// SetDefaultDeviceCommandQueueNotReplaceable refuses every call that gets this far.
Status SetDefaultDeviceCommandQueue(const args::SetDefaultDeviceCommandQueue&) {
  return fail(rule::SetDefaultDeviceCommandQueueNotReplaceable,
              "the reference device has no device-side queues");
}

Status RetainCommandQueue(const args::RetainCommandQueue& a) {
  Ref<Queue> queue = lookup<Queue>(a.command_queue);
  if (!queue) return fail(rule::RetainCommandQueueInvalidQueue);
  queue->retain();
  return {};
}

Status ReleaseCommandQueue(const args::ReleaseCommandQueue& a) {
  Ref<Queue> queue = lookup<Queue>(a.command_queue);
  if (!queue) return fail(rule::ReleaseCommandQueueInvalidQueue);
  // §5.1: an implicit flush; the queue itself lives on until its commands finished.
  queue->flush();
  queue->release();
  return {};
}

Status GetCommandQueueInfo(const args::GetCommandQueueInfo& a) {
  Ref<Queue> queue = lookup<Queue>(a.command_queue);
  if (!queue) return fail(rule::GetCommandQueueInfoInvalidQueue);
  InfoWriter out(a.param_value_size, a.param_value, a.param_value_size_ret,
                 rule::GetCommandQueueInfoBadParam);
  switch (a.param_name) {
    case CL_QUEUE_CONTEXT:
      return out.scalar(queue->context().id());
    case CL_QUEUE_DEVICE:
      return out.scalar(queue->device().id());
    case CL_QUEUE_REFERENCE_COUNT:
      return out.scalar(queue->reference_count());
    case CL_QUEUE_PROPERTIES:
      return out.scalar(queue->properties());
    // 3.0: the list as given, terminator included; nothing (size 0) for NULL or for a queue
    // made by clCreateCommandQueue.
    case CL_QUEUE_PROPERTIES_ARRAY:
      return out.array(queue->property_list());
    // Only device queues answer CL_QUEUE_SIZE, and the device has none (3.0 §5.1).
    case CL_QUEUE_SIZE:
      return fail(rule::GetCommandQueueInfoNotForParam,
                  "CL_QUEUE_SIZE is only valid for device command-queues");
    // No default device queue exists: the device has no device-side queues.
    case CL_QUEUE_DEVICE_DEFAULT:
      return out.scalar(cl_command_queue{nullptr});
    default:
      return fail(rule::GetCommandQueueInfoBadParam,
                  "param_name " + std::to_string(a.param_name) + " is not a command-queue query");
  }
}

// 1.2 Appendix F.1: no longer supported since 1.1; the precheck refuses every call.
Status SetCommandQueueProperty(const args::SetCommandQueueProperty&) {
  return fail(rule::SetCommandQueuePropertyUnsupported);
}

}  // namespace clvet::device::impl
