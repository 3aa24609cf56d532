// Shared virtual memory entry points (OpenCL 2.2 §5.6): clSVMAlloc, clSVMFree and the SVM
// commands. The reference device has coarse- and fine-grain buffer SVM (Device::
// svm_capabilities); the host and the device share one memory, so mapping and migrating move
// nothing, and what the commands write is marked for the uninitialised-value checker.
#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "clvet/checker/api_validation.h"
#include "clvet/rules/rule_ids.gen.h"
#include "context.h"
#include "device_impl.gen.h"
#include "enqueue.h"
#include "queue.h"
#include "svm.h"

namespace clvet::device::impl {

namespace {

Ref<Queue> queue_of(cl_command_queue handle) { return lookup<Queue>(handle); }

}  // namespace

Result<void*> SVMAlloc(const args::SVMAlloc& a) {
  // alignment 0: "the size of largest data type supported", long16.
  std::size_t alignment = a.alignment ? a.alignment : sizeof(cl_long16);
  std::size_t size = (a.size + alignment - 1) / alignment * alignment;
  void* ptr = std::aligned_alloc(alignment, size);
  if (ptr == nullptr) return fail(rule::SVMAllocOutOfResources, "aligned_alloc failed");
  SvmAllocation allocation;
  allocation.base = reinterpret_cast<std::uintptr_t>(ptr);
  allocation.size = a.size;
  allocation.context = a.context;
  allocation.flags = a.flags;
  allocation.call = checker::FindingLog::instance().next_call_index();
  if (!allocation.fine_grain()) {
    // Zero pages until touched: nothing is written yet.
    allocation.written = static_cast<std::uint8_t*>(std::calloc(a.size, 1));
    if (allocation.written == nullptr) {
      std::free(ptr);
      return fail(rule::SVMAllocOutOfResources, "the marks of written bytes could not be allocated");
    }
  }
  SvmAllocations::instance().add(allocation);
  return ptr;
}

Status SVMFree(const args::SVMFree& a) {
  // 3.0: "If no devices in context support SVM, no action occurs"; NULL: no action either.
  if (a.svm_pointer == nullptr) return {};
  if (Ref<Context> context = lookup<Context>(a.context)) {
    const auto& devices = context->devices();
    if (std::none_of(devices.begin(), devices.end(),
                     [](const Ref<Device>& d) { return d->svm_capabilities() != 0; }))
      return {};
  }
  if (!SvmAllocations::instance().remove(a.svm_pointer, a.context))
    return fail(rule::SVMFreeNotSvmPointer, "svm_pointer is not a live allocation of context");
  std::free(a.svm_pointer);
  return {};
}

Status EnqueueSVMFree(const args::EnqueueSVMFree& a) {
  Ref<Queue> queue = queue_of(a.command_queue);
  if (!queue) return fail(rule::EnqueueSVMFreeInvalidQueue, "the queue was released");
  // The pointer array may be reused once the call returns; the callback gets our copy.
  auto pointers = std::make_shared<std::vector<void*>>(a.svm_pointers,
                                                       a.svm_pointers + a.num_svm_pointers);
  cl_command_queue handle = a.command_queue;
  cl_context context = queue->context().id();
  auto callback = a.pfn_free_func;
  void* user_data = a.user_data;
  return submit(*queue, CL_COMMAND_SVM_FREE, a.num_events_in_wait_list, a.event_wait_list,
                a.event, false, [=]() -> cl_int {
                  if (callback) {
                    callback(handle, static_cast<cl_uint>(pointers->size()), pointers->data(),
                             user_data);
                    return CL_SUCCESS;
                  }
                  for (void* p : *pointers)
                    if (p && SvmAllocations::instance().remove(p, context)) std::free(p);
                  return CL_SUCCESS;
                });
}

Status EnqueueSVMMemcpy(const args::EnqueueSVMMemcpy& a) {
  Ref<Queue> queue = queue_of(a.command_queue);
  if (!queue) return fail(rule::EnqueueSVMMemcpyInvalidQueue, "the queue was released");
  void* dst = a.dst_ptr;
  const void* src = a.src_ptr;
  std::size_t size = a.size;
  return submit(*queue, CL_COMMAND_SVM_MEMCPY, a.num_events_in_wait_list, a.event_wait_list,
                a.event, a.blocking_copy == CL_TRUE,
                [=] {
                  std::memcpy(dst, src, size);
                  SvmAllocations::instance().copy_marks(dst, src, size);
                  return CL_SUCCESS;
                },
                &rule::EnqueueSVMMemcpyBlockingWaitListFailed);
}

Status EnqueueSVMMemFill(const args::EnqueueSVMMemFill& a) {
  Ref<Queue> queue = queue_of(a.command_queue);
  if (!queue) return fail(rule::EnqueueSVMMemFillInvalidQueue, "the queue was released");
  // "The memory associated with pattern can be reused or freed after the function returns."
  auto pattern = std::make_shared<std::vector<unsigned char>>(
      static_cast<const unsigned char*>(a.pattern),
      static_cast<const unsigned char*>(a.pattern) + a.pattern_size);
  auto* dst = static_cast<unsigned char*>(a.svm_ptr);
  std::size_t size = a.size;
  return submit(*queue, CL_COMMAND_SVM_MEMFILL, a.num_events_in_wait_list, a.event_wait_list,
                a.event, false, [=] {
                  for (std::size_t at = 0; at < size; at += pattern->size())
                    std::memcpy(dst + at, pattern->data(), pattern->size());
                  SvmAllocations::instance().mark_written(dst, size);
                  return CL_SUCCESS;
                });
}

// The host and the device share memory, so mapping and unmapping only order the command. A map
// for writing hands the region to the host, which writes it before the unmap: its bytes count
// as written from the map on (a coarse-grain allocation's host writes are seen no other way).
Status EnqueueSVMMap(const args::EnqueueSVMMap& a) {
  Ref<Queue> queue = queue_of(a.command_queue);
  if (!queue) return fail(rule::EnqueueSVMMapInvalidQueue, "the queue was released");
  const bool writes = (a.flags & (CL_MAP_WRITE | CL_MAP_WRITE_INVALIDATE_REGION)) != 0;
  void* ptr = a.svm_ptr;
  const std::size_t size = a.size;
  return submit(*queue, CL_COMMAND_SVM_MAP, a.num_events_in_wait_list, a.event_wait_list, a.event,
                a.blocking_map == CL_TRUE,
                [=] {
                  if (writes) SvmAllocations::instance().mark_written(ptr, size);
                  return CL_SUCCESS;
                },
                &rule::EnqueueSVMMapBlockingWaitListFailed);
}

Status EnqueueSVMUnmap(const args::EnqueueSVMUnmap& a) {
  Ref<Queue> queue = queue_of(a.command_queue);
  if (!queue) return fail(rule::EnqueueSVMUnmapInvalidQueue, "the queue was released");
  return submit(*queue, CL_COMMAND_SVM_UNMAP, a.num_events_in_wait_list, a.event_wait_list,
                a.event, false, [] { return CL_SUCCESS; });
}

Status EnqueueSVMMigrateMem(const args::EnqueueSVMMigrateMem& a) {
  Ref<Queue> queue = queue_of(a.command_queue);
  if (!queue) return fail(rule::EnqueueSVMMigrateMemInvalidQueue, "the queue was released");
  for (cl_uint i = 0; i < a.num_svm_pointers; ++i) {
    std::size_t size = a.sizes ? a.sizes[i] : 0;
    if (!SvmAllocations::instance().find(a.svm_pointers[i], size, queue->context().id()))
      return fail(rule::EnqueueSVMMigrateMemRangeOutside,
                  "range " + std::to_string(i) + " is not inside an SVM allocation of the context");
  }
  // One memory for host and device: migrating moves nothing.
  return submit(*queue, CL_COMMAND_SVM_MIGRATE_MEM, a.num_events_in_wait_list, a.event_wait_list,
                a.event, false, [] { return CL_SUCCESS; });
}

}  // namespace clvet::device::impl
