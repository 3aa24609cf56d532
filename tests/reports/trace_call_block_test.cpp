// Call blocks (format 2.0): calls entered into their thread's block read back whole, in order
// and at random, a call in flight when the process is killed reads as one that did not return,
// and a damaged block is named by its offset with every block before it still read.
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <set>
#include <thread>

#include "clvet/rules/opencl.h"
#include "trace_test_support.h"

namespace clvet::trace {
namespace {

// A clGetMemObjectInfo(mem#1, CL_MEM_SIZE, 8, ptr, NULL) call entered into the block, its
// output and result written when it returns.
void record_call(Writer& writer, std::uint64_t index, bool returns = true) {
  auto call = writer.begin_call(testing::entry_index("clGetMemObjectInfo"), index, index * 100);
  call.handle(api::ObjectKind::Mem, 1);
  call.uint(CL_MEM_SIZE);
  call.uint(8);
  call.pointer(std::uint64_t{0x1000});
  call.null();
  call.enter(false);
  if (!returns) return;
  call.output(3).inline_bytes(&index, sizeof index);
  call.result(CL_SUCCESS).sint(CL_SUCCESS);
  call.commit(index * 100 + 7);
}

void expect_call(const Call& c, std::uint64_t index) {
  EXPECT_EQ(c.index, index);
  EXPECT_TRUE(c.completed);
  EXPECT_EQ(c.name, "clGetMemObjectInfo");
  ASSERT_EQ(c.params.size(), 5u);
  EXPECT_EQ(c.params[1].kind, ValueKind::UInt);
  EXPECT_EQ(c.params[1].number, std::uint64_t{CL_MEM_SIZE});
  ASSERT_EQ(c.outputs.size(), 1u);
  ASSERT_EQ(c.outputs[0].value.bytes.size(), sizeof index);
  std::uint64_t written = 0;
  std::memcpy(&written, c.outputs[0].value.bytes.data(), sizeof written);
  EXPECT_EQ(written, index);
  EXPECT_EQ(c.exit_ns - c.enter_ns, 7u);
}

TEST(TraceCallBlocks, CallsReadBackInOrderAndAtRandom) {
  testing::TempDir dir;
  const std::string path = dir.file("blocks.clvt");
  WriterOptions options;
  options.call_block_size = 1024;  // many blocks of a few calls each
  options.calls_per_index = 16;    // and many index records
  constexpr std::uint64_t kCalls = 3000;
  {
    auto writer = testing::make_writer(path, options);
    for (std::uint64_t i = 1; i <= kCalls; ++i) record_call(*writer, i);
    writer->close();
  }
  auto reader = testing::open_reader(path);
  ASSERT_TRUE(reader);
  EXPECT_EQ(reader->info().major, kFormatMajor);
  EXPECT_TRUE(reader->info().closed_cleanly);
  const auto calls = testing::all_calls(*reader);
  EXPECT_TRUE(reader->problems().empty()) << reader->problems().front();
  ASSERT_EQ(calls.size(), kCalls);
  for (std::uint64_t i = 0; i < kCalls; ++i) expect_call(calls[i], i + 1);
  // Through the index: each block named by its first and last calls, the rest walked to.
  for (std::uint64_t i : {std::uint64_t{1}, std::uint64_t{2}, std::uint64_t{17}, std::uint64_t{1234},
                          kCalls - 1, kCalls}) {
    auto c = reader->call(i);
    ASSERT_TRUE(c) << "call " << i;
    expect_call(*c, i);
  }
  EXPECT_FALSE(reader->call(kCalls + 1));
  EXPECT_TRUE(reader->problems().empty()) << reader->problems().front();
}

TEST(TraceCallBlocks, AnUnsealedBlockReadsAndGrowsWhileItsWriterRuns) {
  testing::TempDir dir;
  const std::string path = dir.file("open.clvt");
  auto writer = testing::make_writer(path);
  for (std::uint64_t i = 1; i <= 10; ++i) record_call(*writer, i);
  // The writer is still open: its block has no frame header yet.
  std::vector<std::uint8_t> bytes = testing::read_bytes(path);
  std::string error;
  auto reader = Reader::from_memory(bytes, "open.clvt", error);
  ASSERT_TRUE(reader) << error;
  std::vector<std::uint64_t> seen;
  RecordView r;
  Call c;
  while (reader->next(r))
    if (r.kind == RecordKind::Call && reader->decode(r, c)) seen.push_back(c.index);
  ASSERT_EQ(seen.size(), 10u);
  // A call in flight reads as entered; once it returns, as the call.
  record_call(*writer, 11, false);
  auto in_flight = writer->begin_call(testing::entry_index("clFinish"), 12, 1200);
  in_flight.handle(api::ObjectKind::CommandQueue, 2);
  in_flight.enter(true);
  bytes = testing::read_bytes(path);
  reader->grow(bytes);
  std::vector<std::pair<RecordKind, std::uint64_t>> later;
  while (reader->next(r))
    if (reader->decode(r, c)) later.emplace_back(r.kind, c.index);
  ASSERT_EQ(later.size(), 2u);
  EXPECT_EQ(later[0], std::make_pair(RecordKind::CallEnter, std::uint64_t{11}));
  EXPECT_EQ(later[1], std::make_pair(RecordKind::CallEnter, std::uint64_t{12}));
  in_flight.result(CL_SUCCESS).sint(CL_SUCCESS);
  in_flight.commit(1250);
  bytes = testing::read_bytes(path);
  reader->grow(bytes);
  later.clear();
  while (reader->next(r))
    if (reader->decode(r, c)) later.emplace_back(r.kind, c.index);
  ASSERT_EQ(later.size(), 1u);
  EXPECT_EQ(later[0], std::make_pair(RecordKind::Call, std::uint64_t{12}));
  EXPECT_TRUE(reader->problems().empty()) << reader->problems().front();
  writer->close();
}

TEST(TraceCallBlocks, ACallInsideACallIsARecordOfItsOwn) {
  testing::TempDir dir;
  const std::string path = dir.file("nested.clvt");
  {
    auto writer = testing::make_writer(path);
    auto outer = writer->begin_call(testing::entry_index("clFinish"), 1, 100);
    outer.handle(api::ObjectKind::CommandQueue, 2);
    outer.enter(true);
    record_call(*writer, 2);  // a callback's call, while clFinish waits
    outer.result(CL_SUCCESS).sint(CL_SUCCESS);
    outer.commit(300);
    record_call(*writer, 3);
    writer->close();
  }
  auto reader = testing::open_reader(path);
  ASSERT_TRUE(reader);
  std::set<std::uint64_t> indexes;
  for (const Call& c : testing::all_calls(*reader)) EXPECT_TRUE(indexes.insert(c.index).second);
  EXPECT_EQ(indexes, (std::set<std::uint64_t>{1, 2, 3}));
  for (std::uint64_t i = 1; i <= 3; ++i) EXPECT_TRUE(reader->call(i)) << i;
  EXPECT_TRUE(reader->problems().empty()) << reader->problems().front();
}

TEST(TraceCallBlocks, ADamagedBlockIsNamedAndTheBlocksBeforeItRead) {
  testing::TempDir dir;
  const std::string path = dir.file("damaged.clvt");
  WriterOptions options;
  options.call_block_size = 1024;
  {
    auto writer = testing::make_writer(path, options);
    for (std::uint64_t i = 1; i <= 200; ++i) record_call(*writer, i);
    writer->close();
  }
  std::vector<std::uint8_t> bytes = testing::read_bytes(path);
  // The blocks, by the offsets of their entries: damage one byte inside the third block.
  std::vector<std::uint64_t> entries;
  {
    std::string error;
    auto reader = Reader::from_memory(bytes, "damaged.clvt", error);
    ASSERT_TRUE(reader) << error;
    RecordView r;
    while (reader->next(r))
      if (r.kind == RecordKind::Call) entries.push_back(r.offset);
  }
  ASSERT_EQ(entries.size(), 200u);
  // Entries of one block lie within 1024 bytes of each other; a block starts where the gap
  // from the entry before is larger than the entry itself.
  std::vector<std::size_t> first_of_block{0};
  for (std::size_t i = 1; i < entries.size(); ++i)
    if (entries[i] - entries[i - 1] > 200) first_of_block.push_back(i);
  ASSERT_GE(first_of_block.size(), 4u);
  // The second call of the third block: its payload overwritten, so that it holds no call.
  const std::uint64_t damaged_entry = entries[first_of_block[2] + 1];
  for (int i = 0; i < 12; ++i) bytes[damaged_entry + 16 + i] = 0x5a;
  std::string error;
  auto reader = Reader::from_memory(bytes, "damaged.clvt", error);
  ASSERT_TRUE(reader) << error;
  const auto calls = testing::all_calls(*reader);
  // The blocks before it whole, and of its block the call before the damage (read unchecked).
  ASSERT_EQ(calls.size(), first_of_block[2] + 1);
  for (std::size_t i = 0; i < calls.size(); ++i) expect_call(calls[i], i + 1);
  ASSERT_FALSE(reader->problems().empty());
  const std::uint64_t block_offset = entries[first_of_block[2]] - kFrameSize - block::kPreludeSize;
  const std::string& problem = reader->problems()[0];
  EXPECT_NE(problem.find("bad checksum"), std::string::npos) << problem;
  EXPECT_NE(problem.find(fmt::format("at offset {:#x}", block_offset)), std::string::npos) << problem;
  EXPECT_NE(problem.find(fmt::format("the entry at offset {:#x}", damaged_entry)), std::string::npos)
      << problem;
}

// A trace written by the 3.0 writer (tests/reports/data/trace_v3_0.clvt: 200 calls in blocks of
// 1 KiB, their headers whole, every fifth a clRetainMemObject not timed with its count, the
// others clGetMemObjectInfo(mem#1, CL_MEM_SIZE, 8, 0x7ffd12345678, NULL) that wrote their index
// and took 7 ns, entered at 100 ns times their index; then a clFinish in flight at close).
std::vector<std::uint8_t> version_three_trace() {
  return testing::read_bytes(std::string(CLVET_SOURCE_DIR) + "/tests/reports/data/trace_v3_0.clvt");
}

void expect_version_three_calls(Reader& reader, bool timed_all) {
  const auto calls = testing::all_calls(reader);
  ASSERT_EQ(calls.size(), 200u);
  for (std::uint64_t i = 1; i <= 200; ++i) {
    const Call& c = calls[i - 1];
    EXPECT_EQ(c.index, i);
    EXPECT_EQ(c.enter_ns, i * 100);
    EXPECT_EQ(c.thread, calls[0].thread);
    if (i % 5 == 0) {
      EXPECT_EQ(c.name, "clRetainMemObject");
      ASSERT_EQ(c.counted.size(), 1u);
      EXPECT_EQ(c.counted[0].refcount, i + 1);
      EXPECT_EQ(c.timed, timed_all);
      continue;
    }
    expect_call(c, i);
    ASSERT_EQ(c.params.size(), 5u);
    EXPECT_EQ(c.params[3].kind, ValueKind::Pointer);
    EXPECT_EQ(c.params[3].number, 0x7ffd12345678u);
    EXPECT_EQ(c.enter_ns, i * 100);
  }
  auto c = reader.call(123);
  ASSERT_TRUE(c);
  expect_call(*c, 123);
  auto retain = reader.call(125);
  ASSERT_TRUE(retain);
  EXPECT_EQ(retain->name, "clRetainMemObject");
  EXPECT_EQ(retain->enter_ns, 12500u);
  EXPECT_TRUE(reader.problems().empty()) << reader.problems().front();
}

// Entries of call blocks whose headers are whole (2.x and 3.x) read as they did, from block to
// block and at random, the call in flight at close as one that did not return.
TEST(TraceCallBlocks, AVersionThreeTraceStillReads) {
  const std::vector<std::uint8_t> bytes = version_three_trace();
  ASSERT_GT(bytes.size(), 1024u);
  std::string error;
  auto reader = Reader::from_memory(bytes, "v3.clvt", error);
  ASSERT_TRUE(reader) << error;
  EXPECT_EQ(reader->info().major, 3u);
  expect_version_three_calls(*reader, false);
  // The clFinish entered and never completed.
  auto again = Reader::from_memory(bytes, "v3.clvt", error);
  ASSERT_TRUE(again) << error;
  RecordView r;
  Call c;
  std::vector<std::uint64_t> entered;
  while (again->next(r))
    if (r.kind == RecordKind::CallEnter && again->decode(r, c)) entered.push_back(c.index);
  EXPECT_EQ(entered, std::vector<std::uint64_t>{201});
}

// A 2.0 trace (call blocks with whole headers) reads the same under its 2.0 header.
TEST(TraceCallBlocks, AVersionTwoTraceStillReads) {
  std::vector<std::uint8_t> bytes = version_three_trace();
  ASSERT_GT(bytes.size(), 1024u);
  bytes[header::kMajor] = 2;
  bytes[header::kMinor] = 0;
  std::string error;
  auto reader = Reader::from_memory(bytes, "v2.clvt", error);
  ASSERT_TRUE(reader) << error;
  EXPECT_EQ(reader->info().major, 2u);
  expect_version_three_calls(*reader, false);
}

// 4.0: an entry's header is relative to its block's first call (the thread left out, index and
// entry time as differences): calls read back with their whole index, thread and time, also
// far from zero, with a clock that stepped back, and as Call records of their own.
TEST(TraceCallBlocks, AnEntrysHeaderIsRelativeToItsBlock) {
  testing::TempDir dir;
  const std::string path = dir.file("relative.clvt");
  WriterOptions options;
  options.call_block_size = 1024;
  constexpr std::uint64_t kFirst = 4'000'000'000;      // indexes of a long-running process
  constexpr std::uint64_t kBaseNs = 3'600'000'000'000;  // an hour in: 6-byte times when whole
  const std::uint64_t thread = Writer::thread_id();
  {
    auto writer = testing::make_writer(path, options);
    for (std::uint64_t i = 0; i < 100; ++i) {
      // Every seventh call's time steps back 50 ns from the one before it.
      const std::uint64_t ns = kBaseNs + i * 1000 - (i % 7 == 0 ? 1050 : 0);
      auto call = writer->begin_call(testing::entry_index("clRetainMemObject"), kFirst + i, ns);
      call.handle(api::ObjectKind::Mem, 1);
      call.enter(false);
      call.result(CL_SUCCESS).sint(CL_SUCCESS);
      call.commit(ns + 5);
    }
    writer->close();
  }
  auto reader = testing::open_reader(path);
  ASSERT_TRUE(reader);
  const auto calls = testing::all_calls(*reader);
  EXPECT_TRUE(reader->problems().empty()) << reader->problems().front();
  ASSERT_EQ(calls.size(), 100u);
  for (std::uint64_t i = 0; i < 100; ++i) {
    EXPECT_EQ(calls[i].index, kFirst + i);
    EXPECT_EQ(calls[i].thread, thread);
    EXPECT_EQ(calls[i].enter_ns, kBaseNs + i * 1000 - (i % 7 == 0 ? 1050 : 0));
    EXPECT_EQ(calls[i].exit_ns - calls[i].enter_ns, 5u);
  }
  for (std::uint64_t i : {std::uint64_t{0}, std::uint64_t{14}, std::uint64_t{55}, std::uint64_t{99}}) {
    auto c = reader->call(kFirst + i);
    ASSERT_TRUE(c) << i;
    EXPECT_EQ(c->enter_ns, kBaseNs + i * 1000 - (i % 7 == 0 ? 1050 : 0));
    EXPECT_EQ(c->thread, thread);
  }
  // Whole, such a call's header takes 5 bytes of index, 6 of time and the thread's; relative,
  // a byte or two each: the retain's whole entry payload (header, handle, result, end) fits
  // in 16 bytes where its whole header alone would take 14 or more.
  auto again = testing::open_reader(path);
  ASSERT_TRUE(again);
  RecordView r;
  std::size_t entries = 0;
  while (again->next(r)) {
    if (r.kind != RecordKind::Call) continue;
    ASSERT_TRUE(r.entry);
    ASSERT_NE(r.prelude, nullptr);
    EXPECT_LE(r.payload.size(), 16u);
    ++entries;
  }
  EXPECT_EQ(entries, 100u);
}

// A call committed without its end time (3.0: the recorder does not time the cheapest calls)
// reads back as returned, whole, with no duration: its exit time is its entry time and it says
// it was not timed, in its block and as a record of its own.
TEST(TraceCallBlocks, ACallWithoutItsEndTimeReadsAsNotTimed) {
  testing::TempDir dir;
  const std::string path = dir.file("untimed.clvt");
  WriterOptions options;
  options.call_block_size = 1024;
  {
    auto writer = testing::make_writer(path, options);
    for (std::uint64_t i = 1; i <= 40; ++i) {
      auto call = writer->begin_call(testing::entry_index("clRetainMemObject"), i, i * 100);
      call.handle(api::ObjectKind::Mem, 1);
      if (i % 2 == 1) call.enter(false);  // the others are records of their own
      call.counted(2, api::ObjectKind::Mem, 1, static_cast<std::uint32_t>(i + 1));
      call.result(CL_SUCCESS).sint(CL_SUCCESS);
      call.commit(i % 4 == 0 ? i * 100 + 9 : CallEncoder::kNotTimed);
    }
    writer->close();
  }
  auto reader = testing::open_reader(path);
  ASSERT_TRUE(reader);
  EXPECT_EQ(reader->info().major, kFormatMajor);
  const auto calls = testing::all_calls(*reader);
  EXPECT_TRUE(reader->problems().empty()) << reader->problems().front();
  ASSERT_EQ(calls.size(), 40u);
  for (const Call& c : calls) {
    EXPECT_TRUE(c.completed) << c.index;
    EXPECT_EQ(c.timed, c.index % 4 == 0) << c.index;
    EXPECT_EQ(c.exit_ns - c.enter_ns, c.index % 4 == 0 ? 9u : 0u) << c.index;
    ASSERT_EQ(c.counted.size(), 1u);
    EXPECT_EQ(c.counted[0].refcount, c.index + 1);
    EXPECT_EQ(c.error, CL_SUCCESS);
  }
  auto c = reader->call(7);
  ASSERT_TRUE(c);
  EXPECT_FALSE(c->timed);
  EXPECT_TRUE(c->completed);
}

// A trace whose calls are records of their own, as 1.x wrote them all, reads the same under
// its 1.x header.
TEST(TraceCallBlocks, AVersionOneTraceStillReads) {
  testing::TempDir dir;
  const std::string path = dir.file("v1.clvt");
  {
    auto writer = testing::make_writer(path);
    for (std::uint64_t i = 1; i <= 50; ++i) {
      auto call = writer->begin_call(testing::entry_index("clGetMemObjectInfo"), i, i * 100);
      call.handle(api::ObjectKind::Mem, 1);
      call.uint(CL_MEM_SIZE);
      call.uint(8);
      call.pointer(std::uint64_t{0x1000});
      call.null();
      call.output(3).inline_bytes(&i, sizeof i);
      call.result(CL_SUCCESS).sint(CL_SUCCESS);
      call.commit(i * 100 + 7);
    }
    writer->close();
  }
  std::vector<std::uint8_t> bytes = testing::read_bytes(path);
  bytes[header::kMajor] = 1;
  bytes[header::kMinor] = 3;
  std::string error;
  auto reader = Reader::from_memory(bytes, "v1.clvt", error);
  ASSERT_TRUE(reader) << error;
  EXPECT_EQ(reader->info().major, 1u);
  const auto calls = testing::all_calls(*reader);
  ASSERT_EQ(calls.size(), 50u);
  for (std::uint64_t i = 0; i < 50; ++i) expect_call(calls[i], i + 1);
  auto c = reader->call(25);
  ASSERT_TRUE(c);
  expect_call(*c, 25);
  EXPECT_TRUE(reader->problems().empty()) << reader->problems().front();
}

// A thread's calls are encoded straight into its block's free space. A call whose parameters
// outgrow that space, or whose rest does not fit after them, and a call dropped before it was
// entered, leave nothing of theirs in the space: every block reads with its checksum, the
// large calls whole (their entries moved, or a block of their own), the dropped one absent.
TEST(TraceCallBlocks, CallsLargerThanTheRoomLeftAndDroppedCallsLeaveTheBlockClean) {
  testing::TempDir dir;
  const std::string path = dir.file("room.clvt");
  WriterOptions options;
  options.call_block_size = 4096;
  const std::string long_name(1500, 'k');   // fits a block, not always the room left in one
  const std::string huge_name(9000, 'h');   // fits no block: a record of its own
  std::vector<std::uint64_t> expected;
  {
    auto writer = testing::make_writer(path, options);
    std::uint64_t index = 0;
    for (int round = 0; round < 40; ++round) {
      record_call(*writer, ++index);
      expected.push_back(index);
      {
        // Dropped while its parameters are being encoded: never entered, never committed.
        ++index;
        auto dropped = writer->begin_call(testing::entry_index("clCreateKernel"), index, index * 100);
        dropped.handle(api::ObjectKind::Program, 3);
        dropped.string(round % 2 ? long_name : "dropped");
      }
      // A short call where the dropped one was: the next entry's header lies past it.
      record_call(*writer, ++index);
      expected.push_back(index);
      const std::string& name = round % 3 == 0 ? huge_name : long_name;
      ++index;
      auto large = writer->begin_call(testing::entry_index("clCreateKernel"), index, index * 100);
      large.handle(api::ObjectKind::Program, 3);
      large.string(name);
      large.pointer(std::uint64_t{0});
      large.enter(false);
      // A rest larger than the room left after the parameters: the entry moves.
      if (round % 4 == 1) large.output(2).string(long_name);
      large.result(CL_SUCCESS).handle(api::ObjectKind::Kernel, index);
      large.commit(index * 100 + 7);
      expected.push_back(index);
      record_call(*writer, ++index);
      expected.push_back(index);
    }
    writer->close();
  }
  auto reader = testing::open_reader(path);
  ASSERT_TRUE(reader);
  const auto calls = testing::all_calls(*reader);
  EXPECT_TRUE(reader->problems().empty()) << reader->problems().front();
  std::vector<std::uint64_t> seen;
  for (const Call& c : calls) {
    seen.push_back(c.index);
    EXPECT_TRUE(c.completed) << "call " << c.index;
    if (c.name == "clGetMemObjectInfo") {
      expect_call(c, c.index);
      continue;
    }
    ASSERT_EQ(c.name, "clCreateKernel");
    ASSERT_EQ(c.params.size(), 3u);
    const std::size_t round = (c.index - 1) / 5;
    EXPECT_EQ(c.params[1].bytes, round % 3 == 0 ? huge_name : long_name) << "call " << c.index;
    EXPECT_EQ(c.result.kind, ValueKind::Handle);
    EXPECT_EQ(c.result.number, c.index);
    EXPECT_EQ(c.outputs.size(), round % 4 == 1 ? 1u : 0u) << "call " << c.index;
    EXPECT_EQ(c.exit_ns - c.enter_ns, 7u);
  }
  std::sort(seen.begin(), seen.end());
  EXPECT_EQ(seen, expected);
  for (std::uint64_t i : expected) EXPECT_TRUE(reader->call(i)) << "call " << i;

  // A call dropped in a block with room to spare, a short call after it, and the block sealed
  // at close: the header past the short call's entry is zero, the end of the block's entries.
  const std::string sealed_path = dir.file("dropped.clvt");
  {
    auto writer = testing::make_writer(sealed_path, options);
    record_call(*writer, 1);
    {
      auto dropped = writer->begin_call(testing::entry_index("clCreateKernel"), 2, 200);
      dropped.handle(api::ObjectKind::Program, 3);
      dropped.string(long_name);
    }
    record_call(*writer, 3);
    writer->close();
  }
  auto sealed = testing::open_reader(sealed_path);
  ASSERT_TRUE(sealed);
  const auto sealed_calls = testing::all_calls(*sealed);
  EXPECT_TRUE(sealed->problems().empty()) << sealed->problems().front();
  ASSERT_EQ(sealed_calls.size(), 2u);
  expect_call(sealed_calls[0], 1);
  expect_call(sealed_calls[1], 3);
}

}  // namespace
}  // namespace clvet::trace
