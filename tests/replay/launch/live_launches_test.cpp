// clvet run --diff follows a trace while its writer is still writing it (LiveLaunches): each
// poll parses only the records the trace gained, and the launches it gives, poll by poll, are
// the ones read_launches finds in the whole trace afterwards, with the same kernels, programs,
// arguments and buffers. The trace is written here with the trace writer, as the layer writes
// one: a program whose source is a blob, kernels, arguments, launches and their buffers read
// before and after each (blobs too), then closed (index, footer, the file cut to its length).
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <string>
#include <vector>

#include "clvet/replay/launch.h"
#include "clvet/replay/live_launches.h"
#include "clvet/trace/writer.h"

namespace clvet::replay {
namespace {

namespace fs = std::filesystem;
using api::ObjectKind;
using trace::Value;

constexpr int kLaunches = 40;

class GrowingTrace : public ::testing::Test {
 protected:
  void SetUp() override {
    folder_ = fs::temp_directory_path() / ("clvet-live-launches-" + std::to_string(getpid()) + "-" +
                                           ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::create_directories(folder_);
  }
  void TearDown() override { fs::remove_all(folder_); }

  void call(trace::Writer& w, std::string_view name, std::vector<Value> params, Value result = Value::sint(0),
            std::vector<trace::Handle> created = {}, std::vector<trace::ParamValue> inputs = {}) {
    trace::Call c;
    c.index = ++index_;
    c.thread = trace::Writer::thread_id();
    c.enter_ns = c.exit_ns = w.now();
    c.entry = trace::entry_index(*api::find_entry_point(name));
    c.name = name;
    c.params = std::move(params);
    c.result = std::move(result);
    c.created = std::move(created);
    c.inputs = std::move(inputs);
    w.write_call(c);
  }

  // The set-up calls: a program from a source long enough to be a blob, and two kernels.
  void set_up(trace::Writer& w) {
    std::string source = "// two kernels, and a comment long enough that the source is stored as a blob\n";
    source += "kernel void add(global int* a, global const int* b) { a[get_global_id(0)] += b[get_global_id(0)]; }\n";
    source += "kernel void scale(global int* a, int k) { a[get_global_id(0)] *= k; }\n";
    const Value context = Value::handle(ObjectKind::Context, 3);
    call(w, "clCreateProgramWithSource",
         {context, Value::uint(1), Value::array({w.store_data(source.data(), source.size())}), Value::null(),
          Value::pointer(0x30)},
         Value::handle(ObjectKind::Program, 5), {{ObjectKind::Program, 5}});
    call(w, "clBuildProgram", {Value::handle(ObjectKind::Program, 5), Value::uint(0), Value::null(),
                               Value::string("-DTWO"), Value::pointer(0), Value::pointer(0)});
    call(w, "clCreateKernel", {Value::handle(ObjectKind::Program, 5), Value::string("add"), Value::pointer(0x30)},
         Value::handle(ObjectKind::Kernel, 6), {{ObjectKind::Kernel, 6}});
    call(w, "clCreateKernel", {Value::handle(ObjectKind::Program, 5), Value::string("scale"), Value::pointer(0x30)},
         Value::handle(ObjectKind::Kernel, 7), {{ObjectKind::Kernel, 7}});
  }

  // Launch `n`: arguments set, the launch, and the buffers before and after it (the after
  // record of every third launch comes only with the next launch, as a read completing late).
  void launch(trace::Writer& w, int n, std::vector<trace::KernelBuffers>& late) {
    const Value queue = Value::handle(ObjectKind::CommandQueue, 4);
    const bool add = n % 2 == 0;
    const Value kernel = Value::handle(ObjectKind::Kernel, add ? 6 : 7);
    std::vector<int> a(256 + n), b(256 + n);
    for (std::size_t i = 0; i < a.size(); ++i) {
      a[i] = static_cast<int>(i) * n;
      b[i] = static_cast<int>(i) - n;
    }
    call(w, "clSetKernelArg", {kernel, Value::uint(0), Value::uint(8), Value::handle(ObjectKind::Mem, 100 + n)});
    if (add) {
      call(w, "clSetKernelArg", {kernel, Value::uint(1), Value::uint(8), Value::handle(ObjectKind::Mem, 200 + n)});
    } else {
      const int k = n;
      call(w, "clSetKernelArg", {kernel, Value::uint(1), Value::uint(4), Value::pointer(0x50)}, Value::sint(0), {},
           {{3, Value::inline_bytes(&k, sizeof k)}});
    }
    call(w, "clEnqueueNDRangeKernel",
         {queue, kernel, Value::uint(1), Value::null(), Value::array({Value::uint(a.size())}), Value::null(),
          Value::uint(0), Value::null(), Value::null()});
    const std::uint64_t at = index_;
    std::vector<int> after(a);
    for (std::size_t i = 0; i < a.size(); ++i) after[i] = add ? a[i] + b[i] : a[i] * n;
    trace::KernelBuffers before_kb{at, false, {}}, after_kb{at, true, {}};
    std::vector<Value> before_items = {Value::array({Value::uint(0), w.store_data(a.data(), a.size() * sizeof(int))})};
    std::vector<Value> after_items = {Value::array({Value::uint(0), w.store_data(after.data(), after.size() * sizeof(int))})};
    if (add) {
      before_items.push_back(Value::array({Value::uint(1), w.store_data(b.data(), b.size() * sizeof(int))}));
      after_items.push_back(Value::array({Value::uint(1), w.store_data(b.data(), b.size() * sizeof(int))}));
    }
    before_kb.buffers = Value::array(std::move(before_items));
    after_kb.buffers = Value::array(std::move(after_items));
    w.write_kernel_buffers(before_kb);
    for (const trace::KernelBuffers& kb : late) w.write_kernel_buffers(kb);
    late.clear();
    if (n % 3 == 0)
      late.push_back(std::move(after_kb));
    else
      w.write_kernel_buffers(after_kb);
  }

  // What the test compares of a launch: everything a re-run takes from it.
  static std::string describe(const KernelLaunch& l) {
    std::string out = std::to_string(l.call_index) + " " + l.kernel_name + " [" + l.program + "] " +
                      l.build_options + " " + std::to_string(l.global[0]) + (l.rerunnable() ? " rerunnable" : " not");
    for (const KernelArgument& a : l.arguments)
      out += " | " + std::to_string(a.index) + ":" + std::to_string(static_cast<int>(a.kind)) + ":" +
             std::to_string(a.size) + ":" + a.value + ":" + std::to_string(a.before.number) + "/" +
             std::to_string(a.before.bytes.size()) + ":" + std::to_string(a.after.number) + "/" +
             std::to_string(a.after.bytes.size()) + ":" + std::to_string(a.same_buffer_as);
    return out;
  }
  // The launches of the whole trace, as clvet diff reads them.
  static std::vector<std::string> whole(const std::string& path, std::uint64_t& records) {
    std::string error;
    auto reader = trace::Reader::open(path, error);
    EXPECT_TRUE(reader) << error;
    if (!reader) return {};
    std::vector<std::string> out;
    for (const KernelLaunch& l : read_launches(*reader)) out.push_back(describe(l));
    records = 0;
    trace::RecordView r;
    for (reader->rewind(); reader->next(r);) ++records;
    return out;
  }

  fs::path folder_;
  std::uint64_t index_ = 4;  // calls 1-4 (platform, device, context, queue) are not needed here
};

// Polled between the writer's records, as clvet run --diff polls the trace of a running
// program: each launch is given once, as soon as its buffers after the kernel are written, and
// the reader checks each record about once, not the whole trace at every poll.
TEST_F(GrowingTrace, PolledWhileWrittenGivesEachLaunchOnceAndParsesEachRecordOnce) {
  const std::string path = (folder_ / "live.clvt").string();
  std::string error;
  auto writer = trace::Writer::create(path, error);
  ASSERT_TRUE(writer) << error;
  LiveLaunches live(path);
  std::vector<std::string> given;
  int polls = 0;
  auto poll = [&] {
    ++polls;
    for (const KernelLaunch& l : live.poll()) given.push_back(describe(l));
  };
  poll();
  set_up(*writer);
  poll();
  std::vector<trace::KernelBuffers> late;
  for (int n = 0; n < kLaunches; ++n) {
    launch(*writer, n, late);
    poll();
    // Every launch whose buffers after it are written is given by now; one whose are late, not.
    EXPECT_EQ(given.size(), static_cast<std::size_t>(n % 3 == 0 ? n : n + 1)) << "after launch " << n;
  }
  for (const trace::KernelBuffers& kb : late) writer->write_kernel_buffers(kb);
  poll();
  writer->close();
  poll();
  poll();
  std::uint64_t records = 0;
  const std::vector<std::string> expected = whole(path, records);
  ASSERT_EQ(expected.size(), static_cast<std::size_t>(kLaunches));
  EXPECT_EQ(given, expected);
  // Each record checked once, and at each poll the place it stopped at once more; the index
  // walked and the program's blob read once. Parsing the whole trace at each poll would check
  // about polls x records / 2 (over 10,000 here).
  ASSERT_NE(live.reader(), nullptr);
  const std::uint64_t checked = live.reader()->stats().records_read;
  EXPECT_LE(checked, records + 2 * static_cast<std::uint64_t>(polls) + 8)
      << records << " records, " << polls << " polls";
  EXPECT_GE(checked, records);
}

// The same trace given a piece at a time as a file that grows by appends (a record cut in two
// at most polls): the same launches as the whole trace, each once.
TEST_F(GrowingTrace, AppendedInPiecesGivesWhatTheWholeTraceHolds) {
  const std::string written = (folder_ / "written.clvt").string();
  {
    std::string error;
    auto writer = trace::Writer::create(written, error);
    ASSERT_TRUE(writer) << error;
    set_up(*writer);
    std::vector<trace::KernelBuffers> late;
    for (int n = 0; n < kLaunches; ++n) launch(*writer, n, late);
    for (const trace::KernelBuffers& kb : late) writer->write_kernel_buffers(kb);
    writer->close();
  }
  std::ifstream in(written, std::ios::binary);
  const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const std::string path = (folder_ / "growing.clvt").string();
  LiveLaunches live(path);
  std::vector<std::string> given;
  int polls = 0;
  for (std::size_t length = 0;; length = std::min(bytes.size(), length + 1500)) {
    {
      std::ofstream out(path, std::ios::binary | std::ios::trunc);
      out.write(bytes.data(), static_cast<std::streamsize>(length));
    }
    ++polls;
    for (const KernelLaunch& l : live.poll()) given.push_back(describe(l));
    if (length == bytes.size()) break;
  }
  std::uint64_t records = 0;
  EXPECT_EQ(given, whole(written, records));
  ASSERT_NE(live.reader(), nullptr);
  EXPECT_TRUE(live.reader()->problems().empty()) << live.reader()->problems().front();
  EXPECT_LE(live.reader()->stats().records_read, records + 2 * static_cast<std::uint64_t>(polls) + 8)
      << records << " records, " << polls << " polls";
  // Read: each byte once, and at each poll the header and the record cut in two again (none
  // here is over 4 KiB), not the whole file each time.
  EXPECT_LE(live.bytes_read(), bytes.size() + static_cast<std::uint64_t>(polls) * (64 + 4096));
}

}  // namespace
}  // namespace clvet::replay
