// Writes a small trace with every record kind and every value kind: the seed of the trace
// reader's fuzz corpus and the input of the `clvet trace` and `clvet report` tests. With
// --note its one finding is a note (shown, no failure: clvet report's exit status is 0).
//   clvet-sample-trace OUT.clvt [--note]
#include <cstdio>
#include <string>
#include <vector>

#include "clvet/rules/opencl.h"
#include "clvet/trace/writer.h"

using namespace clvet;
using trace::Value;

namespace {

std::uint32_t entry(std::string_view name) {
  return static_cast<std::uint32_t>(api::find_entry_point(name) - api::entry_points().data());
}

}  // namespace

int main(int argc, char** argv) {
  const bool note = argc == 3 && std::string(argv[2]) == "--note";
  if (argc != 2 && !note) {
    std::fprintf(stderr, "usage: %s OUT.clvt [--note]\n", argv[0]);
    return 2;
  }
  std::string error;
  trace::WriterOptions options;
  options.calls_per_index = 4;  // several index records even in a small trace
  auto w = trace::Writer::create(argv[1], error, options);
  if (!w) {
    std::fprintf(stderr, "%s\n", error.c_str());
    return 1;
  }
  trace::ProcessInfo process = trace::current_process_info("clvet sample");
  process.command_line = {"./buffer_pipeline", "--size", "1024"};
  process.environment = {{"CLVET_REPORT", "stderr"}};
  w->write_process_info(process);
  w->write_platform({{api::ObjectKind::Platform, 1}, "clvet", "clvet project", "OpenCL 3.0 clvet",
                     "libclvet-device.so"});

  const std::uint64_t tid = 4242;
  std::uint64_t t = 1000;
  auto call = [&](std::string_view name, std::uint64_t index) {
    auto c = w->begin_call(entry(name), index, t, tid);
    t += 500;
    return c;
  };

  {
    auto c = call("clGetPlatformIDs", 1);
    c.uint(1);
    c.pointer(0x7ffc0010);
    c.null();
    c.enter(false);  // into the thread's call block, as the layer records calls
    c.result(CL_SUCCESS).sint(CL_SUCCESS);
    c.output(1).array(1);
    c.handle(api::ObjectKind::Platform, 1);
    c.commit(t);
  }
  {
    auto c = call("clCreateContext", 2);
    c.properties(1);
    c.key(CL_CONTEXT_PLATFORM);
    c.handle(api::ObjectKind::Platform, 1);
    c.uint(1);
    c.array(1);
    c.handle(api::ObjectKind::Device, 1);
    c.null();
    c.null();
    c.pointer(0x7ffc0020);
    c.enter(false);
    c.result(CL_SUCCESS).handle(api::ObjectKind::Context, 1);
    c.output(5).sint(CL_SUCCESS);
    c.created(api::ObjectKind::Context, 1);
    c.commit(t);
  }
  w->write_object_event({trace::ObjectEvent::Action::Created, {api::ObjectKind::Context, 1}, 2, t, 1,
                         {{api::ObjectKind::Device, 1}}});
  {
    auto c = call("clCreateCommandQueueWithProperties", 3);
    c.handle(api::ObjectKind::Context, 1);
    c.handle(api::ObjectKind::Device, 1);
    c.properties(1);
    c.key(CL_QUEUE_PROPERTIES);
    c.uint(CL_QUEUE_PROFILING_ENABLE);
    c.pointer(0x7ffc0030);
    c.result(CL_SUCCESS).handle(api::ObjectKind::CommandQueue, 1);
    c.created(api::ObjectKind::CommandQueue, 1);
    c.commit(t);
  }
  w->write_object_event({trace::ObjectEvent::Action::Created, {api::ObjectKind::CommandQueue, 1}, 3, t,
                         1, {{api::ObjectKind::Context, 1}, {api::ObjectKind::Device, 1}}});
  std::vector<float> data(1024);
  for (std::size_t i = 0; i < data.size(); ++i) data[i] = static_cast<float>(i) * 0.5f;
  for (std::uint64_t index : {std::uint64_t{4}, std::uint64_t{5}}) {  // the same data twice: one blob
    auto c = call("clCreateBuffer", index);
    c.handle(api::ObjectKind::Context, 1);
    c.uint(CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR);
    c.uint(data.size() * sizeof(float));
    c.pointer(data.data());
    c.pointer(std::uint64_t{0});
    c.input(3);
    c.data(data.data(), data.size() * sizeof(float));
    c.result(CL_SUCCESS).handle(api::ObjectKind::Mem, index - 3);
    c.created(api::ObjectKind::Mem, index - 3);
    c.commit(t);
  }
  {
    auto c = call("clCreateProgramWithSource", 6);
    c.handle(api::ObjectKind::Context, 1);
    c.uint(1);
    c.array(1);
    c.string("kernel void scale(global float* x, float f) { x[get_global_id(0)] *= f; }");
    c.null();
    c.pointer(std::uint64_t{0});
    c.result(CL_SUCCESS).handle(api::ObjectKind::Program, 1);
    c.created(api::ObjectKind::Program, 1);
    c.commit(t);
  }
  {
    auto c = call("clSetKernelArg", 7);
    c.handle(api::ObjectKind::Kernel, 1);
    c.uint(1);
    c.uint(sizeof(float));
    const float f = 2.0f;
    c.inline_bytes(&f, sizeof f);
    c.floating(2.0);  // an extra value of the float kind, as a later table might have
    c.result(CL_SUCCESS).sint(CL_SUCCESS);
    c.commit(t);
  }
  {
    auto c = call("clEnqueueNDRangeKernel", 8);
    c.handle(api::ObjectKind::CommandQueue, 1);
    c.handle(api::ObjectKind::Kernel, 1);
    c.uint(1);
    c.null();
    c.array(1);
    c.uint(1024);
    c.null();
    c.uint(0);
    c.null();
    c.pointer(0x7ffc0040);
    c.commit_enter();
    c.result(CL_SUCCESS).sint(CL_SUCCESS);
    c.output(8).handle(api::ObjectKind::Event, 1);
    c.created(api::ObjectKind::Event, 1);
    c.commit(t);
  }
  w->write_clock_sync({{api::ObjectKind::Device, 1}, 5'000'000, 900});
  w->write_device_command({8, {api::ObjectKind::CommandQueue, 1}, {api::ObjectKind::Event, 1},
                           CL_COMMAND_NDRANGE_KERNEL, "scale", 5'000'200, 5'000'400, 5'001'000,
                           5'009'000});
  {
    auto c = call("clEnqueueReadBuffer", 9);
    c.handle(api::ObjectKind::CommandQueue, 1);
    c.handle(api::ObjectKind::Mem, 1);
    c.uint(CL_TRUE);
    c.uint(0);
    c.uint(8192);  // twice the buffer: the planted bug
    c.pointer(data.data());
    c.uint(0);
    c.null();
    c.null();
    c.result(CL_INVALID_VALUE).sint(CL_INVALID_VALUE);
    c.commit(t);
  }
  reports::Finding f;
  f.rule_id = "EnqueueReadBufferOutOfBounds";
  f.entry = "clEnqueueReadBuffer";
  f.error_code = CL_INVALID_VALUE;
  f.spec = "OpenCL 1.2 §5.2.2";
  f.clause = "CL_INVALID_VALUE if the region being read specified by (offset, size) is out of bounds";
  f.detail = "offset 0 + size 8192 > buffer size 4096";
  f.call_index = 9;
  if (note) f.severity = reports::Severity::Note;
  w->write_finding(f);
  {
    auto c = call("clReleaseMemObject", 10);
    c.handle(api::ObjectKind::Mem, 1);
    c.result(CL_SUCCESS).sint(CL_SUCCESS);
    c.commit(t);
  }
  w->write_object_event({trace::ObjectEvent::Action::Destroyed, {api::ObjectKind::Mem, 1}, 10, t, 0, {}});
  w->close();
  return w->failed() ? 1 : 0;
}
