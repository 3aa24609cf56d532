// Device times of commands: events kept until their commands are complete, then read.
#include "command_times.h"

#include <utility>

#include "dispatch.h"
#include "host_clock.h"
#include "objects.h"
#include "queue_profiling.h"

namespace clvet::layer {
namespace {

std::size_t slot_of(const void* queue, std::size_t slots) {
  const auto bits = reinterpret_cast<std::uintptr_t>(queue) >> 4;
  return static_cast<std::size_t>((bits * 0x9e3779b97f4a7c15ull) >> 40) & (slots - 1);
}

// More pending commands than this and the complete ones are read at the next enqueue: a
// program that never finishes its queue must not hold every event it ever made.
constexpr std::size_t kPendingLimit = 4096;

trace::Handle id_of(const void* handle) {
  const auto known = objects().identity(handle);
  return {known.kind, known.id};
}

}  // namespace

void CommandTimes::queue_created(trace::Writer& writer, const void* queue, bool profiling,
                                 const void* device) {
  if (profiling) clock_pairs_.device_used(writer, device);
  std::lock_guard lock(mutex_);
  queue_devices_[queue] = device;
  std::size_t slot = slot_of(queue, kQueueSlots);
  for (std::size_t probes = 0; probes < kQueueSlots; ++probes, slot = (slot + 1) % kQueueSlots) {
    const void* key = queues_[slot].load(std::memory_order_relaxed);
    if (key != nullptr && key != queue) continue;
    profiled_[slot].store(profiling, std::memory_order_relaxed);
    queues_[slot].store(queue, std::memory_order_release);
    if (profiling) any_profiling_.store(true, std::memory_order_release);
    return;
  }
}

bool CommandTimes::profiling_queue(const void* queue) const {
  std::size_t slot = slot_of(queue, kQueueSlots);
  for (std::size_t probes = 0; probes < kQueueSlots; ++probes, slot = (slot + 1) % kQueueSlots) {
    const void* key = queues_[slot].load(std::memory_order_acquire);
    if (key == nullptr) return false;
    if (key == queue) return profiled_[slot].load(std::memory_order_relaxed);
  }
  return false;
}

std::string CommandTimes::kernel_name(const void* kernel) {
  const std::uint64_t id = objects().identity(kernel).id;
  if (auto known = kernel_names_.find(id); known != kernel_names_.end()) return known->second;
  std::string name;
  auto* info = next().clGetKernelInfo;
  std::size_t size = 0;
  auto* k = static_cast<cl_kernel>(const_cast<void*>(kernel));
  if (info != nullptr && info(k, CL_KERNEL_FUNCTION_NAME, 0, nullptr, &size) == CL_SUCCESS &&
      size > 0) {
    name.resize(size);
    if (info(k, CL_KERNEL_FUNCTION_NAME, size, name.data(), nullptr) != CL_SUCCESS) name.clear();
    while (!name.empty() && name.back() == '\0') name.pop_back();
  }
  return kernel_names_[id] = name;
}

bool CommandTimes::enqueued(std::uint64_t call, const void* queue, const void* kernel,
                            const void* event, bool layer_owned, std::uint64_t host_begin_ns,
                            std::uint64_t host_end_ns) {
  auto* e = static_cast<cl_event>(const_cast<void*>(event));
  if (!layer_owned) {
    // The application's event: kept alive until its times are read.
    if (next().clRetainEvent == nullptr || next().clRetainEvent(e) != CL_SUCCESS) return false;
  }
  Pending pending{call, queue, e, id_of(queue), layer_owned ? trace::Handle{} : id_of(event), {}};
  if (layer_owned) pending.event_id = {api::ObjectKind::Event, 0};  // not an application object
  pending.host_begin_ns = host_begin_ns;
  pending.host_end_ns = host_end_ns;
  bool full = false;
  {
    std::lock_guard lock(mutex_);
    if (kernel != nullptr) pending.label = kernel_name(kernel);
    if (auto device = queue_devices_.find(queue); device != queue_devices_.end())
      pending.device = device->second;
    pending_.push_back(std::move(pending));
    full = pending_.size() > kPendingLimit;
  }
  return full;
}

void CommandTimes::synchronised(trace::Writer& writer) {
  {
    const std::uint64_t now = host_clock::now_ns();
    std::lock_guard lock(mutex_);
    const bool batch = pending_.size() >= left_incomplete_ + kReadBatch;
    const bool due = pending_.size() > left_incomplete_ && now - last_read_ns_ >= kReadEveryNs;
    if (!batch && !due) return;
  }
  read_complete(writer, nullptr);
}

void CommandTimes::read_complete(trace::Writer& writer, const void* queue) {
  std::vector<Pending> mine;
  {
    std::lock_guard lock(mutex_);
    if (pending_.empty()) return;
    std::vector<Pending> rest;
    for (Pending& p : pending_)
      (queue == nullptr || p.queue == queue ? mine : rest).push_back(std::move(p));
    pending_.swap(rest);
  }
  const cl_icd_dispatch& d = next();
  std::vector<Pending> incomplete;
  for (Pending& p : mine) {
    cl_int status = CL_QUEUED;
    if (d.clGetEventInfo == nullptr ||
        d.clGetEventInfo(p.event, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof status, &status,
                         nullptr) != CL_SUCCESS) {
      status = -1;  // unreadable: let it go
    }
    if (status > CL_COMPLETE) {
      incomplete.push_back(std::move(p));
      continue;
    }
    trace::DeviceCommand command;
    command.call_index = p.call;
    command.queue = p.queue_id;
    command.event = p.event_id;
    command.label = std::move(p.label);
    cl_command_type type = 0;
    // The driver's own answer: for a queue the layer made profile, the wrapper the application
    // calls says the times are not available.
    auto* profiling_info = queue_profiling::driver_profiling_info();
    bool known = status == CL_COMPLETE && profiling_info != nullptr;
    if (d.clGetEventInfo(p.event, CL_EVENT_COMMAND_TYPE, sizeof type, &type, nullptr) == CL_SUCCESS)
      command.command_type = type;
    const std::pair<cl_profiling_info, std::uint64_t*> times[] = {
        {CL_PROFILING_COMMAND_QUEUED, &command.queued},
        {CL_PROFILING_COMMAND_SUBMIT, &command.submit},
        {CL_PROFILING_COMMAND_START, &command.start},
        {CL_PROFILING_COMMAND_END, &command.end}};
    for (const auto& [param, field] : times) {
      cl_ulong ns = 0;
      known =
          known && profiling_info(p.event, param, sizeof ns, &ns, nullptr) == CL_SUCCESS;
      *field = ns;
    }
    if (known) {
      writer.write_device_command(command);
      clock_pairs_.command_queued(p.device, command.queued, p.host_begin_ns, p.host_end_ns);
    }
    if (d.clReleaseEvent != nullptr) d.clReleaseEvent(p.event);
  }
  clock_pairs_.write_due(writer);
  std::lock_guard lock(mutex_);
  if (queue == nullptr) {
    left_incomplete_ = incomplete.size();
    last_read_ns_ = host_clock::now_ns();
  }
  for (Pending& p : incomplete) pending_.push_back(std::move(p));
}

}  // namespace clvet::layer
