// The devices associated with contexts and programs, kept from their create calls' arguments.
#include "associated_devices.h"

#include <fmt/format.h>

#include <algorithm>
#include <mutex>
#include <string>
#include <unordered_map>

#include "dispatch.h"
#include "findings.h"
#include "objects.h"

namespace clvet::layer::associated_devices {
namespace {

// Lists longer than this are garbage counts: not read through.
constexpr cl_uint kMaxDevices = 1u << 12;

struct Kept {
  std::uint64_t id = 0;
  std::vector<cl_device_id> devices;
};

struct Store {
  std::mutex mutex;
  std::unordered_map<const void*, Kept> by_object;
};

Store& store() {
  static auto* s = new Store;  // never destroyed: calls may arrive during exit
  return *s;
}

// "device#3 (0x5591...)": the table's name of each device, and its address.
std::string names(const std::vector<cl_device_id>& devices) {
  std::string out;
  for (cl_device_id device : devices) {
    const auto known = objects().identity(device);
    if (!out.empty()) out += ", ";
    out += known.id != 0 ? fmt::format("device#{} ({})", known.id, static_cast<const void*>(device))
                         : fmt::format("{}", static_cast<const void*>(device));
  }
  return out.empty() ? "none" : out;
}

// The driver's CL_CONTEXT_DEVICES or CL_PROGRAM_DEVICES; false when it does not answer.
bool driver_answer(const void* object, api::ObjectKind kind, std::vector<cl_device_id>& out) {
  const cl_icd_dispatch& d = next();
  auto ask = [&](std::size_t size, void* value, std::size_t* size_ret) {
    if (kind == api::ObjectKind::Context)
      return d.clGetContextInfo == nullptr
                 ? CL_INVALID_OPERATION
                 : d.clGetContextInfo(static_cast<cl_context>(const_cast<void*>(object)),
                                      CL_CONTEXT_DEVICES, size, value, size_ret);
    return d.clGetProgramInfo == nullptr
               ? CL_INVALID_OPERATION
               : d.clGetProgramInfo(static_cast<cl_program>(const_cast<void*>(object)),
                                    CL_PROGRAM_DEVICES, size, value, size_ret);
  };
  std::size_t size = 0;
  if (ask(0, nullptr, &size) != CL_SUCCESS || size / sizeof(cl_device_id) > kMaxDevices) return false;
  out.assign(size / sizeof(cl_device_id), nullptr);
  return out.empty() || ask(out.size() * sizeof(cl_device_id), out.data(), nullptr) == CL_SUCCESS;
}

}  // namespace

void keep(const void* object, std::uint64_t id, std::vector<cl_device_id> devices) {
  if (object == nullptr || devices.empty()) return;
  Store& s = store();
  std::lock_guard lock(s.mutex);
  s.by_object[object] = Kept{id, std::move(devices)};
}

std::vector<cl_device_id> of(const void* object, std::uint64_t id) {
  Store& s = store();
  std::lock_guard lock(s.mutex);
  const auto found = s.by_object.find(object);
  if (found == s.by_object.end() || found->second.id != id) return {};
  return found->second.devices;
}

std::vector<cl_device_id> listed(const cl_device_id* list, cl_uint count) {
  if (list == nullptr || count == 0 || count > kMaxDevices) return {};
  return std::vector<cl_device_id>(list, list + count);
}

void compare_with_driver(const void* object, api::ObjectKind kind, std::uint64_t id,
                         std::uint64_t call, std::string_view entry) {
  const std::vector<cl_device_id> kept = of(object, id);
  std::vector<cl_device_id> answered;
  if (kept.empty() || !driver_answer(object, kind, answered)) return;
  // The same devices in any order: the spec says which devices, not in what order.
  std::vector<cl_device_id> a = kept, b = answered;
  std::sort(a.begin(), a.end());
  a.erase(std::unique(a.begin(), a.end()), a.end());
  std::sort(b.begin(), b.end());
  if (a == b) return;
  const bool context = kind == api::ObjectKind::Context;
  reports::Finding finding;
  finding.category = reports::Category::Platform;
  finding.severity = reports::Severity::Error;
  finding.rule_id = std::string(check::kAssociatedDevicesDiffer);
  finding.entry = context ? "clGetContextInfo" : "clGetProgramInfo";
  finding.error_code = CL_SUCCESS;
  finding.spec = context ? "OpenCL 1.2 §4.4, table 4.6" : "OpenCL 1.2 §5.6.1, §5.6.7 table 5.14";
  finding.clause = context ? "CL_CONTEXT_DEVICES: Return the list of devices in context."
                           : "The devices associated with the program object are the devices "
                             "associated with context (or those given to clCreateProgramWithBinary)";
  finding.detail = fmt::format(
      "the {} {} made by {} is of {}, but the driver's {} answers {}; the layer judges the calls "
      "on it by the devices the application gave",
      context ? "context" : "program", object, entry, names(kept),
      context ? "CL_CONTEXT_DEVICES" : "CL_PROGRAM_DEVICES", names(answered));
  finding.call_index = call;
  record(std::move(finding));
}

}  // namespace clvet::layer::associated_devices
