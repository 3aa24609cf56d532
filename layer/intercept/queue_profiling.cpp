// Hidden profiling: the interposers between the layer's wrappers and the driver. The wrappers
// check and trace what the application passed; only the driver sees the profiling flag.
#include "queue_profiling.h"

#include <algorithm>
#include <mutex>
#include <optional>
#include <unordered_map>
#include <vector>

#include "dispatch.h"

namespace clvet::layer::queue_profiling {
namespace {

// What the application asked for, for a queue the layer turned profiling on for.
struct Asked {
  bool hidden = false;
  // clCreateCommandQueueWithProperties: the application's list with its terminating 0, or
  // none when it passed NULL (clCreateCommandQueue: none either).
  std::optional<std::vector<cl_queue_properties>> properties;
};

// The driver's entry points beneath the interposers.
struct Driver {
  decltype(cl_icd_dispatch::clCreateCommandQueue) create_queue = nullptr;
  decltype(cl_icd_dispatch::clCreateCommandQueueWithProperties) create_queue_with_properties =
      nullptr;
  decltype(cl_icd_dispatch::clGetCommandQueueInfo) queue_info = nullptr;
  decltype(cl_icd_dispatch::clGetEventProfilingInfo) profiling_info = nullptr;
};

Driver g_driver;
std::mutex g_mutex;  // queue creations and queries: not on the path of cheap calls
std::unordered_map<const void*, Asked>& asked() {
  static auto* queues = new std::unordered_map<const void*, Asked>;  // lives through exit
  return *queues;
}

// Queue addresses are reused by the driver: each creation states anew what the address is.
void remember(const void* queue, Asked what) {
  std::lock_guard lock(g_mutex);
  if (what.hidden)
    asked()[queue] = std::move(what);
  else
    asked().erase(queue);
}

std::optional<Asked> asked_of(const void* queue) {
  std::lock_guard lock(g_mutex);
  auto found = asked().find(queue);
  if (found == asked().end()) return std::nullopt;
  return found->second;
}

// Whether `device` can profile host queues: CL_DEVICE_QUEUE_PROPERTIES (1.2 §4.2, table 4.3),
// the same query as 2.0's CL_DEVICE_QUEUE_ON_HOST_PROPERTIES (3.0 clGetDeviceInfo).
bool device_profiles(cl_device_id device) {
  auto* info = next().clGetDeviceInfo;
  cl_command_queue_properties supported = 0;
  return info != nullptr &&
         info(device, CL_DEVICE_QUEUE_PROPERTIES, sizeof supported, &supported, nullptr) ==
             CL_SUCCESS &&
         (supported & CL_QUEUE_PROFILING_ENABLE) != 0;
}

cl_command_queue CL_API_CALL create_queue(cl_context context, cl_device_id device,
                                          cl_command_queue_properties properties,
                                          cl_int* errcode_ret) {
  const bool add = (properties & CL_QUEUE_PROFILING_ENABLE) == 0 && device_profiles(device);
  cl_int error = CL_SUCCESS;
  cl_command_queue queue = g_driver.create_queue(
      context, device, add ? properties | CL_QUEUE_PROFILING_ENABLE : properties, &error);
  if (add && queue == nullptr) {
    // Whatever the driver objects to, the application must get its answer to its own call.
    return g_driver.create_queue(context, device, properties, errcode_ret);
  }
  if (errcode_ret != nullptr) *errcode_ret = error;
  if (queue != nullptr) remember(queue, Asked{add, std::nullopt});
  return queue;
}

// The application's list with CL_QUEUE_PROFILING_ENABLE added; nullopt where the layer leaves
// it alone: profiling asked for already, an on-device queue (2.2 §5.1), an unterminated list.
std::optional<std::vector<cl_queue_properties>> with_profiling(const cl_queue_properties* list) {
  constexpr std::size_t kMaxPairs = 64;
  std::vector<cl_queue_properties> out;
  bool found = false;
  std::size_t pairs = 0;
  for (; list != nullptr && list[2 * pairs] != 0; ++pairs) {
    if (pairs == kMaxPairs) return std::nullopt;
    cl_queue_properties key = list[2 * pairs], value = list[2 * pairs + 1];
    if (key == CL_QUEUE_PROPERTIES) {
      if ((value & (CL_QUEUE_PROFILING_ENABLE | CL_QUEUE_ON_DEVICE)) != 0) return std::nullopt;
      value |= CL_QUEUE_PROFILING_ENABLE;
      found = true;
    }
    out.push_back(key);
    out.push_back(value);
  }
  if (!found) {
    out.push_back(CL_QUEUE_PROPERTIES);
    out.push_back(CL_QUEUE_PROFILING_ENABLE);
  }
  out.push_back(0);
  return out;
}

cl_command_queue CL_API_CALL create_queue_with_properties(cl_context context,
                                                          cl_device_id device,
                                                          const cl_queue_properties* properties,
                                                          cl_int* errcode_ret) {
  std::optional<std::vector<cl_queue_properties>> changed;
  if (device_profiles(device)) changed = with_profiling(properties);
  if (!changed) {
    cl_command_queue queue =
        g_driver.create_queue_with_properties(context, device, properties, errcode_ret);
    if (queue != nullptr) remember(queue, Asked{});
    return queue;
  }
  cl_int error = CL_SUCCESS;
  cl_command_queue queue =
      g_driver.create_queue_with_properties(context, device, changed->data(), &error);
  if (queue == nullptr)
    return g_driver.create_queue_with_properties(context, device, properties, errcode_ret);
  if (errcode_ret != nullptr) *errcode_ret = error;
  Asked what{true, std::nullopt};
  if (properties != nullptr) {
    std::size_t n = 0;
    while (properties[n] != 0) n += 2;
    what.properties.emplace(properties, properties + n + 1);
  }
  remember(queue, std::move(what));
  return queue;
}

// clGetCommandQueueInfo (1.2 §5.1, 2.2 §5.1): CL_QUEUE_PROPERTIES and CL_QUEUE_PROPERTIES_ARRAY
// are what the application specified when it created the queue.
cl_int CL_API_CALL queue_info(cl_command_queue queue, cl_command_queue_info param,
                              size_t value_size, void* value, size_t* size_ret) {
  std::optional<Asked> what;
  if (param == CL_QUEUE_PROPERTIES || param == CL_QUEUE_PROPERTIES_ARRAY) what = asked_of(queue);
  if (!what) return g_driver.queue_info(queue, param, value_size, value, size_ret);
  if (param == CL_QUEUE_PROPERTIES) {
    const cl_int error = g_driver.queue_info(queue, param, value_size, value, size_ret);
    if (error == CL_SUCCESS && value != nullptr && value_size >= sizeof(cl_command_queue_properties))
      *static_cast<cl_command_queue_properties*>(value) &= ~CL_QUEUE_PROFILING_ENABLE;
    return error;
  }
  // The array the driver holds is longer than the application's: ask the driver only whether
  // the query is valid, and answer the application's list (none: size 0, 3.0 §5.1).
  std::size_t driver_size = 0;
  const cl_int error = g_driver.queue_info(queue, param, 0, nullptr, &driver_size);
  if (error != CL_SUCCESS) return error;
  const std::size_t size =
      what->properties ? what->properties->size() * sizeof(cl_queue_properties) : 0;
  // CL_INVALID_VALUE if the size in bytes specified by param_value_size is < size of return type
  if (value != nullptr && value_size < size) return CL_INVALID_VALUE;
  if (value != nullptr && size != 0)
    std::copy(what->properties->begin(), what->properties->end(),
              static_cast<cl_queue_properties*>(value));
  if (size_ret != nullptr) *size_ret = size;
  return CL_SUCCESS;
}

// clGetEventProfilingInfo (1.2 §5.12): "CL_PROFILING_INFO_NOT_AVAILABLE if the
// CL_QUEUE_PROFILING_ENABLE flag is not set for the command-queue".
cl_int CL_API_CALL event_profiling_info(cl_event event, cl_profiling_info param, size_t value_size,
                                        void* value, size_t* size_ret) {
  cl_command_queue queue = nullptr;
  auto* event_info = next().clGetEventInfo;
  if (event_info != nullptr &&
      event_info(event, CL_EVENT_COMMAND_QUEUE, sizeof queue, &queue, nullptr) == CL_SUCCESS &&
      queue != nullptr && hidden(queue))
    return CL_PROFILING_INFO_NOT_AVAILABLE;
  return g_driver.profiling_info(event, param, value_size, value, size_ret);
}

}  // namespace

void install() {
  cl_icd_dispatch& table = next_for_interposers();
  // Each one only where the driver has the entry point: a missing one stays missing.
  g_driver = {table.clCreateCommandQueue, table.clCreateCommandQueueWithProperties,
              table.clGetCommandQueueInfo, table.clGetEventProfilingInfo};
  if (g_driver.profiling_info == nullptr || g_driver.queue_info == nullptr) return;
  if (g_driver.create_queue != nullptr) table.clCreateCommandQueue = &create_queue;
  if (g_driver.create_queue_with_properties != nullptr)
    table.clCreateCommandQueueWithProperties = &create_queue_with_properties;
  table.clGetCommandQueueInfo = &queue_info;
  table.clGetEventProfilingInfo = &event_profiling_info;
}

bool hidden(const void* queue) {
  std::lock_guard lock(g_mutex);
  auto found = asked().find(queue);
  return found != asked().end() && found->second.hidden;
}

decltype(cl_icd_dispatch::clGetEventProfilingInfo) driver_profiling_info() {
  return g_driver.profiling_info != nullptr ? g_driver.profiling_info
                                            : next().clGetEventProfilingInfo;
}

}  // namespace clvet::layer::queue_profiling
