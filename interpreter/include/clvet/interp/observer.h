// What the engine tells the kernel checkers while a kernel runs (Oclgrind's plugin idea, in
// batches): each memory instruction's accesses over all active lanes before they happen, each
// barrier with the lanes that reached it, and work-group boundaries. A launch without an
// observer pays one null test per memory instruction.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "clvet/interp/builtin_abi.h"

namespace clvet::interp {

// Where an instruction is: its function and index in the decoded program, and its source
// position from the program's debug info (0 when unknown).
struct SourceSite {
  std::uint32_t function = 0;
  std::uint32_t instruction = 0;
  std::uint32_t line = 0;
  std::uint32_t column = 0;
};

// One memory instruction (or one built-in's access) over the active lanes.
struct AccessBatch {
  Access kind = Access::Read;
  std::uint8_t address_space = kGlobal;
  std::uint32_t size = 0;            // bytes each lane accesses
  std::uint32_t alignment = 1;       // the natural alignment of the accessed type
  const std::uint32_t* lanes = nullptr;  // active lane ids, increasing
  std::uint32_t count = 0;
  const std::uint64_t* addresses = nullptr;  // lane l's address: addresses[l]
  const std::byte* values = nullptr;  // stores: lane l's value at values + l * value_stride
  std::uint32_t value_stride = 0;
  bool builtin = false;              // made by a built-in (async copy, vstore, atomic_*...)
  // Atomics (Access::Atomic, AtomicRead): the memory order and scope the operation asked for
  // (OpenCL C 2.0 §6.13.11.4, 6.13.11.5), as AtomicOrder and AtomicScope number them.
  std::uint8_t order = kSeqCst;
  std::uint8_t scope = kScopeDevice;
  SourceSite site;
};

// A __local object where the running worker keeps it, for findings that name what an access
// of __local memory touched: a __local variable (by its declared name and the function that
// declares it) or a __local kernel argument (by its index).
struct LocalObject {
  std::uint64_t base = 0, size = 0;
  std::string_view variable;           // empty for an argument
  std::string_view function;
  static constexpr std::uint32_t kNotArgument = 0xffffffffu;
  std::uint32_t arg = kNotArgument;
};

// What the engine met that it would not do as the program asked, or that OpenCL C leaves
// undefined. Events, not verdicts: the kernel checkers decide what each is a finding of.
enum class EngineEvent : std::uint8_t {
  OutsideObjects,     // an access outside every object the kernel can reach (not done)
  NullPage,           // the same below address 4096, where no object ever is
  MisalignedAtomic,   // an atomic access at an address not a multiple of its size (not done)
  IndexOutsideArray,  // an index outside its static array (the decoder's checks, with gaps on)
  Unreachable,        // 'unreachable' reached
  Recursion,          // a call of a function already running (OpenCL C forbids recursion)
  Malformed,          // control flow the engine cannot follow
  BudgetExceeded,     // the launch ran past its budget and was stopped
  TaintedUse,         // a sink of LaunchRequest::taint reached by tainted bytes
  ImageAccess,        // an image read or write whose result OpenCL C leaves undefined (outside
                      // the image without a sampler, a layer outside the array, the wrong
                      // function for the format or the kernel's access qualifier)
};

// Where tainted bytes reached a sink (TaintSinks says which families are sinks).
enum class TaintSink : std::uint8_t {
  None,
  BranchCondition,     // conditions
  SwitchCondition,
  Comparison,
  SelectCondition,
  LoadAddress,         // addresses
  StoreAddress,
  AtomicAddress,
  CopyAddress,         // memcpy, memmove, memset
  BuiltinPointer,      // a pointer argument of a built-in
  GlobalStore,         // global stores: a store instruction
  AtomicGlobalStore,   // an atomic instruction
  BuiltinGlobalStore,  // a built-in's write (vstore, atomic_*, ...)
  BuiltinValue,        // builtin values: a value argument of a built-in
};

// One engine event where it happened: the lane's work-item, the instruction, and for accesses
// the address and bytes.
struct EngineProblem {
  EngineEvent event = EngineEvent::Malformed;
  // What happened, in words; for TaintedUse the built-in's name where the sink is a built-in's,
  // else empty (the checker says what the use is).
  std::string message;
  std::uint32_t lane = 0;
  SourceSite site;
  std::uint64_t address = 0;  // accesses only
  std::uint64_t size = 0;     // accesses; for TaintedUse the bytes the sink took
  TaintSink sink = TaintSink::None;  // TaintedUse only
  std::uint64_t tainted = 0;  // TaintedUse: how many of the `size` bytes were tainted (0: unsaid)
};

// The work-items of the executing group, for findings: lane -> local and global ids.
struct GroupPosition {
  std::uint64_t group[3] = {0, 0, 0};
  std::uint64_t local_size[3] = {1, 1, 1};
  std::uint64_t global_offset[3] = {0, 0, 0};
  std::uint32_t lanes = 0;
  const LocalObject* locals = nullptr;  // the kernel's __local objects, by base
  std::uint32_t local_count = 0;
};

// One worker thread's view: called for every group that thread runs, in order.
class GroupObserver {
 public:
  virtual ~GroupObserver() = default;
  virtual void group_begin(const GroupPosition& position) = 0;
  virtual void memory(const AccessBatch& batch) = 0;
  // A barrier (or work_group_barrier) reached by `count` of the group's `total` live lanes,
  // with the first lane's fence flags; `uniform` false when the lanes passed different flags.
  virtual void barrier(std::uint32_t fence_flags, bool uniform, const std::uint32_t* lanes,
                       std::uint32_t count,
                       std::uint32_t total, const SourceSite& site) = 0;
  // Something the engine itself met (EngineEvent).
  virtual void engine_problem(const EngineProblem& problem) = 0;
  // An async copy (wait false: `events` holds the event it returns) or a wait_group_events
  // (wait true: the events waited for), reached by `count` of the group's `total` lanes;
  // `uniform` is false when the lanes passed different arguments (§6.12.10); `copy` the bytes
  // a copy reads and writes (nullptr for a wait).
  virtual void async_step(bool wait, const std::uint32_t* lanes, std::uint32_t count,
                          std::uint32_t total, bool uniform, const std::uint64_t* events,
                          std::uint32_t event_count, const AsyncCopyShape* copy,
                          const SourceSite& site) {
    (void)wait, (void)lanes, (void)count, (void)total, (void)uniform, (void)events,
        (void)event_count, (void)copy, (void)site;
  }
  // A work-group collective function reached by `count` of the group's `total` lanes;
  // `uniform` false when broadcast's local ids differ between them, `in_range` false when they
  // name no work-item of the group.
  virtual void group_function(std::string_view function, const std::uint32_t* lanes,
                              std::uint32_t count, std::uint32_t total, bool uniform,
                              bool in_range, const SourceSite& site) {
    (void)function, (void)lanes, (void)count, (void)total, (void)uniform, (void)in_range,
        (void)site;
  }
  // atomic_work_item_fence(flags, order, scope) by `count` lanes (§6.13.11.6 of OpenCL C 2.0).
  virtual void fence(const std::uint32_t* lanes, std::uint32_t count, std::uint32_t flags,
                     std::uint8_t order, std::uint8_t scope) {
    (void)lanes, (void)count, (void)flags, (void)order, (void)scope;
  }
  // A sub-group function reached by `count` of its sub-group's `size` work-items (`lanes`);
  // `uniform` false when their arguments differ where they must not.
  virtual void sub_group_function(std::string_view function, const std::uint32_t* lanes,
                                  std::uint32_t count, std::uint32_t size, bool uniform,
                                  const SourceSite& site) {
    (void)function, (void)lanes, (void)count, (void)size, (void)uniform, (void)site;
  }
  // sub_group_barrier(fence_flags) reached by `count` of its sub-group's `size` work-items.
  virtual void sub_group_barrier(const std::uint32_t* lanes, std::uint32_t count,
                                 std::uint32_t size, std::uint32_t fence_flags) {
    (void)lanes, (void)count, (void)size, (void)fence_flags;
  }
  virtual void group_end() = 0;
};

// One launch: hands each worker thread its own GroupObserver (no locks while groups run), and
// hears when every group is done.
class LaunchObserver {
 public:
  virtual ~LaunchObserver() = default;
  virtual std::unique_ptr<GroupObserver> for_worker() = 0;
  virtual void launch_end() = 0;
};

}  // namespace clvet::interp
