// The recorder's hot path (Writer::DirectCall with a RawEncoder): a call written straight into
// its thread's block reads back as the same call a CallEncoder records, a rest too large for
// the block's room moves the call to a record of its own, parameters too large leave the block
// as they found it, and a process that dies while a call's rest is being written leaves the
// call as one that did not return, with nothing read as damage.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include "clvet/rules/opencl.h"
#include "clvet/trace/raw_encoder.h"
#include "direct_call.h"
#include "trace_test_support.h"

namespace clvet::trace {
namespace {

using testing::first_call;
using testing::kHostPointer;

// Its rest: a release's count, the output, the result, an untimed return or an end time.
template <typename E>
void rest(E& e, const std::vector<std::uint8_t>& output) {
  e.counted(3, api::ObjectKind::Mem, 4, 1);
  e.output(3).inline_bytes(output.data(), output.size());
  e.result(CL_SUCCESS).sint(CL_SUCCESS);
}

void encoder_call(Writer& writer, std::uint64_t index, const std::vector<std::uint8_t>& output) {
  auto call = writer.begin_call(testing::entry_index("clGetMemObjectInfo"), index, index * 100);
  testing::mem_size_parameters(call);
  call.enter(false);
  rest(call, output);
  call.commit(index * 100 + 33);
}

// The same call on the hot path; false where it could not take it.
bool direct_call(Writer& writer, std::uint64_t index, const std::vector<std::uint8_t>& output) {
  return testing::direct_call(
             writer, "clGetMemObjectInfo", index,
             [](RawEncoder& e, Writer::DirectCall&) { testing::mem_size_parameters(e); },
             [&](RawEncoder& r) {
               rest(r, output);
               r.end(33);
             })
      .has_value();
}

std::vector<Call> calls_of(const std::string& path) {
  auto reader = testing::open_reader(path);
  if (!reader) return {};
  auto calls = testing::all_calls(*reader);
  EXPECT_TRUE(reader->problems().empty()) << reader->problems().front();
  return calls;
}

TEST(TraceDirectCalls, ReadBackAsTheSameCallsAsAnEncodersOnes) {
  testing::TempDir dir;
  const std::vector<std::uint8_t> output = {1, 2, 3, 4, 5, 6, 7, 8};
  WriterOptions options;
  options.call_block_size = 4096;  // blocks filled and sealed along the way
  for (const char* name : {"encoder.clvt", "direct.clvt"}) {
    auto writer = testing::make_writer(dir.file(name), options);
    first_call(*writer);
    for (std::uint64_t i = 2; i <= 500; ++i) {
      if (std::string(name) == "encoder.clvt") {
        encoder_call(*writer, i, output);
      } else if (!direct_call(*writer, i, output)) {
        encoder_call(*writer, i, output);  // no room left in the block: begin_call opens one
      }
    }
    writer->close();
  }
  const std::vector<Call> expected = calls_of(dir.file("encoder.clvt"));
  const std::vector<Call> got = calls_of(dir.file("direct.clvt"));
  ASSERT_EQ(expected.size(), 500u);
  ASSERT_EQ(got.size(), expected.size());
  for (std::size_t i = 0; i < got.size(); ++i) EXPECT_EQ(got[i], expected[i]) << "call " << i + 1;
  // Each read back as written: the handle, the host pointer, the count, the output, the time.
  const Call& c = got[1];
  EXPECT_EQ(c.params[0].kind, ValueKind::Handle);
  EXPECT_EQ(c.params[3].number, kHostPointer);
  ASSERT_EQ(c.counted.size(), 1u);
  EXPECT_EQ(c.counted[0].refcount, 1u);
  ASSERT_EQ(c.outputs.size(), 1u);
  EXPECT_EQ(c.outputs[0].value.bytes, std::string(output.begin(), output.end()));
  EXPECT_EQ(c.exit_ns - c.enter_ns, 33u);
}

TEST(TraceDirectCalls, ARestLargerThanTheRoomLeftIsARecordOfItsOwn) {
  testing::TempDir dir;
  const std::string path = dir.file("moved.clvt");
  // An output of 900 bytes inline (the limit raised): more than the block's room after the
  // parameters, less than a whole block.
  WriterOptions options;
  options.call_block_size = 1024;
  options.inline_data_limit = 4096;
  const std::vector<std::uint8_t> big(900, 0x5a), small = {9};
  {
    auto writer = testing::make_writer(path, options);
    first_call(*writer);
    ASSERT_TRUE(direct_call(*writer, 2, small));
    ASSERT_TRUE(direct_call(*writer, 3, big));
    encoder_call(*writer, 4, small);
    writer->close();
  }
  const std::vector<Call> calls = calls_of(path);
  ASSERT_EQ(calls.size(), 4u);
  std::vector<std::uint64_t> indexes;
  for (const Call& c : calls) indexes.push_back(c.index);
  std::sort(indexes.begin(), indexes.end());
  EXPECT_EQ(indexes, (std::vector<std::uint64_t>{1, 2, 3, 4}));
  for (const Call& c : calls) {
    if (c.index != 3) continue;
    ASSERT_EQ(c.outputs.size(), 1u);
    EXPECT_EQ(c.outputs[0].value.bytes, std::string(big.begin(), big.end()));
    EXPECT_TRUE(c.completed);
  }
  auto reader = testing::open_reader(path);
  ASSERT_TRUE(reader);
  auto three = reader->call(3);
  ASSERT_TRUE(three);
  EXPECT_EQ(three->outputs[0].value.bytes, std::string(big.begin(), big.end()));
}

TEST(TraceDirectCalls, ParametersLargerThanTheRoomLeaveTheBlockAsItWas) {
  testing::TempDir dir;
  const std::string path = dir.file("dropped.clvt");
  auto writer = testing::make_writer(path);
  first_call(*writer);
  Writer::DirectCall direct;
  std::uint8_t* limit = nullptr;
  std::uint8_t* at = writer->open_direct(direct, testing::entry_index("clGetMemObjectInfo"), 2, 200,
                                         Writer::thread_id(), limit);
  ASSERT_NE(at, nullptr);
  RawEncoder e(at, limit, writer.get(), writer->inline_data_limit());
  e.handle(api::ObjectKind::Mem, 4);
  const std::vector<char> huge(static_cast<std::size_t>(limit - at) + 1, 'x');
  e.string(std::string_view(huge.data(), huge.size()));  // does not fit: nothing written
  EXPECT_TRUE(e.overflowed());
  e.uint(1);  // nothing more once it overflowed
  writer->drop_direct(direct, e.end());
  encoder_call(*writer, 2, {1});  // the same call recorded the other way
  writer->close();
  const std::vector<Call> calls = calls_of(path);
  ASSERT_EQ(calls.size(), 2u);
  EXPECT_EQ(calls[1].index, 2u);
}

// The process is killed after a direct call's rest is written in place but before the entry is
// completed: the bytes after the entry are its rest (call markers), not an entry, and the call
// reads as one that did not return.
TEST(TraceDirectCalls, ACallWhoseRestWasBeingWrittenReadsAsNotReturned) {
  testing::TempDir dir;
  const std::string path = dir.file("killed.clvt");
  auto writer = testing::make_writer(path);
  first_call(*writer);
  ASSERT_TRUE(direct_call(*writer, 2, {1}));
  Writer::DirectCall direct;
  std::uint8_t* limit = nullptr;
  std::uint8_t* at = writer->open_direct(direct, testing::entry_index("clGetMemObjectInfo"), 3, 300,
                                         Writer::thread_id(), limit);
  ASSERT_NE(at, nullptr);
  RawEncoder e(at, limit, writer.get(), writer->inline_data_limit());
  testing::mem_size_parameters(e);
  writer->enter_direct(direct, e.end());
  bool closed = false;
  std::uint8_t* from = writer->resume_direct(direct, limit, closed);
  ASSERT_NE(from, nullptr);
  RawEncoder r(from, limit, writer.get(), writer->inline_data_limit());
  rest(r, {7, 7});
  // The file as it stands now: what a process killed here leaves.
  const std::vector<std::uint8_t> bytes = testing::read_bytes(path);
  std::string error;
  auto reader = Reader::from_memory(bytes, "killed.clvt", error);
  ASSERT_TRUE(reader) << error;
  std::vector<std::pair<RecordKind, std::uint64_t>> seen;
  RecordView v;
  Call c;
  while (reader->next(v))
    if ((v.kind == RecordKind::Call || v.kind == RecordKind::CallEnter) && reader->decode(v, c))
      seen.emplace_back(v.kind, c.index);
  EXPECT_TRUE(reader->problems().empty()) << reader->problems().front();
  ASSERT_EQ(seen.size(), 3u);
  EXPECT_EQ(seen[2], std::make_pair(RecordKind::CallEnter, std::uint64_t{3}));
  r.end(5);
  writer->complete_direct(direct, r.end(), 3);
  writer->close();
  EXPECT_EQ(calls_of(path).size(), 3u);
}

}  // namespace
}  // namespace clvet::trace
