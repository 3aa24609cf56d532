// A call through the layer: handle judgement, the forward-or-refuse decision, and the checks
// of the driver's answer.
#include "call.h"

#include <fmt/format.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <atomic>
#include <optional>
#include <span>
#include <vector>

#include "argument_values.h"
#include "associated_devices.h"
#include "clvet/checker/api_validation.h"
#include "clvet/rules/args.gen.h"
#include "driver_guards.h"
#include "dispatch.h"
#include "driver_platforms.h"
#include "findings.h"
#include "host_clock.h"
#include "kernel_arguments.h"
#include "kernel_signatures.h"
#include "linked_programs.h"
#include "layer_world.h"
#include "objects.h"
#include "platform_checks.h"
#include "reference_findings.h"
#include "settings.h"
#include "svm_allocations.h"
#include "violation_details.h"

namespace clvet::layer {

namespace detail {
std::atomic<std::uint64_t> g_calls{0};
std::atomic<const EntryPlan*> g_discovered_plans{nullptr};

const EntryPlan* discover_and_plan(std::uint32_t entry_index) {
  driver_platforms::discover();
  const EntryPlan* plan = &entry_plan(entry_index);
  // Published only once discovery has ended: a call that the driver makes back into the loader
  // while being listed (discover() returns at once on that thread) keeps coming here.
  if (driver_platforms::discovered())
    g_discovered_plans.store(plan - entry_index, std::memory_order_release);
  return plan;
}
}  // namespace detail

namespace {

using api::ObjectKind;
using reports::Category;
using reports::Severity;

std::uint64_t now_ns() {
  return host_clock::now_ns();
}

// A trivial initial-exec thread_local: no guard, no __tls_get_addr in this dlopen()ed library.
thread_local std::uint64_t t_thread_id __attribute__((tls_model("initial-exec"))) = 0;

std::uint64_t thread_id() {
  if (t_thread_id == 0) t_thread_id = static_cast<std::uint64_t>(syscall(SYS_gettid));
  return t_thread_id;
}

// What an observer needs of an object whose count changed (kind, id, count), read without the
// table's lock: retain and release are what applications call in their inner loops.
CountedObject counted_object(const void* handle, std::uint32_t refcount) {
  const checker::ObjectTable::Identity identity = objects().identity(handle);
  return {handle, identity.kind, identity.id, refcount};
}

// Handle arrays longer than this are not read through: a count that large is garbage, and
// reading would run off the application's array.
constexpr cl_uint kMaxHandlesJudged = 1u << 16;

}  // namespace

void Call::begin(CallObserver& observer) noexcept {
  observed_.thread = thread_id();
  observed_.enter_ns = now_ns();
  observer.call_begin(observed_);
}

bool Call::live(const void* handle, ObjectKind kind) {
  const checker::ObjectTable::Brief seen = objects().brief(handle);
  if (handle != nullptr) seen_.add(handle, seen.kind);
  if (seen.kind != kind) return false;
  if (platform_ == nullptr) platform_ = seen.platform;
  if (parent_count_ < parents_.size()) parents_[parent_count_++] = handle;
  return true;
}

void Call::judge(const void* handle, ObjectKind kind, bool nullable, std::string_view param,
                 bool in_array, std::size_t element) {
  if (handle == nullptr && nullable) return;
  // The first bad handle is the one reported.
  if (!live(handle, kind) && !has_bad_) bad(param, handle, kind, in_array, element);
}

void Call::bad(std::string_view param, const void* handle, ObjectKind kind, bool in_array,
               std::size_t element) {
  has_bad_ = true;
  bad_ = BadHandle{param.data(), param.size(), handle, kind, element, in_array, false};
}

void Call::handle(const void* handle, ObjectKind kind, bool nullable, std::string_view param) {
  if (handle == nullptr) {
    // A NULL platform is the loader's business (its default platform), not a bad handle.
    if (kind == ObjectKind::Platform)
      if (const void* fallback = driver_platforms::default_platform()) {
        if (platform_ == nullptr) platform_ = fallback;
        return;
      }
    if (nullable) return;
  }
  if (!live(handle, kind) && !has_bad_) bad(param, handle, kind, false, 0);
}

void Call::handles(const void* list, cl_uint count, ObjectKind kind, bool nullable,
                   std::string_view param) {
  if (list == nullptr) {
    // The loader finds the driver through the first element of some required arrays
    // (clCreateContext's devices, clWaitForEvents' events): NULL must not reach it.
    if (!nullable && !has_bad_) {
      has_bad_ = true;
      bad_ = BadHandle{param.data(), param.size(), nullptr, kind, 0, true, true};
    }
    return;
  }
  const auto* handles = static_cast<const void* const*>(list);
  const cl_uint judged = count < kMaxHandlesJudged ? count : kMaxHandlesJudged;
  for (cl_uint i = 0; i < judged; ++i) judge(handles[i], kind, false, param, true, i);
}

void Call::context_properties(const cl_context_properties* properties) {
  if (properties == nullptr) return;
  for (std::size_t i = 0; i < 64 && properties[2 * i] != 0; ++i)
    if (properties[2 * i] == CL_CONTEXT_PLATFORM)
      judge(reinterpret_cast<const void*>(properties[2 * i + 1]), ObjectKind::Platform, false,
            "properties", false, 0);
}

cl_platform_id Call::platform_for_rules(cl_platform_id platform) const {
  if (platform != nullptr) return platform;
  return static_cast<cl_platform_id>(const_cast<void*>(driver_platforms::default_platform()));
}

const void* Call::platform() const {
  return platform_ ? platform_ : driver_platforms::default_platform();
}

const char* Call::build_options(const char* options) {
  constexpr std::string_view kArgInfo = "-cl-kernel-arg-info";
  const std::string_view given = options != nullptr ? options : "";
  if (given.find(kArgInfo) != std::string_view::npos ||
      driver_platforms::version_of(platform()) < rules::Version{1, 2})
    return options;
  std::string& forwarded = made().forwarded_options;
  forwarded = given;
  if (!forwarded.empty()) forwarded += ' ';
  forwarded += kArgInfo;
  return forwarded.c_str();
}

std::string Call::describe(const BadHandle& bad) const {
  if (bad.array_missing)
    return fmt::format("{} is NULL; a list of {} is required", bad.param(), handle_type(bad.expected));
  const std::string where =
      bad.in_array ? fmt::format("{}[{}]", bad.param(), bad.element) : std::string(bad.param());
  return handle_problem(where, bad.handle, bad.expected);
}

void Call::admit_kept_further(const kept_verdicts::Verdict& verdict) {
  // The reference device's findings of this launch name it, as admit() would have said.
  if (verdict.reference && (entry_index() == args::EnqueueNDRangeKernel::kEntryIndex ||
                            entry_index() == args::EnqueueTask::kEntryIndex))
    reference_findings::launching(platform_, index());
  if (releases_ != nullptr) count_down();
}

void Call::count_down() {
  // Counted down before the driver frees it: once freed, its address may name a new object
  // created on another thread.
  const auto count = objects().released(releases_, index(), entry_->name);
  released_ = count.has_value();
  if (!released_) return;
  if (*count == 0) kernel_arguments::released(releases_);
  if (CallObserver* observer = call_observer())
    observer->object_released(counted_object(releases_, *count), index());
}

bool Call::launches_live_arguments(bool reference) {
  const std::uint32_t entry = entry_index();
  const void* kernel =
      entry == args::EnqueueTask::kEntryIndex
          ? static_cast<const args::EnqueueTask*>(observed_.args)->kernel
      : entry == args::GetKernelSuggestedLocalWorkSizeKHR::kEntryIndex
          ? static_cast<const args::GetKernelSuggestedLocalWorkSizeKHR*>(observed_.args)->kernel
          : static_cast<const args::EnqueueNDRangeKernel*>(observed_.args)->kernel;
  std::optional<std::string> released = kernel_arguments::released_argument(kernel);
  if (!released) [[likely]]
    return true;
  // The reference device's answer to the same call (layer/device/api/ndrange_api.cpp,
  // kernel_api.cpp): the kernel's argument values are not all specified.
  static const rules::Rule* const kNDRange = rules::find_rule("EnqueueNDRangeKernelArgsNotSet");
  static const rules::Rule* const kTask = rules::find_rule("EnqueueTaskArgsNotSet");
  static const rules::Rule* const kSuggested =
      rules::find_rule("GetKernelSuggestedLocalWorkSizeKHRArgsNotSet");
  violated_ = entry == args::EnqueueTask::kEntryIndex                         ? kTask
              : entry == args::GetKernelSuggestedLocalWorkSizeKHR::kEntryIndex ? kSuggested
                                                                               : kNDRange;
  // The driver would use the deleted object (PoCL 3.1 aborts): refused whatever CLVET_ENFORCE.
  return judge_violation(true, std::move(*released), reference);
}

bool Call::admit(bool next_available) {
  const void* target = platform();
  const driver_platforms::Facts facts = driver_platforms::facts_of(target);
  const LayerWorld world(facts.version, &seen_);
  if (has_bad_) {
    // Refused: the loader would dereference the handle to find the driver.
    const rules::Rule* rule = first_broken(plan_->checked, rule_args_, world, facts.version);
    refusal_code_ = rule ? rule->code : invalid_handle_code(bad_.expected);
    const std::string detail = describe(bad_) + "; not forwarded to the driver";
    if (rule)
      record_rule(*rule, Category::Application, index(), detail);
    else
      record_check(check::kInvalidHandle, Category::Application, Severity::Error, entry_->name,
                   refusal_code_, index(), detail);
    return false;
  }
  if (plan_->gated && target != nullptr && plan_->since > facts.version) {
    refusal_code_ = CL_INVALID_OPERATION;
    record_check(check::kEntryPointAbovePlatformVersion, Category::Application, Severity::Error,
                 entry_->name, refusal_code_, index(),
                 fmt::format("{} is OpenCL {}; the platform is OpenCL {}.{}: not forwarded",
                             entry_->name, entry_->since, facts.version.major,
                             facts.version.minor));
    return false;
  }
  if (!next_available) {
    refusal_code_ = CL_INVALID_OPERATION;
    record_check(check::kEntryPointMissingInLoader, Category::Platform, Severity::Error,
                 entry_->name, refusal_code_, index(),
                 fmt::format("the ICD loader's dispatch table has no {}", entry_->name));
    return false;
  }
  // The loader calls the driver through the first object's dispatch table without looking:
  // a slot the driver left empty would crash the application (PoCL has no
  // clSetCommandQueueProperty, a 1.0 entry point).
  if (parent_count_ > 0 && !driver_offers(parents_[0], entry_->slot)) {
    refusal_code_ = CL_INVALID_OPERATION;
    record_check(check::kEntryPointMissingInDriver, Category::Platform, Severity::Error,
                 entry_->name, refusal_code_, index(),
                 fmt::format("the driver's dispatch table has no {}: the loader would call a "
                             "NULL pointer; not forwarded",
                             entry_->name));
    return false;
  }
  violated_ = first_violation(*plan_, rule_args_, world, facts.version);
  if (violated_ != nullptr) {
    if (!judge_violation(guards_the_driver(*violated_),
                         violation_detail(*violated_, rule_args_, world), facts.reference))
      return false;
  } else if (plan_->values_judged) {
    // The rules the implementation raises, where the arguments' values decide them.
    ArgumentVerdict verdict = judge_argument_values(entry_index(), rule_args_, world);
    if (!verdict.check.empty()) {
      // Undefined by the spec, fatal to the driver: refused with the layer's own finding.
      refusal_code_ = verdict.code;
      record_check(verdict.check, Category::Application, Severity::Error, entry_->name,
                   refusal_code_, index(), verdict.detail + "; not forwarded to the driver");
      return false;
    }
    violated_ = verdict.rule;
    if (violated_ != nullptr &&
        !judge_violation(verdict.dereferenced, std::move(verdict.detail), facts.reference))
      return false;
  }
  const std::uint32_t entry = entry_index();
  const bool launch =
      entry == args::EnqueueNDRangeKernel::kEntryIndex || entry == args::EnqueueTask::kEntryIndex;
  // cl_khr_suggested_local_work_size: the suggestion is for "the kernel object and kernel
  // arguments" (the query's kernel parameter), which a driver resolves as a launch does.
  const bool reads_arguments =
      launch || entry == args::GetKernelSuggestedLocalWorkSizeKHR::kEntryIndex;
  if (reads_arguments && !launches_live_arguments(facts.reference)) return false;
  // A program built again may fail where it succeeded: its kept build status goes.
  if (entry == args::BuildProgram::kEntryIndex || entry == args::CompileProgram::kEntryIndex)
    if (parent_count_ > 0) objects().forget_answers(parents_[0]);
  // The reference device's findings of this launch name it, and reach the trace.
  if (launch && facts.reference) reference_findings::launching(target, index());
  if (releases_ != nullptr) count_down();
  // What an argument holds now, for the launches' look (kernel_arguments.h).
  kernel_arguments::Note argument;
  if (entry == args::SetKernelArg::kEntryIndex)
    argument = kernel_arguments::set(*static_cast<const args::SetKernelArg*>(observed_.args), world);
  else if (entry == args::SetKernelArgSVMPointer::kEntryIndex) {
    const auto& a = *static_cast<const args::SetKernelArgSVMPointer*>(observed_.args);
    kernel_arguments::set_pointer(a.kernel, a.arg_index, world);
  }
  // Every handle live and every rule passed: a verdict kept for the call keeps what its
  // handles were found to be (passed_before() restores it).
  if (plan_->kept)
    kept_verdicts::admitted(platform_, facts.reference, parents_.data(), parent_count_, argument);
  return true;
}

bool Call::judge_violation(bool dereferenced, std::string detail, bool reference) {
  // What the driver would dereference never reaches it; the rest only with CLVET_ENFORCE=1.
  const bool refused = settings().enforce || dereferenced;
  const std::string_view why = dereferenced ? "the driver would dereference it: not forwarded"
                               : refused    ? "CLVET_ENFORCE=1: not forwarded to the driver"
                                            : "";
  if (!why.empty()) detail += detail.empty() ? std::string(why) : fmt::format("; {}", why);
  // clvet's reference device reports the rules it enforces itself: once is enough.
  if (refused || !reference) record_rule(*violated_, Category::Application, index(), std::move(detail));
  if (!refused) return true;
  refusal_code_ = violated_->code;
  return false;
}

cl_int Call::refuse() {
  end(refusal_code_, nullptr, false);
  return refusal_code_;
}

void Call::created(const void* handle, ObjectKind kind) {
  if (handle == nullptr) return;
  const std::string_view name = entry_->name;
  // Platforms and root devices are listed, not created: they have no reference count.
  const bool listed = plan_->lists;
  if (auto earlier = objects().find(handle);
      earlier && earlier->state == checker::HandleState::Live && earlier->counted && !listed) {
    record_check(check::kHandleReturnedTwice, Category::Platform, Severity::Error, name, CL_SUCCESS,
                 index(),
                 fmt::format("{} returned {} as a new {}, but it still names a live {} created by "
                             "{} (call #{})",
                             name, handle, handle_type(kind), handle_type(earlier->kind),
                             earlier->created_by, earlier->created_call));
  }
  checker::ObjectTable::Creation creation;
  creation.kind = kind;
  creation.call = index();
  creation.entry = name;
  creation.counted = !listed;
  for (std::uint8_t i = 0; i < parent_count_; ++i) creation.parents[i] = parents_[i];
  creation.parent_count = parent_count_;
  creation.platform = kind == ObjectKind::Platform ? handle : platform_;
  if (kind == ObjectKind::Device && creation.platform == nullptr)
    creation.platform = driver_platforms::platform_of_device(handle);
  checker::ObjectRecord record = objects().created(handle, creation);
  if (kind == ObjectKind::Context) {
    // Its devices may be new to the table (CL_DEVICE_TYPE_CUSTOM ones are not listed by
    // CL_DEVICE_TYPE_ALL), and a context made from a device type takes their platform.
    const void* platform = driver_platforms::register_context_devices(handle);
    if (record.platform == nullptr && platform != nullptr) {
      record.platform = platform;
      objects().set_platform(handle, platform);
    }
  }
  if (kind == ObjectKind::Context || kind == ObjectKind::Program) associate_devices(handle, record);
  if (kind == ObjectKind::Kernel && entry_index() == args::CloneKernel::kEntryIndex)
    kernel_arguments::cloned(static_cast<const args::CloneKernel*>(observed_.args)->source_kernel,
                             handle, LayerWorld(driver_platforms::facts_of(platform_).version));
  if (kind == ObjectKind::Program && entry_index() == args::CreateProgramWithSource::kEntryIndex)
    learn_source(record.id);
  if (kind == ObjectKind::Program && entry_index() == args::LinkProgram::kEntryIndex)
    learn_linked_program(record.id, *static_cast<const args::LinkProgram*>(observed_.args),
                         LayerWorld(driver_platforms::facts_of(platform_).version));
  made().created.push_back(record);
}

void Call::associate_devices(const void* handle, const checker::ObjectRecord& record) const {
  // The devices the application created it with are the object's, whatever the driver answers
  // for it later (the rules ask CL_CONTEXT_DEVICES and CL_PROGRAM_DEVICES).
  std::vector<cl_device_id> devices;
  const auto of_context = [&](const void* context) {
    return associated_devices::of(context, objects().identity(context).id);
  };
  switch (entry_index()) {
    case args::CreateContext::kEntryIndex: {
      const auto& a = *static_cast<const args::CreateContext*>(observed_.args);
      devices = associated_devices::listed(a.devices, a.num_devices);
      break;
    }
    case args::CreateProgramWithSource::kEntryIndex:
      devices = of_context(static_cast<const args::CreateProgramWithSource*>(observed_.args)->context);
      break;
    case args::CreateProgramWithIL::kEntryIndex:
      devices = of_context(static_cast<const args::CreateProgramWithIL*>(observed_.args)->context);
      break;
    case args::CreateProgramWithBinary::kEntryIndex: {
      const auto& a = *static_cast<const args::CreateProgramWithBinary*>(observed_.args);
      devices = associated_devices::listed(a.device_list, a.num_devices);
      break;
    }
    case args::CreateProgramWithBuiltInKernels::kEntryIndex: {
      const auto& a = *static_cast<const args::CreateProgramWithBuiltInKernels*>(observed_.args);
      devices = associated_devices::listed(a.device_list, a.num_devices);
      break;
    }
    case args::LinkProgram::kEntryIndex: {
      const auto& a = *static_cast<const args::LinkProgram*>(observed_.args);
      devices = a.device_list != nullptr ? associated_devices::listed(a.device_list, a.num_devices)
                                         : of_context(a.context);
      break;
    }
    default:
      return;
  }
  if (devices.empty()) return;
  associated_devices::keep(handle, record.id, std::move(devices));
  associated_devices::compare_with_driver(handle, record.kind, record.id, index(), entry_->name);
}

void Call::learn_source(std::uint64_t program_id) const {
  const auto& a = *static_cast<const args::CreateProgramWithSource*>(observed_.args);
  if (a.strings == nullptr) return;
  std::string source;
  for (cl_uint i = 0; i < a.count && i < kMaxHandlesJudged; ++i) {
    if (a.strings[i] == nullptr) return;
    if (a.lengths != nullptr && a.lengths[i] != 0)
      source.append(a.strings[i], a.lengths[i]);
    else
      source.append(a.strings[i]);
  }
  learn_program_source(program_id, source);
}

void Call::created_list(const void* list, cl_uint count, ObjectKind kind) {
  if (list == nullptr) return;
  const auto* handles = static_cast<const void* const*>(list);
  for (cl_uint i = 0; i < count && i < kMaxHandlesJudged; ++i) created(handles[i], kind);
}

void Call::retained(const void* handle) {
  const auto count = objects().retained(handle);
  if (!count) return;
  if (CallObserver* observer = call_observer())
    observer->object_retained(counted_object(handle, *count), index());
}

void Call::command_event(const void* queue, const void* event, bool layer_owned) {
  if (event == nullptr) return;
  if (CallObserver* observer = call_observer()) {
    observer->command_enqueued(observed_, queue, event, layer_owned);
    return;
  }
  if (layer_owned && next().clReleaseEvent != nullptr)
    next().clReleaseEvent(static_cast<cl_event>(const_cast<void*>(event)));
}

void Call::info_answered(cl_uint param, std::size_t size, const void* value, std::size_t size_ret) {
  check_info_answer(*entry_, index(), param, size, value, size_ret);
}

void Call::object_result(const void* result, cl_int errcode) {
  if ((result == nullptr) == (errcode != CL_SUCCESS)) return;
  // §5.6.3: a link that could begin returns its program, with CL_LINK_PROGRAM_FAILURE when the
  // link failed, so that the application can read the log.
  if (result != nullptr && errcode == CL_LINK_PROGRAM_FAILURE) return;
  record_check(check::kResultDisagreesWithErrcode, Category::Platform, Severity::Error,
               entry_->name, errcode, index(),
               result ? fmt::format("returned a {} (not NULL) but wrote {} to errcode_ret",
                                    entry_->return_type, reports::error_name(errcode))
                      : std::string("returned NULL but wrote CL_SUCCESS to errcode_ret"));
}

void Call::check_code(cl_int code) {
  // The queue's kept CL_QUEUE_PROPERTIES (lasting_answers.h) is what the driver answered
  // before: asked again from now on.
  if (entry_index() == args::SetCommandQueueProperty::kEntryIndex && parent_count_ > 0)
    objects().forget_answers(parents_[0]);
  if (code == CL_SUCCESS && entry_index() == args::EnqueueSVMFree::kEntryIndex) {
    const auto& a = *static_cast<const args::EnqueueSVMFree*>(observed_.args);
    for (cl_uint i = 0; a.svm_pointers != nullptr && i < a.num_svm_pointers && i < kMaxHandlesJudged; ++i)
      svm_freed(a.svm_pointers[i]);
  }
  if (releases_ != nullptr && released_ && code != CL_SUCCESS) objects().unreleased(releases_);
  if (code != CL_SUCCESS && entry_index() == args::SetKernelArg::kEntryIndex) {
    const auto& a = *static_cast<const args::SetKernelArg*>(observed_.args);
    kernel_arguments::set_failed(a.kernel, a.arg_index);
  }
  if (violated_ && code == CL_SUCCESS && !rule_is_optional(*violated_))
    record_rule(*violated_, Category::Platform, index(),
                fmt::format("the platform returned CL_SUCCESS where the rule demands {}",
                            reports::error_name(violated_->code)));
  if (code != CL_SUCCESS && !code_listed(*entry_, code))
    record_check(check::kUnlistedErrorCode, Category::Platform, Severity::Error, entry_->name, code,
                 index(),
                 fmt::format("{} returned {}, which none of its error clauses lists", entry_->name,
                             reports::error_name(code)));
}

void Call::finish_pointer(const void* result) {
  if (result != nullptr && entry_index() == args::SVMAlloc::kEntryIndex)
    svm_allocated(result, static_cast<const args::SVMAlloc*>(observed_.args)->size,
                  static_cast<const args::SVMAlloc*>(observed_.args)->flags);
  if (violated_ && result != nullptr && !rule_is_optional(*violated_))
    record_rule(*violated_, Category::Platform, index(),
                fmt::format("the platform returned {} where the rule demands NULL", result));
  // NULL carries no code; most of clSVMAlloc's failure clauses are CL_INVALID_VALUE.
  end(result ? CL_SUCCESS : violated_ ? violated_->code : CL_INVALID_VALUE, result, true);
}

void Call::finish_unchecked(const void* result) {
  if (entry_index() == args::SVMFree::kEntryIndex)
    svm_freed(static_cast<const args::SVMFree*>(observed_.args)->svm_pointer);
  end(CL_SUCCESS, result, true);
}

void Call::tell_end(CallObserver& observer, cl_int error, const void* result, bool forwarded) {
  CallOutcome outcome;
  outcome.error = error;
  outcome.result = result;
  outcome.forwarded = forwarded;
  if (made_ != nullptr) outcome.created = made_->created;
  observer.call_end(observed_, outcome);
}

}  // namespace clvet::layer
