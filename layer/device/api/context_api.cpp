// Context entry points (§4.4): creation from devices or a device type, retain/release,
// queries, destructor callbacks (3.0) and cl_khr_terminate_context.
#include <algorithm>

#include "clvet/rules/rule_ids.gen.h"
#include "clvet/rules/world.h"
#include "context.h"
#include "entry.h"
#include "device_impl.gen.h"
#include "host_allocation.h"
#include "info.h"

namespace clvet::device::impl {

namespace {

using Notify = Context::Notify;

// The properties as given, zero-terminated; empty when NULL was given (CL_CONTEXT_PROPERTIES
// then answers with size 0). The prechecks have validated every name.
std::vector<cl_context_properties> copy_properties(const cl_context_properties* properties) {
  std::vector<cl_context_properties> copy;
  if (properties == nullptr) return copy;
  for (auto& [key, value] : rules::read_properties(properties).entries) {
    copy.push_back(key);
    copy.push_back(value);
  }
  copy.push_back(0);
  return copy;
}

// Makes the context; a failure during creation is reported to pfn_notify too (§4.4).
Result<cl_context> make_context(std::vector<Ref<Device>> devices,
                                const cl_context_properties* properties, Notify notify,
                                void* user_data, const rules::Rule& out_of_host_memory) {
  try {
    auto* context = new Context(std::move(devices), copy_properties(properties), notify, user_data);
    return context->id();
  } catch (const std::bad_alloc&) {
    if (notify) notify("clvet: out of host memory while creating the context", nullptr, 0, user_data);
    return fail(out_of_host_memory, "allocating the context failed");
  }
}

}  // namespace

Result<cl_context> CreateContext(const args::CreateContext& a) {
  std::vector<Ref<Device>> devices;
  for (cl_uint i = 0; i < a.num_devices; ++i) {
    Ref<Device> device = lookup<Device>(a.devices[i]);
    if (!device)
      return fail(rule::CreateContextInvalidDevice, "devices[" + std::to_string(i) + "]");
    // Duplicate devices are ignored (§4.4, footnote 6).
    if (std::find(devices.begin(), devices.end(), device) == devices.end())
      devices.push_back(std::move(device));
  }
  return make_context(std::move(devices), a.properties, a.pfn_notify, a.user_data,
                      rule::CreateContextOutOfHostMemory);
}

Result<cl_context> CreateContextFromType(const args::CreateContextFromType& a) {
  // Only devices clGetDeviceIDs returns for device_type, never sub-devices.
  std::vector<Ref<Device>> devices;
  for (Device* device : Platform::instance().devices()) {
    // The device's own type (a CPU, or a device profile's) or the platform's default.
    const bool of_type = a.device_type == CL_DEVICE_TYPE_ALL ||
                         (a.device_type & (device->type() | CL_DEVICE_TYPE_DEFAULT)) != 0;
    if (of_type) devices.emplace_back(device);
  }
  if (devices.empty()) {
    // As clGetDeviceIDs' CL_DEVICE_NOT_FOUND: how a program finds out there is no GPU (1.2
    // §4.4), a note rather than a fault.
    entry::note_probe();
    return fail(rule::CreateContextFromTypeDeviceNotFound,
                "the clvet platform has only a CPU device");
  }
  return make_context(std::move(devices), a.properties, a.pfn_notify, a.user_data,
                      rule::CreateContextFromTypeOutOfHostMemory);
}

Status RetainContext(const args::RetainContext& a) {
  Ref<Context> context = lookup<Context>(a.context);
  if (!context) return fail(rule::RetainContextInvalidContext);
  context->retain();
  return {};
}

// At zero the handle dies; the context itself lives until the objects attached to it are
// gone, then its destructor callbacks run (context.cpp).
Status ReleaseContext(const args::ReleaseContext& a) {
  Ref<Context> context = lookup<Context>(a.context);
  if (!context) return fail(rule::ReleaseContextInvalidContext);
  context->release();
  return {};
}

Status GetContextInfo(const args::GetContextInfo& a) {
  Ref<Context> context = lookup<Context>(a.context);
  if (!context) return fail(rule::GetContextInfoInvalidContext);
  InfoWriter out(a.param_value_size, a.param_value, a.param_value_size_ret,
                 rule::GetContextInfoBadParam);
  Status status = on_bad_alloc(rule::GetContextInfoOutOfHostMemory, [&]() -> Status {
    switch (a.param_name) {
      case CL_CONTEXT_REFERENCE_COUNT: return out.scalar<cl_uint>(context->reference_count());
      case CL_CONTEXT_NUM_DEVICES:
        return out.scalar<cl_uint>(static_cast<cl_uint>(context->devices().size()));
      case CL_CONTEXT_DEVICES: {
        std::vector<cl_device_id> ids;
        for (const Ref<Device>& device : context->devices()) ids.push_back(device->id());
        return out.array(ids);
      }
      case CL_CONTEXT_PROPERTIES: return out.array(context->properties());
      default:
        return fail(rule::GetContextInfoBadParam,
                    "param_name " + std::to_string(a.param_name) + " is not a context query");
    }
  });
  // An error in this context: tell its pfn_notify (§4.4).
  if (!status.ok()) return context->fail(*status.error().rule, status.error().detail);
  return status;
}

Status SetContextDestructorCallback(const args::SetContextDestructorCallback& a) {
  Ref<Context> context = lookup<Context>(a.context);
  if (!context) return fail(rule::SetContextDestructorCallbackInvalidContext);
  return on_bad_alloc(rule::SetContextDestructorCallbackOutOfHostMemory, [&]() -> Status {
    context->add_destructor_callback(a.pfn_notify, a.user_data);
    return {};
  });
}

// No device supports cl_khr_terminate_context, so no context is created terminable and the
// precheck TerminateContextKHRNotTerminable answers every call on a valid context.
Status TerminateContextKHR(const args::TerminateContextKHR& a) {
  Ref<Context> context = lookup<Context>(a.context);
  if (!context) return fail(rule::TerminateContextKHRInvalidContext);
  return context->fail(rule::TerminateContextKHRNotTerminable,
                       "no device in the context can terminate it");
}

}  // namespace clvet::device::impl
