// Repeats (FORMAT.md 5.0): a call block entry whose parameters are a Repeat of an earlier
// entry's reads back with that entry's parameters, completed, entered (a call that did not
// return) or moved to a record of its own; a Repeat that names no entry of its block, another
// entry point's call or another Repeat is damage, named by its entry's offset, and the calls
// before it read. Under a 4.0 header, a Repeat is damage.
#include <gtest/gtest.h>

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

using Written = testing::DirectWritten;

// A call of `entry` on the hot path with testing::mem_size_parameters(), or (`repeated`) a
// Repeat of that call; its rest an output of `output` and CL_SUCCESS. `returns`: false leaves it
// entered.
Written direct_call(Writer& writer, std::uint64_t index, const Written* repeated,
                    const std::vector<std::uint8_t>& output, bool returns = true,
                    const char* entry = "clGetMemObjectInfo") {
  const auto written = testing::direct_call(
      writer, entry, index,
      [&](RawEncoder& e, Writer::DirectCall& direct) {
        if (repeated == nullptr) return testing::mem_size_parameters(e);
        e.repeat(direct.entry - repeated->entry);
        direct.repeated = repeated->params;
        direct.repeated_size = repeated->params_size;
      },
      [&](RawEncoder& r) {
        r.output(3).inline_bytes(output.data(), output.size());
        r.result(CL_SUCCESS).sint(CL_SUCCESS);
        r.returned();
      },
      returns);
  EXPECT_TRUE(written.has_value());
  return written.value_or(Written{});
}

// Every call and call entered, with the reader's problems.
struct Read {
  std::vector<Call> calls;
  std::vector<Call> entered;
  std::vector<std::string> problems;
};
Read read_all(const std::string& path) {
  Read out;
  auto reader = testing::open_reader(path);
  if (!reader) return out;
  RecordView r;
  while (reader->next(r)) {
    Call c;
    if (r.kind == RecordKind::Call && reader->decode(r, c)) out.calls.push_back(c);
    if (r.kind == RecordKind::CallEnter && reader->decode(r, c)) out.entered.push_back(c);
  }
  out.problems = reader->problems();
  return out;
}

void expect_parameters(const Call& c) {
  ASSERT_EQ(c.params.size(), 5u) << "call " << c.index;
  EXPECT_EQ(c.params[0].kind, ValueKind::Handle);
  EXPECT_EQ(c.params[0].number, 4u);
  EXPECT_EQ(c.params[1].number, std::uint64_t{CL_MEM_SIZE});
  EXPECT_EQ(c.params[2].number, 8u);
  EXPECT_EQ(c.params[3].number, kHostPointer);
  EXPECT_EQ(c.params[4].kind, ValueKind::Null);
}

TEST(TraceRepeats, ReadAsTheCallsTheyRepeat) {
  testing::TempDir dir;
  const std::string path = dir.file("repeats.clvt");
  const std::vector<std::uint8_t> output = {1, 2, 3, 4, 5, 6, 7, 8};
  {
    auto writer = testing::make_writer(path);
    first_call(*writer);
    const Written first = direct_call(*writer, 2, nullptr, output);
    for (std::uint64_t i = 3; i <= 100; ++i) direct_call(*writer, i, &first, output);
    direct_call(*writer, 101, &first, output, false);  // entered: the process "died" in it
    writer->close();
  }
  const Read read = read_all(path);
  EXPECT_TRUE(read.problems.empty()) << read.problems.front();
  ASSERT_EQ(read.calls.size(), 100u);
  for (std::size_t i = 1; i < read.calls.size(); ++i) {
    const Call& c = read.calls[i];
    EXPECT_EQ(c.index, i + 1);
    expect_parameters(c);
    ASSERT_EQ(c.outputs.size(), 1u);
    EXPECT_EQ(c.outputs[0].value.bytes, std::string(output.begin(), output.end()));
    EXPECT_EQ(c.error, CL_SUCCESS);
  }
  ASSERT_EQ(read.entered.size(), 1u);
  EXPECT_EQ(read.entered[0].index, 101u);
  expect_parameters(read.entered[0]);
  // By random access too: the reader walks to the entry, the Repeat reads back from there.
  auto reader = testing::open_reader(path);
  ASSERT_TRUE(reader);
  auto fifty = reader->call(50);
  ASSERT_TRUE(fifty);
  expect_parameters(*fifty);
}

TEST(TraceRepeats, ARepeatMovedToARecordHasItsParametersThere) {
  testing::TempDir dir;
  const std::string path = dir.file("moved.clvt");
  WriterOptions options;
  options.call_block_size = 1024;
  options.inline_data_limit = 4096;
  const std::vector<std::uint8_t> small = {9}, big(900, 0x5a);
  {
    auto writer = testing::make_writer(path, options);
    first_call(*writer);
    const Written first = direct_call(*writer, 2, nullptr, small);
    direct_call(*writer, 3, &first, big);  // its rest does not fit: a Call record of its own
    writer->close();
  }
  const Read read = read_all(path);
  EXPECT_TRUE(read.problems.empty()) << read.problems.front();
  ASSERT_EQ(read.calls.size(), 3u);
  bool moved = false;
  for (const Call& c : read.calls) {
    if (c.index != 3) continue;
    moved = true;
    expect_parameters(c);
    ASSERT_EQ(c.outputs.size(), 1u);
    EXPECT_EQ(c.outputs[0].value.bytes, std::string(big.begin(), big.end()));
  }
  EXPECT_TRUE(moved);
}

// Writes calls 2 and 3, call 3 a Repeat `distance` bytes back (or, with `other_entry`, a
// Repeat of a call of another entry point; with `of_a_repeat`, a Repeat of a Repeat), and
// says what the reader makes of it.
Read damaged(const std::string& path, std::int64_t distance_change, bool other_entry = false,
             bool of_a_repeat = false) {
  auto writer = testing::make_writer(path);
  first_call(*writer);
  const Written first =
      direct_call(*writer, 2, nullptr, {1}, true, other_entry ? "clGetImageInfo" : "clGetMemObjectInfo");
  Written target = first;
  if (of_a_repeat) target = direct_call(*writer, 3, &first, {1});
  Written bad = target;
  bad.entry = static_cast<std::uint64_t>(static_cast<std::int64_t>(target.entry) - distance_change);
  direct_call(*writer, of_a_repeat ? 4 : 3, &bad, {1});
  writer->close();
  return read_all(path);
}

TEST(TraceRepeats, ARepeatOfNoEntryIsDamageNamedByItsOffset) {
  testing::TempDir dir;
  const struct {
    const char* name;
    std::int64_t change;
    bool other_entry, of_a_repeat;
    const char* why;
  } cases[] = {
      {"before.clvt", 1 << 20, false, false, "a repeat of no earlier entry of its block"},
      {"inside.clvt", -3, false, false, "a repeat of no entry of its block"},
      {"other.clvt", 0, true, false, "a repeat of another entry point's call"},
      {"twice.clvt", 0, false, true, "a repeat of a repeat"},
  };
  for (const auto& c : cases) {
    const Read read = damaged(dir.file(c.name), c.change, c.other_entry, c.of_a_repeat);
    ASSERT_FALSE(read.problems.empty()) << c.name;
    EXPECT_NE(read.problems.front().find(c.why), std::string::npos) << c.name << ": " << read.problems.front();
    EXPECT_NE(read.problems.front().find("at offset 0x"), std::string::npos) << read.problems.front();
    // The calls before it read: the first, and the one it names.
    EXPECT_GE(read.calls.size(), 2u) << c.name;
    for (const Call& call : read.calls) EXPECT_NE(call.index, c.of_a_repeat ? 4u : 3u) << c.name;
  }
}

// A 4.x reader knew no Repeat: under a 4.0 header, the same bytes read as before for every
// entry without one (their layout is 4.0's), and an entry with one is damage.
TEST(TraceRepeats, AreDamageUnderAVersionFourHeader) {
  testing::TempDir dir;
  const std::string path = dir.file("four.clvt");
  {
    auto writer = testing::make_writer(path);
    first_call(*writer);
    const Written first = direct_call(*writer, 2, nullptr, {1});
    direct_call(*writer, 3, &first, {1});
    writer->close();
  }
  std::vector<std::uint8_t> bytes = testing::read_bytes(path);
  ASSERT_EQ(bytes[header::kMajor], 5u);
  bytes[header::kMajor] = 4;
  std::string error;
  auto reader = Reader::from_memory(bytes, "four.clvt", error);
  ASSERT_TRUE(reader) << error;
  const auto calls = testing::all_calls(*reader);
  ASSERT_EQ(calls.size(), 2u);
  expect_parameters(calls[1]);
  ASSERT_FALSE(reader->problems().empty());
  EXPECT_NE(reader->problems().front().find("unknown call section"), std::string::npos)
      << reader->problems().front();
}

}  // namespace
}  // namespace clvet::trace
