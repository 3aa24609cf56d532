// Every value kind and every record kind written by the trace writer reads back equal.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "clvet/rules/opencl.h"
#include "trace_test_support.h"

namespace clvet::trace {
namespace {

using testing::entry_index;

// One value of each kind, nested where the kind nests.
std::vector<Value> every_value() {
  return {
      Value::null(),
      Value::uint(0),
      Value::uint(std::numeric_limits<std::uint64_t>::max()),
      Value::sint(-1),
      Value::sint(std::numeric_limits<std::int64_t>::min()),
      Value::sint(std::numeric_limits<std::int64_t>::max()),
      Value::floating(3.25),
      Value::floating(-0.0),
      Value::floating(std::numeric_limits<double>::infinity()),
      Value::handle(api::ObjectKind::Mem, 42),
      Value::handle(api::ObjectKind::Event, 0),
      Value::pointer(0x7ffdeadbeef0),
      Value::string(""),
      Value::string(std::string("with\0nul", 8)),
      Value::inline_bytes("\x00\xff\x10", 3),
      Value::blob(0x0123456789abcdef, 1 << 20),
      Value::array({}),
      Value::array({Value::uint(1), Value::handle(api::ObjectKind::Device, 2),
                    Value::array({Value::string("nested"), Value::null()})}),
      Value::properties({}),
      Value::properties({{CL_CONTEXT_PLATFORM, Value::handle(api::ObjectKind::Platform, 1)},
                         {CL_QUEUE_PROPERTIES, Value::uint(CL_QUEUE_PROFILING_ENABLE)}}),
  };
}

TEST(TraceRoundTrip, EveryValueKindAsParameterResultOutputAndInput) {
  testing::TempDir dir;
  const std::string path = dir.file("values.clvt");
  std::vector<Call> written;
  {
    auto writer = testing::make_writer(path);
    std::uint64_t index = 0;
    for (const Value& v : every_value()) {
      Call call;
      call.index = ++index;
      call.thread = 7;
      call.enter_ns = 1000 * index;
      call.exit_ns = 1000 * index + 17;
      call.entry = entry_index("clCreateBuffer");
      call.params = {Value::handle(api::ObjectKind::Context, 1), Value::uint(CL_MEM_READ_WRITE),
                     v, Value::pointer(0), Value::null()};
      call.inputs = {{3, v}};
      call.result = v;
      call.error = index % 2 ? CL_SUCCESS : CL_INVALID_VALUE;
      call.outputs = {{4, Value::sint(call.error)}, {2, v}};
      call.created = {{api::ObjectKind::Mem, index}};
      writer->write_call(call);
      written.push_back(call);
    }
    writer->close();
  }
  auto reader = testing::open_reader(path);
  ASSERT_TRUE(reader);
  EXPECT_TRUE(reader->info().closed_cleanly);
  std::vector<Call> read = testing::all_calls(*reader);
  EXPECT_TRUE(reader->problems().empty()) << reader->problems().front();
  ASSERT_EQ(read.size(), written.size());
  for (std::size_t i = 0; i < read.size(); ++i) {
    EXPECT_EQ(read[i].name, "clCreateBuffer");
    read[i].name.clear();
    EXPECT_EQ(read[i], written[i]) << "value " << i << " of kind "
                                   << to_string(written[i].result.kind);
  }
}

TEST(TraceRoundTrip, NotANumberSurvives) {
  testing::TempDir dir;
  const std::string path = dir.file("nan.clvt");
  {
    auto writer = testing::make_writer(path);
    Call call;
    call.index = 1;
    call.entry = entry_index("clFinish");
    call.params = {Value::floating(std::numeric_limits<double>::quiet_NaN())};
    writer->write_call(call);
  }
  auto reader = testing::open_reader(path);
  auto call = reader->call(1);
  ASSERT_TRUE(call);
  ASSERT_EQ(call->params.size(), 1u);
  EXPECT_TRUE(std::isnan(call->params[0].real));
}

TEST(TraceRoundTrip, CallEncoderMatchesTheValueModel) {
  testing::TempDir dir;
  const std::string path = dir.file("encoder.clvt");
  const char data[200] = "the bytes behind host_ptr";
  {
    auto writer = testing::make_writer(path);
    auto call = writer->begin_call(entry_index("clCreateBuffer"), 5, 100, 9);
    ASSERT_TRUE(call);
    call.handle(api::ObjectKind::Context, 1);
    call.uint(CL_MEM_COPY_HOST_PTR);
    call.uint(sizeof data);
    call.pointer(data);
    call.pointer(std::uint64_t{0});
    call.input(3);
    call.data(data, sizeof data);
    call.commit_enter();
    call.result(CL_SUCCESS).handle(api::ObjectKind::Mem, 3);
    call.created(api::ObjectKind::Mem, 3);
    call.output(4).sint(CL_SUCCESS);
    call.commit(250);
  }
  auto reader = testing::open_reader(path);
  RecordView r;
  std::vector<Call> calls;
  while (reader->next(r)) {
    if (r.kind != RecordKind::Call && r.kind != RecordKind::CallEnter) continue;
    Call c;
    ASSERT_TRUE(reader->decode(r, c)) << reader->problems().back();
    calls.push_back(c);
  }
  ASSERT_EQ(calls.size(), 2u);
  // The CallEnter record: the arguments as they were before the call went to the driver.
  EXPECT_FALSE(calls[0].completed);
  EXPECT_EQ(calls[0].index, 5u);
  EXPECT_EQ(calls[0].thread, 9u);
  EXPECT_EQ(calls[0].params.size(), 5u);
  EXPECT_TRUE(calls[0].result.is_null());
  // The Call record: the same arguments, and what the call did.
  EXPECT_TRUE(calls[1].completed);
  EXPECT_EQ(calls[1].params, calls[0].params);
  EXPECT_EQ(calls[1].inputs, calls[0].inputs);
  EXPECT_EQ(calls[1].enter_ns, 100u);
  EXPECT_EQ(calls[1].exit_ns, 250u);
  EXPECT_EQ(calls[1].result, Value::handle(api::ObjectKind::Mem, 3));
  ASSERT_EQ(calls[1].created.size(), 1u);
  EXPECT_EQ(calls[1].created[0], (Handle{api::ObjectKind::Mem, 3}));
  ASSERT_EQ(calls[1].outputs.size(), 1u);
  EXPECT_EQ(calls[1].outputs[0].param, 4u);
  ASSERT_EQ(calls[0].inputs.size(), 1u);
  EXPECT_EQ(calls[0].inputs[0].value.kind, ValueKind::Blob);
  auto bytes = reader->blob(calls[0].inputs[0].value.number);
  ASSERT_TRUE(bytes);
  EXPECT_EQ(*bytes, std::string(data, sizeof data));
}

// A retain's and a release's reference counts (format 1.3: Counted items of the call's own
// record) read back as object events of that call, at its entry time, written either way.
TEST(TraceRoundTrip, ReferenceCountsInTheirCallsRecord) {
  testing::TempDir dir;
  const std::string path = dir.file("counted.clvt");
  Call retain;
  retain.index = 5;
  retain.thread = 7;
  retain.enter_ns = 1000;
  retain.exit_ns = 1040;
  retain.entry = entry_index("clRetainMemObject");
  retain.params = {Value::handle(api::ObjectKind::Mem, 3)};
  retain.result = Value::sint(CL_SUCCESS);
  retain.counted = {{ObjectEvent::Action::Retained, {api::ObjectKind::Mem, 3}, 5, 1000, 2, {}}};
  {
    auto writer = testing::make_writer(path);
    writer->write_call(retain);
    // As the layer records a release that took the count to 0: through the call's encoder.
    CallEncoder e = writer->begin_call(entry_index("clReleaseMemObject"), 6, 2000, 7);
    e.handle(api::ObjectKind::Mem, 3);
    e.counted(static_cast<std::uint8_t>(ObjectEvent::Action::Destroyed), api::ObjectKind::Mem, 3, 0);
    e.result(CL_SUCCESS).sint(CL_SUCCESS);
    e.commit(2050);
    writer->close();
  }
  auto reader = testing::open_reader(path);
  ASSERT_TRUE(reader);
  std::vector<Call> read = testing::all_calls(*reader);
  EXPECT_TRUE(reader->problems().empty()) << reader->problems().front();
  ASSERT_EQ(read.size(), 2u);
  read[0].name.clear();
  EXPECT_EQ(read[0], retain);
  ASSERT_EQ(read[1].counted.size(), 1u);
  const ObjectEvent expected{ObjectEvent::Action::Destroyed, {api::ObjectKind::Mem, 3}, 6, 2000, 0, {}};
  EXPECT_EQ(read[1].counted[0], expected);
  EXPECT_EQ(read[1].exit_ns, 2050u);
  EXPECT_EQ(reader->info().minor, kFormatMinor);
}

TEST(TraceRoundTrip, EveryOtherRecordKind) {
  testing::TempDir dir;
  const std::string path = dir.file("records.clvt");
  ProcessInfo process = current_process_info("clvet test");
  process.environment.emplace_back("CLVET_TEST", "1");
  Platform platform{{api::ObjectKind::Platform, 1}, "clvet", "clvet project", "OpenCL 3.0", "/lib/x.so"};
  ObjectEvent event{ObjectEvent::Action::Released, {api::ObjectKind::Mem, 3}, 12, 999, 1,
                    {{api::ObjectKind::Context, 1}}};
  DeviceCommand command{13, {api::ObjectKind::CommandQueue, 2}, {api::ObjectKind::Event, 9},
                        CL_COMMAND_NDRANGE_KERNEL, "vector_add", 100, 200, 300, 400};
  ClockSync sync{{api::ObjectKind::Device, 1}, 123456789, 4242};
  reports::Finding finding;
  finding.category = reports::Category::Platform;
  finding.severity = reports::Severity::Warning;
  finding.rule_id = "CreateBufferSizeZero";
  finding.entry = "clCreateBuffer";
  finding.error_code = CL_INVALID_BUFFER_SIZE;
  finding.spec = "OpenCL 1.2 §5.2.1";
  finding.clause = "if size is 0";
  finding.detail = "size is 0";
  finding.call_index = 12;
  finding.count = 3;
  {
    auto writer = testing::make_writer(path);
    writer->write_process_info(process);
    writer->write_platform(platform);
    writer->write_object_event(event);
    writer->write_device_command(command);
    writer->write_clock_sync(sync);
    writer->write_finding(finding);
  }
  auto reader = testing::open_reader(path);
  RecordView r;
  int seen = 0;
  while (reader->next(r)) {
    switch (r.kind) {
      case RecordKind::ProcessInfo: {
        ProcessInfo p;
        ASSERT_TRUE(reader->decode(r, p));
        EXPECT_NE(p.start_realtime_ns, 0u);  // filled in by the writer
        p.start_realtime_ns = 0;
        EXPECT_EQ(p, process);
        EXPECT_FALSE(p.command_line.empty());
        ++seen;
        break;
      }
      case RecordKind::Platform: {
        Platform p;
        ASSERT_TRUE(reader->decode(r, p));
        EXPECT_EQ(p, platform);
        ++seen;
        break;
      }
      case RecordKind::Object: {
        ObjectEvent e;
        ASSERT_TRUE(reader->decode(r, e));
        EXPECT_EQ(e, event);
        ++seen;
        break;
      }
      case RecordKind::DeviceCommand: {
        DeviceCommand c;
        ASSERT_TRUE(reader->decode(r, c));
        EXPECT_EQ(c, command);
        ++seen;
        break;
      }
      case RecordKind::ClockSync: {
        ClockSync s;
        ASSERT_TRUE(reader->decode(r, s));
        EXPECT_EQ(s, sync);
        ++seen;
        break;
      }
      case RecordKind::Finding: {
        reports::Finding f;
        ASSERT_TRUE(reader->decode(r, f));
        EXPECT_EQ(f.rule_id, finding.rule_id);
        EXPECT_EQ(f.entry, finding.entry);
        EXPECT_EQ(f.error_code, finding.error_code);
        EXPECT_EQ(f.spec, finding.spec);
        EXPECT_EQ(f.clause, finding.clause);
        EXPECT_EQ(f.detail, finding.detail);
        EXPECT_EQ(f.call_index, finding.call_index);
        EXPECT_EQ(f.count, finding.count);
        EXPECT_EQ(f.category, finding.category);
        EXPECT_EQ(f.severity, finding.severity);
        ++seen;
        break;
      }
      default: break;
    }
  }
  EXPECT_EQ(seen, 6);
  EXPECT_TRUE(reader->problems().empty());
  EXPECT_TRUE(reader->notes().empty());
}

}  // namespace
}  // namespace clvet::trace
