// The records of device-time placement and kernel buffers (FORMAT.md: ClockSync, KernelBuffers)
// read back equal; the Perfetto export places a device command with the clock pair nearest in device time.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <sstream>

#include "clvet/rules/opencl.h"
#include "clvet/trace/perfetto.h"
#include "clvet/trace/print.h"
#include "trace_test_support.h"

namespace clvet::trace {
namespace {

TEST(TraceClockSync, MethodAndUncertaintyReadBack) {
  testing::TempDir dir;
  const std::string path = dir.file("sync.clvt");
  const ClockSync timer{{api::ObjectKind::Device, 1}, 5'000'000, 900, ClockSync::Method::Timer, 120};
  const ClockSync estimate{{api::ObjectKind::Device, 2}, 7'000, 1'900, ClockSync::Method::Estimate,
                           4'000};
  {
    auto writer = testing::make_writer(path);
    writer->write_clock_sync(timer);
    writer->write_clock_sync(estimate);
  }
  auto reader = testing::open_reader(path);
  std::vector<ClockSync> read;
  RecordView r;
  while (reader->next(r)) {
    if (r.kind != RecordKind::ClockSync) continue;
    ClockSync s;
    ASSERT_TRUE(reader->decode(r, s));
    read.push_back(s);
  }
  ASSERT_EQ(read.size(), 2u);
  EXPECT_EQ(read[0], timer);
  EXPECT_EQ(read[1], estimate);
  EXPECT_EQ(format(read[1]),
            "device#2 clock 7000 ns = host 0.000001900 s ± 4000 ns (estimate from a command's "
            "queued time)\n");
}

TEST(TraceKernelBuffers, BeforeAndAfterReadBack) {
  testing::TempDir dir;
  const std::string path = dir.file("buffers.clvt");
  const std::string big(4096, 'x');  // stored as a blob
  KernelBuffers before{12, false, {}};
  KernelBuffers after{12, true, {}};
  {
    auto writer = testing::make_writer(path);
    before.buffers = Value::array({Value::array({Value::uint(0), writer->store_data("\x01\x02", 2)}),
                                   Value::array({Value::uint(2), Value::null()})});
    after.buffers =
        Value::array({Value::array({Value::uint(0), writer->store_data(big.data(), big.size())})});
    writer->write_kernel_buffers(before);
    writer->write_kernel_buffers(after);
  }
  auto reader = testing::open_reader(path);
  std::vector<KernelBuffers> read;
  RecordView r;
  while (reader->next(r)) {
    if (r.kind != RecordKind::KernelBuffers) continue;
    KernelBuffers b;
    ASSERT_TRUE(reader->decode(r, b));
    read.push_back(b);
  }
  ASSERT_EQ(read.size(), 2u);
  EXPECT_EQ(read[0], before);
  EXPECT_EQ(read[1], after);
  const Value& blob = read[1].buffers.items[0].items[1];
  ASSERT_EQ(blob.kind, ValueKind::Blob);
  EXPECT_EQ(reader->blob(blob.number), big);
  EXPECT_EQ(format(read[0]), "before call #12: [[0, <2 bytes: 01 02>], [2, NULL]]\n");
}

// A device whose clock runs 1 s behind the host's, paired twice: the command is placed with
// the pair nearest to it in device time, a timer reading before any estimate.
TEST(TracePerfetto, DeviceSlicesPlacedWithTheNearestClockPair) {
  testing::TempDir dir;
  const std::string path = dir.file("placed.clvt");
  {
    auto writer = testing::make_writer(path);
    ObjectEvent queue{ObjectEvent::Action::Created, {api::ObjectKind::CommandQueue, 4}, 3, 10, 1,
                      {{api::ObjectKind::Context, 1}, {api::ObjectKind::Device, 2}}};
    writer->write_object_event(queue);
    // Estimates say the offset is 5 µs; timer readings say 1 s, and later 1 s + 1 µs.
    writer->write_clock_sync({{api::ObjectKind::Device, 2}, 10'000, 15'000,
                              ClockSync::Method::Estimate, 10});
    writer->write_clock_sync({{api::ObjectKind::Device, 2}, 1'000'000'000, 2'000'000'000,
                              ClockSync::Method::Timer, 50});
    writer->write_clock_sync({{api::ObjectKind::Device, 2}, 9'000'000'000, 10'000'001'000,
                              ClockSync::Method::Timer, 50});
    writer->write_device_command({5, {api::ObjectKind::CommandQueue, 4}, {api::ObjectKind::Event, 0},
                                  CL_COMMAND_NDRANGE_KERNEL, "k", 8'000'000'000, 8'000'000'100,
                                  8'000'001'000, 8'000'003'000});
  }
  auto reader = testing::open_reader(path);
  std::ostringstream out;
  export_perfetto(*reader, out);
  const auto json = nlohmann::json::parse(out.str());
  bool found = false;
  for (const auto& e : json["traceEvents"]) {
    if (e.value("cat", "") != "device") continue;
    found = true;
    EXPECT_DOUBLE_EQ(e["ts"].get<double>(), (8'000'001'000.0 + 1'000'001'000.0) / 1000.0);
    EXPECT_DOUBLE_EQ(e["dur"].get<double>(), 2.0);
  }
  EXPECT_TRUE(found);
}

}  // namespace
}  // namespace clvet::trace
