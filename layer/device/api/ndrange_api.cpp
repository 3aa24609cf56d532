// Executing kernels (§5.8; 2.2 §5.10): clEnqueueNDRangeKernel and clEnqueueTask, from the
// launch checks to the interpreter's run of the NDRange on the queue's thread.
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "clvet/checker/api_validation.h"
#include "clvet/checker/kernel_checker.h"
#include "clvet/rules/rule_ids.gen.h"
#include "clvet/rules/work_group_uniformity.h"
#include "device_impl.gen.h"
#include "emulated_profile.h"
#include "enqueue.h"
#include "image.h"
#include "kernel.h"
#include "kernel_sources.h"
#include "last_stores.h"
#include "memory.h"
#include "options.h"
#include "queue.h"
#include "sampler.h"
#include "svm.h"
#include "user_notes.h"

namespace clvet::device::impl {

namespace {

// The local size the device picks when the application passes NULL (§5.8: "the OpenCL
// implementation will determine how to be break the global work-items into appropriate
// work-group instances"), within the device's limit and favouring dimension 0, since a wide
// work-group amortises the interpreter's dispatch. Where the work-groups must be uniform, the
// largest divisor of each global size; where they may be non-uniform ("the OpenCL runtime may
// choose a uniform or non-uniform work-group size", 3.0 §5.10), the largest size that fits when
// no divisor comes within half of it (a prime global size would run work-groups of one).
void choose_local_size(cl_uint work_dim, const std::size_t* global, std::size_t limit,
                       bool non_uniform, std::uint64_t local[3]) {
  std::size_t budget = limit;
  for (cl_uint d = 0; d < 3; ++d) {
    local[d] = 1;
    if (d >= work_dim) continue;
    const std::size_t fit = std::min(d == 0 ? std::min<std::size_t>(budget, 256) : budget, global[d]);
    for (std::size_t s = fit; s >= 1; --s)
      if (global[d] % s == 0) {
        local[d] = s;
        break;
      }
    if (non_uniform && local[d] * 2 <= fit) local[d] = fit;
    budget /= local[d];
  }
}

// What the engine met in a kernel that no checker watched: reported like every other finding,
// "file:line:column: what happened" (the checkers' findings say more).
void report_problems(const std::string& kernel, const interp::LaunchResult& result,
                     KernelSources& sources, std::uint64_t enqueue) {
  std::vector<std::string> lines;
  for (const interp::EngineProblem& problem : result.problems)
    lines.push_back(problem.site.line ? sources.where(problem.site.line, problem.site.column) +
                                            ": " + problem.message
                                      : problem.message);
  if (result.more_problems) lines.push_back(fmt::format("... and {} more", result.more_problems));
  for (const std::string& p : lines) {
    reports::Finding f;
    f.category = reports::Category::Application;
    f.severity = reports::Severity::Error;
    f.rule_id = "KernelExecution";
    f.entry = "clEnqueueNDRangeKernel";
    f.spec = "OpenCL 1.2 §6";
    f.detail = "kernel '" + kernel + "': " + p;
    f.call_index = enqueue;
    checker::FindingLog::instance().add(std::move(f));
  }
}

// A launch waiting in its queue holds what it needs to run and nothing more: its checkers
// (their shadow memory) and the files its findings point into are made when it runs and freed
// when it ends, so that commands enqueued without a finish cost little each.
struct Launch {
  std::shared_ptr<interp::Executable> executable;
  interp::LaunchRequest request;
  std::vector<Ref<Mem>> buffers;  // kept alive until the command has run
  Ref<Program> program;           // its source, for the findings
  std::uint64_t enqueue = 0;      // the enqueue's call index
  // The kernel checkers (CLVET_CHECK); null when every checker is off and there is no budget.
  std::unique_ptr<checker::KernelChecker> checker;
  std::unique_ptr<KernelSources> sources;  // the files its findings point into
};

// A kernel parameter's name as the source declares it: the device compiled the program, so
// its findings name arguments even without -cl-kernel-arg-info (which only decides what
// clGetKernelArgInfo may answer, §5.7.3).
std::string declared_name(const interp::Executable& executable, const std::string& kernel,
                          std::size_t arg) {
  for (const interp::KernelInfo& info : executable.kernels())
    if (info.name == kernel && arg < info.args.size()) return info.args[arg].declared_name;
  return {};
}

// The files the kernel's findings may point into (the program's, from its debug info).
std::vector<std::string> source_files(const interp::Executable& executable,
                                      const std::string& kernel) {
  for (const interp::KernelInfo& info : executable.kernels())
    if (info.name == kernel) return info.source_files;
  return {};
}

// The kernel checkers for a launch, as the options ask (null: none, no observer at all), and
// the files its findings point into; on the queue's thread, as the launch starts.
void set_up_checkers(Launch& launch) {
  interp::LaunchRequest& r = launch.request;
  launch.sources = std::make_unique<KernelSources>(source_files(*launch.executable, r.kernel),
                                                   launch.program->source());
  checker::KernelChecks checks = checker::KernelChecks::parse(options::value("check"));
  checks.cap = static_cast<std::size_t>(std::max(1L, std::atol(options::value("kernel_findings").c_str())));
  checks.last_stores = options::value("last_writers") == "1";
  // The budget is a limit of the device, not a checker: it holds whichever checkers run,
  // none included, so that a kernel that never ends returns to the application.
  r.budget_instructions = std::strtoull(options::value("budget_instructions").c_str(), nullptr, 10);
  r.budget_seconds = std::atof(options::value("budget_seconds").c_str());
  const bool budget = r.budget_instructions != 0 || r.budget_seconds > 0;
  if (!checks.any_observer() && !checks.uninit && !budget) return;
  checker::LaunchDescription d;
  d.kernel = r.kernel;
  d.file = launch.sources->main_name();
  d.source = launch.program->source();
  d.enqueue = launch.enqueue;
  for (int dim = 0; dim < 3; ++dim) {
    d.global_size[dim] = r.global_size[dim];
    d.local_size[dim] = r.local_size[dim];
    d.global_offset[dim] = r.global_offset[dim];
  }
  d.args = r.args;
  d.memory = r.memory;
  // The program's variables are objects for the checkers too (the engine has them already).
  // Not read-only ones: a write to __constant memory is the memory checker's already (by the
  // access's address space), and a read-only object would make it look up every global write.
  for (const interp::Executable::ProgramVariable& v : launch.executable->program_variables()) {
    interp::LaunchMemory m;
    m.pointer = v.address;
    m.size = v.size;
    m.label = v.label;
    d.memory.push_back(std::move(m));
  }
  launch.checker = std::make_unique<checker::KernelChecker>(std::move(d), checks);
  r.taint = launch.checker->taint();
  if (checks.any_observer() || r.taint.on()) {
    r.observer = launch.checker.get();
    r.separate_objects = checks.bounds;
    r.index_checks = checks.bounds;
  }
}

// The launch's kernel findings into the process's log; with CLVET_FATAL=1 an error ends the
// process (the report is written at exit).
void report_kernel_findings(const std::string& kernel, checker::KernelChecker& checker,
                            KernelSources& sources) {
  if (options::value("checker_stats") == "1") {
    // A note of the report where the report is alone on stderr (user_notes.h).
    const double covered = static_cast<double>(std::max<std::uint64_t>(1, checker.covered_bytes()));
    say("CheckerStats",
        fmt::format("kernel '{}': race shadow peak {} bytes for {} bytes of buffers ({:.1f} per byte)",
                    kernel, checker.shadow_peak_bytes(), checker.covered_bytes(),
                    static_cast<double>(checker.shadow_peak_bytes()) / covered));
  }
  bool error = false;
  for (reports::Finding& f : checker.take_findings()) {
    error = error || f.severity == reports::Severity::Error;
    sources.locate(f);
    checker::FindingLog::instance().add(std::move(f));
  }
  if (error && options::value("fatal") == "1") {
    say("StoppedAtFirstKernelError", "stopping at the first kernel error (CLVET_FATAL=1)");
    std::exit(1);
  }
}

// Where a device limit comes from, for a finding that names it: a device profile's device or
// the reference device's own setting.
std::string limit_origin(const char* setting) {
  if (const profile::DeviceProfile* p = emulated_profile())
    return "under device profile '" + p->name + "'";
  return setting;
}

// Why this launch's work-groups must be uniform (3.0 §5.10): the device, or the kernel's
// program as it was created, built or linked; "" when they may be non-uniform.
std::string uniform_reason(const Queue& q, const Kernel& k) {
  if (!non_uniform_work_groups_supported())
    return "the device does not support non-uniform work-groups "
           "(CL_DEVICE_NON_UNIFORM_WORK_GROUP_SUPPORT is CL_FALSE " +
           limit_origin("on the reference device") + ")";
  return k.program().uniform_reason(q.device());
}

// "CL_INVALID_WORK_GROUP_SIZE if the work-group size must be uniform and ... the
// global_work_size is not evenly divisible by the local_work_size" (3.0 §5.10), or by the
// required work-group size when local_work_size is NULL (2.2 §5.10). The rule's precheck judges
// what the API tells (device, source, build options); this also knows a link's inputs.
Status check_uniform(const Queue& q, const Kernel& k, cl_uint work_dim, const std::size_t* global,
                     const std::size_t* local) {
  std::array<std::size_t, 3> size{1, 1, 1};
  const auto& reqd = k.signature().required_work_group_size;
  if (local != nullptr) {
    for (cl_uint d = 0; d < work_dim && d < 3; ++d) size[d] = local[d];
  } else if (reqd[0] != 0) {
    for (cl_uint d = 0; d < 3; ++d) size[d] = reqd[d];
  } else {
    return Status{};
  }
  const int d = rules::uniformity::first_remainder(work_dim, global, size);
  if (d < 0) return Status{};
  const std::string reason = uniform_reason(q, k);
  if (reason.empty()) return Status{};
  return fail(rule::EnqueueNDRangeKernelUniformRequired,
              fmt::format("global_work_size[{0}] = {1} is not a multiple of {2}[{0}] = {3}, and "
                          "the work-groups must be uniform: {4}",
                          d, global[d], local ? "local_work_size" : "the required work-group size",
                          size[d], reason));
}

// §5.8: CL_OUT_OF_RESOURCES when the kernel's __local memory (its variables and __local
// arguments, CL_KERNEL_LOCAL_MEM_SIZE) exceeds the device's CL_DEVICE_LOCAL_MEM_SIZE, or its
// __constant arguments exceed what the device holds: "the number of arguments declared as
// pointers to __constant memory cannot exceed CL_DEVICE_MAX_CONSTANT_ARGS" and the size of the
// memory object of each "cannot exceed CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE" (1.2 §5.7.2).
Status check_resources(const Kernel& k, const Device& device, const rules::Rule& rule) {
  const cl_ulong used = k.local_mem_size();
  if (used > device.local_mem_size())
    return fail(rule, "the kernel uses " + std::to_string(used) + " bytes of __local memory, more "
                      "than the device's CL_DEVICE_LOCAL_MEM_SIZE of " +
                      std::to_string(device.local_mem_size()) + " " +
                      limit_origin("(CLVET_LOCAL_MEM_SIZE)"));
  // The reference device's own __constant limits are reported but not held to (its __constant
  // memory is host memory, and programs long ran past them); a profiled device's are.
  if (!emulated_profile()) return Status{};
  const auto& params = k.signature().arguments;
  const std::vector<Kernel::ArgValue> values = k.args();
  cl_uint constant_args = 0;
  for (std::size_t i = 0; i < params.size(); ++i) {
    if (params[i].kind != KernelArgument::Kind::Buffer ||
        params[i].address != CL_KERNEL_ARG_ADDRESS_CONSTANT)
      continue;
    ++constant_args;
    if (i >= values.size() || values[i].bytes.size() != sizeof(cl_mem)) continue;
    cl_mem handle = nullptr;
    std::memcpy(&handle, values[i].bytes.data(), sizeof handle);
    Ref<Mem> mem = handle ? lookup<Mem>(handle) : Ref<Mem>();
    if (mem && mem->size() > device.max_constant_buffer_size())
      return fail(rule, "__constant argument " + std::to_string(i) + " is a buffer of " +
                        std::to_string(mem->size()) + " bytes, more than the device's "
                        "CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE of " +
                        std::to_string(device.max_constant_buffer_size()) + " " +
                        limit_origin(""));
  }
  if (constant_args > device.max_constant_args())
    return fail(rule, "the kernel has " + std::to_string(constant_args) + " __constant pointer "
                      "arguments, more than the device's CL_DEVICE_MAX_CONSTANT_ARGS of " +
                      std::to_string(device.max_constant_args()) + " " +
                      limit_origin(""));
  return Status{};
}

// Builds the launch from the kernel's argument values, or fails with the rule that applies.
struct LaunchRules {
  const rules::Rule& no_executable;
  const rules::Rule& args_not_set;
  const rules::Rule& misaligned_sub_buffer;
  const rules::Rule& svm_unsupported;
};

Status prepare(Queue& q, Kernel& k, cl_uint work_dim, const std::size_t* offset,
               const std::size_t* global, const std::size_t* local, Launch& launch,
               const LaunchRules& rules) {
  launch.executable = k.program().executable_for(q.device());
  if (!launch.executable)
    return fail(rules.no_executable, "the program has no executable for the device");
  interp::LaunchRequest& r = launch.request;
  r.kernel = k.signature().name;
  r.work_dim = work_dim;
  for (cl_uint d = 0; d < work_dim; ++d) {
    r.global_size[d] = global[d];
    r.global_offset[d] = offset ? offset[d] : 0;
  }
  if (local) {
    for (cl_uint d = 0; d < work_dim; ++d) r.local_size[d] = local[d];
  } else if (k.signature().required_work_group_size[0] != 0) {
    for (cl_uint d = 0; d < 3; ++d) r.local_size[d] = k.signature().required_work_group_size[d];
  } else {
    choose_local_size(work_dim, global, q.device().max_work_group_size(),
                      uniform_reason(q, k).empty(), r.local_size);
  }
  const auto& params = k.signature().arguments;
  std::vector<Kernel::ArgValue> values = k.args();
  for (std::size_t i = 0; i < values.size() && i < params.size(); ++i) {
    const Kernel::ArgValue& v = values[i];
    interp::LaunchArg arg;
    arg.name = declared_name(*launch.executable, r.kernel, i);
    switch (params[i].kind) {
      case KernelArgument::Kind::Local:
        arg.kind = interp::LaunchArg::Kind::Local;
        arg.size = v.local_size;
        break;
      case KernelArgument::Kind::Buffer: {
        if (v.source == Kernel::ArgValue::Source::SVMPointer) {
          // The kernel gets the pointer itself (it may point into the allocation); the
          // allocation is one of the launch's memory objects (below). A pointer outside every
          // SVM allocation of the context is a system pointer, which needs fine-grain system
          // SVM (2.2 §5.10).
          const auto value = reinterpret_cast<std::uint64_t>(v.svm);
          if (v.svm != nullptr && !SvmAllocations::instance().find(v.svm, 0, k.context().id()))
            return fail(rules.svm_unsupported,
                        fmt::format("argument {} is 0x{:x}, in no SVM allocation of the kernel's "
                                    "context: a system pointer, and the device has no fine-grain "
                                    "system SVM",
                                    i, value));
          arg.kind = interp::LaunchArg::Kind::Bytes;
          arg.bytes.resize(sizeof value);
          std::memcpy(arg.bytes.data(), &value, sizeof value);
          break;
        }
        cl_mem handle = nullptr;
        if (v.bytes.size() == sizeof(cl_mem)) std::memcpy(&handle, v.bytes.data(), sizeof handle);
        if (!handle) {
          arg.kind = interp::LaunchArg::Kind::Null;
          break;
        }
        // The kernel keeps the handle clSetKernelArg checked, not a reference: one would keep a
        // released buffer alive and hold back its destructor callbacks (§5.4.1). Looking it up
        // again says whether it is still alive.
        Ref<Mem> mem = lookup<Mem>(handle);
        if (!mem)
          return fail(rules.args_not_set, "argument " + std::to_string(i) +
                                              " is a buffer that has been released");
        if (mem->is_sub_buffer() &&
            mem->offset() % (q.device().mem_base_addr_align_bits() / 8) != 0)
          return fail(rules.misaligned_sub_buffer,
                      "argument " + std::to_string(i) + " is a sub-buffer at offset " +
                          std::to_string(mem->offset()) + ", not a multiple of " +
                          std::to_string(q.device().mem_base_addr_align_bits() / 8) + " bytes");
        arg.kind = interp::LaunchArg::Kind::Buffer;
        arg.pointer = mem->data();
        arg.taint = mem->written_marks();
        arg.taint_marks_written = true;
        arg.size = mem->size();
        arg.read_only = mem->flags() & CL_MEM_READ_ONLY;
        arg.write_only = mem->flags() & CL_MEM_WRITE_ONLY;
        arg.constant = params[i].address == CL_KERNEL_ARG_ADDRESS_CONSTANT;
        arg.created_by = mem->is_sub_buffer() ? "clCreateSubBuffer" : "clCreateBuffer";
        launch.buffers.push_back(std::move(mem));
        break;
      }
      case KernelArgument::Kind::Image: {
        cl_mem handle = nullptr;
        if (v.bytes.size() == sizeof(cl_mem)) std::memcpy(&handle, v.bytes.data(), sizeof handle);
        Ref<Mem> mem = lookup<Mem>(handle);
        auto* image = dynamic_cast<Image*>(mem.get());
        if (!image)
          return fail(rules.args_not_set, "argument " + std::to_string(i) +
                                              " is an image that has been released");
        // The kernel sees the image's bytes as a buffer (every checker watches its texels)
        // and the image built-ins find its format and shape by its address.
        arg.kind = interp::LaunchArg::Kind::Buffer;
        arg.pointer = image->data();
        arg.taint = image->written_marks();
        arg.taint_marks_written = true;
        arg.size = image->size();
        arg.read_only = image->flags() & CL_MEM_READ_ONLY;
        arg.write_only = image->flags() & CL_MEM_WRITE_ONLY;
        arg.created_by = image->source() ? "clCreateImage (from a memory object)" : "clCreateImage";
        interp::ImageDescriptor d = image->descriptor();
        d.arg = static_cast<std::uint32_t>(i);
        d.kernel_reads = params[i].access != CL_KERNEL_ARG_ACCESS_WRITE_ONLY;
        d.kernel_writes = params[i].access != CL_KERNEL_ARG_ACCESS_READ_ONLY;
        d.label = fmt::format("image argument {}{} ({})", i,
                              arg.name.empty() ? "" : " '" + arg.name + "'", arg.created_by);
        arg.image = std::move(d);
        launch.buffers.push_back(std::move(mem));
        break;
      }
      case KernelArgument::Kind::Sampler: {
        // A sampler_t is its CLK_* bits to the built-ins (OpenCL C §6.12.14.1).
        cl_sampler handle = nullptr;
        if (v.bytes.size() == sizeof(cl_sampler))
          std::memcpy(&handle, v.bytes.data(), sizeof handle);
        Ref<Sampler> sampler = lookup<Sampler>(handle);
        if (!sampler)
          return fail(rules.args_not_set, "argument " + std::to_string(i) +
                                              " is a sampler that has been released");
        std::uint64_t bits = sampler->normalized_coords() ? interp::SamplerBits::kNormalized : 0;
        bits |= (sampler->addressing_mode() - CL_ADDRESS_NONE) * 2;
        bits |= sampler->filter_mode() == CL_FILTER_LINEAR ? interp::SamplerBits::kFilterLinear
                                                            : interp::SamplerBits::kFilterNearest;
        arg.kind = interp::LaunchArg::Kind::Bytes;
        arg.bytes.resize(sizeof bits);
        std::memcpy(arg.bytes.data(), &bits, sizeof bits);
        break;
      }
      default:
        arg.kind = interp::LaunchArg::Kind::Bytes;
        arg.bytes = v.bytes;
        break;
    }
    r.args.push_back(std::move(arg));
  }
  // Every SVM allocation of the context: the kernel may reach one through a pointer stored in
  // another, or one clSetKernelExecInfo named (2.2 §5.9.2). One that no argument and no
  // CL_KERNEL_EXEC_INFO_SVM_PTRS entry points into, nor a buffer argument over it, the kernel
  // may not use ("SVM pointers must reference locations contained entirely within buffers that
  // are passed to kernel as arguments, or that are passed through the execution information"),
  // unless it may use system pointers (CL_KERNEL_EXEC_INFO_SVM_FINE_GRAIN_SYSTEM).
  const Kernel::ExecInfo exec = k.exec_info();
  std::vector<const void*> given = exec.svm_pointers;
  for (const Kernel::ArgValue& v : values)
    if (v.source == Kernel::ArgValue::Source::SVMPointer && v.svm != nullptr)
      given.push_back(v.svm);
  auto named = [&](const SvmAllocation& a) {
    if (exec.fine_grain_system) return true;
    for (const void* p : given)
      if (reinterpret_cast<std::uintptr_t>(p) - a.base < std::max<std::size_t>(a.size, 1))
        return true;
    for (const interp::LaunchArg& arg : r.args) {
      if (arg.kind != interp::LaunchArg::Kind::Buffer) continue;
      const auto base = reinterpret_cast<std::uintptr_t>(arg.pointer);
      if (base < a.base + a.size && a.base < base + arg.size) return true;
    }
    return false;
  };
  for (const SvmAllocation& a : SvmAllocations::instance().of(k.context().id())) {
    interp::LaunchMemory m;
    m.pointer = reinterpret_cast<void*>(a.base);
    m.size = a.size;
    m.taint = a.written;
    m.read_only = (a.flags & CL_MEM_READ_ONLY) != 0;
    m.write_only = (a.flags & CL_MEM_WRITE_ONLY) != 0;
    m.label = a.label();
    m.created_by = fmt::format("clSVMAlloc (call #{})", a.call);
    m.not_named = !named(a);
    r.memory.push_back(std::move(m));
  }
  launch.program = Ref<Program>(&k.program());
  launch.enqueue = checker::FindingLog::instance().next_call_index();
  return Status{};
}

Status run(Queue& q, cl_command_type type, Launch launch, cl_uint num_events,
           const cl_event* events, cl_event* event) {
  auto shared = std::make_shared<Launch>(std::move(launch));
  return submit(q, type, num_events, events, event, false, [shared]() -> cl_int {
    set_up_checkers(*shared);
    interp::LaunchResult result = shared->executable->launch(shared->request);
    if (!result.printf_output.empty()) {
      // printf output is flushed when the kernel completes (§6.12.13.3).
      std::fwrite(result.printf_output.data(), 1, result.printf_output.size(), stdout);
      std::fflush(stdout);
    }
    if (shared->checker) {
      // Without an observer (only a budget) the engine's problems come back with the result.
      if (!shared->request.observer)
        shared->checker->engine_problems(result.problems, result.more_problems);
      report_kernel_findings(shared->request.kernel, *shared->checker, *shared->sources);
      if (shared->checker->keeps_last_stores()) keep_last_stores(std::move(shared->checker));
    } else {
      report_problems(shared->request.kernel, result, *shared->sources, shared->enqueue);
    }
    const bool ok = result.ok;
    if (!ok)
      say("KernelNotRun", "kernel '" + shared->request.kernel + "' could not run: " + result.error);
    // What only the run needed goes now, not when the last reference to the command does.
    shared->checker.reset();
    shared->sources.reset();
    return ok ? CL_SUCCESS : CL_OUT_OF_RESOURCES;
  });
}

}  // namespace

// §5.8 (2.2 §5.10, 3.0 §5.10). The argument checks that need no kernel state are prechecks;
// here: the executable, the arguments, uniform work-groups where they must be.
Status EnqueueNDRangeKernel(const args::EnqueueNDRangeKernel& a) {
  Ref<Queue> q = lookup<Queue>(a.command_queue);
  if (!q) return fail(rule::EnqueueNDRangeKernelInvalidQueue);
  Ref<Kernel> k = lookup<Kernel>(a.kernel);
  if (!k) return fail(rule::EnqueueNDRangeKernelInvalidKernel);
  if (!k->program().has_executable_for(q->device()))
    return fail(rule::EnqueueNDRangeKernelNoExecutable);
  if (!k->all_args_set()) return fail(rule::EnqueueNDRangeKernelArgsNotSet);
  if (Status s = check_resources(*k, q->device(), rule::EnqueueNDRangeKernelKernelOutOfResources);
      !s.ok())
    return s;
  // 2.1+: "If global_work_size is NULL, or the value in any passed dimension is 0 then the
  // kernel command will trivially succeed after its event dependencies are satisfied".
  bool empty = a.global_work_size == nullptr;
  for (cl_uint i = 0; !empty && i < a.work_dim; ++i) empty = a.global_work_size[i] == 0;
  if (empty)
    return submit(*q, CL_COMMAND_NDRANGE_KERNEL, a.num_events_in_wait_list, a.event_wait_list,
                  a.event, false, [] { return CL_SUCCESS; });
  if (Status s = check_uniform(*q, *k, a.work_dim, a.global_work_size, a.local_work_size);
      !s.ok())
    return s;
  Launch launch;
  Status s = prepare(*q, *k, a.work_dim, a.global_work_offset, a.global_work_size,
                     a.local_work_size, launch,
                     {rule::EnqueueNDRangeKernelNoExecutable, rule::EnqueueNDRangeKernelArgsNotSet,
                      rule::EnqueueNDRangeKernelMisalignedSubBuffer,
                      rule::EnqueueNDRangeKernelSVMUnsupported});
  if (!s.ok()) return s;
  return run(*q, CL_COMMAND_NDRANGE_KERNEL, std::move(launch), a.num_events_in_wait_list,
             a.event_wait_list, a.event);
}

// §5.8: a kernel run by a single work-item, a work-group of one.
Status EnqueueTask(const args::EnqueueTask& a) {
  Ref<Queue> q = lookup<Queue>(a.command_queue);
  if (!q) return fail(rule::EnqueueTaskInvalidQueue);
  Ref<Kernel> k = lookup<Kernel>(a.kernel);
  if (!k) return fail(rule::EnqueueTaskInvalidKernel);
  if (!k->program().has_executable_for(q->device())) return fail(rule::EnqueueTaskNoExecutable);
  if (!k->all_args_set()) return fail(rule::EnqueueTaskArgsNotSet);
  if (Status s = check_resources(*k, q->device(), rule::EnqueueTaskKernelOutOfResources); !s.ok())
    return s;
  const std::size_t one[3] = {1, 1, 1};
  Launch launch;
  Status s = prepare(*q, *k, 1, nullptr, one, one, launch,
                     {rule::EnqueueTaskNoExecutable, rule::EnqueueTaskArgsNotSet,
                      rule::EnqueueTaskMisalignedSubBuffer, rule::EnqueueTaskSVMUnsupported});
  if (!s.ok()) return s;
  return run(*q, CL_COMMAND_TASK, std::move(launch), a.num_events_in_wait_list,
             a.event_wait_list, a.event);
}

}  // namespace clvet::device::impl
