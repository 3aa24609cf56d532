// One kernel launch written as a trace of its own (`clvet extract`): the calls that set it up
// on any platform, the launch, the reads of its buffers, and its buffers before and after.
#include <CL/cl.h>
#include <fmt/format.h>

#include <map>

#include "clvet/replay/launch.h"
#include "clvet/trace/writer.h"

namespace clvet::replay {
namespace {

using trace::Value;
using api::ObjectKind;

// Writes the calls of one small trace, numbered from 1 in order.
class CallSequence {
 public:
  explicit CallSequence(trace::Writer& writer) : writer_(writer) {}

  // A call of `name` with `params`; `result` and created objects as the layer records them.
  trace::Call& add(std::string_view name, std::vector<Value> params, Value result = Value::sint(0)) {
    trace::Call call;
    call.index = ++index_;
    call.thread = trace::Writer::thread_id();
    call.enter_ns = call.exit_ns = writer_.now();
    const api::EntryPoint* entry = api::find_entry_point(name);
    call.entry = entry != nullptr ? trace::entry_index(*entry) : trace::kUnknownEntry;
    call.name = name;
    call.params = std::move(params);
    call.result = std::move(result);
    calls_.push_back(std::move(call));
    return calls_.back();
  }
  // An object-creating call: the handle is its result and its Created item.
  trace::Call& create(std::string_view name, std::vector<Value> params, ObjectKind kind,
                      std::uint64_t id, std::uint32_t errcode_param) {
    trace::Call& call = add(name, std::move(params), Value::handle(kind, id));
    call.created.push_back({kind, id});
    call.outputs.push_back({errcode_param, Value::sint(CL_SUCCESS)});
    return call;
  }
  void write() {
    for (const trace::Call& call : calls_) writer_.write_call(call);
  }
  std::uint64_t last_index() const { return index_; }

 private:
  trace::Writer& writer_;
  std::uint64_t index_ = 0;
  std::vector<trace::Call> calls_;
};

Value address() { return Value::pointer(0x1000); }  // a non-NULL host pointer, never read

Value sizes(const std::array<std::uint64_t, 3>& values, std::uint32_t dim) {
  std::vector<Value> items;
  for (std::uint32_t d = 0; d < dim; ++d) items.push_back(Value::uint(values[d]));
  return Value::array(std::move(items));
}

}  // namespace

bool write_launch_trace(trace::Reader& reader, const KernelLaunch& launch, const std::string& path,
                        std::string& error) {
  if (!launch.rerunnable()) {
    error = fmt::format("call {} cannot run alone: {}", launch.call_index, launch.problems.front());
    return false;
  }
  auto writer = trace::Writer::create(path, error);
  if (!writer) return false;
  trace::ProcessInfo info;
  info.recorder = fmt::format("clvet extract: call {} of {}", launch.call_index, reader.name());
  info.command_line = {"clvet", "extract", reader.name(), "--enqueue", std::to_string(launch.call_index)};
  writer->write_process_info(info);

  const Value platform = Value::handle(ObjectKind::Platform, 1);
  const Value device = Value::handle(ObjectKind::Device, 1);
  const Value context = Value::handle(ObjectKind::Context, 1);
  const Value queue = Value::handle(ObjectKind::CommandQueue, 1);
  const Value program = Value::handle(ObjectKind::Program, 1);
  const Value kernel = Value::handle(ObjectKind::Kernel, 1);

  CallSequence calls(*writer);
  calls.add("clGetPlatformIDs", {Value::uint(1), address(), Value::null()})
      .outputs.push_back({1, Value::array({platform})});
  calls.add("clGetDeviceIDs", {platform, Value::uint(CL_DEVICE_TYPE_ALL), Value::uint(1), address(), Value::null()})
      .outputs.push_back({3, Value::array({device})});
  calls.create("clCreateContext",
               {Value::null(), Value::uint(1), Value::array({device}), Value::pointer(0),
                Value::pointer(0), address()},
               ObjectKind::Context, 1, 5);
  calls.create("clCreateCommandQueue", {context, device, Value::uint(0), address()},
               ObjectKind::CommandQueue, 1, 3);

  const Value program_data = writer->store_data(launch.program.data(), launch.program.size());
  switch (launch.program_kind) {
    case ProgramKind::Source:
      calls.create("clCreateProgramWithSource",
                   {context, Value::uint(1), Value::array({program_data}), Value::null(), address()},
                   ObjectKind::Program, 1, 4);
      break;
    case ProgramKind::IL:
      calls.create("clCreateProgramWithIL",
                   {context, address(), Value::uint(launch.program.size()), address()},
                   ObjectKind::Program, 1, 3)
          .inputs.push_back({1, program_data});
      break;
    case ProgramKind::Binary:
      calls.create("clCreateProgramWithBinary",
                   {context, Value::uint(1), Value::array({device}),
                    Value::array({Value::uint(launch.program.size())}), Value::array({program_data}),
                    Value::null(), address()},
                   ObjectKind::Program, 1, 6);
      break;
  }
  calls.add("clBuildProgram", {program, Value::uint(1), Value::array({device}),
                               Value::string(launch.build_options), Value::pointer(0), Value::pointer(0)});
  calls.create("clCreateKernel", {program, Value::string(launch.kernel_name), address()},
               ObjectKind::Kernel, 1, 2);

  // One buffer per distinct buffer argument, created with its contents before the launch.
  std::map<std::uint32_t, std::uint64_t> mem_of;  // argument index -> mem id
  std::map<std::uint32_t, std::string> before_bytes;
  std::uint64_t next_mem = 1;
  for (const KernelArgument& arg : launch.arguments) {
    if (arg.kind != KernelArgument::Kind::Buffer) continue;
    if (arg.same_buffer_as != arg.index) {
      mem_of[arg.index] = mem_of[arg.same_buffer_as];
      continue;
    }
    auto bytes = bytes_of(reader, arg.before);
    if (!bytes) {
      error = fmt::format("argument {}: its contents before the launch cannot be read from {}",
                          arg.index, reader.name());
      return false;
    }
    const std::uint64_t id = next_mem++;
    mem_of[arg.index] = id;
    before_bytes[arg.index] = *bytes;
    calls.create("clCreateBuffer",
                 {context, Value::uint(CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR),
                  Value::uint(bytes->size()), address(), address()},
                 ObjectKind::Mem, id, 4)
        .inputs.push_back({3, writer->store_data(bytes->data(), bytes->size())});
  }
  for (const KernelArgument& arg : launch.arguments) {
    switch (arg.kind) {
      case KernelArgument::Kind::Buffer:
        // The buffer by its handle, as the layer records a memory object it knows.
        calls.add("clSetKernelArg", {kernel, Value::uint(arg.index), Value::uint(sizeof(cl_mem)), address()})
            .inputs.push_back({3, Value::handle(ObjectKind::Mem, mem_of[arg.index])});
        break;
      case KernelArgument::Kind::Scalar:
        calls.add("clSetKernelArg", {kernel, Value::uint(arg.index), Value::uint(arg.size), address()})
            .inputs.push_back({3, Value::inline_bytes(arg.value.data(), arg.value.size())});
        break;
      case KernelArgument::Kind::Local:
        calls.add("clSetKernelArg", {kernel, Value::uint(arg.index), Value::uint(arg.size), Value::pointer(0)});
        break;
      default:
        break;  // not rerunnable: refused above
    }
  }
  calls.add("clEnqueueNDRangeKernel",
            {queue, kernel, Value::uint(launch.work_dim),
             launch.offset == std::array<std::uint64_t, 3>{0, 0, 0} ? Value::null() : sizes(launch.offset, launch.work_dim),
             sizes(launch.global, launch.work_dim),
             launch.has_local ? sizes(launch.local, launch.work_dim) : Value::null(), Value::uint(0),
             Value::null(), Value::null()});
  const std::uint64_t launch_call = calls.last_index();

  trace::KernelBuffers before, after;
  before.call_index = after.call_index = launch_call;
  after.after = true;
  std::vector<Value> before_items, after_items;
  for (const KernelArgument& arg : launch.arguments) {
    if (arg.kind != KernelArgument::Kind::Buffer) continue;
    const std::string& in = before_bytes[arg.same_buffer_as];
    before_items.push_back(Value::array({Value::uint(arg.index), writer->store_data(in.data(), in.size())}));
    auto out = launch.has_after ? bytes_of(reader, arg.after) : std::nullopt;
    after_items.push_back(Value::array(
        {Value::uint(arg.index), out ? writer->store_data(out->data(), out->size()) : Value::null()}));
    if (arg.same_buffer_as != arg.index) continue;
    // What the application would read back: the contents after, when the trace has them.
    trace::Call& read = calls.add("clEnqueueReadBuffer",
                                  {queue, Value::handle(ObjectKind::Mem, mem_of[arg.index]),
                                   Value::uint(CL_TRUE), Value::uint(0), Value::uint(in.size()),
                                   address(), Value::uint(0), Value::null(), Value::null()});
    if (out) read.outputs.push_back({5, writer->store_data(out->data(), out->size())});
  }
  before.buffers = Value::array(std::move(before_items));
  after.buffers = Value::array(std::move(after_items));

  calls.add("clFinish", {queue});
  for (std::uint64_t id = 1; id < next_mem; ++id)
    calls.add("clReleaseMemObject", {Value::handle(ObjectKind::Mem, id)});
  calls.add("clReleaseKernel", {kernel});
  calls.add("clReleaseProgram", {program});
  calls.add("clReleaseCommandQueue", {queue});
  calls.add("clReleaseContext", {context});
  calls.write();
  writer->write_kernel_buffers(before);
  if (launch.has_after) writer->write_kernel_buffers(after);
  writer->close();
  if (writer->failed()) {
    error = writer->error();
    return false;
  }
  return true;
}

}  // namespace clvet::replay
