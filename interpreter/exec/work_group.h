// The lockstep engine: runs one work-group at a time on one host thread, every decoded
// instruction over all active lanes, with active-lane lists that split at divergent branches
// and merge where the lanes meet again (work_group.cpp's call()).
#pragma once

#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "decode/program_ir.h"
#include "exec/aligned_bytes.h"
#include "exec/launch_spaces.h"
#include "exec/memory_map.h"
#include "exec/shadow_memory.h"

namespace clvet::interp {

// What a launch shares between its worker threads (read-only while groups run).
struct LaunchShared {
  const ir::Module* module = nullptr;
  std::uint32_t kernel = 0;                  // index into module->functions
  const KernelInfo* info = nullptr;
  NDRangeGeometry geometry;                  // local_size: the enqueued one
  std::uint64_t groups[3] = {1, 1, 1};
  // groups_a_run (exec/group_batching.h): up to this many groups of one work-item along
  // dimension 0 run as the lanes of one run, lane l being group group[0] + l; 0: one group a run.
  std::uint32_t groups_a_run = 0;
  const std::vector<LaunchArg>* args = nullptr;
  std::vector<std::uint64_t> global_addresses;  // per module global (__local: 0)
  MemoryMap regions;                         // buffers, program globals, constants
  bool red_zones = false;                    // LaunchRequest::separate_objects
  unsigned workers = 1;                      // host threads running the launch's work-groups
  bool index_checks = false;                 // LaunchRequest::index_checks
  // The budget (LaunchRequest): instructions counted by every worker, a deadline; `stopped`
  // ends every worker's groups once one of them ran past it.
  std::uint64_t budget_instructions = 0;
  bool has_deadline = false;
  std::chrono::steady_clock::time_point deadline;
  mutable std::atomic<std::uint64_t> executed{0};
  mutable std::atomic<bool> stopped{false};
  // LaunchRequest::taint, on when it has a source and a sink: the taint of the buffers' and
  // program globals' bytes.
  TaintConfig taint;
  ShadowMap shadow;
  // Every worker's __local arena and private areas, added as each is made.
  mutable LaunchSpaces spaces;
};

class WorkGroupRunner final : public BuiltinContext {
 public:
  WorkGroupRunner(const LaunchShared& shared, std::unique_ptr<GroupObserver> observer);
  ~WorkGroupRunner() override;

  void run(const std::uint64_t group[3]);

  // What the engine met while no observer listened (the first 16), and how many in all.
  const std::vector<EngineProblem>& problems() const { return problems_; }
  std::uint64_t problem_count() const { return problem_count_; }
  std::string take_printf_output() { return std::move(printf_); }

  // BuiltinContext
  const NDRangeGeometry& geometry() const override { return geometry_; }
  const std::uint64_t* group_id() const override { return group_; }
  bool lanes_are_groups() const override { return shared_.groups_a_run != 0; }
  std::uint32_t local_id(std::uint32_t lane, unsigned dim) const override {
    return dim < 3 ? local_ids_[dim][lane] : 0;
  }
  const std::uint32_t* local_ids(unsigned dim) const override {
    return dim < 3 ? local_ids_[dim].data() : nullptr;
  }
  std::uint32_t lane_count() const override { return lanes_; }
  bool groups_run_concurrently() const override { return shared_.workers > 1; }
  bool accesses_unobserved() const override { return !observer_ && !taint_; }
  bool access(std::uint32_t lane, const void* address, std::size_t size, Access kind,
              std::uint8_t address_space) override;
  void access_lanes(const Lanes& lanes, const std::uint64_t* addresses, std::size_t size,
                    Access kind, std::uint8_t address_space, bool* ok) override;
  const ImageDescriptor* image(std::uint64_t handle) const override;
  std::uint8_t address_space_of(std::uint64_t address) const override;
  std::uint8_t address_space_in_launch(std::uint64_t address) const override;
  void image_problem(std::uint32_t lane, std::string message) override;
  // access() of an access a checker or the taint shadow hears, or one outside every object.
  [[gnu::noinline]] bool access_heard(std::uint32_t lane, std::uint64_t address, std::size_t size,
                                      Access kind, std::uint8_t address_space);
  bool reachable(const void* address, std::size_t size) override {
    return check(reinterpret_cast<std::uint64_t>(address), size);
  }
  void print(std::uint32_t lane, std::string_view text) override;
  void async_step(bool wait, const Lanes& lanes, bool uniform, const std::uint64_t* events,
                  std::uint32_t event_count, const AsyncCopyShape* copy) override;
  void group_function(const Lanes& lanes, std::string_view function, bool uniform,
                      bool in_range) override;
  void atomic_semantics(std::uint8_t order, std::uint8_t scope) override {
    atomic_order_ = order;
    atomic_scope_ = scope;
  }
  void atomic_fence(const Lanes& lanes, std::uint32_t flags, std::uint8_t order,
                    std::uint8_t scope) override {
    if (observer_) observer_->fence(lanes.ids, lanes.count, flags, order, scope);
  }
  void sub_group_function(const Lanes& reached, std::uint32_t size, std::string_view function,
                          bool uniform) override;
  void sub_group_barrier(const Lanes& reached, std::uint32_t size, std::uint32_t flags) override {
    if (observer_) observer_->sub_group_barrier(reached.ids, reached.count, size, flags);
  }
  void result_from(std::uint32_t lane, std::uint32_t source) override;
  void result_from_all(std::uint32_t lane, const Lanes& sources) override;
  bool stopped() const { return stopped_; }

  struct Frame;
  struct LaneSet {
    const std::uint32_t* ids;
    std::uint32_t count;
    bool full;
  };

 private:
  Frame& frame(std::uint32_t function);
  void describe_local_objects();
  void set_up_frame(Frame& f);
  void call(std::uint32_t function, const std::uint32_t* ids, std::uint32_t count);
  void call_site(Frame& f, const ir::Instr& in, const LaneSet& lanes);
  void barrier(Frame& f, const ir::Instr& in, const LaneSet& lanes);
  void terminator(Frame& f, const ir::Instr& t, const LaneSet& lanes);
  void branch(Frame& f, const ir::Instr& t, const LaneSet& lanes);
  void arrive(Frame& f, std::uint32_t block, const LaneSet& lanes);
  void order_blocks(Frame& f);
  void execute(Frame& f, const ir::Instr& in, const LaneSet& lanes);
  void problem(const ir::Instr& in, EngineEvent event, std::string message,
               std::uint32_t lane = 0, std::uint64_t address = 0, std::uint64_t size = 0);
  // Hands an engine event to the observer, or keeps it for the launch's result.
  void report(const ir::Instr& in, EngineProblem p);
  // An access the engine did not do because [address, address + size) is outside every object.
  void refused_access(const ir::Instr& in, std::uint32_t lane, std::uint64_t address,
                      std::uint64_t size, std::string message) {
    problem(in, address < 4096 ? EngineEvent::NullPage : EngineEvent::OutsideObjects,
            std::move(message), lane, address, size);
  }
  SourceSite site_of(const Frame& f, const ir::Instr& in) const;
  // Hands an access batch to the observer; one through a generic pointer goes as one batch per
  // address space its lanes' addresses lie in, so that every checker names the actual space.
  void observe_batch(AccessBatch& batch);
  void observe(Frame& f, const ir::Instr& in, Access kind, std::uint8_t address_space,
               std::uint32_t size, std::uint32_t alignment, const LaneSet& lanes,
               const std::uint64_t* addresses, const std::byte* values, std::uint32_t value_stride);
  // Gives each lane its own copy of a struct passed by value, and the kernel's parameter
  // register each lane's address of it.
  void set_up_byval(Frame& k, std::uint32_t reg, const std::vector<std::uint8_t>& bytes,
                    std::uint32_t size, std::uint32_t align);
  // Whether [address, address + size) lies inside one object; the objects found last answer
  // first, the latest of them before any other (a kernel's loop alternates between a few: a
  // buffer, an atomic object, a private variable).
  struct Hit {
    std::uint64_t lo = 0, length = 0;  // [lo, lo + length), empty until an object is found
    bool holds(std::uint64_t address, std::size_t size) const {
      return address - lo < length && address + size - lo <= length;
    }
  };
  bool check(std::uint64_t address, std::size_t size) {
    if (hits_[0].holds(address, size)) return true;
    return check_slow(address, size);
  }
  bool check_slow(std::uint64_t address, std::size_t size);
  // Stores the bytes of [address, address + size) that lie inside the objects the kernel can
  // reach, from `value`; returns how many it stored.
  std::uint32_t store_inside(std::uint64_t address, const std::byte* value, std::uint32_t size);
  // Adds this worker's count of executed instructions to the launch's and checks the budget;
  // true when the launch must stop.
  bool budget_tick(const ir::Instr& at, std::uint32_t lane);
  static constexpr std::uint64_t kBudgetStep = 1u << 16;

  // Instruction families (work_group_ops.cpp).
  void arithmetic(Frame& f, const ir::Instr& in, const LaneSet& lanes);
  template <class U>
  void odd_width_arithmetic(Frame& f, const ir::Instr& in, const LaneSet& lanes);
  void compare(Frame& f, const ir::Instr& in, const LaneSet& lanes);
  void cast(Frame& f, const ir::Instr& in, const LaneSet& lanes);
  void half_cast(Frame& f, const ir::Instr& in, const LaneSet& lanes);
  void vector_op(Frame& f, const ir::Instr& in, const LaneSet& lanes);
  void memory(Frame& f, const ir::Instr& in, const LaneSet& lanes);
  template <unsigned N>
  void access_lanes_of_size(Frame& f, const ir::Instr& in, const LaneSet& lanes);
  void atomic(Frame& f, const ir::Instr& in, const LaneSet& lanes);
  void intrinsic(Frame& f, const ir::Instr& in, const LaneSet& lanes);
  void memory_intrinsic(Frame& f, const ir::Instr& in, const LaneSet& lanes);
  void builtin(Frame& f, const ir::Instr& in, const LaneSet& lanes);

  // The taint shadow (exec/shadow_ops.cpp), only when LaunchShared::taint is on: instructions
  // run through shadow_execute, which keeps a shadow byte per register byte and per byte of
  // memory (1: tainted) and reports tainted bytes where a configured sink takes them.
  void shadow_execute(Frame& f, const ir::Instr& in, const LaneSet& lanes);
  void shadow_after(Frame& f, const ir::Instr& in, const LaneSet& lanes);
  void shadow_compare(Frame& f, const ir::Instr& in, const LaneSet& lanes);
  void shadow_select(Frame& f, const ir::Instr& in, const LaneSet& lanes);
  void shadow_vector(Frame& f, const ir::Instr& in, const LaneSet& lanes);
  void shadow_aggregate(Frame& f, const ir::Instr& in, const LaneSet& lanes);
  void shadow_memory_op(Frame& f, const ir::Instr& in, const LaneSet& lanes);
  void shadow_atomic(Frame& f, const ir::Instr& in, const LaneSet& lanes);
  void shadow_intrinsic(Frame& f, const ir::Instr& in, const LaneSet& lanes);
  void shadow_builtin_begin(Frame& f, const ir::Instr& in, const LaneSet& lanes);
  void shadow_builtin_end(Frame& f, const ir::Instr& in, const LaneSet& lanes);
  void shadow_access(std::uint32_t lane, std::uint64_t address, std::size_t size, Access kind);
  void shadow_branch(Frame& f, const ir::Instr& t, const LaneSet& lanes);
  void shadow_call(Frame& caller, Frame& callee, const ir::Instr& in, const LaneSet& lanes,
                   bool returning);
  void shadow_enter(Frame& f, const std::uint32_t* ids, std::uint32_t count);
  void shadow_add_frame(Frame& f);
  const ShadowMap::Region* shadow_region(std::uint64_t address, std::uint64_t size);
  void tainted_use(const ir::Instr& in, std::uint32_t lane, TaintSink sink, std::uint64_t size = 0,
                   std::uint64_t tainted = 0, std::string_view builtin = {});

  const LaunchShared& shared_;
  const ir::Module& module_;
  NDRangeGeometry geometry_;
  std::uint64_t group_[3] = {0, 0, 0};
  std::uint32_t lanes_ = 0;       // work-items in the current group
  std::uint8_t atomic_order_ = kSeqCst, atomic_scope_ = kScopeDevice;  // for built-ins' atomics
  std::uint32_t capacity_ = 0;    // the enqueued work-group size
  std::uint32_t local_ids_row_ = 0;    // the x and y sizes local_ids_ were laid out for: partial
  std::uint32_t local_ids_column_ = 0; // groups of one lane count may differ in shape
  std::vector<std::uint32_t> local_ids_[3];
  std::vector<std::uint32_t> all_lanes_;  // 0..capacity-1
  std::vector<std::unique_ptr<Frame>> frames_;
  AlignedBytes local_arena_;
  std::uint64_t local_stride_ = 0;  // with groups_a_run: each lane's (group's) part of the arena
  MemoryMap own_regions_;         // the local arena and the frames' private areas
  static constexpr unsigned kHits = 4;
  Hit hits_[kHits];
  std::vector<EngineProblem> problems_;
  std::uint64_t problem_count_ = 0;
  std::string printf_;
  std::string lane_text_;
  std::vector<Operand> operand_scratch_;
  bool uniform_set_up_ = false;
  std::unique_ptr<GroupObserver> observer_;
  const Frame* current_frame_ = nullptr;  // for built-ins' accesses
  const ir::Instr* current_instr_ = nullptr;
  std::vector<std::uint64_t> address_lanes_;  // built-ins' accesses, one lane at a time
  std::vector<std::uint32_t> exchanged_, failed_;  // a compare-exchange's lanes, by outcome
  std::vector<std::uint32_t> by_space_[3];  // a generic access's lanes: global, local, private
  std::vector<std::uint64_t> local_offsets_;  // per module global: its offset in the arena
  std::vector<std::uint64_t> local_arg_offsets_;  // per kernel argument (__local ones)
  std::vector<LocalObject> local_objects_;        // for the observer's findings, by base
  bool budget_on_ = false;
  std::uint64_t budget_count_ = 0;        // instructions since the last budget_tick
  bool stopped_ = false;
  // The taint shadow: on or off, the configured sinks, the __local arena's shadow, the shadow
  // regions this runner owns (the arena, the frames' private areas), the last region found, and
  // while a built-in runs, each lane's shadow of what it read (a later write of the same call
  // copies from it).
  bool taint_ = false;
  TaintSinks sinks_;
  // Some register may hold a tainted byte (sticky for the launch): set when a memory
  // instruction's result takes a mark. Before that, shadow work is needed only for memory.
  bool tainted_ = false;
  static bool touches_memory(ir::Op op) {
    return op == ir::Op::Load || op == ir::Op::Store || op == ir::Op::AtomicRMW ||
           op == ir::Op::CmpXchg || op == ir::Op::CallBuiltin || op == ir::Op::Intrinsic;
  }
  bool shadow_set(const Frame& f, std::uint32_t reg, const LaneSet& lanes) const;
  std::vector<std::uint8_t> local_shadow_;
  ShadowMap own_shadow_;
  const ShadowMap::Region* shadow_hit_ = nullptr;
  std::vector<std::uint8_t> shadow_scratch_;
  std::vector<std::vector<std::uint8_t>> builtin_reads_;
  std::vector<std::uint32_t> builtin_read_at_;
  Frame* builtin_frame_ = nullptr;
  const ir::BuiltinSite* builtin_site_ = nullptr;
  bool builtin_refused_ = false;  // the built-in's call had an access refused
  // While a cross-lane built-in runs: each lane's shadow of argument 0 as the lanes its result
  // comes from give it (result_from), whether the built-in named them, and the union over the
  // last sources named (a reduction names the same run for each lane, a scan a longer prefix).
  std::vector<std::uint8_t> cross_shadow_;
  std::vector<std::uint8_t> cross_named_;
  const std::uint32_t* cross_ids_ = nullptr;
  std::uint32_t cross_count_ = 0;
  std::uint8_t cross_any_ = 0;
  std::uint8_t* cross_lane_shadow(std::uint32_t lane, std::uint32_t& reg, std::uint32_t& size);
};

}  // namespace clvet::interp
