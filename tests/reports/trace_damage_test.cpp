// A cut or corrupted trace is read up to the damage, and the damage is named by its offset.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include "clvet/rules/opencl.h"
#include "trace_test_support.h"

namespace clvet::trace {
namespace {

struct Boundary {
  std::uint64_t offset;
  std::uint64_t end;
};

// A small trace with records of several kinds and sizes, and where each record lies.
class SmallTrace : public ::testing::Test {
 protected:
  void SetUp() override {
    path_ = dir_.file("small.clvt");
    {
      auto writer = testing::make_writer(path_);
      writer->write_process_info(current_process_info("damage test"));
      const std::string source(3000, 'k');
      for (std::uint64_t i = 1; i <= 12; ++i) {
        auto call = writer->begin_call(testing::entry_index("clSetKernelArg"), i, i * 100);
        call.handle(api::ObjectKind::Kernel, 1);
        call.uint(i);
        call.uint(i * 4);
        call.data(source.data(), i * 10);  // inline, then blobs (all the same bytes prefix)
        call.result(CL_SUCCESS).sint(CL_SUCCESS);
        call.commit(i * 100 + i);
      }
      reports::Finding f;
      f.rule_id = "SetKernelArgIndex";
      f.entry = "clSetKernelArg";
      writer->write_finding(f);
      writer->close();
    }
    bytes_ = testing::read_bytes(path_);
    std::string error;
    auto reader = Reader::from_memory(bytes_, "small.clvt", error);
    ASSERT_TRUE(reader) << error;
    RecordView r;
    while (reader->next(r)) {
      const std::uint64_t end = r.offset + kFrameSize + align_up(r.payload.size());
      records_.push_back({r.offset, end});
    }
    ASSERT_TRUE(reader->problems().empty());
    ASSERT_EQ(records_.back().end, bytes_.size());
  }

  testing::TempDir dir_;
  std::string path_;
  std::vector<std::uint8_t> bytes_;
  std::vector<Boundary> records_;
};

TEST_F(SmallTrace, CutAtEveryByteReadsUpToTheLastWholeRecord) {
  std::printf("[ figures  ] cutting a %zu-byte trace of %zu records at every byte\n",
              bytes_.size(), records_.size());
  for (std::size_t cut = 0; cut < bytes_.size(); ++cut) {
    SCOPED_TRACE(fmt::format("cut at {}", cut));
    std::string error;
    auto reader = Reader::from_memory({bytes_.data(), cut}, "cut.clvt", error);
    if (cut < kHeaderSize) {
      ASSERT_FALSE(reader);
      EXPECT_EQ(error, fmt::format("cut.clvt: file header is truncated (needs 64 bytes, has {})", cut));
      continue;
    }
    ASSERT_TRUE(reader) << error;
    EXPECT_FALSE(reader->info().closed_cleanly);
    std::size_t whole = 0;
    while (whole < records_.size() && records_[whole].end <= cut) ++whole;
    RecordView r;
    std::size_t read = 0;
    while (reader->next(r)) {
      ASSERT_EQ(r.offset, records_[read].offset);
      ++read;
    }
    ASSERT_EQ(read, whole);
    const std::uint64_t at = whole ? records_[whole - 1].end : kHeaderSize;
    if (at == cut) {
      EXPECT_TRUE(reader->problems().empty());
      ASSERT_EQ(reader->notes().size(), 1u);
      EXPECT_NE(reader->notes()[0].find(fmt::format("ends at offset {:#x}", cut)), std::string::npos)
          << reader->notes()[0];
      continue;
    }
    ASSERT_EQ(reader->problems().size(), 1u);
    const std::uint64_t needed =
        cut - at < kFrameSize ? kFrameSize : records_[whole].end - records_[whole].offset;
    EXPECT_EQ(reader->problems()[0],
              fmt::format("cut.clvt: record {} at offset {:#x} is truncated (needs {} bytes, has {})",
                          whole + 1, at, needed, cut - at));
  }
}

TEST_F(SmallTrace, CutFileOnDiskOpensAndNamesTheOffset) {
  const std::uint64_t cut = records_[5].offset + 20;
  const std::string cut_path = dir_.file("cut.clvt");
  testing::write_bytes(cut_path, bytes_, cut);
  auto reader = testing::open_reader(cut_path);
  ASSERT_TRUE(reader);
  RecordView r;
  int read = 0;
  while (reader->next(r)) ++read;
  EXPECT_EQ(read, 5);
  ASSERT_EQ(reader->problems().size(), 1u);
  EXPECT_EQ(reader->problems()[0],
            fmt::format("{}: record 6 at offset {:#x} is truncated (needs {} bytes, has 20)",
                        cut_path, records_[5].offset, records_[5].end - records_[5].offset));
}

TEST_F(SmallTrace, EveryFlippedByteIsDetected) {
  std::vector<std::uint8_t> damaged = bytes_;
  for (std::size_t at = kHeaderSize; at < bytes_.size(); ++at) {
    SCOPED_TRACE(fmt::format("byte {:#x} flipped", at));
    damaged[at] ^= 0x5a;
    std::string error;
    auto reader = Reader::from_memory(damaged, "flip.clvt", error);
    ASSERT_TRUE(reader) << error;
    RecordView r;
    std::size_t read = 0;
    while (reader->next(r)) ++read;
    EXPECT_FALSE(reader->problems().empty());
    // Everything before the damaged record still reads.
    std::size_t before = 0;
    while (records_[before].end <= at) ++before;
    EXPECT_EQ(read, before);
    damaged[at] = bytes_[at];
  }
}

TEST_F(SmallTrace, FlippedPayloadByteIsABadChecksum) {
  std::vector<std::uint8_t> damaged = bytes_;
  const Boundary& third = records_[2];
  damaged[third.offset + kFrameSize + 1] ^= 1;
  std::string error;
  auto reader = Reader::from_memory(damaged, "flip.clvt", error);
  RecordView r;
  while (reader->next(r)) {
  }
  ASSERT_EQ(reader->problems().size(), 1u);
  EXPECT_NE(reader->problems()[0].find(fmt::format("record 3 at offset {:#x} has a bad checksum", third.offset)),
            std::string::npos)
      << reader->problems()[0];
}

TEST_F(SmallTrace, SkippingDamageReadsTheRecordsAfterIt) {
  std::vector<std::uint8_t> damaged = bytes_;
  damaged[records_[3].offset + kFrameSize] ^= 1;
  std::string error;
  ReadOptions options;
  options.skip_damage = true;
  auto reader = Reader::from_memory(damaged, "flip.clvt", error, options);
  RecordView r;
  std::size_t read = 0;
  while (reader->next(r)) ++read;
  EXPECT_EQ(read, records_.size() - 1);
  ASSERT_EQ(reader->problems().size(), 2u);
  EXPECT_NE(reader->problems()[1].find("skipped"), std::string::npos);
}

TEST(TraceDamage, NotATraceAndNewerMajorVersionAreRefused) {
  std::string error;
  const std::string text = "hello, this is not a trace at all, but it is long enough to be one";
  auto reader = Reader::from_memory({reinterpret_cast<const std::uint8_t*>(text.data()), text.size()},
                                    "x.clvt", error);
  EXPECT_FALSE(reader);
  EXPECT_EQ(error, "x.clvt: not a clvet trace (it does not start with \"CLVTRACE\")");

  std::vector<std::uint8_t> header(kHeaderSize, 0);
  std::copy(std::begin(kFileMagic), std::end(kFileMagic), header.begin());
  header[header::kMajor] = kFormatMajor + 1;
  header[header::kHeaderSize] = kHeaderSize;
  reader = Reader::from_memory(header, "new.clvt", error);
  EXPECT_FALSE(reader);
  EXPECT_EQ(error, fmt::format("new.clvt: trace format {}.0 is not readable by this clvet (it "
                               "reads 1.x to {}.x)",
                               kFormatMajor + 1, kFormatMajor));
}

}  // namespace
}  // namespace clvet::trace

namespace clvet::trace {
namespace {

// A trace read twice (clvet diff reads it for its launches, then again for each launch) says
// that it ends without an end record once.
TEST(TraceDamage, ATraceReadAgainSaysItsEndOnce) {
  testing::TempDir dir;
  const std::string path = dir.file("unclosed.clvt");
  auto writer = testing::make_writer(path);
  auto call = writer->begin_call(testing::entry_index("clFinish"), 1, 10);
  call.handle(api::ObjectKind::CommandQueue, 2);
  call.enter(true);
  call.result(CL_SUCCESS).sint(CL_SUCCESS);
  call.commit(20);
  // Not closed: the file as a killed process leaves it.
  const std::vector<std::uint8_t> bytes = testing::read_bytes(path);
  std::string error;
  auto reader = Reader::from_memory(bytes, "unclosed.clvt", error);
  ASSERT_TRUE(reader) << error;
  for (int pass = 0; pass < 3; ++pass) {
    reader->rewind();
    RecordView r;
    std::size_t calls = 0;
    while (reader->next(r)) calls += r.kind == RecordKind::Call;
    EXPECT_EQ(calls, 1u);
  }
  std::size_t ends = 0;
  for (const std::string& note : reader->notes())
    ends += note.find("without an end record") != std::string::npos;
  EXPECT_EQ(ends, 1u);
}

// An index naming an offset a few bytes short of 2^64 (found by the reader's fuzz target,
// tests/reports/data/index_offset_wraps.clvt): the bounds checks compare without overflowing,
// so the offset is refused instead of read one byte before the file's first.
TEST(TraceDamage, AnIndexOffsetNearTheTopOfTheRangeIsRefused) {
  const std::vector<std::uint8_t> bytes = testing::read_bytes(
      std::string(CLVET_SOURCE_DIR) + "/tests/reports/data/index_offset_wraps.clvt");
  ASSERT_FALSE(bytes.empty());
  std::string error;
  auto reader = Reader::from_memory(bytes, "index_offset_wraps.clvt", error);
  if (!reader) return;  // refused whole: nothing read out of bounds either
  RecordView r;
  Call c;
  while (reader->next(r))
    if (r.kind == RecordKind::Call || r.kind == RecordKind::CallEnter) (void)reader->decode(r, c);
  for (std::uint64_t i = 0; i < 300; ++i) (void)reader->call(i);
  EXPECT_FALSE(reader->problems().empty());
}

}  // namespace
}  // namespace clvet::trace
