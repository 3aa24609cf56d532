// Call N of a million-call trace is found through the index, touching a handful of records
// (counted by the reader), whether the trace was closed or its writer died.
#include <gtest/gtest.h>
#include <unistd.h>

#include <fmt/format.h>

#include <chrono>

#include "clvet/rules/opencl.h"
#include "trace_test_support.h"

namespace clvet::trace {
namespace {

constexpr std::uint64_t kCalls = 1'000'000;

// A call as the layer would record clGetPlatformInfo: cheap, and typical of call-heavy code.
void record(Writer& writer, std::uint64_t index, std::uint32_t entry) {
  const std::uint64_t t = writer.now();
  auto call = writer.begin_call(entry, index, t);
  call.handle(api::ObjectKind::Platform, 1);
  call.uint(CL_PLATFORM_NAME);
  call.uint(64);
  call.pointer(0x7ffc12345670 + index % 16);
  call.pointer(std::uint64_t{0});
  call.result(CL_SUCCESS).sint(CL_SUCCESS);
  call.output(3).string("clvet");
  call.commit(t + 40);
}

class MillionCalls : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = new testing::TempDir;
    path_ = dir_->file("million.clvt");
    auto writer = testing::make_writer(path_);
    const std::uint32_t entry = testing::entry_index("clGetPlatformInfo");
    const auto start = std::chrono::steady_clock::now();
    for (std::uint64_t i = 1; i <= kCalls; ++i) record(*writer, i, entry);
    const auto elapsed = std::chrono::steady_clock::now() - start;
    writer->close();
    // Informative only (a shared machine's timings are noise for a test).
    std::printf("[ figures  ] recording took %.0f ns per call (two clock reads included)\n",
                std::chrono::duration<double, std::nano>(elapsed).count() / kCalls);
    const WriterStats stats = writer->stats();
    size_ = stats.bytes;
    ::testing::Test::RecordProperty("bytes_per_call", std::to_string(double(size_) / kCalls));
    std::printf("[ figures  ] %llu calls, %llu bytes, %.1f bytes per call (index included)\n",
                static_cast<unsigned long long>(kCalls), static_cast<unsigned long long>(size_),
                double(size_) / kCalls);
  }
  static void TearDownTestSuite() { delete dir_; }

  static testing::TempDir* dir_;
  static std::string path_;
  static std::uint64_t size_;
};
testing::TempDir* MillionCalls::dir_ = nullptr;
std::string MillionCalls::path_;
std::uint64_t MillionCalls::size_ = 0;

TEST_F(MillionCalls, CallNReadsTheRootOneIndexRecordAndTheCall) {
  auto reader = testing::open_reader(path_);
  ASSERT_TRUE(reader->info().closed_cleanly);
  EXPECT_EQ(reader->info().call_count, kCalls);
  const std::uint64_t opened = reader->stats().records_read;
  EXPECT_LE(opened, 2u) << "opening reads the footer and the API table";
  reader->reset_stats();
  for (std::uint64_t n : {std::uint64_t{777'777}, std::uint64_t{1}, kCalls, std::uint64_t{123'456}}) {
    const std::uint64_t before = reader->stats().records_read;
    auto call = reader->call(n);
    ASSERT_TRUE(call) << n;
    EXPECT_EQ(call->index, n);
    EXPECT_EQ(call->name, "clGetPlatformInfo");
    ASSERT_EQ(call->outputs.size(), 1u);
    EXPECT_EQ(call->outputs[0].value.bytes, "clvet");
    const std::uint64_t touched = reader->stats().records_read - before;
    // The first lookup also reads the index root.
    EXPECT_LE(touched, before == 0 ? 3u : 2u) << "call " << n;
    std::printf("[ figures  ] call %llu: %llu records read\n", static_cast<unsigned long long>(n),
                static_cast<unsigned long long>(touched));
  }
  EXPECT_LT(reader->stats().bytes_read, 64u * 1024) << "a few kilobytes, not the whole file";
  EXPECT_FALSE(reader->call(kCalls + 1));
}

TEST_F(MillionCalls, WithoutFooterTheHeaderChainFindsCalls) {
  // Cut the trace where its index root begins: as if the process died just before closing.
  std::string error;
  auto whole = testing::open_reader(path_);
  std::vector<std::uint8_t> bytes = testing::read_bytes(path_);
  std::uint64_t root = 0;
  {
    auto scan = Reader::from_memory(bytes, "scan", error);
    RecordView r;
    while (scan->next(r))
      if (r.kind == RecordKind::IndexRoot) root = r.offset;
  }
  ASSERT_NE(root, 0u);
  auto reader = Reader::from_memory({bytes.data(), root}, "crashed.clvt", error);
  ASSERT_TRUE(reader) << error;
  EXPECT_FALSE(reader->info().closed_cleanly);
  reader->reset_stats();
  auto call = reader->call(500'000);
  ASSERT_TRUE(call);
  EXPECT_EQ(call->index, 500'000u);
  const std::uint64_t chain = reader->stats().records_read;
  // One walk of the index chain (about one record per 1024 calls), never the calls themselves.
  EXPECT_LT(chain, kCalls / 1000 + 10);
  std::printf("[ figures  ] without footer: first lookup read %llu records (the index chain)\n",
              static_cast<unsigned long long>(chain));
  reader->reset_stats();
  ASSERT_TRUE(reader->call(42));
  EXPECT_LE(reader->stats().records_read, 2u);
}

}  // namespace
}  // namespace clvet::trace
