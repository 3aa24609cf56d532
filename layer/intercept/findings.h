// The findings the layer makes: rule violations named by their rule, and the layer's own
// checks (lifetimes, what a platform answered), named by the ids below.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "clvet/reports/finding.h"
#include "clvet/rules/rule.h"

namespace clvet::layer {

namespace check {
// Application: a handle no rule of the entry point covers was unknown, released or of the
// wrong kind (the entry points' own rules name almost every case).
inline constexpr std::string_view kInvalidHandle = "InvalidHandle";
// Application: an object still held when the process exits.
inline constexpr std::string_view kObjectLeaked = "ObjectLeaked";
// Application: an entry point newer than the platform the call goes to (not forwarded:
// ocl-icd 2.3.1 spins forever on a missing slot).
inline constexpr std::string_view kEntryPointAbovePlatformVersion =
    "EntryPointAbovePlatformVersion";
// Application: clSVMFree or clEnqueueSVMFree of a pointer clSVMAlloc did not return, or
// returned and it was freed already (the spec leaves it undefined; a driver frees it twice).
inline constexpr std::string_view kSvmFreeNotAllocated = "SvmFreeNotAllocated";
// Application: an enqueued SVM command (copy, fill, map, unmap, migration) or a kernel's
// CL_KERNEL_EXEC_INFO_SVM_PTRS with a pointer into an SVM allocation already freed (undefined
// by the spec, 2.2 §5.6.1; the driver or the kernel would read or write freed memory).
inline constexpr std::string_view kSvmPointerFreed = "SvmPointerFreed";
// Application: clEnqueueSVMMemFill, clEnqueueSVMMap or clEnqueueSVMUnmap with a pointer inside
// no SVM allocation clSVMAlloc made, on a device that does not share the host's memory (no
// CL_DEVICE_SVM_FINE_GRAIN_SYSTEM; where it does, one whose memory is not mapped): undefined by
// the spec (2.2 §5.6.1), and the driver would read or write through it.
inline constexpr std::string_view kSvmPointerNotAllocated = "SvmPointerNotAllocated";
// Platform: the loader's dispatch table has no such slot (an older loader).
inline constexpr std::string_view kEntryPointMissingInLoader = "EntryPointMissingInLoader";
// Platform: the driver's own dispatch table (cl_khr_icd: the first member of each of its
// objects) has no such slot: the loader would call a NULL pointer.
inline constexpr std::string_view kEntryPointMissingInDriver = "EntryPointMissingInDriver";
// Platform: an error code none of the entry point's error clauses lists.
inline constexpr std::string_view kUnlistedErrorCode = "UnlistedErrorCode";
// Platform: an object-returning call whose result and errcode_ret disagree.
inline constexpr std::string_view kResultDisagreesWithErrcode = "ResultDisagreesWithErrcode";
// Platform: a handle returned as new that names an object the application still holds.
inline constexpr std::string_view kHandleReturnedTwice = "HandleReturnedTwice";
// Platform: param_value_size_ret disagrees with the data an info query wrote.
inline constexpr std::string_view kInfoSizeMismatch = "InfoSizeMismatch";
// Platform: an info query answered a value outside the enumeration of its type.
inline constexpr std::string_view kInfoValueOutsideEnum = "InfoValueOutsideEnum";
// Platform: a context's CL_CONTEXT_DEVICES, or a program's CL_PROGRAM_DEVICES, is not the
// devices the application created it with (PoCL answers the root device for a context of its
// sub-devices).
inline constexpr std::string_view kAssociatedDevicesDiffer = "AssociatedDevicesDiffer";
// Application, a note: the trace could not be written whole (the disk full, a file size
// limit, a path that is no regular file), or records were left out of it at exit.
inline constexpr std::string_view kTraceNotWritten = "TraceNotWritten";
// Application, a note: CLVET_PLATFORM_ORDER (which clvet run writes when it puts another
// loader in the application's) cannot be read; the platforms keep the loader's order.
inline constexpr std::string_view kPlatformOrderNotApplied = "PlatformOrderNotApplied";
}  // namespace check

// Records a finding: the process's log (reported at exit), stderr at once with CLVET_LIVE=1,
// and the call observer.
void record(reports::Finding finding);

// A finding that names a rule of the catalogue.
void record_rule(const rules::Rule& rule, reports::Category category, std::uint64_t call_index,
                 std::string detail = {});
// A finding of one of the layer's own checks.
void record_check(std::string_view id, reports::Category category, reports::Severity severity,
                  std::string_view entry, cl_int code, std::uint64_t call_index,
                  std::string detail);

}  // namespace clvet::layer
