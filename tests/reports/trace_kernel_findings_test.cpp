// A kernel checker's finding keeps its evidence through a trace (format 1.2: the Finding
// record's kernel evidence), and a Finding record of a 1.1 trace, which ends after its count,
// still reads, as a finding without evidence.
#include <gtest/gtest.h>

#define XXH_INLINE_ALL
#include <xxhash.h>

#include <cstring>

#include "clvet/trace/format.h"
#include "trace_test_support.h"

namespace clvet::trace {
namespace {

reports::Finding race() {
  reports::Finding f;
  f.rule_id = "race-write-write";
  f.entry = "clEnqueueNDRangeKernel";
  f.spec = "OpenCL 1.2 §3.3.1";
  f.detail = "two work-items write out[32]";
  f.call_index = 17;
  f.count = 2;
  reports::KernelEvidence k;
  k.kind = reports::KernelKind::RaceWriteWrite;
  k.kernel = "overlap";
  k.at.file = "program.cl";
  k.at.line = 10;
  k.at.column = 17;
  k.at.source_line = "  out[base + lid] = (int)get_global_id(0) + 1;";
  k.at.work_item = reports::WorkItemIds{{32, 0, 0}, {0, 0, 0}, {1, 0, 0}};
  reports::KernelSite other;
  other.file = "program.cl";
  other.line = 12;
  other.column = 29;
  other.work_item = reports::WorkItemIds{{0, 0, 0}, {0, 0, 0}, {0, 0, 0}};
  other.atomic = true;
  k.other = other;
  k.object = "argument 0 'out'";
  k.object_origin = "clCreateBuffer (call #9)";
  k.offset = -4;
  k.size = 4;
  k.element = 32;
  k.enqueue = 17;
  f.kernel = k;
  return f;
}

void expect_same_site(const reports::KernelSite& a, const reports::KernelSite& b) {
  EXPECT_EQ(a.file, b.file);
  EXPECT_EQ(a.line, b.line);
  EXPECT_EQ(a.column, b.column);
  EXPECT_EQ(a.source_line, b.source_line);
  ASSERT_EQ(a.work_item.has_value(), b.work_item.has_value());
  if (a.work_item)
    for (int d = 0; d < 3; ++d) {
      EXPECT_EQ(a.work_item->global[d], b.work_item->global[d]);
      EXPECT_EQ(a.work_item->local[d], b.work_item->local[d]);
      EXPECT_EQ(a.work_item->group[d], b.work_item->group[d]);
    }
  EXPECT_EQ(a.atomic, b.atomic);
}

std::vector<reports::Finding> findings_of(const std::string& path) {
  auto reader = testing::open_reader(path);
  std::vector<reports::Finding> out;
  RecordView r;
  while (reader && reader->next(r)) {
    if (r.kind != RecordKind::Finding) continue;
    reports::Finding f;
    EXPECT_TRUE(reader->decode(r, f));
    out.push_back(f);
  }
  // Braced: EXPECT_TRUE expands to an if/else of its own.
  if (reader) {
    EXPECT_TRUE(reader->problems().empty());
  }
  return out;
}

TEST(TraceKernelFindings, EvidenceReadsBack) {
  testing::TempDir dir;
  const std::string path = dir.file("kernel.clvt");
  const reports::Finding written = race();
  reports::Finding bare = race();
  bare.kernel->other.reset();
  bare.kernel->at.work_item.reset();
  bare.kernel->offset.reset();
  bare.kernel->element.reset();
  {
    auto writer = testing::make_writer(path);
    writer->write_finding(written);
    writer->write_finding(bare);
  }
  const auto read = findings_of(path);
  ASSERT_EQ(read.size(), 2u);
  for (std::size_t i = 0; i < 2; ++i) {
    const reports::Finding& want = i == 0 ? written : bare;
    const reports::Finding& got = read[i];
    EXPECT_EQ(got.rule_id, want.rule_id);
    EXPECT_EQ(got.call_index, want.call_index);
    EXPECT_EQ(got.count, want.count);
    ASSERT_TRUE(got.kernel);
    EXPECT_EQ(got.kernel->kind, want.kernel->kind);
    EXPECT_EQ(got.kernel->kernel, want.kernel->kernel);
    expect_same_site(got.kernel->at, want.kernel->at);
    ASSERT_EQ(got.kernel->other.has_value(), want.kernel->other.has_value());
    if (want.kernel->other) expect_same_site(*got.kernel->other, *want.kernel->other);
    EXPECT_EQ(got.kernel->object, want.kernel->object);
    EXPECT_EQ(got.kernel->object_origin, want.kernel->object_origin);
    EXPECT_EQ(got.kernel->offset, want.kernel->offset);
    EXPECT_EQ(got.kernel->size, want.kernel->size);
    EXPECT_EQ(got.kernel->element, want.kernel->element);
    EXPECT_EQ(got.kernel->enqueue, want.kernel->enqueue);
  }
}

// A 1.1 writer's Finding record: the fields up to `count`, nothing after. Made from a 1.2
// record of a finding without evidence by dropping its last byte (the 0 that says so) and
// framing it again, in a file whose header says 1.1.
TEST(TraceKernelFindings, FindingOfAnOlderTraceReads) {
  testing::TempDir dir;
  const std::string path = dir.file("older.clvt");
  reports::Finding api;
  api.rule_id = "CreateBufferSizeZero";
  api.entry = "clCreateBuffer";
  api.error_code = -61;
  api.call_index = 5;
  // A detail whose record keeps its padded size with one byte less: the records after it stay
  // where the index says they are.
  std::uint64_t offset = 0, length = 0;
  for (int n = 0; n < 8; ++n) {
    api.detail = std::string(static_cast<std::size_t>(n), 'x') + "size is 0";
    {
      auto writer = testing::make_writer(path);
      writer->write_finding(api);
    }
    auto reader = testing::open_reader(path);
    RecordView r;
    while (reader->next(r))
      if (r.kind == RecordKind::Finding) {
        offset = r.offset;
        length = r.payload.size();
      }
    if (align_up(length - 1) == align_up(length)) break;
  }
  ASSERT_EQ(align_up(length - 1), align_up(length));
  std::vector<std::uint8_t> bytes = testing::read_bytes(path);
  const std::size_t payload = offset + kFrameSize;
  ASSERT_EQ(bytes[payload + length - 1], 0);  // 1.2: no kernel evidence follows
  const auto shorter = static_cast<std::uint32_t>(length - 1);
  bytes[payload + length - 1] = 0;  // now padding
  std::memcpy(&bytes[offset + 8], &shorter, 4);
  const std::uint64_t seed = std::uint64_t{static_cast<std::uint16_t>(RecordKind::Finding)} | std::uint64_t{shorter} << 32;
  const auto checksum = static_cast<std::uint32_t>(XXH3_64bits_withSeed(&bytes[payload], shorter, seed));
  std::memcpy(&bytes[offset + 12], &checksum, 4);
  const std::uint16_t minor = 1;
  std::memcpy(&bytes[header::kMinor], &minor, 2);
  testing::write_bytes(path, bytes, bytes.size());

  auto reader = testing::open_reader(path);
  ASSERT_TRUE(reader);
  EXPECT_EQ(reader->info().minor, 1);
  const auto read = findings_of(path);
  ASSERT_EQ(read.size(), 1u);
  EXPECT_EQ(read[0].rule_id, api.rule_id);
  EXPECT_EQ(read[0].detail, api.detail);
  EXPECT_EQ(read[0].error_code, api.error_code);
  EXPECT_EQ(read[0].call_index, 5u);
  EXPECT_FALSE(read[0].kernel);
}

}  // namespace
}  // namespace clvet::trace
