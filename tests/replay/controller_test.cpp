// The replay controller: a program's trace recorded under the layer on PoCL, replayed on PoCL
// and on the reference device (contents at chosen calls against the program's own host
// computation, forward and backward), and traces written here that diverge, fail to build,
// need more than the target has, are cut short or come from a newer format.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <limits>
#include <optional>

#include "../layer/run_program.h"
#include "clvet/replay/controller.h"
#include "clvet/rules/opencl.h"
#include "clvet/trace/reader.h"
#include "clvet/trace/writer.h"

namespace clvet::replay {
namespace {

using api::ObjectKind;
using trace::Value;

constexpr std::uint64_t kEnd = std::numeric_limits<std::uint64_t>::max();

std::uint32_t entry(std::string_view name) {
  const api::EntryPoint* e = api::find_entry_point(name);
  EXPECT_NE(e, nullptr) << name;
  return trace::entry_index(*e);
}

// The trace of tests/replay/programs/replay_subject.c on PoCL, recorded once.
const std::string& subject_trace() {
  static const std::string path = [] {
    const std::string trace = test::temporary_path("replay-subject") + ".clvt";
    const auto ran = test::run({CLVET_CLI, "run", "--trace=" + trace, "--report=none", "--",
                                CLVET_REPLAY_SUBJECT},
                               {{"OCL_ICD_VENDORS", CLVET_POCL_ICD}, {"OCL_ICD_FILENAMES", ""}});
    EXPECT_EQ(ran.status, 0) << ran.out << ran.err;
    EXPECT_NE(ran.out.find("replay subject ok"), std::string::npos) << ran.out;
    return trace;
  }();
  return path;
}

// The first call of `name` in the trace at or after call `after`, and the call itself.
std::optional<trace::Call> find_call(const std::string& path, std::string_view name,
                                     std::uint64_t after = 0) {
  std::string error;
  auto reader = trace::Reader::open(path, error);
  if (!reader) return std::nullopt;
  std::optional<trace::Call> best;
  trace::RecordView record;
  trace::Call call;
  while (reader->next(record))
    if (record.kind == trace::RecordKind::Call && reader->decode(record, call) && call.name == name &&
        call.index >= after && (!best || call.index < best->index))
      best = call;
  return best;
}

std::string fmt_offset(std::uint64_t offset) {
  char text[32];
  std::snprintf(text, sizeof text, "%#llx", static_cast<unsigned long long>(offset));
  return text;
}

std::vector<int> ints(const std::vector<std::uint8_t>& bytes, std::size_t first, std::size_t count) {
  std::vector<int> out(count);
  std::memcpy(out.data(), bytes.data() + first * sizeof(int), count * sizeof(int));
  return out;
}

std::vector<int> times(int factor, int plus = 0, std::size_t n = 256) {
  std::vector<int> out(n);
  for (std::size_t i = 0; i < n; ++i) out[i] = factor * (static_cast<int>(i) + plus);
  return out;
}

class ReplaySubject : public ::testing::TestWithParam<std::string> {};

// Contents at chosen calls match the program's host computation: the COPY_HOST_PTR bytes
// before the first kernel, 3 * in after it, what the host wrote through a mapping after its
// unmap, and the same again after seeking backward.
TEST_P(ReplaySubject, ContentsAtChosenCallsAreTheProgramsOwn) {
  const std::string& path = subject_trace();
  const auto first_kernel = find_call(path, "clEnqueueNDRangeKernel");
  const auto unmap = find_call(path, "clEnqueueUnmapMemObject");
  const auto clone_read = find_call(path, "clWaitForEvents");
  ASSERT_TRUE(first_kernel && unmap && clone_read);
  // The kernel's arguments: the first clSetKernelArg names `in`, the second `out`.
  const auto set_in = find_call(path, "clSetKernelArg");
  const auto set_out = find_call(path, "clSetKernelArg", set_in->index + 1);
  ASSERT_TRUE(set_in && set_out);
  ASSERT_EQ(set_in->inputs.size(), 1u);
  ASSERT_EQ(set_in->inputs[0].value.kind, trace::ValueKind::Handle) << "a buffer argument is recorded as its object";
  const trace::Handle in_buffer = set_in->inputs[0].value.as_handle();
  const trace::Handle out_buffer = set_out->inputs[0].value.as_handle();

  std::string error;
  auto replay = Controller::open(path, error);
  ASSERT_TRUE(replay) << error;
  ASSERT_TRUE(replay->select({.platform = GetParam(), .verify = true}, error)) << error;

  ASSERT_EQ(replay->seek(first_kernel->index - 1), Outcome::Reached) << replay->stop_reason();
  auto bytes = replay->buffer_contents(in_buffer, error);
  ASSERT_TRUE(bytes) << error;
  EXPECT_EQ(ints(*bytes, 0, 256), times(1));

  ASSERT_EQ(replay->seek(first_kernel->index), Outcome::Reached) << replay->stop_reason();
  bytes = replay->buffer_contents(out_buffer, error);
  ASSERT_TRUE(bytes) << error;
  EXPECT_EQ(ints(*bytes, 0, 256), times(3));

  ASSERT_EQ(replay->seek(unmap->index), Outcome::Reached) << replay->stop_reason();
  bytes = replay->buffer_contents(in_buffer, error);
  ASSERT_TRUE(bytes) << error;
  EXPECT_EQ(ints(*bytes, 0, 256), times(2));

  // The clone wrote the sub-buffer, the second half of `out`: 3 * 2i.
  ASSERT_EQ(replay->seek(clone_read->index), Outcome::Reached) << replay->stop_reason();
  bytes = replay->buffer_contents(out_buffer, error);
  ASSERT_TRUE(bytes) << error;
  EXPECT_EQ(ints(*bytes, 256, 256), times(6));

  // Backward: the replay starts again and reaches the same state.
  ASSERT_EQ(replay->seek(first_kernel->index - 1), Outcome::Reached) << replay->stop_reason();
  bytes = replay->buffer_contents(in_buffer, error);
  ASSERT_TRUE(bytes) << error;
  EXPECT_EQ(ints(*bytes, 0, 256), times(1));

  EXPECT_EQ(replay->seek(kEnd), Outcome::End) << replay->stop_reason();
  EXPECT_TRUE(replay->divergences().empty()) << replay->divergences().front().describe();
  EXPECT_TRUE(replay->skipped().empty()) << replay->skipped().front().reason;
  // Three blocking reads, the non-blocking one (its bytes recorded when it completed), the
  // kernel's name and the sub-buffer's size.
  EXPECT_EQ(replay->compared_count(), 6u);
  // Destroyed objects have no contents.
  EXPECT_FALSE(replay->buffer_contents(in_buffer, error));
}

INSTANTIATE_TEST_SUITE_P(OnEachPlatform, ReplaySubject,
                         ::testing::Values(std::string("Portable"), std::string("reference")));

// --- Traces written here ---------------------------------------------------------------------

// A trace of calls written with the value model, one thread, times one apart.
class TraceFile {
 public:
  explicit TraceFile(const std::string& stem) : path_(test::temporary_path(stem) + ".clvt") {
    std::string error;
    writer_ = trace::Writer::create(path_, error);
    EXPECT_TRUE(writer_) << error;
  }
  // Adds a call; returns its index.
  std::uint64_t call(std::string_view name, std::vector<Value> params, Value result = Value::sint(0),
                     std::vector<trace::ParamValue> inputs = {}, std::vector<trace::ParamValue> outputs = {},
                     std::int32_t error = 0) {
    trace::Call c;
    c.index = ++calls_;
    c.thread = 1;
    c.enter_ns = 10 * c.index;
    c.exit_ns = c.enter_ns + 1;
    c.entry = entry(name);
    c.params = std::move(params);
    c.result = std::move(result);
    c.error = error;
    c.inputs = std::move(inputs);
    c.outputs = std::move(outputs);
    if (c.result.kind == trace::ValueKind::Handle) c.created.push_back(c.result.as_handle());
    writer_->write_call(c);
    return c.index;
  }
  Value data(const std::string& bytes) { return writer_->store_data(bytes.data(), bytes.size()); }
  // What call `call`'s read gave the application once complete (a ReadBytes record).
  void read_bytes(std::uint64_t call, std::uint32_t param, const std::string& bytes) {
    writer_->write_read_bytes({call, param, data(bytes)});
  }
  const std::string& close() {
    writer_->close();
    return path_;
  }

  // Platform 1, device 2, context 3, queue 4.
  void context_and_queue() {
    call("clGetPlatformIDs", {Value::uint(1), Value::pointer(0x10), Value::null()}, Value::sint(0), {},
         {{1, Value::array({Value::handle(ObjectKind::Platform, 1)})}});
    call("clGetDeviceIDs",
         {Value::handle(ObjectKind::Platform, 1), Value::uint(CL_DEVICE_TYPE_ALL), Value::uint(1),
          Value::pointer(0x20), Value::null()},
         Value::sint(0), {}, {{3, Value::array({Value::handle(ObjectKind::Device, 2)})}});
    call("clCreateContext",
         {Value::null(), Value::uint(1), Value::array({Value::handle(ObjectKind::Device, 2)}),
          Value::pointer(0), Value::pointer(0), Value::pointer(0x30)},
         Value::handle(ObjectKind::Context, 3));
    call("clCreateCommandQueue",
         {Value::handle(ObjectKind::Context, 3), Value::handle(ObjectKind::Device, 2), Value::uint(0),
          Value::pointer(0x30)},
         Value::handle(ObjectKind::CommandQueue, 4));
  }
  // Program 5 from `source`, built with CL_SUCCESS recorded.
  void program(const std::string& source) {
    call("clCreateProgramWithSource",
         {Value::handle(ObjectKind::Context, 3), Value::uint(1), Value::array({data(source)}),
          Value::null(), Value::pointer(0x30)},
         Value::handle(ObjectKind::Program, 5));
    call("clBuildProgram",
         {Value::handle(ObjectKind::Program, 5), Value::uint(1),
          Value::array({Value::handle(ObjectKind::Device, 2)}), Value::string(""), Value::pointer(0),
          Value::pointer(0)});
  }

 private:
  std::string path_;
  std::unique_ptr<trace::Writer> writer_;
  std::uint64_t calls_ = 0;
};

std::string int_bytes(std::vector<int> values) {
  return std::string(reinterpret_cast<const char*>(values.data()), values.size() * sizeof(int));
}

// A read whose recorded bytes differ from what the buffer holds: the first divergence names
// the call, the buffer and its creating call, the offset and element, and both values.
TEST(ReplayVerify, NamesTheFirstDivergence) {
  TraceFile t("replay-diverges");
  t.context_and_queue();
  const auto create = t.call("clCreateBuffer",
                             {Value::handle(ObjectKind::Context, 3),
                              Value::uint(CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR), Value::uint(16),
                              Value::pointer(0x1000), Value::pointer(0x30)},
                             Value::handle(ObjectKind::Mem, 6), {{3, t.data(int_bytes({1, 2, 3, 4}))}});
  const auto read = t.call("clEnqueueReadBuffer",
                           {Value::handle(ObjectKind::CommandQueue, 4), Value::handle(ObjectKind::Mem, 6),
                            Value::uint(1), Value::uint(0), Value::uint(16), Value::pointer(0x2000),
                            Value::uint(0), Value::null(), Value::null()},
                           Value::sint(0), {}, {{5, t.data(int_bytes({1, 2, 9, 4}))}});
  std::string error;
  auto replay = Controller::open(t.close(), error);
  ASSERT_TRUE(replay) << error;
  ASSERT_TRUE(replay->select({.platform = "Portable", .verify = true}, error)) << error;
  EXPECT_EQ(replay->seek(kEnd), Outcome::End) << replay->stop_reason();
  ASSERT_EQ(replay->divergences().size(), 1u);
  const Divergence& d = replay->divergences().front();
  EXPECT_EQ(d.call, read);
  EXPECT_EQ(d.object, (trace::Handle{ObjectKind::Mem, 6}));
  EXPECT_EQ(d.created_by, create);
  EXPECT_EQ(d.offset, 8u);
  EXPECT_EQ(d.element, 2u);
  EXPECT_EQ(d.recorded, "0x00000009");
  EXPECT_EQ(d.replayed, "0x00000003");
  EXPECT_EQ(d.differing, 1u);
  EXPECT_NE(d.describe().find("created by call 5"), std::string::npos) << d.describe();
}

// clEnqueueReadBufferRect (1.2 §5.2.2): a 2 x 2 block of ints read out of a 4 x 4 buffer into
// host rows 16 bytes apart, at host origin (4, 1). The recorded host bytes (the rows' gaps
// zero) are the host's computation of the block; compared, and one of them changed is named at
// its offset in the host's span.
TEST(ReplayVerify, RectangularReadsAreComparedAtTheHostsPitches) {
  std::vector<int> values(16);
  for (int i = 0; i < 16; ++i) values[i] = 100 + i;
  // buffer origin (4 bytes, row 1): elements 5, 6 and 9, 10; host origin (4 bytes, row 1),
  // rows of 16 bytes: the span runs from byte 0 to row 2's byte 12.
  auto host = [&](int changed) {
    std::vector<int> span(4 + 4 + 3, 0);
    span[4 + 1] = values[5];
    span[4 + 2] = values[6];
    span[8 + 1] = values[9];
    span[8 + 2] = values[10] + changed;
    return span;
  };
  for (const int changed : {0, 7}) {
    TraceFile t(changed == 0 ? "replay-rect" : "replay-rect-differs");
    t.context_and_queue();
    t.call("clCreateBuffer",
           {Value::handle(ObjectKind::Context, 3), Value::uint(CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR),
            Value::uint(64), Value::pointer(0x1000), Value::pointer(0x30)},
           Value::handle(ObjectKind::Mem, 6), {{3, t.data(int_bytes(values))}});
    const std::vector<int> span = host(changed);
    const auto read = t.call(
        "clEnqueueReadBufferRect",
        {Value::handle(ObjectKind::CommandQueue, 4), Value::handle(ObjectKind::Mem, 6), Value::uint(1),
         Value::array({Value::uint(4), Value::uint(1), Value::uint(0)}),
         Value::array({Value::uint(4), Value::uint(1), Value::uint(0)}),
         Value::array({Value::uint(8), Value::uint(2), Value::uint(1)}), Value::uint(16), Value::uint(0),
         Value::uint(16), Value::uint(0), Value::pointer(0x2000), Value::uint(0), Value::null(), Value::null()},
        Value::sint(0), {}, {{10, t.data(int_bytes(span))}});
    std::string error;
    auto replay = Controller::open(t.close(), error);
    ASSERT_TRUE(replay) << error;
    ASSERT_TRUE(replay->select({.platform = "Portable", .verify = true}, error)) << error;
    EXPECT_EQ(replay->seek(kEnd), Outcome::End) << replay->stop_reason();
    EXPECT_EQ(replay->compared_count(), 1u);
    if (changed == 0) {
      EXPECT_TRUE(replay->divergences().empty()) << replay->divergences().front().describe();
      continue;
    }
    ASSERT_EQ(replay->divergences().size(), 1u);
    const Divergence& d = replay->divergences().front();
    EXPECT_EQ(d.call, read);
    EXPECT_EQ(d.offset, 40u);  // row 2 of the host's span, its third int
    EXPECT_EQ(d.differing, 1u);
  }
}

// A non-blocking read and a map for reading, whose bytes the trace has from when they
// completed: compared once the replay knows their commands complete (clWaitForEvents on the
// read's event, clFinish of the queue), each divergence named at its own call.
TEST(ReplayVerify, NonBlockingReadsAndMapsForReadingAreComparedOnceComplete) {
  TraceFile t("replay-later-reads");
  t.context_and_queue();
  t.call("clCreateBuffer",
         {Value::handle(ObjectKind::Context, 3), Value::uint(CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR),
          Value::uint(16), Value::pointer(0x1000), Value::pointer(0x30)},
         Value::handle(ObjectKind::Mem, 6), {{3, t.data(int_bytes({1, 2, 3, 4}))}});
  const auto read = t.call("clEnqueueReadBuffer",
                           {Value::handle(ObjectKind::CommandQueue, 4), Value::handle(ObjectKind::Mem, 6),
                            Value::uint(0), Value::uint(0), Value::uint(16), Value::pointer(0x2000),
                            Value::uint(0), Value::null(), Value::pointer(0x60)},
                           Value::sint(0), {}, {{8, Value::handle(ObjectKind::Event, 7)}});
  t.read_bytes(read, 5, int_bytes({1, 2, 3, 5}));
  t.call("clWaitForEvents", {Value::uint(1), Value::array({Value::handle(ObjectKind::Event, 7)})});
  const auto map = t.call("clEnqueueMapBuffer",
                          {Value::handle(ObjectKind::CommandQueue, 4), Value::handle(ObjectKind::Mem, 6),
                           Value::uint(0), Value::uint(CL_MAP_READ), Value::uint(0), Value::uint(16),
                           Value::uint(0), Value::null(), Value::null(), Value::pointer(0x30)},
                          Value::pointer(0x9000));
  t.read_bytes(map, trace::ReadBytes::kMappedRegion, int_bytes({9, 2, 3, 4}));
  t.call("clFinish", {Value::handle(ObjectKind::CommandQueue, 4)});
  t.call("clEnqueueUnmapMemObject",
         {Value::handle(ObjectKind::CommandQueue, 4), Value::handle(ObjectKind::Mem, 6), Value::pointer(0x9000),
          Value::uint(0), Value::null(), Value::null()});
  std::string error;
  auto replay = Controller::open(t.close(), error);
  ASSERT_TRUE(replay) << error;
  ASSERT_TRUE(replay->select({.platform = "Portable", .verify = true}, error)) << error;
  EXPECT_EQ(replay->seek(kEnd), Outcome::End) << replay->stop_reason();
  EXPECT_EQ(replay->compared_count(), 2u);
  ASSERT_EQ(replay->divergences().size(), 2u);
  EXPECT_EQ(replay->divergences()[0].call, read);
  EXPECT_EQ(replay->divergences()[0].element, 3u);
  EXPECT_EQ(replay->divergences()[0].recorded, "0x00000005");
  EXPECT_EQ(replay->divergences()[0].replayed, "0x00000004");
  EXPECT_EQ(replay->divergences()[1].call, map);
  EXPECT_EQ(replay->divergences()[1].offset, 0u);
  EXPECT_EQ(replay->divergences()[1].recorded, "0x00000009");
  EXPECT_EQ(replay->divergences()[1].replayed, "0x00000001");
}

// OpenCL C that no compiler accepts, recorded as built: replay stops there with the log.
TEST(ReplayBadInput, FailedBuildStopsWithTheBuildLog) {
  TraceFile t("replay-build-fails");
  t.context_and_queue();
  t.program("kernel void broken(global int* p) { p[0] = undeclared_name; }\n");
  std::string error;
  auto replay = Controller::open(t.close(), error);
  ASSERT_TRUE(replay) << error;
  ASSERT_TRUE(replay->select({.platform = "Portable"}, error)) << error;
  EXPECT_EQ(replay->seek(kEnd), Outcome::Stopped);
  EXPECT_NE(replay->stop_reason().find("call 6 clBuildProgram"), std::string::npos) << replay->stop_reason();
  EXPECT_NE(replay->stop_reason().find("CL_BUILD_PROGRAM_FAILURE"), std::string::npos) << replay->stop_reason();
  EXPECT_NE(replay->stop_reason().find("undeclared_name"), std::string::npos) << replay->stop_reason();
}

// A launch with a larger work-group than the target allows: stop, naming what it needs; with
// skip_unsupported the call is skipped, listed, and replay goes on to the end.
TEST(ReplayBadInput, UnsupportedWorkGroupStopsOrIsSkipped) {
  TraceFile t("replay-work-group");
  t.context_and_queue();
  t.program("kernel void k(global int* p) { p[get_global_id(0)] = 1; }\n");
  t.call("clCreateKernel", {Value::handle(ObjectKind::Program, 5), Value::string("k"), Value::pointer(0x30)},
         Value::handle(ObjectKind::Kernel, 7));
  const std::size_t huge = std::size_t{1} << 20;
  const auto launch = t.call(
      "clEnqueueNDRangeKernel",
      {Value::handle(ObjectKind::CommandQueue, 4), Value::handle(ObjectKind::Kernel, 7), Value::uint(1),
       Value::null(), Value::array({Value::uint(huge)}), Value::array({Value::uint(huge)}), Value::uint(0),
       Value::null(), Value::null()});
  const auto finish = t.call("clFinish", {Value::handle(ObjectKind::CommandQueue, 4)});
  const std::string& path = t.close();
  std::string error;
  for (bool skip : {false, true}) {
    auto replay = Controller::open(path, error);
    ASSERT_TRUE(replay) << error;
    ASSERT_TRUE(replay->select({.platform = "Portable", .skip_unsupported = skip}, error)) << error;
    const Outcome outcome = replay->seek(kEnd);
    ASSERT_EQ(replay->skipped().size(), 1u);
    EXPECT_EQ(replay->skipped().front().call, launch);
    EXPECT_TRUE(replay->skipped().front().unsupported);
    EXPECT_NE(replay->skipped().front().reason.find("a work-group of 1048576 work-items"), std::string::npos)
        << replay->skipped().front().reason;
    if (skip) {
      EXPECT_EQ(outcome, Outcome::End);
      EXPECT_EQ(replay->position(), finish);
    } else {
      EXPECT_EQ(outcome, Outcome::Stopped);
      EXPECT_EQ(replay->position(), launch);
      EXPECT_NE(replay->stop_reason().find("needs what the target lacks"), std::string::npos);
    }
  }
}

// An extension's entry point that the target does not offer (cl_ext_device_fission's
// clRetainDeviceEXT: in neither PoCL's nor the reference device's CL_DEVICE_EXTENSIONS or
// CL_PLATFORM_EXTENSIONS): stop, naming the extension and the call; with skip_unsupported the
// call is skipped, listed, and replay goes on to the end.
TEST(ReplayBadInput, ExtensionTheTargetLacksStopsOrIsSkipped) {
  for (const std::string platform : {"Portable", "reference"}) {
    TraceFile t("replay-extension-" + platform);
    t.context_and_queue();
    const auto retain = t.call("clRetainDeviceEXT", {Value::handle(ObjectKind::Device, 2)});
    const auto release = t.call("clReleaseCommandQueue", {Value::handle(ObjectKind::CommandQueue, 4)});
    const std::string& path = t.close();
    for (const bool skip : {false, true}) {
      std::string error;
      auto replay = Controller::open(path, error);
      ASSERT_TRUE(replay) << error;
      ASSERT_TRUE(replay->select({.platform = platform, .skip_unsupported = skip}, error)) << error;
      const Outcome outcome = replay->seek(kEnd);
      ASSERT_EQ(replay->skipped().size(), 1u) << platform << " " << replay->stop_reason();
      EXPECT_EQ(replay->skipped().front().call, retain);
      EXPECT_TRUE(replay->skipped().front().unsupported);
      EXPECT_NE(replay->skipped().front().reason.find("cl_ext_device_fission, which clRetainDeviceEXT belongs to"),
                std::string::npos)
          << replay->skipped().front().reason;
      if (skip) {
        EXPECT_EQ(outcome, Outcome::End) << replay->stop_reason();
        EXPECT_EQ(replay->position(), release);
      } else {
        EXPECT_EQ(outcome, Outcome::Stopped);
        EXPECT_EQ(replay->position(), retain);
        EXPECT_NE(replay->stop_reason().find("needs what the target lacks: cl_ext_device_fission"), std::string::npos)
            << replay->stop_reason();
      }
    }
  }
}

// Buffer 6 made from `values` (COPY_HOST_PTR), and kernel `kernel` run over it with global size
// values.size() and read back blocking, the read recorded as `read`.
// Returns the launch's call.
std::uint64_t run_kernel_over(TraceFile& t, std::uint64_t kernel, const std::vector<int>& values,
                              const std::vector<int>& read) {
  t.call("clCreateBuffer",
         {Value::handle(ObjectKind::Context, 3), Value::uint(CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR),
          Value::uint(values.size() * sizeof(int)), Value::pointer(0x1000), Value::pointer(0x30)},
         Value::handle(ObjectKind::Mem, 6), {{3, t.data(int_bytes(values))}});
  t.call("clSetKernelArg",
         {Value::handle(ObjectKind::Kernel, kernel), Value::uint(0), Value::uint(sizeof(void*)), Value::pointer(0x50)},
         Value::sint(0), {{3, Value::handle(ObjectKind::Mem, 6)}});
  const std::uint64_t launch =
      t.call("clEnqueueNDRangeKernel",
             {Value::handle(ObjectKind::CommandQueue, 4), Value::handle(ObjectKind::Kernel, kernel), Value::uint(1),
              Value::null(), Value::array({Value::uint(values.size())}), Value::null(), Value::uint(0),
              Value::null(), Value::null()});
  t.call("clEnqueueReadBuffer",
         {Value::handle(ObjectKind::CommandQueue, 4), Value::handle(ObjectKind::Mem, 6), Value::uint(1),
          Value::uint(0), Value::uint(values.size() * sizeof(int)), Value::pointer(0x2000), Value::uint(0),
          Value::null(), Value::null()},
         Value::sint(0), {}, {{5, t.data(int_bytes(read))}});
  return launch;
}

// A program that uses double on a device without cl_khr_fp64 (the reference device as Intel's
// Iris Xe, CLVET_DEVICE_PROFILE=intel-iris-xe, which has no double precision): the build stops
// the replay naming cl_khr_fp64; with --skip-unsupported the build is skipped, and so is what
// uses the program, to the end.
TEST(ReplayBadInput, DoubleOnADeviceWithoutFp64StopsOrIsSkipped) {
  TraceFile t("replay-fp64");
  t.context_and_queue();
  t.program("kernel void half_of(global double* p) { p[get_global_id(0)] *= 0.5; }\n");  // calls 5, 6
  const auto kernel = t.call("clCreateKernel",
                             {Value::handle(ObjectKind::Program, 5), Value::string("half_of"), Value::pointer(0x30)},
                             Value::handle(ObjectKind::Kernel, 9));
  const std::string& path = t.close();
  const std::vector<std::pair<std::string, std::string>> env = {{"OCL_ICD_VENDORS", CLVET_TWO_PLATFORMS_DIR},
                                                                {"CLVET_DEVICE_PROFILE", "intel-iris-xe"}};
  auto ran = test::run({CLVET_CLI, "replay", path, "--platform", "reference"}, env);
  EXPECT_EQ(ran.status, 1) << ran.out << ran.err;
  EXPECT_NE(ran.err.find("replay stopped: call 6 clBuildProgram needs what the target lacks: cl_khr_fp64"),
            std::string::npos)
      << ran.out << ran.err;
  ran = test::run({CLVET_CLI, "replay", path, "--platform", "reference", "--skip-unsupported"}, env);
  EXPECT_EQ(ran.err.find("replay stopped"), std::string::npos) << ran.err;
  EXPECT_NE(ran.out.find("skipped: call 6 clBuildProgram: cl_khr_fp64"), std::string::npos) << ran.out;
  EXPECT_NE(ran.out.find("skipped: call " + std::to_string(kernel) + " clCreateKernel"), std::string::npos) << ran.out;
  // Without the profile the reference device has double: no stop.
  ran = test::run({CLVET_CLI, "replay", path, "--platform", "reference"}, {{"OCL_ICD_VENDORS", CLVET_TWO_PLATFORMS_DIR}});
  EXPECT_EQ(ran.status, 0) << ran.out << ran.err;
}

// A read after a launch that differs from what the kernel computes (the recorded 7 where the
// host's 2 * 3 is 6): the divergence names the last launch that had the buffer as an argument,
// its kernel and call, as the likely writer.
TEST(ReplayVerify, DivergenceNamesTheLastKernelThatWroteTheObject) {
  TraceFile t("replay-last-writer");
  t.context_and_queue();
  t.program("kernel void twice(global int* p) { p[get_global_id(0)] *= 2; }\n");  // calls 5, 6
  t.call("clCreateKernel", {Value::handle(ObjectKind::Program, 5), Value::string("twice"), Value::pointer(0x30)},
         Value::handle(ObjectKind::Kernel, 9));
  const std::uint64_t launch = run_kernel_over(t, 9, {1, 2, 3, 4}, {2, 4, 7, 8});
  std::string error;
  auto replay = Controller::open(t.close(), error);
  ASSERT_TRUE(replay) << error;
  ASSERT_TRUE(replay->select({.platform = "Portable", .verify = true}, error)) << error;
  EXPECT_EQ(replay->seek(kEnd), Outcome::End) << replay->stop_reason();
  ASSERT_EQ(replay->divergences().size(), 1u);
  const Divergence& d = replay->divergences().front();
  EXPECT_EQ(d.call, launch + 1);
  EXPECT_EQ(d.element, 2u);
  EXPECT_EQ(d.recorded, "0x00000007");
  EXPECT_EQ(d.replayed, "0x00000006");
  EXPECT_EQ(d.last_writer, launch);
  EXPECT_EQ(d.last_writer_kernel, "twice");
  EXPECT_NE(d.describe().find("last written by the launch of twice at call " + std::to_string(launch)),
            std::string::npos)
      << d.describe();
}

// A binary no platform can load is rebuilt from the source of a program the trace created from
// source with the same kernel, and replay says so; the kernel's results are the recorded ones.
TEST(ReplayPrograms, BinaryTheTargetCannotLoadIsRebuiltFromSource) {
  TraceFile t("replay-binary");
  t.context_and_queue();
  t.program("kernel void twice(global int* p) { p[get_global_id(0)] *= 2; }\n");  // calls 5, 6
  const std::string binary = "not the binary of any platform";
  t.call("clCreateProgramWithBinary",
         {Value::handle(ObjectKind::Context, 3), Value::uint(1), Value::array({Value::handle(ObjectKind::Device, 2)}),
          Value::array({Value::uint(binary.size())}), Value::array({t.data(binary)}), Value::pointer(0x40),
          Value::pointer(0x30)},
         Value::handle(ObjectKind::Program, 8));
  t.call("clBuildProgram", {Value::handle(ObjectKind::Program, 8), Value::uint(1),
                            Value::array({Value::handle(ObjectKind::Device, 2)}), Value::string(""),
                            Value::pointer(0), Value::pointer(0)});
  t.call("clCreateKernel", {Value::handle(ObjectKind::Program, 8), Value::string("twice"), Value::pointer(0x30)},
         Value::handle(ObjectKind::Kernel, 9));
  run_kernel_over(t, 9, {1, 2, 3, 4}, {2, 4, 6, 8});
  std::string error;
  auto replay = Controller::open(t.close(), error);
  ASSERT_TRUE(replay) << error;
  ASSERT_TRUE(replay->select({.platform = "Portable", .verify = true}, error)) << error;
  EXPECT_EQ(replay->seek(kEnd), Outcome::End) << replay->stop_reason();
  ASSERT_EQ(replay->notes().size(), 1u);
  EXPECT_NE(replay->notes().front().find("call 7 clCreateProgramWithBinary: the target cannot load the binary"),
            std::string::npos) << replay->notes().front();
  EXPECT_NE(replay->notes().front().find("rebuilt from the source of call 5"), std::string::npos);
  EXPECT_EQ(replay->compared_count(), 1u);
  EXPECT_TRUE(replay->divergences().empty()) << replay->divergences().front().describe();
}

// A program created from SPIR-V (2.1 §5.8.1, clCreateProgramWithIL) rebuilds from the IL the
// trace holds: the kernel stores each work-item's global id plus 40, and the recorded read (the
// host's computation) is what the reference device's replay reads. PoCL has no IL support.
TEST(ReplayPrograms, ProgramFromILRebuildsFromTheRecordedIL) {
  std::ifstream in(CLVET_REPLAY_IL, std::ios::binary);
  const std::string il((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  ASSERT_GT(il.size(), 20u) << CLVET_REPLAY_IL;
  TraceFile t("replay-il");
  t.context_and_queue();
  t.call("clCreateProgramWithIL",
         {Value::handle(ObjectKind::Context, 3), Value::pointer(0x40), Value::uint(il.size()), Value::pointer(0x30)},
         Value::handle(ObjectKind::Program, 5), {{1, t.data(il)}});
  t.call("clBuildProgram", {Value::handle(ObjectKind::Program, 5), Value::uint(1),
                            Value::array({Value::handle(ObjectKind::Device, 2)}), Value::string(""),
                            Value::pointer(0), Value::pointer(0)});
  t.call("clCreateKernel", {Value::handle(ObjectKind::Program, 5), Value::string("k"), Value::pointer(0x30)},
         Value::handle(ObjectKind::Kernel, 9));
  run_kernel_over(t, 9, {0, 0, 0, 0, 0, 0}, {40, 41, 42, 43, 44, 45});
  std::string error;
  auto replay = Controller::open(t.close(), error);
  ASSERT_TRUE(replay) << error;
  ASSERT_TRUE(replay->select({.platform = "reference", .verify = true}, error)) << error;
  EXPECT_EQ(replay->seek(kEnd), Outcome::End) << replay->stop_reason();
  EXPECT_EQ(replay->compared_count(), 1u);
  EXPECT_TRUE(replay->divergences().empty()) << replay->divergences().front().describe();
}

// On the reference device, a kernel finding of the replay names the trace's call: an
// out-of-bounds write by the last work-item of the launch recorded as call 10.
TEST(ReplayPrograms, ReferenceDeviceFindingsCarryTheTracesCallIndex) {
  TraceFile t("replay-finding");
  t.context_and_queue();
  t.program("kernel void past(global int* p) { p[get_global_id(0) + 1] = 1; }\n");  // calls 5, 6
  t.call("clCreateKernel", {Value::handle(ObjectKind::Program, 5), Value::string("past"), Value::pointer(0x30)},
         Value::handle(ObjectKind::Kernel, 9));
  run_kernel_over(t, 9, {0, 0, 0, 0}, {0, 1, 1, 1});
  const std::string& path = t.close();
  const std::string report = test::temporary_path("replay-finding-report");
  const auto ran = test::run({CLVET_CLI, "replay", path, "--platform", "reference", "--verify"},
                             {{"CLVET_REPORT", report}, {"OCL_ICD_VENDORS", CLVET_POCL_ICD}});
  EXPECT_EQ(ran.status, 0) << ran.out << ran.err;
  const std::string text = test::read_file(report);
  EXPECT_NE(text.find("out-of-bounds"), std::string::npos) << text;
  EXPECT_NE(text.find("in kernel 'past' (call #10)"), std::string::npos) << text;
}

// A trace cut in the middle of a record: its calls before the damage replay, and the reader
// names the offset.
// The cheapest calls re-issued straight from their records' bytes come to what the general
// path makes of them: a retain, a size query and releases replayed; a call that failed when
// recorded not re-issued; a query the target refuses noted and passed; a handle the replay never
// made stopping the replay with the general path's words.
TEST(ReplayDirectCalls, SameOutcomeAsTheValueModel) {
  TraceFile t("replay-direct");
  t.context_and_queue();
  t.call("clCreateBuffer",
         {Value::handle(ObjectKind::Context, 3), Value::uint(CL_MEM_READ_WRITE), Value::uint(16), Value::null(),
          Value::pointer(0x30)},
         Value::handle(ObjectKind::Mem, 6));
  const Value mem = Value::handle(ObjectKind::Mem, 6);
  t.call("clRetainMemObject", {mem});
  t.call("clGetMemObjectInfo", {mem, Value::uint(CL_MEM_SIZE), Value::uint(8), Value::pointer(0x40), Value::null()},
         Value::sint(0), {}, {{3, Value::inline_bytes("\x10\0\0\0\0\0\0\0", 8)}});
  t.call("clGetMemObjectInfo", {mem, Value::uint(0x7777), Value::uint(8), Value::pointer(0x40), Value::null()},
         Value::sint(CL_INVALID_VALUE), {}, {}, CL_INVALID_VALUE);
  const auto refused = t.call("clGetMemObjectInfo",
                              {mem, Value::uint(0x7777), Value::uint(8), Value::pointer(0x40), Value::pointer(0x48)});
  t.call("clReleaseMemObject", {mem});
  t.call("clReleaseMemObject", {mem});
  const auto unknown = t.call("clRetainMemObject", {Value::handle(ObjectKind::Mem, 99)});
  const std::string& path = t.close();
  std::vector<std::string> said;
  for (const bool direct : {false, true}) {
    std::string error;
    auto replay = Controller::open(path, error);
    ASSERT_TRUE(replay) << error;
    ASSERT_TRUE(replay->select({.platform = "Portable", .direct = direct}, error)) << error;
    EXPECT_EQ(replay->seek(kEnd), Outcome::Stopped) << "direct " << direct;
    EXPECT_EQ(replay->position(), unknown);
    // The context, the queue and the buffer; the retain, the two queries and the releases.
    EXPECT_EQ(replay->replayed_count(), 8u) << "direct " << direct;
    EXPECT_EQ(replay->replayed_directly_count(), direct ? 5u : 0u);
    EXPECT_EQ(replay->failed_when_recorded(), 1u);
    ASSERT_EQ(replay->notes().size(), 1u);
    EXPECT_NE(replay->notes()[0].find("call " + std::to_string(refused) +
                                      " clGetMemObjectInfo: the target returned CL_INVALID_VALUE"),
              std::string::npos)
        << replay->notes()[0];
    EXPECT_NE(replay->stop_reason().find("mem#99 has no live object"), std::string::npos) << replay->stop_reason();
    said.push_back(replay->stop_reason() + "|" + replay->notes()[0]);
  }
  EXPECT_EQ(said[0], said[1]);
}

TEST(ReplayBadInput, TruncatedTraceReplaysUpToItsDamage) {
  const std::string& whole = subject_trace();
  const std::string cut = test::temporary_path("replay-cut") + ".clvt";
  std::string bytes = test::read_file(whole);
  const auto unmap = find_call(whole, "clEnqueueUnmapMemObject");
  ASSERT_TRUE(unmap);
  // Cut inside the record after the unmap's (in file order): find its offset.
  std::string error;
  auto reader = trace::Reader::open(whole, error);
  ASSERT_TRUE(reader) << error;
  trace::RecordView record;
  trace::Call call;
  std::uint64_t cut_at = 0;
  std::uint64_t damaged = 0;  // the record named: the cut call's, or its call block's
  bool after_unmap = false;
  while (reader->next(record)) {
    if (after_unmap && record.kind == trace::RecordKind::Call) {
      cut_at = record.offset + 20;
      damaged = record.offset;
      if (record.entry) {
        // An entry of a call block (FORMAT.md, "CallBlock"): its header's second word is its
        // distance from the block's frame.
        std::uint32_t distance = 0;
        std::memcpy(&distance, bytes.data() + record.offset + 4, sizeof distance);
        damaged = record.offset - distance;
      }
      break;
    }
    if (record.kind == trace::RecordKind::Call && reader->decode(record, call) && call.index == unmap->index)
      after_unmap = true;
  }
  ASSERT_NE(cut_at, 0u);
  std::ofstream(cut, std::ios::binary).write(bytes.data(), static_cast<std::streamsize>(cut_at));

  auto replay = Controller::open(cut, error);
  ASSERT_TRUE(replay) << error;
  ASSERT_FALSE(replay->trace_problems().empty());
  EXPECT_NE(replay->trace_problems().front().find("truncated"), std::string::npos) << replay->trace_problems().front();
  EXPECT_NE(replay->trace_problems().front().find(fmt_offset(damaged)), std::string::npos)
      << replay->trace_problems().front();
  ASSERT_TRUE(replay->select({.platform = "Portable", .verify = true}, error)) << error;
  // The calls before the cut replay. A call block (format 2.0) lies in the file before the
  // blobs its calls stored, so a call whose data lay past the cut stops the replay, named.
  const Outcome outcome = replay->seek(kEnd);
  if (outcome == Outcome::End) {
    EXPECT_EQ(replay->position(), unmap->index);
  } else {
    EXPECT_NE(replay->stop_reason().find("is not in the trace"), std::string::npos)
        << replay->stop_reason();
    EXPECT_GT(replay->position(), 1u);
    EXPECT_LE(replay->position(), unmap->index);
  }
  EXPECT_TRUE(replay->divergences().empty());
}

// A trace of a newer major version is refused, naming it.
TEST(ReplayBadInput, NewerFormatIsRefusedWithItsVersion) {
  const std::string newer = test::temporary_path("replay-newer") + ".clvt";
  std::string bytes = test::read_file(subject_trace());
  bytes[8] = trace::kFormatMajor + 1;  // major version (u16 at offset 8)
  bytes[9] = 0;
  bytes[10] = 3;  // minor version
  std::ofstream(newer, std::ios::binary).write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  std::string error;
  EXPECT_FALSE(Controller::open(newer, error));
  EXPECT_NE(error.find("trace format " + std::to_string(trace::kFormatMajor + 1) + ".3"),
            std::string::npos)
      << error;
}

// The platform is chosen by its index in the loader's list, its whole name, a part of its name
// no other platform's name has (any case), or "reference"; a part two names share, a part no
// name has and an index past the list are refused, listing what the loader offers. The oracle
// is the loader itself: clGetPlatformIDs' list and each platform's CL_PLATFORM_NAME.
TEST(ReplayPlatforms, ChosenByIndexNameUniquePartOrReference) {
  cl_uint count = 0;
  ASSERT_EQ(clGetPlatformIDs(0, nullptr, &count), CL_SUCCESS);
  ASSERT_EQ(count, 2u) << "PoCL and the reference device";
  std::vector<cl_platform_id> ids(count);
  ASSERT_EQ(clGetPlatformIDs(count, ids.data(), nullptr), CL_SUCCESS);
  std::vector<std::string> names;
  for (cl_platform_id id : ids) {
    char name[256] = {};
    ASSERT_EQ(clGetPlatformInfo(id, CL_PLATFORM_NAME, sizeof name - 1, name, nullptr), CL_SUCCESS);
    names.emplace_back(name);
  }
  const std::size_t pocl = names[0].find("Portable") != std::string::npos ? 0 : 1;
  const std::size_t reference = 1 - pocl;
  ASSERT_EQ(names[reference], "clvet");
  std::string error;
  TraceFile t("replay-platforms");
  t.context_and_queue();
  auto replay = Controller::open(t.close(), error);
  ASSERT_TRUE(replay) << error;
  const std::vector<std::pair<std::string, std::size_t>> chosen = {
      {"0", 0}, {"1", 1}, {"", 0}, {names[pocl], pocl}, {"portable computing", pocl}, {"COMPUTING", pocl},
      {"reference", reference}, {"Reference", reference}, {"clvet", reference}, {"vet", reference}};
  for (const auto& [wanted, index] : chosen) {
    ASSERT_TRUE(replay->select({.platform = wanted}, error)) << wanted << ": " << error;
    EXPECT_EQ(replay->selected().index, index) << wanted;
    EXPECT_EQ(replay->selected().name, names[index]) << wanted;
    EXPECT_EQ(replay->selected().reference, index == reference) << wanted;
  }
  // "l" is in both names, "nvidia" in neither; there is no platform 2.
  EXPECT_FALSE(replay->select({.platform = "l"}, error));
  EXPECT_NE(error.find("more than one platform's name contains \"l\""), std::string::npos) << error;
  EXPECT_NE(error.find(names[pocl]), std::string::npos) << error;
  EXPECT_FALSE(replay->select({.platform = "nvidia"}, error));
  EXPECT_NE(error.find("no platform's name contains \"nvidia\""), std::string::npos) << error;
  EXPECT_FALSE(replay->select({.platform = "2"}, error));
  EXPECT_NE(error.find("there is no platform 2"), std::string::npos) << error;
  EXPECT_NE(error.find("clvet"), std::string::npos) << error;
}

}  // namespace
}  // namespace clvet::replay

int main(int argc, char** argv) {
  // The loader reads its variables once: PoCL and the reference device, both.
  setenv("OCL_ICD_VENDORS", CLVET_TWO_PLATFORMS_DIR, 1);
  setenv("CLVET_REPORT", "none", 1);
  ::testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}
