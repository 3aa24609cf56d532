// SVM pointers of enqueued SVM commands and of CL_KERNEL_EXEC_INFO_SVM_PTRS judged before the
// call: freed allocations are refused, migrated ranges must lie in live ones.
#include "svm_pointer_values.h"

#include <fmt/format.h>
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "clvet/rules/args.gen.h"
#include "clvet/rules/svm_support.h"
#include "findings.h"
#include "svm_allocations.h"

namespace clvet::layer {
namespace {

// Lists longer than this are garbage counts: not read through.
constexpr std::size_t kListRead = std::size_t{1} << 16;

// Whether every page of [begin, end) is mapped in the process: msync() says ENOMEM of a range
// with a page that is not, and touches nothing (MS_ASYNC on memory without a file is no work).
bool pages_mapped(std::uintptr_t begin, std::uintptr_t end) {
  const auto page = static_cast<std::uintptr_t>(sysconf(_SC_PAGESIZE));
  begin &= ~(page - 1);
  if (msync(reinterpret_cast<void*>(begin), end - begin, MS_ASYNC) == 0) return true;
  return errno != ENOMEM;
}

// Whether a device shares the host's whole memory (CL_DEVICE_SVM_FINE_GRAIN_SYSTEM): any host
// pointer is an SVM pointer there (2.2 §5.6.2).
bool shares_system_memory(const rules::World& w, cl_device_id device) {
  return (rules::svm::capabilities(w, device) & CL_DEVICE_SVM_FINE_GRAIN_SYSTEM) != 0;
}

bool context_shares_system_memory(const rules::World& w, cl_context context) {
  for (cl_device_id device : rules::devices_of(w, context))
    if (shares_system_memory(w, device)) return true;
  return false;
}

// What is wrong with `pointer` (named `where`), which the driver reads or writes `length`
// bytes from (at least one); empty when nothing is. `host_memory_valid`: the host's own
// memory is a valid pointer here.
std::string freed_pointer(const void* pointer, std::size_t length, std::string_view where,
                          bool host_memory_valid) {
  if (pointer == nullptr) return {};  // a precheck's
  const SvmExtent extent = svm_allocation_of(pointer);
  if (extent.state != SvmPointer::Freed) return {};
  const auto at = reinterpret_cast<std::uintptr_t>(pointer);
  const auto start = reinterpret_cast<std::uintptr_t>(extent.start);
  const std::uintptr_t end = start + extent.size;
  const std::uintptr_t reach = end - at < length || length == 0 ? end : at + length;
  const std::string freed =
      fmt::format("{} = {} is inside the SVM allocation at {} ({} bytes), already freed", where,
                  pointer, extent.start, extent.size);
  if (!host_memory_valid) return freed;
  if (pages_mapped(at, reach)) return {};  // the host may have allocated it again: valid
  return freed + ", and its memory is no longer mapped: the driver would fault";
}

ArgumentVerdict refused(std::string detail, std::string_view section) {
  ArgumentVerdict verdict;
  verdict.check = check::kSvmPointerFreed;
  verdict.code = CL_INVALID_VALUE;
  verdict.dereferenced = true;
  verdict.detail = fmt::format("{} ({})", detail, section);
  return verdict;
}

// 2.2 §5.6.1 clEnqueueSVMMemcpy: "dst_ptr is the pointer to a host or SVM memory allocation
// where data is copied to", src_ptr one "where data is copied from".
ArgumentVerdict memcpy_pointers(const args::EnqueueSVMMemcpy& a) {
  constexpr std::string_view kSection = "2.2 §5.6.1 clEnqueueSVMMemcpy";
  if (std::string bad = freed_pointer(a.dst_ptr, a.size, "dst_ptr", true); !bad.empty())
    return refused(std::move(bad), kSection);
  if (std::string bad = freed_pointer(a.src_ptr, a.size, "src_ptr", true); !bad.empty())
    return refused(std::move(bad), kSection);
  return {};
}

// A pointer inside no SVM allocation where only clSVMAlloc's are valid.
ArgumentVerdict refused_unallocated(std::string detail, std::string_view section) {
  ArgumentVerdict verdict = refused(std::move(detail), section);
  verdict.check = check::kSvmPointerNotAllocated;
  return verdict;
}

// 2.2 §5.6.1 clEnqueueSVMMemFill, clEnqueueSVMMap, clEnqueueSVMUnmap: svm_ptr is a region of an
// SVM allocation clSVMAlloc made ("If svm_ptr is allocated using clSVMAlloc then it must be
// allocated from the same context ... Otherwise the behavior is undefined"), or of the host's
// memory where the device shares it (CL_DEVICE_SVM_FINE_GRAIN_SYSTEM, §5.6.2): elsewhere the
// device cannot reach host memory, and the driver reads or writes it as if it could.
ArgumentVerdict queue_pointer(const rules::World& w, cl_command_queue queue, const void* pointer,
                              std::size_t length, std::string_view section) {
  if (pointer == nullptr) return {};  // a precheck's
  const SvmPointer state = svm_pointer(pointer);
  if (state == SvmPointer::Live) return {};
  const bool host_memory_valid =
      rules::valid(w, queue) && shares_system_memory(w, rules::device_of(w, queue));
  if (state == SvmPointer::Freed) {
    if (std::string bad = freed_pointer(pointer, length, "svm_ptr", host_memory_valid); !bad.empty())
      return refused(std::move(bad), section);
    return {};
  }
  const auto at = reinterpret_cast<std::uintptr_t>(pointer);
  if (!host_memory_valid)
    return refused_unallocated(
        fmt::format("svm_ptr = {} is inside no SVM allocation clSVMAlloc made, and the device "
                    "does not share the host's memory (no CL_DEVICE_SVM_FINE_GRAIN_SYSTEM)",
                    pointer),
        section);
  // The host's memory is valid: only memory the process does not map is refused.
  if (pages_mapped(at, at + std::max<std::size_t>(length, 1))) return {};
  return refused_unallocated(
      fmt::format("svm_ptr = {} is inside no SVM allocation, and its memory is not mapped: the "
                  "driver would fault",
                  pointer),
      section);
}

// 2.2 §5.6.1 clEnqueueSVMMigrateMem: "Each pointer in this array must be within an allocation
// produced by a call to clSVMAlloc"; "CL_INVALID_VALUE if sizes[i] is non-zero range
// [svm_pointers[i], svm_pointers[i]+sizes[i]) is not contained within an existing clSVMAlloc
// allocation".
ArgumentVerdict migrated_ranges(const args::EnqueueSVMMigrateMem& a) {
  if (a.svm_pointers == nullptr) return {};  // a precheck's
  for (std::size_t i = 0; i < a.num_svm_pointers && i < kListRead; ++i) {
    const void* pointer = a.svm_pointers[i];
    const std::size_t size = a.sizes != nullptr ? a.sizes[i] : 0;
    const SvmExtent extent = svm_allocation_of(pointer);
    auto where = fmt::format("svm_pointers[{}]", i);
    auto freed = [&] {
      return fmt::format("{} = {} is inside the SVM allocation at {} ({} bytes), already freed",
                         where, pointer, extent.start, extent.size);
    };
    if (extent.state == SvmPointer::Freed && size == 0)
      return refused(freed(), "2.2 §5.6.1 clEnqueueSVMMigrateMem");
    if (size == 0) continue;
    const auto at = reinterpret_cast<std::uintptr_t>(pointer);
    const auto start = reinterpret_cast<std::uintptr_t>(extent.start);
    if (extent.state == SvmPointer::Live && size <= extent.size && at - start <= extent.size - size)
      continue;
    ArgumentVerdict verdict;
    verdict.rule = rules::find_rule("EnqueueSVMMigrateMemRangeOutside");
    if (verdict.rule == nullptr) {
      std::fprintf(stderr, "clvet: internal error: no rule EnqueueSVMMigrateMemRangeOutside\n");
      std::abort();
    }
    // A freed allocation would be migrated: never forwarded.
    verdict.dereferenced = extent.state == SvmPointer::Freed;
    verdict.detail =
        extent.state == SvmPointer::Freed ? freed()
        : extent.state == SvmPointer::Live
            ? fmt::format("{} = {} with sizes[{}] = {} runs past the end of its allocation at {} "
                          "({} bytes)",
                          where, pointer, i, size, extent.start, extent.size)
            : fmt::format("{} = {} with sizes[{}] = {} is inside no allocation clSVMAlloc made",
                          where, pointer, i, size);
    return verdict;
  }
  return {};
}

// 2.2 §5.9.2 clSetKernelExecInfo, CL_KERNEL_EXEC_INFO_SVM_PTRS: pointers into the SVM buffers
// the kernel uses besides its arguments; the kernel reads and writes through them.
ArgumentVerdict exec_info_pointers(const args::SetKernelExecInfo& a, const rules::World& w) {
  if (a.param_name != CL_KERNEL_EXEC_INFO_SVM_PTRS || a.param_value == nullptr ||
      a.param_value_size % sizeof(void*) != 0 || !rules::valid(w, a.kernel))
    return {};
  const auto* pointers = static_cast<const void* const*>(a.param_value);
  const std::size_t count = std::min(a.param_value_size / sizeof(void*), kListRead);
  for (std::size_t i = 0; i < count; ++i) {
    if (pointers[i] == nullptr || svm_pointer(pointers[i]) != SvmPointer::Freed) continue;
    const bool host_memory_valid = context_shares_system_memory(w, rules::context_of(w, a.kernel));
    if (std::string bad = freed_pointer(pointers[i], 1, fmt::format("param_value[{}]", i),
                                        host_memory_valid);
        !bad.empty())
      return refused(std::move(bad), "2.2 §5.9.2 clSetKernelExecInfo, CL_KERNEL_EXEC_INFO_SVM_PTRS");
  }
  return {};
}

}  // namespace

ArgumentVerdict judge_svm_pointers(std::uint32_t entry_index, const void* args,
                                   const rules::World& world) {
  switch (entry_index) {
    case args::EnqueueSVMMemcpy::kEntryIndex:
      return memcpy_pointers(*static_cast<const args::EnqueueSVMMemcpy*>(args));
    case args::EnqueueSVMMemFill::kEntryIndex: {
      const auto& a = *static_cast<const args::EnqueueSVMMemFill*>(args);
      return queue_pointer(world, a.command_queue, a.svm_ptr, a.size,
                           "2.2 §5.6.1 clEnqueueSVMMemFill");
    }
    case args::EnqueueSVMMap::kEntryIndex: {
      const auto& a = *static_cast<const args::EnqueueSVMMap*>(args);
      return queue_pointer(world, a.command_queue, a.svm_ptr, a.size, "2.2 §5.6.1 clEnqueueSVMMap");
    }
    case args::EnqueueSVMUnmap::kEntryIndex: {
      const auto& a = *static_cast<const args::EnqueueSVMUnmap*>(args);
      return queue_pointer(world, a.command_queue, a.svm_ptr, 1, "2.2 §5.6.1 clEnqueueSVMUnmap");
    }
    case args::EnqueueSVMMigrateMem::kEntryIndex:
      return migrated_ranges(*static_cast<const args::EnqueueSVMMigrateMem*>(args));
    case args::SetKernelExecInfo::kEntryIndex:
      return exec_info_pointers(*static_cast<const args::SetKernelExecInfo*>(args), world);
    default:
      return {};
  }
}

bool judges_svm_pointers(std::uint32_t entry_index) {
  switch (entry_index) {
    case args::EnqueueSVMMemcpy::kEntryIndex:
    case args::EnqueueSVMMemFill::kEntryIndex:
    case args::EnqueueSVMMap::kEntryIndex:
    case args::EnqueueSVMUnmap::kEntryIndex:
    case args::EnqueueSVMMigrateMem::kEntryIndex:
    case args::SetKernelExecInfo::kEntryIndex:
      return true;
    default:
      return false;
  }
}

}  // namespace clvet::layer
