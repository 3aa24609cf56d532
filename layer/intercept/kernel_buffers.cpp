// Kernel buffers read beside the kernel: enqueued reads, completed by event callbacks.
#include "kernel_buffers.h"

#include <atomic>
#include <chrono>
#include <memory>
#include <thread>

#include "dispatch.h"
#include "driver_platforms.h"
#include "objects.h"

namespace clvet::layer::kernel_buffers {
namespace {

// One KernelBuffers record in the making: the reads of one moment of one kernel command.
struct Group {
  struct Read {
    cl_uint index = 0;
    std::vector<unsigned char> bytes;
    std::atomic<bool> ok{false};
  };
  trace::Writer* writer = nullptr;
  std::uint64_t call = 0;
  bool after = false;
  std::unique_ptr<Read[]> reads;
  std::size_t count = 0;
  // Reads not complete yet, plus one held by read() until it has set up every callback.
  std::atomic<std::size_t> pending{1};
};

struct Completion {
  Group* group;
  std::size_t read;
};

// Groups whose record is not written yet: what the trace's close waits for.
std::atomic<std::size_t> g_outstanding{0};

void write_record(Group* group) {
  trace::KernelBuffers record;
  record.call_index = group->call;
  record.after = group->after;
  std::vector<trace::Value> items;
  for (std::size_t i = 0; i < group->count; ++i) {
    Group::Read& r = group->reads[i];
    items.push_back(trace::Value::array(
        {trace::Value::uint(r.index),
         r.ok.load(std::memory_order_acquire)
             ? group->writer->store_data(r.bytes.data(), r.bytes.size())
             : trace::Value::null()}));
  }
  record.buffers = trace::Value::array(std::move(items));
  group->writer->write_kernel_buffers(record);
  delete group;
  g_outstanding.fetch_sub(1, std::memory_order_acq_rel);
}

void done(Group* group) {
  if (group->pending.fetch_sub(1, std::memory_order_acq_rel) == 1) write_record(group);
}

// Called by the driver, on its own thread, when a read completed (CL_COMPLETE) or was
// terminated (a negative status: the bytes are not the buffer's).
void CL_CALLBACK completed(cl_event event, cl_int status, void* user_data) {
  auto* c = static_cast<Completion*>(user_data);
  (void)event;  // released by read(): a completed command's event lives until its callbacks ran
  c->group->reads[c->read].ok.store(status == CL_COMPLETE, std::memory_order_release);
  Group* group = c->group;
  delete c;
  done(group);
}

bool out_of_order(cl_command_queue queue) {
  cl_command_queue_properties properties = 0;
  auto* info = next().clGetCommandQueueInfo;
  return info != nullptr &&
         info(queue, CL_QUEUE_PROPERTIES, sizeof properties, &properties, nullptr) == CL_SUCCESS &&
         (properties & CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE) != 0;
}

}  // namespace

void read(trace::Writer& writer, std::uint64_t call, bool after, cl_command_queue queue,
          const std::vector<std::pair<cl_uint, cl_mem>>& buffers, cl_uint wait_count,
          const cl_event* wait) {
  const cl_icd_dispatch& d = next();
  g_outstanding.fetch_add(1, std::memory_order_acq_rel);
  auto* group = new Group;
  group->writer = &writer;
  group->call = call;
  group->after = after;
  group->count = buffers.size();
  group->reads = std::make_unique<Group::Read[]>(buffers.size());
  std::vector<cl_event> events;
  for (std::size_t i = 0; i < buffers.size(); ++i) {
    Group::Read& r = group->reads[i];
    r.index = buffers[i].first;
    std::size_t size = 0;
    if (d.clGetMemObjectInfo == nullptr || d.clEnqueueReadBuffer == nullptr ||
        d.clSetEventCallback == nullptr ||
        d.clGetMemObjectInfo(buffers[i].second, CL_MEM_SIZE, sizeof size, &size, nullptr) !=
            CL_SUCCESS)
      continue;
    r.bytes.resize(size);
    cl_event event = nullptr;
    if (d.clEnqueueReadBuffer(queue, buffers[i].second, CL_FALSE, 0, size, r.bytes.data(),
                              wait_count, wait, &event) != CL_SUCCESS)
      continue;
    group->pending.fetch_add(1, std::memory_order_relaxed);
    events.push_back(event);
    // clSetEventCallback (1.2 §5.9): called when the command completes or is terminated.
    if (d.clSetEventCallback(event, CL_COMPLETE, &completed, new Completion{group, i}) !=
        CL_SUCCESS)
      done(group);  // no callback: the bytes are never known
  }
  // Commands of an out-of-order queue run in any order (1.2 §5.1): the kernel, enqueued next,
  // must not overtake the reads of what it is about to change.
  if (!after && !events.empty() && out_of_order(queue) && d.clEnqueueBarrierWithWaitList != nullptr &&
      driver_platforms::version_of(objects().brief(queue).platform) >= rules::Version{1, 2})
    d.clEnqueueBarrierWithWaitList(queue, static_cast<cl_uint>(events.size()), events.data(),
                                   nullptr);
  // The driver runs commands once they are submitted; the application may never flush.
  if (!events.empty() && d.clFlush != nullptr) d.clFlush(queue);
  for (cl_event event : events) d.clReleaseEvent(event);
  done(group);
}

bool wait_for_pending(std::chrono::milliseconds limit) {
  const auto deadline = std::chrono::steady_clock::now() + limit;
  while (g_outstanding.load(std::memory_order_acquire) != 0) {
    if (std::chrono::steady_clock::now() >= deadline) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  return true;
}

}  // namespace clvet::layer::kernel_buffers
