// Kernel launches read out of a trace: the calls that made each launch's kernel, program and
// arguments, followed in the order they are given, and the KernelBuffers records beside it; a
// whole trace at once (in call order), or a trace still being written as its records come.
#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <string_view>
#include <unordered_map>

#include "clvet/replay/launch.h"

namespace clvet::replay {
namespace {

using trace::Value;
using trace::ValueKind;

// The entry points a launch depends on; every other call is passed over.
bool wanted_name(std::string_view name) {
  static constexpr std::string_view kNames[] = {
      "clCreateProgramWithSource", "clCreateProgramWithIL", "clCreateProgramWithILKHR",
      "clCreateProgramWithBinary", "clBuildProgram",        "clCompileProgram",
      "clLinkProgram",             "clCreateKernel",        "clCreateKernelsInProgram",
      "clCloneKernel",             "clSetKernelArg",        "clSetKernelArgSVMPointer",
      "clEnqueueNDRangeKernel",    "clEnqueueTask"};
  return std::find(std::begin(kNames), std::end(kNames), name) != std::end(kNames);
}

const Value* param(const trace::Call& call, std::size_t i) {
  return i < call.params.size() ? &call.params[i] : nullptr;
}

const Value* input(const trace::Call& call, std::uint32_t i) {
  for (const trace::ParamValue& in : call.inputs)
    if (in.param == i) return &in.value;
  return nullptr;
}

std::uint64_t handle_id(const trace::Call& call, std::size_t i) {
  const Value* v = param(call, i);
  return v != nullptr && v->kind == ValueKind::Handle ? v->number : 0;
}

std::uint64_t uint_param(const trace::Call& call, std::size_t i, std::uint64_t fallback = 0) {
  const Value* v = param(call, i);
  return v != nullptr && (v->kind == ValueKind::UInt || v->kind == ValueKind::Int) ? v->number
                                                                                    : fallback;
}

std::uint64_t created_id(const trace::Call& call, api::ObjectKind kind) {
  for (const trace::Handle& h : call.created)
    if (h.kind == kind) return h.id;
  if (call.result.kind == ValueKind::Handle && call.result.object == kind) return call.result.number;
  return 0;
}

struct ProgramState {
  ProgramKind kind = ProgramKind::Source;
  std::optional<std::string> text;  // nullopt: the trace holds no data for it
  std::string options;
  std::string problem;  // why it cannot be rebuilt, when it cannot
};

struct ArgumentState {
  KernelArgument::Kind kind = KernelArgument::Kind::Unset;
  std::uint64_t size = 0;
  std::string value;
  std::uint64_t mem_id = 0;  // arg_value recorded as a Handle (traces that clvet extract wrote)
  std::string note;
};

struct KernelState {
  std::uint64_t program = 0;
  std::string name;
  std::string problem;
  std::map<std::uint32_t, ArgumentState> arguments;
};

// A data value's bytes; nullopt when only an address was recorded (a trace without data).
std::optional<std::string> data_value(trace::Reader& reader, const Value* v) {
  if (v == nullptr) return std::nullopt;
  if (v->kind == ValueKind::String) return v->bytes;
  return bytes_of(reader, *v);
}

std::array<std::uint64_t, 3> sizes(const Value* v, std::uint64_t fill, bool& given) {
  std::array<std::uint64_t, 3> out{fill, fill, fill};
  given = v != nullptr && v->kind == ValueKind::Array;
  if (!given) return out;
  for (std::size_t i = 0; i < 3 && i < v->items.size(); ++i) out[i] = v->items[i].number;
  return out;
}

}  // namespace

std::optional<std::string> bytes_of(trace::Reader& reader, const Value& value) {
  if (value.kind == ValueKind::Bytes || value.kind == ValueKind::String) return value.bytes;
  if (value.kind == ValueKind::Blob) return reader.blob(value.number);
  return std::nullopt;
}

// What LaunchRecords keeps between records.
struct LaunchRecords::State {
  std::unordered_map<std::uint64_t, ProgramState> programs;
  std::unordered_map<std::uint64_t, KernelState> kernels;
  // Each launch as its call left it (kernel, program, sizes and the kernel's arguments then);
  // its buffers are added when it is finished.
  struct Pending {
    KernelLaunch launch;
    std::optional<KernelState> kernel;  // nullopt: the kernel was not created in the trace
  };
  std::vector<Pending> pending;  // in the order their calls were added
  std::unordered_map<std::uint64_t, trace::KernelBuffers> before, after;
  std::vector<std::uint64_t> complete;  // launches whose call and both buffers records came

  void call(trace::Reader& reader, const trace::Call& call);
  void launch(const trace::Call& call);
  KernelLaunch finish(const Pending& p) const;
  bool has_both(std::uint64_t call_index) const { return before.count(call_index) && after.count(call_index); }
};

LaunchRecords::LaunchRecords() : state_(std::make_unique<State>()) {}
LaunchRecords::~LaunchRecords() = default;

bool LaunchRecords::wanted(const trace::Call& call) { return wanted_name(call.name); }

void LaunchRecords::add(trace::Reader& reader, const trace::RecordView& record) {
  if (record.kind == trace::RecordKind::Call) {
    if (!reader.decode(record, call_)) return;
    if (wanted(call_)) add(reader, call_);
  } else if (record.kind == trace::RecordKind::KernelBuffers) {
    trace::KernelBuffers kb;
    if (reader.decode(record, kb)) add(std::move(kb));
  }
}

void LaunchRecords::add(trace::Reader& reader, const trace::Call& call) {
  if (wanted(call)) state_->call(reader, call);
}

void LaunchRecords::add(trace::KernelBuffers buffers) {
  State& s = *state_;
  const std::uint64_t index = buffers.call_index;
  const bool had_both = s.has_both(index);
  (buffers.after ? s.after : s.before)[index] = std::move(buffers);
  if (had_both || !s.has_both(index)) return;
  for (const State::Pending& p : s.pending)
    if (p.launch.call_index == index && p.kernel) s.complete.push_back(index);
}

std::vector<KernelLaunch> LaunchRecords::launches() const {
  std::vector<KernelLaunch> out;
  out.reserve(state_->pending.size());
  for (const State::Pending& p : state_->pending) out.push_back(state_->finish(p));
  return out;
}

std::vector<KernelLaunch> LaunchRecords::take_complete() {
  State& s = *state_;
  std::vector<KernelLaunch> out;
  if (s.complete.empty()) return out;
  std::sort(s.complete.begin(), s.complete.end());
  std::vector<State::Pending> kept;
  for (State::Pending& p : s.pending) {
    if (!std::binary_search(s.complete.begin(), s.complete.end(), p.launch.call_index)) {
      kept.push_back(std::move(p));
      continue;
    }
    out.push_back(s.finish(p));
    s.before.erase(p.launch.call_index);
    s.after.erase(p.launch.call_index);
  }
  s.pending = std::move(kept);
  s.complete.clear();
  return out;
}

void LaunchRecords::State::call(trace::Reader& reader, const trace::Call& call) {
  const std::string& name = call.name;
  if (call.error != 0) return;  // a failed call changed nothing (and launched nothing)
  if (name == "clCreateProgramWithSource") {
    ProgramState p;
    const Value* strings = param(call, 2);
    if (strings != nullptr && strings->kind == ValueKind::Array) {
      std::string text;
      for (const Value& item : strings->items) {
        auto bytes = data_value(reader, &item);
        if (!bytes) {
          text.clear();
          p.problem = "its source is not in the trace (recorded with --trace-data=0?)";
          break;
        }
        text += *bytes;
      }
      if (p.problem.empty()) p.text = std::move(text);
    } else {
      p.problem = "its source is not in the trace (recorded with --trace-data=0?)";
    }
    programs[created_id(call, api::ObjectKind::Program)] = std::move(p);
  } else if (name == "clCreateProgramWithIL" || name == "clCreateProgramWithILKHR") {
    ProgramState p;
    p.kind = ProgramKind::IL;
    p.text = data_value(reader, input(call, 1));
    if (!p.text) p.problem = "its IL is not in the trace (recorded with --trace-data=0?)";
    programs[created_id(call, api::ObjectKind::Program)] = std::move(p);
  } else if (name == "clCreateProgramWithBinary") {
    ProgramState p;
    p.kind = ProgramKind::Binary;
    const Value* binaries = param(call, 4);
    if (binaries != nullptr && binaries->kind == ValueKind::Array && !binaries->items.empty())
      p.text = data_value(reader, &binaries->items[0]);
    if (!p.text) p.problem = "its binary is not in the trace (recorded with --trace-data=0?)";
    programs[created_id(call, api::ObjectKind::Program)] = std::move(p);
  } else if (name == "clBuildProgram") {
    const Value* options = param(call, 3);
    auto& p = programs[handle_id(call, 0)];
    p.options = options != nullptr && options->kind == ValueKind::String ? options->bytes : "";
  } else if (name == "clLinkProgram") {
    ProgramState p;
    p.problem = "it was linked from compiled programs (clCompileProgram, clLinkProgram), "
                "which a single launch cannot re-run yet";
    programs[created_id(call, api::ObjectKind::Program)] = std::move(p);
  } else if (name == "clCreateKernel") {
    KernelState k;
    k.program = handle_id(call, 0);
    const Value* kname = param(call, 1);
    if (kname != nullptr) k.name = kname->bytes;
    kernels[created_id(call, api::ObjectKind::Kernel)] = std::move(k);
  } else if (name == "clCreateKernelsInProgram") {
    for (const trace::ParamValue& out : call.outputs)
      if (out.param == 2)
        for (const Value& h : out.value.items) {
          KernelState k;
          k.program = handle_id(call, 0);
          k.problem = "it was created by clCreateKernelsInProgram, whose kernel names the "
                      "trace does not hold";
          kernels[h.number] = std::move(k);
        }
  } else if (name == "clCloneKernel") {
    auto found = kernels.find(handle_id(call, 0));
    if (found != kernels.end()) kernels[created_id(call, api::ObjectKind::Kernel)] = found->second;
  } else if (name == "clSetKernelArg") {
    ArgumentState a;
    a.size = uint_param(call, 2);
    const Value* v = param(call, 3);
    const Value* bytes = input(call, 3);
    // A memory object, sampler or queue the recorder knew is recorded as its handle.
    const Value* held = bytes != nullptr && bytes->kind == ValueKind::Handle ? bytes
                        : v != nullptr && v->kind == ValueKind::Handle     ? v
                                                                           : nullptr;
    if (held != nullptr && held->object == api::ObjectKind::Mem) {
      a.kind = KernelArgument::Kind::Buffer;
      a.mem_id = held->number;
    } else if (held != nullptr) {
      a.kind = KernelArgument::Kind::Missing;
      a.note = fmt::format("a {} ({}#{}), which a single launch cannot re-run yet",
                           held->object == api::ObjectKind::Sampler ? "sampler" : "device queue",
                           api::to_string(held->object), held->number);
    } else if (bytes != nullptr) {
      a.kind = KernelArgument::Kind::Scalar;
      a.value = bytes->bytes;
    } else if (v == nullptr || v->is_null() || (v->kind == ValueKind::Pointer && v->number == 0)) {
      a.kind = KernelArgument::Kind::Local;
    } else {
      a.kind = KernelArgument::Kind::Missing;
      a.note = fmt::format("its {}-byte value is not in the trace (recorded with --trace-data=0?)",
                           a.size);
    }
    kernels[handle_id(call, 0)].arguments[static_cast<std::uint32_t>(uint_param(call, 1))] = a;
  } else if (name == "clSetKernelArgSVMPointer") {
    ArgumentState a;
    a.kind = KernelArgument::Kind::Missing;
    a.note = "an SVM pointer, which a single launch cannot re-run yet";
    kernels[handle_id(call, 0)].arguments[static_cast<std::uint32_t>(uint_param(call, 1))] = a;
  } else if (name == "clEnqueueNDRangeKernel" || name == "clEnqueueTask") {
    launch(call);
  }
}

void LaunchRecords::State::launch(const trace::Call& call) {
  const bool task = call.name == "clEnqueueTask";
  Pending p;
  KernelLaunch& launch = p.launch;
  launch.call_index = call.index;
  launch.queue_id = handle_id(call, 0);
  launch.kernel_id = handle_id(call, 1);
  if (!task) {
    launch.work_dim = static_cast<std::uint32_t>(uint_param(call, 2, 1));
    bool given = false;
    launch.offset = sizes(param(call, 3), 0, given);
    launch.global = sizes(param(call, 4), 1, given);
    launch.local = sizes(param(call, 5), 1, launch.has_local);
    for (std::uint32_t d = launch.work_dim; d < 3; ++d) {
      launch.offset[d] = 0;
      launch.global[d] = 1;
      launch.local[d] = 1;
    }
  } else {
    launch.has_local = true;
    launch.local = {1, 1, 1};
  }
  auto kernel = kernels.find(launch.kernel_id);
  if (kernel != kernels.end()) {
    const KernelState& k = kernel->second;
    p.kernel = k;
    launch.kernel_name = k.name;
    launch.program_id = k.program;
    if (!k.problem.empty()) launch.problems.push_back(fmt::format("kernel#{}: {}", launch.kernel_id, k.problem));
    auto program = programs.find(k.program);
    if (program == programs.end()) {
      launch.problems.push_back(fmt::format("program#{} was not created in the trace", k.program));
    } else {
      const ProgramState& ps = program->second;
      if (!ps.problem.empty()) launch.problems.push_back(fmt::format("program#{}: {}", k.program, ps.problem));
      launch.program_kind = ps.kind;
      launch.program = ps.text.value_or("");
      launch.build_options = ps.options;
    }
  } else {
    launch.problems.push_back(fmt::format("kernel#{} was not created in the trace", launch.kernel_id));
  }
  if (p.kernel && has_both(call.index)) complete.push_back(call.index);
  pending.push_back(std::move(p));
}

// The launch with its arguments and the buffers read beside it.
KernelLaunch LaunchRecords::State::finish(const Pending& p) const {
  KernelLaunch launch = p.launch;
  if (!p.kernel) return launch;
  const KernelState& k = *p.kernel;
  // The buffers read beside the kernel: which arguments are buffers, and their contents.
  std::map<std::uint32_t, std::pair<Value, Value>> contents;
  auto b = before.find(launch.call_index);
  auto a = after.find(launch.call_index);
  launch.has_before = b != before.end();
  launch.has_after = a != after.end();
  if (launch.has_before)
    for (const Value& item : b->second.buffers.items)
      if (item.items.size() == 2) contents[static_cast<std::uint32_t>(item.items[0].number)].first = item.items[1];
  if (launch.has_after)
    for (const Value& item : a->second.buffers.items)
      if (item.items.size() == 2) contents[static_cast<std::uint32_t>(item.items[0].number)].second = item.items[1];
  std::uint32_t count = 0;
  if (!k.arguments.empty()) count = k.arguments.rbegin()->first + 1;
  if (!contents.empty()) count = std::max(count, contents.rbegin()->first + 1);
  for (std::uint32_t i = 0; i < count; ++i) {
    KernelArgument arg;
    arg.index = i;
    arg.same_buffer_as = i;
    auto set = k.arguments.find(i);
    auto held = contents.find(i);
    if (set != k.arguments.end()) {
      arg.kind = set->second.kind;
      arg.size = set->second.size;
      arg.value = set->second.value;
      arg.note = set->second.note;
    }
    if (held != contents.end()) {
      arg.kind = KernelArgument::Kind::Buffer;
      arg.before = held->second.first;
      arg.after = held->second.second;
      arg.size = arg.before.kind == ValueKind::Blob ? arg.before.size : arg.before.bytes.size();
      if (arg.before.is_null()) {
        arg.kind = KernelArgument::Kind::Missing;
        arg.note = "the read of its contents before the launch failed";
      }
      // Two arguments set to the same cl_mem (the same address, or the same handle) share
      // one buffer in the re-run too.
      for (std::uint32_t j = 0; j < i && set != k.arguments.end(); ++j) {
        auto other = k.arguments.find(j);
        if (other == k.arguments.end() || contents.count(j) == 0) continue;
        const bool same = set->second.mem_id != 0 ? other->second.mem_id == set->second.mem_id
                                                  : other->second.value == set->second.value &&
                                                        !set->second.value.empty();
        if (same) {
          arg.same_buffer_as = j;
          break;
        }
      }
    } else if (arg.kind == KernelArgument::Kind::Buffer) {
      arg.kind = KernelArgument::Kind::Missing;
      arg.note = "a buffer whose contents the trace does not hold";
    }
    switch (arg.kind) {
      case KernelArgument::Kind::Unset:
        launch.problems.push_back(fmt::format("argument {} was not set before the launch", i));
        break;
      case KernelArgument::Kind::Missing:
        launch.problems.push_back(fmt::format("argument {}: {}", i, arg.note));
        break;
      default:
        break;
    }
    launch.arguments.push_back(std::move(arg));
  }
  if (!launch.has_before)
    launch.problems.push_back("the trace holds no buffer contents for it (record with --trace-kernel-buffers=1)");
  return launch;
}

std::vector<KernelLaunch> read_launches(trace::Reader& reader) {
  std::vector<trace::Call> calls;
  LaunchRecords records;
  reader.rewind();
  trace::RecordView r;
  while (reader.next(r)) {
    if (r.kind == trace::RecordKind::Call) {
      trace::Call call;
      if (reader.decode(r, call) && LaunchRecords::wanted(call)) calls.push_back(std::move(call));
    } else if (r.kind == trace::RecordKind::KernelBuffers) {
      records.add(reader, r);
    }
  }
  // Calls are written as they return: with several threads, not in call order.
  std::sort(calls.begin(), calls.end(),
            [](const trace::Call& a, const trace::Call& b) { return a.index < b.index; });
  for (const trace::Call& call : calls) records.add(reader, call);
  return records.launches();
}

}  // namespace clvet::replay
