// Rules: Shared virtual memory (OpenCL 2.2 §5.6; the 3.0 API for devices without SVM).
#pragma once

#include <bit>

#include "catalogue.h"
#include "clvet/rules/svm_support.h"
#include "image.h"

namespace clvet::rules::svm {

// 3.0: "the device associated with command_queue does not support SVM".
inline bool queue_lacks_svm(const World& w, cl_command_queue queue) {
  return valid(w, queue) && capabilities(w, device_of(w, queue)) == 0;
}

inline constexpr cl_svm_mem_flags kAccess = CL_MEM_READ_WRITE | CL_MEM_WRITE_ONLY | CL_MEM_READ_ONLY;
// "The values specified in flags are not valid, i.e. don't match those defined in the SVM
// Memory Flags table".
inline bool flags_unknown(cl_svm_mem_flags flags) {
  return flags & ~(kAccess | CL_MEM_SVM_FINE_GRAIN_BUFFER | CL_MEM_SVM_ATOMICS);
}
// "Values specified in flags do not follow rules described for supported values": the access
// flags are mutually exclusive.
inline bool flags_conflict(cl_svm_mem_flags flags) { return std::popcount(flags & kAccess) > 1; }
// Fine-grain buffers or atomics asked for, and some device of the context lacks them.
inline bool fine_grain_unsupported(const World& w, cl_context context, cl_svm_mem_flags flags) {
  if (!(flags & (CL_MEM_SVM_FINE_GRAIN_BUFFER | CL_MEM_SVM_ATOMICS)) || !valid(w, context))
    return false;
  for (cl_device_id device : devices_of(w, context)) {
    cl_device_svm_capabilities caps = capabilities(w, device);
    if ((flags & CL_MEM_SVM_FINE_GRAIN_BUFFER) && !(caps & CL_DEVICE_SVM_FINE_GRAIN_BUFFER))
      return true;
    if ((flags & CL_MEM_SVM_ATOMICS) && !(caps & CL_DEVICE_SVM_ATOMICS)) return true;
  }
  return false;
}
inline bool size_invalid(const World& w, cl_context context, std::size_t size) {
  if (size == 0) return true;
  for (cl_device_id device : devices_of(w, context))
    if (size > get<cl_ulong>(w, InfoQuery::Device, device, CL_DEVICE_MAX_MEM_ALLOC_SIZE).value_or(0))
      return true;
  return false;
}
// A power of two up to the largest data type, long16 (128 bytes) for the full profile; 0
// asks for that default.
inline bool alignment_invalid(cl_uint alignment) {
  return alignment != 0 && (!std::has_single_bit(alignment) || alignment > sizeof(cl_long16));
}

// clEnqueueSVMMemcpy: [dst, dst+size) and [src, src+size) intersect.
inline bool memcpy_overlaps(const void* dst, const void* src, std::size_t size) {
  if (dst == nullptr || src == nullptr || size == 0) return false;
  auto d = reinterpret_cast<std::uintptr_t>(dst), s = reinterpret_cast<std::uintptr_t>(src);
  return d < s + size && s < d + size;
}
// clEnqueueSVMMemFill's value clauses.
inline bool pattern_size_invalid(std::size_t pattern_size) {
  return pattern_size == 0 || pattern_size > 128 || !std::has_single_bit(pattern_size);
}

}  // namespace clvet::rules::svm

// 2.2 §5.6.1 clSVMAlloc. It has no error code: it returns NULL. The codes below name each
// clause's kind of failure for reports; the application sees only the NULL.
CLVET_ROLE_RULE_WORDED(SVMAllocInvalidContext, SVMAlloc, InvalidContext, Spec::Runtime22, "5.6.1",
                       V2_0, "context is not a valid context.")
CLVET_RULE(
    SVMAllocAtomicsWithoutFineGrain, "clSVMAlloc", CL_INVALID_VALUE, Spec::Runtime22, "5.6.1",
    "flags does not contain CL_MEM_SVM_FINE_GRAIN_BUFFER but does contain CL_MEM_SVM_ATOMICS.",
    V2_0, Still,
    CLVET_CHECK(SVMAlloc,
                (a.flags & CL_MEM_SVM_ATOMICS) && !(a.flags & CL_MEM_SVM_FINE_GRAIN_BUFFER)))
CLVET_RULE(SVMAllocFlagsConflict, "clSVMAlloc", CL_INVALID_VALUE, Spec::Runtime22, "5.6.1",
           "Values specified in flags do not follow rules described for supported values in the "
           "SVM Memory Flags table.",
           V2_0, Still, CLVET_CHECK(SVMAlloc, svm::flags_conflict(a.flags)))
CLVET_RULE(SVMAllocFineGrainUnsupported, "clSVMAlloc", CL_INVALID_VALUE, Spec::Runtime22, "5.6.1",
           "CL_MEM_SVM_FINE_GRAIN_BUFFER or CL_MEM_SVM_ATOMICS is specified in flags and these are "
           "not supported by at least one device in context.",
           V2_0, Still, CLVET_CHECK(SVMAlloc, svm::fine_grain_unsupported(w, a.context, a.flags)))
CLVET_RULE(SVMAllocUnknownFlags, "clSVMAlloc", CL_INVALID_VALUE, Spec::Runtime22, "5.6.1",
           "The values specified in flags are not valid, i.e. don't match those defined in the SVM "
           "Memory Flags table.",
           V2_0, Still, CLVET_CHECK(SVMAlloc, svm::flags_unknown(a.flags)))
CLVET_RULE(SVMAllocInvalidSize, "clSVMAlloc", CL_INVALID_VALUE, Spec::Runtime22, "5.6.1",
           "size is 0 or > CL_DEVICE_MAX_MEM_ALLOC_SIZE value for any device in context.", V2_0,
           Still, CLVET_CHECK(SVMAlloc, svm::size_invalid(w, a.context, a.size)))
CLVET_RULE(SVMAllocInvalidAlignment, "clSVMAlloc", CL_INVALID_VALUE, Spec::Runtime22, "5.6.1",
           "alignment is not a power of two or the OpenCL implementation cannot support the "
           "specified alignment for at least one device in context.",
           V2_0, Still, CLVET_CHECK(SVMAlloc, svm::alignment_invalid(a.alignment)))
// Checked after the argument clauses, so that they still report on devices without SVM.
CLVET_RULE(SVMAllocNoSvmDevice, "clSVMAlloc", CL_INVALID_OPERATION, Spec::Api30, "5.6.1",
           "context is not a valid context, or no devices in context support SVM.", V3_0, Still,
           CLVET_CHECK(SVMAlloc, svm::no_device_supports_svm(w, a.context)))
CLVET_RULE(SVMAllocOutOfResources, "clSVMAlloc", CL_OUT_OF_HOST_MEMORY, Spec::Runtime22, "5.6.1",
           "There was a failure to allocate resources.", V2_0, Still, nullptr,
           "raised when the aligned allocation of the SVM buffer fails")

// 2.2 §5.6.1 clSVMFree: no error code either; the argument descriptions are its rules.
CLVET_ROLE_RULE_WORDED(SVMFreeInvalidContext, SVMFree, InvalidContext, Spec::Runtime22, "5.6.1",
                       V2_0, "context is a valid OpenCL context used to create the SVM buffer.")
CLVET_RULE(SVMFreeNotSvmPointer, "clSVMFree", CL_INVALID_VALUE, Spec::Runtime22, "5.6.1",
           "svm_pointer must be the value returned by a call to clSVMAlloc.", V2_0, Still, nullptr,
           "raised when svm_pointer is not NULL and is not a live clSVMAlloc allocation of context "
           "(never on a context without SVM devices, where 3.0 says no action occurs)")

// 2.2 §5.6.1 clEnqueueSVMFree
CLVET_ROLE_RULE(EnqueueSVMFreeInvalidQueue, EnqueueSVMFree, InvalidHostCommandQueue,
                Spec::Runtime22, "5.6.1", V2_0)
CLVET_RULE(EnqueueSVMFreeNoSvm, "clEnqueueSVMFree", CL_INVALID_OPERATION, Spec::Api30, "5.6.1",
           "CL_INVALID_OPERATION if the device associated with command_queue does not support SVM.",
           V3_0, Still, CLVET_CHECK(EnqueueSVMFree, svm::queue_lacks_svm(w, a.command_queue)))
CLVET_RULE(EnqueueSVMFreeBadPointers, "clEnqueueSVMFree", CL_INVALID_VALUE, Spec::Runtime22,
           "5.6.1",
           "CL_INVALID_VALUE if num_svm_pointers is 0 and svm_pointers is non-NULL, or if "
           "svm_pointers is NULL and num_svm_pointers is not 0.",
           V2_0, Still,
           CLVET_CHECK(EnqueueSVMFree, (a.num_svm_pointers == 0) != (a.svm_pointers == nullptr)))
CLVET_ROLE_RULE(EnqueueSVMFreeInvalidWaitList, EnqueueSVMFree, InvalidEventWaitList,
                Spec::Runtime22, "5.6.1", V2_0)
CLVET_ALLOCATION_RULES(EnqueueSVMFree, "clEnqueueSVMFree", Spec::Runtime22, "5.6.1", V2_0,
                       "never raised: the command takes no device resources",
                       "raised when queuing the command throws std::bad_alloc")

// 2.2 §5.6.1 clEnqueueSVMMemcpy
CLVET_ROLE_RULE(EnqueueSVMMemcpyInvalidQueue, EnqueueSVMMemcpy, InvalidHostCommandQueue,
                Spec::Runtime22, "5.6.1", V2_0)
CLVET_RULE(EnqueueSVMMemcpyNoSvm, "clEnqueueSVMMemcpy", CL_INVALID_OPERATION, Spec::Api30, "5.6.1",
           "CL_INVALID_OPERATION if the device associated with command_queue does not support SVM.",
           V3_0, Still, CLVET_CHECK(EnqueueSVMMemcpy, svm::queue_lacks_svm(w, a.command_queue)))
CLVET_ROLE_RULE_WORDED(EnqueueSVMMemcpyContextMismatch, EnqueueSVMMemcpy, ValidEventsContextDiffers,
                       Spec::Runtime22, "5.6.1", V2_0,
                       "CL_INVALID_CONTEXT if the context associated with command_queue and events "
                       "in event_wait_list are not the same.")
CLVET_ROLE_RULE(EnqueueSVMMemcpyInvalidWaitList, EnqueueSVMMemcpy, InvalidEventWaitList,
                Spec::Runtime22, "5.6.1", V2_0)
CLVET_RULE(EnqueueSVMMemcpyBlockingWaitListFailed, "clEnqueueSVMMemcpy",
           CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST, Spec::Runtime22, "5.6.1",
           "CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST if the copy operation is blocking and the "
           "execution status of any of the events in event_wait_list is a negative integer value.",
           V2_0, Still, nullptr,
           "raised when a blocking call's wait list contains an event that failed")
CLVET_RULE(EnqueueSVMMemcpyNullPointer, "clEnqueueSVMMemcpy", CL_INVALID_VALUE, Spec::Runtime22,
           "5.6.1", "CL_INVALID_VALUE if dst_ptr or src_ptr are NULL.", V2_0, Still,
           CLVET_CHECK(EnqueueSVMMemcpy, a.dst_ptr == nullptr || a.src_ptr == nullptr))
CLVET_RULE(EnqueueSVMMemcpyOverlap, "clEnqueueSVMMemcpy", CL_MEM_COPY_OVERLAP, Spec::Runtime22,
           "5.6.1",
           "CL_MEM_COPY_OVERLAP if the values specified for dst_ptr, src_ptr and size result in an "
           "overlapping copy.",
           V2_0, Still, CLVET_CHECK(EnqueueSVMMemcpy, svm::memcpy_overlaps(a.dst_ptr, a.src_ptr, a.size)))
CLVET_ALLOCATION_RULES(EnqueueSVMMemcpy, "clEnqueueSVMMemcpy", Spec::Runtime22, "5.6.1", V2_0,
                       "never raised: the command takes no device resources",
                       "raised when queuing the command throws std::bad_alloc")

// 2.2 §5.6.1 clEnqueueSVMMemFill
CLVET_ROLE_RULE(EnqueueSVMMemFillInvalidQueue, EnqueueSVMMemFill, InvalidHostCommandQueue,
                Spec::Runtime22, "5.6.1", V2_0)
CLVET_RULE(EnqueueSVMMemFillNoSvm, "clEnqueueSVMMemFill", CL_INVALID_OPERATION, Spec::Api30,
           "5.6.1",
           "CL_INVALID_OPERATION if the device associated with command_queue does not support SVM.",
           V3_0, Still, CLVET_CHECK(EnqueueSVMMemFill, svm::queue_lacks_svm(w, a.command_queue)))
CLVET_ROLE_RULE_WORDED(EnqueueSVMMemFillContextMismatch, EnqueueSVMMemFill,
                       ValidEventsContextDiffers, Spec::Runtime22, "5.6.1", V2_0,
                       "CL_INVALID_CONTEXT if the context associated with command_queue and events "
                       "in event_wait_list are not the same.")
CLVET_RULE(EnqueueSVMMemFillNullPointer, "clEnqueueSVMMemFill", CL_INVALID_VALUE, Spec::Runtime22,
           "5.6.1", "CL_INVALID_VALUE if svm_ptr is NULL.", V2_0, Still,
           CLVET_CHECK(EnqueueSVMMemFill, a.svm_ptr == nullptr))
CLVET_RULE(EnqueueSVMMemFillMisaligned, "clEnqueueSVMMemFill", CL_INVALID_VALUE, Spec::Runtime22,
           "5.6.1", "CL_INVALID_VALUE if svm_ptr is not aligned to pattern_size bytes.", V2_0, Still,
           CLVET_CHECK(EnqueueSVMMemFill,
                       a.pattern_size != 0 &&
                           reinterpret_cast<std::uintptr_t>(a.svm_ptr) % a.pattern_size != 0))
CLVET_RULE(EnqueueSVMMemFillBadPattern, "clEnqueueSVMMemFill", CL_INVALID_VALUE, Spec::Runtime22,
           "5.6.1",
           "CL_INVALID_VALUE if pattern is NULL or if pattern_size is 0 or if pattern_size is not "
           "one of {1, 2, 4, 8, 16, 32, 64, 128}.",
           V2_0, Still,
           CLVET_CHECK(EnqueueSVMMemFill,
                       a.pattern == nullptr || svm::pattern_size_invalid(a.pattern_size)))
CLVET_RULE(EnqueueSVMMemFillBadSize, "clEnqueueSVMMemFill", CL_INVALID_VALUE, Spec::Runtime22,
           "5.6.1", "CL_INVALID_VALUE if size is not a multiple of pattern_size.", V2_0, Still,
           CLVET_CHECK(EnqueueSVMMemFill, a.pattern_size != 0 && a.size % a.pattern_size != 0))
CLVET_ROLE_RULE(EnqueueSVMMemFillInvalidWaitList, EnqueueSVMMemFill, InvalidEventWaitList,
                Spec::Runtime22, "5.6.1", V2_0)
CLVET_ALLOCATION_RULES(EnqueueSVMMemFill, "clEnqueueSVMMemFill", Spec::Runtime22, "5.6.1", V2_0,
                       "never raised: the command takes no device resources",
                       "raised when queuing the command throws std::bad_alloc")

// 2.2 §5.6.1 clEnqueueSVMMap
CLVET_ROLE_RULE(EnqueueSVMMapInvalidQueue, EnqueueSVMMap, InvalidHostCommandQueue, Spec::Runtime22,
                "5.6.1", V2_0)
CLVET_RULE(EnqueueSVMMapNoSvm, "clEnqueueSVMMap", CL_INVALID_OPERATION, Spec::Api30, "5.6.1",
           "CL_INVALID_OPERATION if the device associated with command_queue does not support SVM.",
           V3_0, Still, CLVET_CHECK(EnqueueSVMMap, svm::queue_lacks_svm(w, a.command_queue)))
CLVET_ROLE_RULE_WORDED(EnqueueSVMMapContextMismatch, EnqueueSVMMap, ValidEventsContextDiffers,
                       Spec::Runtime22, "5.6.1", V2_0,
                       "CL_INVALID_CONTEXT if context associated with command_queue and events in "
                       "event_wait_list are not the same.")
CLVET_RULE(EnqueueSVMMapNullPointer, "clEnqueueSVMMap", CL_INVALID_VALUE, Spec::Runtime22, "5.6.1",
           "CL_INVALID_VALUE if svm_ptr is NULL.", V2_0, Still,
           CLVET_CHECK(EnqueueSVMMap, a.svm_ptr == nullptr))
CLVET_RULE(EnqueueSVMMapBadSizeOrFlags, "clEnqueueSVMMap", CL_INVALID_VALUE, Spec::Runtime22,
           "5.6.1",
           "CL_INVALID_VALUE if size is 0 or if values specified in map_flags are not valid.", V2_0,
           Still, CLVET_CHECK(EnqueueSVMMap, a.size == 0 || images::map_flags_invalid(a.flags)))
CLVET_ROLE_RULE(EnqueueSVMMapInvalidWaitList, EnqueueSVMMap, InvalidEventWaitList, Spec::Runtime22,
                "5.6.1", V2_0)
CLVET_RULE(EnqueueSVMMapBlockingWaitListFailed, "clEnqueueSVMMap",
           CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST, Spec::Runtime22, "5.6.1",
           "CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST if the map operation is blocking and the "
           "execution status of any of the events in event_wait_list is a negative integer value.",
           V2_0, Still, nullptr,
           "raised when a blocking call's wait list contains an event that failed")
CLVET_ALLOCATION_RULES(EnqueueSVMMap, "clEnqueueSVMMap", Spec::Runtime22, "5.6.1", V2_0,
                       "never raised: the command takes no device resources",
                       "raised when queuing the command throws std::bad_alloc")

// 2.2 §5.6.1 clEnqueueSVMUnmap
CLVET_ROLE_RULE(EnqueueSVMUnmapInvalidQueue, EnqueueSVMUnmap, InvalidHostCommandQueue,
                Spec::Runtime22, "5.6.1", V2_0)
CLVET_RULE(EnqueueSVMUnmapNoSvm, "clEnqueueSVMUnmap", CL_INVALID_OPERATION, Spec::Api30, "5.6.1",
           "CL_INVALID_OPERATION if the device associated with command_queue does not support SVM.",
           V3_0, Still, CLVET_CHECK(EnqueueSVMUnmap, svm::queue_lacks_svm(w, a.command_queue)))
CLVET_ROLE_RULE_WORDED(EnqueueSVMUnmapContextMismatch, EnqueueSVMUnmap, ValidEventsContextDiffers,
                       Spec::Runtime22, "5.6.1", V2_0,
                       "CL_INVALID_CONTEXT if context associated with command_queue and events in "
                       "event_wait_list are not the same.")
CLVET_RULE(EnqueueSVMUnmapNullPointer, "clEnqueueSVMUnmap", CL_INVALID_VALUE, Spec::Runtime22,
           "5.6.1", "CL_INVALID_VALUE if svm_ptr is NULL.", V2_0, Still,
           CLVET_CHECK(EnqueueSVMUnmap, a.svm_ptr == nullptr))
CLVET_ROLE_RULE_WORDED(
    EnqueueSVMUnmapInvalidWaitList, EnqueueSVMUnmap, InvalidEventWaitList, Spec::Runtime22, "5.6.1",
    V2_0,
    "CL_INVALID_EVENT_WAIT_LIST if event_wait_list is NULL and num_events_in_wait_list > 0, or if "
    "event_wait_list is not NULL and num_events_in_wait_list is 0, or if event objects in "
    "event_wait_list are not valid events.")
CLVET_ALLOCATION_RULES(EnqueueSVMUnmap, "clEnqueueSVMUnmap", Spec::Runtime22, "5.6.1", V2_0,
                       "never raised: the command takes no device resources",
                       "raised when queuing the command throws std::bad_alloc")

// 2.2 §5.6.1 clEnqueueSVMMigrateMem (2.1)
CLVET_ROLE_RULE(EnqueueSVMMigrateMemInvalidQueue, EnqueueSVMMigrateMem, InvalidHostCommandQueue,
                Spec::Runtime22, "5.6.1", V2_1)
CLVET_RULE(EnqueueSVMMigrateMemNoSvm, "clEnqueueSVMMigrateMem", CL_INVALID_OPERATION, Spec::Api30,
           "5.6.1",
           "CL_INVALID_OPERATION if the device associated with command_queue does not support SVM.",
           V3_0, Still, CLVET_CHECK(EnqueueSVMMigrateMem, svm::queue_lacks_svm(w, a.command_queue)))
CLVET_ROLE_RULE_WORDED(EnqueueSVMMigrateMemContextMismatch, EnqueueSVMMigrateMem,
                       ValidEventsContextDiffers, Spec::Runtime22, "5.6.1", V2_1,
                       "CL_INVALID_CONTEXT if context associated with command_queue and events in "
                       "event_wait_list are not the same.")
CLVET_RULE(EnqueueSVMMigrateMemNoPointers, "clEnqueueSVMMigrateMem", CL_INVALID_VALUE,
           Spec::Runtime22, "5.6.1",
           "CL_INVALID_VALUE if num_svm_pointers is zero or svm_pointers is NULL.", V2_1, Still,
           CLVET_CHECK(EnqueueSVMMigrateMem, a.num_svm_pointers == 0 || a.svm_pointers == nullptr))
CLVET_RULE(EnqueueSVMMigrateMemBadFlags, "clEnqueueSVMMigrateMem", CL_INVALID_VALUE, Spec::Api30,
           "5.6.1",
           "CL_INVALID_VALUE if flags is not zero and is not a valid combination of the values "
           "described in the Memory migration Flags table.",
           V3_0, Still,
           CLVET_CHECK(EnqueueSVMMigrateMem,
                       (a.flags & ~cl_mem_migration_flags{CL_MIGRATE_MEM_OBJECT_HOST |
                                                          CL_MIGRATE_MEM_OBJECT_CONTENT_UNDEFINED}) != 0))
CLVET_RULE(EnqueueSVMMigrateMemRangeOutside, "clEnqueueSVMMigrateMem", CL_INVALID_VALUE,
           Spec::Runtime22, "5.6.1",
           "CL_INVALID_VALUE if sizes[i] is non-zero range [svm_pointers[i], "
           "svm_pointers[i]+sizes[i]) is not contained within an existing clSVMAlloc allocation.",
           V2_1, Still, nullptr,
           "raised when a range is not inside a live clSVMAlloc allocation of the queue's context")
CLVET_ROLE_RULE_WORDED(
    EnqueueSVMMigrateMemInvalidWaitList, EnqueueSVMMigrateMem, InvalidEventWaitList,
    Spec::Runtime22, "5.6.1", V2_1,
    "CL_INVALID_EVENT_WAIT_LIST if event_wait_list is NULL and num_events_in_wait_list > 0, or if "
    "event_wait_list is not NULL and num_events_in_wait_list is 0, or if event objects in "
    "event_wait_list are not valid events.")
CLVET_ALLOCATION_RULES(EnqueueSVMMigrateMem, "clEnqueueSVMMigrateMem", Spec::Runtime22, "5.6.1",
                       V2_1, "never raised: the command takes no device resources",
                       "raised when queuing the command throws std::bad_alloc")
