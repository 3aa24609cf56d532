// Eight threads recording at once give one consistent trace: every call once, each thread's
// calls in its order, shared blobs stored once or nearly, every record whole.
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <thread>

#include "clvet/rules/opencl.h"
#include "trace_test_support.h"

namespace clvet::trace {
namespace {

TEST(TraceThreads, EightWritersGiveAConsistentTrace) {
  constexpr int kThreads = 8;
  constexpr std::uint64_t kCallsEach = 40'000;
  testing::TempDir dir;
  const std::string path = dir.file("threads.clvt");
  std::vector<std::vector<std::uint8_t>> contents(4);
  for (std::size_t i = 0; i < contents.size(); ++i) contents[i].assign(10'000 + i, std::uint8_t(i));
  WriterOptions options;
  options.chunk_size = 1 << 20;  // small chunks: threads race to grow the file too
  auto writer = testing::make_writer(path, options);
  const std::uint32_t entry = testing::entry_index("clEnqueueWriteBuffer");
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      for (std::uint64_t seq = 0; seq < kCallsEach; ++seq) {
        const std::uint64_t index = writer->next_call_index();
        auto call = writer->begin_call(entry, index, writer->now());
        call.handle(api::ObjectKind::CommandQueue, static_cast<std::uint64_t>(t));
        call.uint(seq);  // where the buffer would be: the thread's own sequence number
        call.uint(CL_TRUE);
        call.uint(0);
        call.uint(seq % 7);
        call.pointer(std::uint64_t{0});
        call.uint(0);
        call.null();
        call.null();
        if (seq % 1000 == 0) {
          const auto& bytes = contents[seq / 1000 % contents.size()];
          call.input(7);
          call.data(bytes.data(), bytes.size());
        }
        call.result(CL_SUCCESS).sint(CL_SUCCESS);
        call.commit(writer->now());
      }
    });
  }
  for (auto& thread : threads) thread.join();
  writer->close();
  const WriterStats stats = writer->stats();
  EXPECT_EQ(stats.calls, kThreads * kCallsEach);
  EXPECT_EQ(stats.dropped, 0u);
  EXPECT_GE(stats.blobs_stored, contents.size());
  EXPECT_LE(stats.blobs_stored, contents.size() * kThreads);

  auto reader = testing::open_reader(path);
  ASSERT_TRUE(reader->info().closed_cleanly);
  std::set<std::uint64_t> indexes;
  std::map<std::uint64_t, std::uint64_t> next_seq;  // queue id -> expected sequence number
  std::set<std::uint64_t> blob_hashes;
  RecordView r;
  while (reader->next(r)) {
    if (r.kind != RecordKind::Call) continue;
    Call c;
    ASSERT_TRUE(reader->decode(r, c));
    ASSERT_TRUE(indexes.insert(c.index).second) << "call " << c.index << " twice";
    ASSERT_EQ(c.params.size(), 9u);
    const std::uint64_t queue = c.params[0].number;
    EXPECT_EQ(c.params[1].number, next_seq[queue]++) << "thread " << queue << " out of order";
    for (const auto& in : c.inputs) blob_hashes.insert(in.value.number);
  }
  EXPECT_TRUE(reader->problems().empty());
  EXPECT_EQ(indexes.size(), kThreads * kCallsEach);
  EXPECT_EQ(*indexes.begin(), 1u);
  EXPECT_EQ(*indexes.rbegin(), kThreads * kCallsEach);
  EXPECT_EQ(blob_hashes.size(), contents.size());
  for (std::uint64_t hash : blob_hashes) EXPECT_TRUE(reader->blob(hash));
  // Random access with eight threads' index records interleaved.
  for (std::uint64_t n : {std::uint64_t{1}, std::uint64_t{99'999}, kThreads * kCallsEach}) {
    reader->reset_stats();
    auto call = reader->call(n);
    ASSERT_TRUE(call) << n;
    EXPECT_EQ(call->index, n);
    EXPECT_LE(reader->stats().records_read, 2u + 2 * kThreads);
  }
}

TEST(TraceThreads, CloseWhileThreadsStillRecordDropsTheirLaterCalls) {
  testing::TempDir dir;
  const std::string path = dir.file("close.clvt");
  auto writer = testing::make_writer(path);
  std::atomic<bool> stop{false};
  std::atomic<std::uint64_t> attempted{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&] {
      while (!stop.load()) {
        auto call = writer->begin_call(0, writer->next_call_index(), writer->now());
        call.uint(1);
        call.commit(writer->now());
        attempted.fetch_add(1);
      }
    });
  }
  while (attempted.load() < 20'000) std::this_thread::yield();
  writer->close();
  stop = true;
  for (auto& thread : threads) thread.join();
  const WriterStats stats = writer->stats();
  EXPECT_GT(stats.dropped, 0u);
  auto reader = testing::open_reader(path);
  ASSERT_TRUE(reader->info().closed_cleanly);
  const auto calls = testing::all_calls(*reader);
  EXPECT_EQ(calls.size(), reader->info().call_count);
  EXPECT_TRUE(reader->problems().empty());
}

}  // namespace
}  // namespace clvet::trace
