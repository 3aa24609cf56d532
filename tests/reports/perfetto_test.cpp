// The Perfetto export is trace-event JSON with host calls per thread, device commands per
// queue and arrows between them.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <sstream>

#include "clvet/rules/opencl.h"
#include "clvet/trace/perfetto.h"
#include "trace_test_support.h"

namespace clvet::trace {
namespace {

TEST(TracePerfetto, CallsCommandsAndFlows) {
  testing::TempDir dir;
  const std::string path = dir.file("timeline.clvt");
  {
    auto writer = testing::make_writer(path);
    ProcessInfo info = current_process_info("perfetto test");
    info.command_line = {"./app"};
    writer->write_process_info(info);
    Call enqueue;
    enqueue.index = 1;
    enqueue.thread = 100;
    enqueue.enter_ns = 5'000;
    enqueue.exit_ns = 7'000;
    enqueue.entry = testing::entry_index("clEnqueueNDRangeKernel");
    enqueue.params = std::vector<Value>(9, Value::null());
    writer->write_call(enqueue);
    Call finish = enqueue;
    finish.index = 2;
    finish.thread = 101;
    finish.enter_ns = 8'000;
    finish.exit_ns = 20'000;
    finish.entry = testing::entry_index("clFinish");
    finish.params = {Value::handle(api::ObjectKind::CommandQueue, 4)};
    writer->write_call(finish);
    writer->write_device_command({1, {api::ObjectKind::CommandQueue, 4}, {api::ObjectKind::Event, 9},
                                  CL_COMMAND_NDRANGE_KERNEL, "vector_add", 1'000'000, 1'001'000,
                                  1'002'000, 1'010'000});
    reports::Finding f;
    f.rule_id = "SomeRule";
    f.call_index = 2;
    writer->write_finding(f);
  }
  auto reader = testing::open_reader(path);
  std::ostringstream out;
  const PerfettoStats stats = export_perfetto(*reader, out);
  EXPECT_EQ(stats.calls, 2u);
  EXPECT_EQ(stats.device_commands, 1u);
  EXPECT_EQ(stats.findings, 1u);
  const auto j = nlohmann::json::parse(out.str());
  const auto& events = j["traceEvents"];
  ASSERT_TRUE(events.is_array());
  std::vector<nlohmann::json> slices, flows, marks;
  std::set<std::string> thread_names;
  for (const auto& e : events) {
    if (e["ph"] == "X") slices.push_back(e);
    if (e["ph"] == "s" || e["ph"] == "f") flows.push_back(e);
    if (e["ph"] == "i") marks.push_back(e);
    if (e["ph"] == "M" && e["name"] == "thread_name") thread_names.insert(e["args"]["name"]);
  }
  ASSERT_EQ(slices.size(), 3u);
  EXPECT_EQ(slices[0]["name"], "clEnqueueNDRangeKernel");
  EXPECT_EQ(slices[0]["tid"], 100);
  EXPECT_DOUBLE_EQ(slices[0]["ts"].get<double>(), 5.0);
  EXPECT_DOUBLE_EQ(slices[0]["dur"].get<double>(), 2.0);
  EXPECT_EQ(slices[1]["name"], "clFinish");
  EXPECT_EQ(slices[1]["tid"], 101);
  // The kernel: on the device process, on its queue's track, placed by its enqueue (queued
  // at the call's start, so it starts 2 µs later) and 8 µs long.
  EXPECT_EQ(slices[2]["name"], "vector_add");
  EXPECT_EQ(slices[2]["tid"], 4);
  EXPECT_NE(slices[2]["pid"], slices[0]["pid"]);
  EXPECT_DOUBLE_EQ(slices[2]["ts"].get<double>(), 7.0);
  EXPECT_DOUBLE_EQ(slices[2]["dur"].get<double>(), 8.0);
  ASSERT_EQ(flows.size(), 2u);
  EXPECT_EQ(flows[0]["id"], flows[1]["id"]);
  ASSERT_EQ(marks.size(), 1u);
  EXPECT_EQ(marks[0]["name"], "SomeRule");
  EXPECT_EQ(thread_names, (std::set<std::string>{"thread 100", "thread 101", "queue#4"}));
}

}  // namespace
}  // namespace clvet::trace
