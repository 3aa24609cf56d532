// One application call passing through the layer: what the generated wrappers tell it about
// the call's handles, the decision whether it goes to the driver, and the checks of what the
// driver answered. The wrappers (layer_wrappers.gen.cpp) only say which parameter is which.
#pragma once

#include <array>
#include <atomic>
#include <memory>
#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "call_observer.h"
#include "driver_platforms.h"
#include "entry_plan.h"
#include "kept_keys.h"
#include "kernel_arguments.h"
#include "kept_verdicts.h"
#include "objects.h"
#include "clvet/checker/object_table.h"
#include "layer_world.h"
#include "clvet/rules/api.h"
#include "clvet/rules/opencl.h"
#include "clvet/rules/rule.h"

namespace clvet::layer {

namespace detail {
// The calls that reached the layer: the last call's index.
extern std::atomic<std::uint64_t> g_calls;
// The entry points' plans once the platforms are discovered: a call's one load for both.
extern std::atomic<const EntryPlan*> g_discovered_plans;
[[gnu::noinline]] const EntryPlan* discover_and_plan(std::uint32_t entry_index);
}  // namespace detail

class Call {
 public:
  // Says that the wrapper asks passed_before() before it judges the call (its entry point is
  // kept): what only judging reads is then set when passed_before() answers false.
  static constexpr struct KeptWrapper {} kKeptWrapper{};

  // `entry_index` indexes api::entry_points(); `args` is the call's clvet::args struct.
  // Inlined in every wrapper: what a call costs the layer is mostly what it does for every call.
  [[gnu::always_inline]] Call(std::uint32_t entry_index, const void* args) noexcept
      : Call(entry_index, args, kKeptWrapper) {
    start_judging();
  }
  [[gnu::always_inline]] Call(std::uint32_t entry_index, const void* args, KeptWrapper) noexcept
      : plan_(discovered_plan(entry_index)),
        entry_(plan_->entry),
        observed_{entry_index, detail::g_calls.fetch_add(1, std::memory_order_relaxed) + 1, args},
        rule_args_(args) {
    if (CallObserver* observer = call_observer()) begin(*observer);
  }
  Call(const Call&) = delete;
  Call& operator=(const Call&) = delete;

  std::uint64_t index() const { return observed_.index; }
  std::uint32_t entry_index() const { return observed_.entry; }
  const api::EntryPoint& entry() const { return *entry_; }

  // --- Before the call, in parameter order. ---------------------------------------------
  // A handle parameter: judged against the object table without being dereferenced.
  void handle(const void* handle, api::ObjectKind kind, bool nullable, std::string_view param);
  // An array of `count` handles (a wait list, a device list).
  void handles(const void* list, cl_uint count, api::ObjectKind kind, bool nullable,
               std::string_view param);
  // A cl_context_properties list: its CL_CONTEXT_PLATFORM is a handle the loader
  // dereferences to find the driver.
  void context_properties(const cl_context_properties* properties);
  // What the rules should see for a platform parameter: the loader's default platform in
  // place of NULL, where the loader has one (the spec leaves NULL implementation-defined).
  cl_platform_id platform_for_rules(cl_platform_id platform) const;
  // The arguments the rules check, when they differ from those forwarded.
  void check_args(const void* args) { rule_args_ = args; }
  // The entry point drops one application reference to `handle` (clRelease*).
  void releases(const void* handle) {
    releases_ = handle;
    released_ = false;
  }
  // The platform the call goes to: that of its first known handle.
  const void* platform() const;
  // The build options forwarded for the application's `options`: with -cl-kernel-arg-info
  // added (OpenCL 1.2 on), so that the driver can say what each kernel argument is declared
  // as and the handles inside kernel argument values can be judged (argument_values.h).
  const char* build_options(const char* options);

  // Before the handles are judged: true when this thread made the same call before, admitted
  // with every handle live and every rule passed, and no object has been created, released or
  // changed since (kept_verdicts.h): the call goes to the driver without being judged again
  // (admit() is not called). `next_available`: as admit()'s. Only the wrappers of kept entry
  // points ask; the verdict expected (the one that followed the last used) is compared inline.
  // The Call must have been made with kKeptWrapper.
  template <class Args>
  [[gnu::always_inline]] bool passed_before(bool next_available, const Args& a) {
    if (!plan_->kept || !next_available) [[unlikely]]
      return judged();
    kept_verdicts::Kept* k = kept_verdicts::kept();
    if (k == nullptr) [[unlikely]]
      return judged();
    const std::uint64_t changes = objects().changes();
    const kept_verdicts::Verdict& expected = *kept_verdicts::expected(*k);
    if (kept_verdicts::admitted_under(expected, Args::kEntryIndex, changes)) {
      kept_verdicts::KeyMatcher key(expected);
      if (kept_key(a, key)) {
        kept_verdicts::used_expected(*k, expected);
        if constexpr (std::is_same_v<Args, args::SetKernelArg>) kernel_arguments::noted(expected.argument);
        return admit_kept(expected);
      }
    }
    const kept_verdicts::Verdict* found = kept_verdicts::passed_before(
        Args::kEntryIndex, &a, kept_verdicts::kKeyFunctions<Args>, changes);
    if (found == nullptr) return judged();
    if constexpr (std::is_same_v<Args, args::SetKernelArg>) kernel_arguments::noted(found->argument);
    return admit_kept(*found);
  }
  // Decides whether the call goes to the driver. False: it must not (a bad handle, an entry
  // point the platform or the loader lacks, or CLVET_ENFORCE and a broken rule); the wrapper
  // then returns refusal_code() through refuse().
  bool admit(bool next_available);
  cl_int refusal_code() const { return refusal_code_; }
  // Ends a call that was not forwarded. Returns refusal_code().
  cl_int refuse();

  // --- After the call. -------------------------------------------------------------------
  // A handle the call returned: a new object (or a platform or root device it listed).
  void created(const void* handle, api::ObjectKind kind);
  void created_list(const void* list, cl_uint count, api::ObjectKind kind);
  void retained(const void* handle);
  // Whether the trace wants the event of a command enqueued on `queue` (for its device times)
  // where the application passes NULL for it.
  bool wants_event(const void* queue) const {
    CallObserver* observer = call_observer();
    return observer != nullptr && observer->wants_command_event(observed_, queue);
  }
  // The event of the command the call enqueued; `layer_owned`: the application did not ask
  // for it, and the layer releases it.
  void command_event(const void* queue, const void* event, bool layer_owned);
  // An info query's answer, checked against what the data says.
  void info_answered(cl_uint param, std::size_t size, const void* value, std::size_t size_ret);
  // An object- or pointer-returning call's result with the code it wrote to errcode_ret.
  void object_result(const void* result, cl_int errcode);
  // Ends a forwarded call: checks the code against the rules (platform findings), tells the
  // observer. Returns `code`.
  cl_int finish(cl_int code, const void* result = nullptr) {
    // A release counted down is undone only when the driver refused it (check_code()).
    if (code != CL_SUCCESS || violated_ != nullptr || plan_->checks_success) [[unlikely]]
      check_code(code);
    end(code, result, true);
    return code;
  }
  // Ends a forwarded call that reports failure only by returning NULL (clSVMAlloc).
  void finish_pointer(const void* result);
  // Ends a forwarded call that returns nothing, or a function address.
  void finish_unchecked(const void* result = nullptr);

 private:
  // Written whole when the first bad handle is found, read only after that.
  // Trivial, so that a Call (every call makes one) leaves it uninitialised.
  struct BadHandle {
    const char* param_data;
    std::size_t param_size;
    std::string_view param() const { return {param_data, param_size}; }
    const void* handle;
    api::ObjectKind expected;
    std::size_t element;  // position in an array parameter
    bool in_array;
    bool array_missing;  // a required array passed as NULL
  };

  // The platforms discovered (before the call takes its index), and the entry point's plan.
  [[gnu::always_inline]] static const EntryPlan* discovered_plan(std::uint32_t entry_index) {
    if (const EntryPlan* plans = detail::g_discovered_plans.load(std::memory_order_acquire))
        [[likely]]
      return &plans[entry_index];
    return detail::discover_and_plan(entry_index);
  }
  // What judging the call's handles and rules starts from, which a kept call does without
  // (admit_kept() sets what of it a kept call needs). Returns false, passed_before()'s answer.
  [[gnu::always_inline]] bool judged() {
    start_judging();
    return false;
  }
  [[gnu::always_inline]] void start_judging() {
    platform_ = nullptr;
    has_bad_ = false;
    parent_count_ = 0;
    seen_.count = 0;
    refusal_code_ = CL_SUCCESS;
  }
  // Whether `handle` names a live object of `kind`; one that does is the call's platform's
  // (the first) and a parent of what the call creates.
  [[gnu::always_inline]] inline bool live(const void* handle, api::ObjectKind kind);
  // passed_before()'s call: what its handles were found to be, restored (all that
  // start_judging() sets and the rest of the call reads).
  [[gnu::always_inline]] bool admit_kept(const kept_verdicts::Verdict& verdict) {
    platform_ = verdict.platform;
    parent_count_ = verdict.parent_count;
    parents_ = verdict.parents;
    if (verdict.reference || releases_ != nullptr) [[unlikely]]
      admit_kept_further(verdict);
    return true;
  }
  // What admit() does after judging that a kept call needs too: a release counted down, a
  // launch on the reference device named.
  [[gnu::noinline]] void admit_kept_further(const kept_verdicts::Verdict& verdict);
  // Counts down the reference a clRelease* drops, before the driver frees the object.
  void count_down();
  // A kernel launch, or clGetKernelSuggestedLocalWorkSizeKHR: false (refused, its finding
  // reported) when an argument names a memory object or sampler released since it was set
  // (kernel_arguments.h).
  bool launches_live_arguments(bool reference);
  void judge(const void* handle, api::ObjectKind kind, bool nullable, std::string_view param,
             bool in_array, std::size_t element);
  [[gnu::noinline, gnu::cold]] void bad(std::string_view param, const void* handle,
                                        api::ObjectKind kind, bool in_array, std::size_t element);
  std::string describe(const BadHandle& bad) const;
  [[gnu::noinline]] void begin(CallObserver& observer) noexcept;
  void end(cl_int error, const void* result, bool forwarded) {
    if (CallObserver* observer = call_observer()) tell_end(*observer, error, result, forwarded);
  }
  [[gnu::noinline]] void tell_end(CallObserver& observer, cl_int error, const void* result,
                                  bool forwarded);
  // finish()'s checks of a code that is not CL_SUCCESS, or of a call that broke a rule, released
  // an object, freed SVM or set a queue's properties: the others pass none of them.
  [[gnu::noinline]] void check_code(cl_int code);
  // A rule the arguments break (`detail`: what is wrong, when known): reported, and refused
  // where the driver would dereference what is wrong or CLVET_ENFORCE=1. False: refused.
  bool judge_violation(bool dereferenced, std::string detail, bool reference);
  // Keeps the devices a context or program was created with (associated_devices.h).
  void associate_devices(const void* handle, const checker::ObjectRecord& record) const;
  // Keeps the kernel signatures of the source clCreateProgramWithSource was given.
  void learn_source(std::uint64_t program_id) const;

  const EntryPlan* plan_;
  const api::EntryPoint* entry_;
  ObservedCall observed_;
  const void* rule_args_;
  const void* releases_ = nullptr;
  bool released_;  // set with releases_, and by count_down()
  // From here to seen_: set by start_judging() (and by admit_kept() for a kept call).
  const void* platform_;  // the first known handle's platform
  bool has_bad_;
  BadHandle bad_;
  std::array<const void*, checker::ObjectRecord::kMaxParents> parents_;  // the first parent_count_
  std::uint8_t parent_count_;
  cl_int refusal_code_;
  LayerWorld::SeenHandles seen_;  // the table's kinds of the handles judged, for the rules
  const rules::Rule* violated_ = nullptr;
  // What few calls make: objects created, build options forwarded. One pointer, so that a
  // call that makes neither starts and ends without either's vector or string.
  struct Made {
    std::vector<checker::ObjectRecord> created;
    std::string forwarded_options;  // made where build_options() adds to them
  };
  std::unique_ptr<Made> made_;
  Made& made() {
    if (made_ == nullptr) made_ = std::make_unique<Made>();
    return *made_;
  }
};

}  // namespace clvet::layer
