// Large data is compressed and stored once per content; small data stays inline.
#include <gtest/gtest.h>

#include <numeric>
#include <thread>
#include <vector>

#include "trace_test_support.h"

namespace clvet::trace {
namespace {

TEST(TraceBlobs, SameBytesAreStoredOnce) {
  testing::TempDir dir;
  const std::string path = dir.file("blobs.clvt");
  std::vector<std::uint8_t> buffer(1 << 20);
  std::iota(buffer.begin(), buffer.end(), 0);  // compresses well, like most buffer contents
  std::vector<std::uint8_t> other(buffer);
  other[12345] ^= 1;
  std::uint64_t first = 0, second = 0, third = 0;
  WriterStats stats;
  {
    auto writer = testing::make_writer(path);
    first = writer->store_blob(buffer.data(), buffer.size());
    second = writer->store_blob(buffer.data(), buffer.size());
    third = writer->store_blob(other.data(), other.size());
    stats = writer->stats();
  }
  EXPECT_EQ(first, second);
  EXPECT_NE(first, third);
  EXPECT_EQ(stats.blobs_stored, 2u);
  EXPECT_EQ(stats.blobs_deduplicated, 1u);
  EXPECT_EQ(stats.blob_bytes_in, 3u << 20);
  EXPECT_LT(stats.blob_bytes_stored, buffer.size() / 20) << "zstd should shrink a ramp 20 times";

  auto reader = testing::open_reader(path);
  RecordView r;
  int blob_records = 0;
  while (reader->next(r)) {
    if (r.kind != RecordKind::Blob) continue;
    ++blob_records;
    BlobInfo info;
    ASSERT_TRUE(reader->decode(r, info));
    EXPECT_EQ(info.size, buffer.size());
    EXPECT_EQ(info.compression, 1);
  }
  EXPECT_EQ(blob_records, 2);
  const auto bytes = reader->blob(first);
  ASSERT_TRUE(bytes);
  EXPECT_TRUE(std::equal(bytes->begin(), bytes->end(), buffer.begin(), buffer.end(),
                         [](char a, std::uint8_t b) { return static_cast<std::uint8_t>(a) == b; }));
  const auto changed = reader->blob(third);
  ASSERT_TRUE(changed);
  EXPECT_EQ(static_cast<std::uint8_t>((*changed)[12345]), other[12345]);
  EXPECT_FALSE(reader->blob(0x1234));
  // The file holds the two compressed contents, not three megabytes.
  EXPECT_LT(reader->info().file_size, 200'000u);
}

// A loop uploading one host buffer: the bytes stored again in place, unchanged (the same blob,
// compared without a copy or a hash), changed by one byte (a blob of their own), and back (the
// first blob again): each hash names the bytes it was given, as the reader gives them back.
TEST(TraceBlobs, OneBufferStoredAgainInPlaceIsItsContentEachTime) {
  testing::TempDir dir;
  const std::string path = dir.file("in_place.clvt");
  std::vector<std::uint8_t> buffer(4096);
  std::iota(buffer.begin(), buffer.end(), 7);
  const std::vector<std::uint8_t> original = buffer;
  std::uint64_t hashes[5] = {};
  WriterStats stats;
  {
    auto writer = testing::make_writer(path);
    hashes[0] = writer->store_blob(buffer.data(), buffer.size());
    hashes[1] = writer->store_blob(buffer.data(), buffer.size());
    buffer[4095] ^= 0x80;
    hashes[2] = writer->store_blob(buffer.data(), buffer.size());
    hashes[3] = writer->store_blob(buffer.data(), buffer.size());
    buffer[4095] ^= 0x80;
    hashes[4] = writer->store_blob(buffer.data(), buffer.size());
    stats = writer->stats();
  }
  EXPECT_EQ(hashes[1], hashes[0]);
  EXPECT_NE(hashes[2], hashes[0]);
  EXPECT_EQ(hashes[3], hashes[2]);
  EXPECT_EQ(hashes[4], hashes[0]);
  EXPECT_EQ(stats.blobs_stored, 2u);
  EXPECT_EQ(stats.blobs_deduplicated, 3u);
  EXPECT_EQ(stats.blob_bytes_in, 5u * buffer.size());
  auto reader = testing::open_reader(path);
  ASSERT_TRUE(reader);
  const auto first = reader->blob(hashes[0]);
  const auto changed = reader->blob(hashes[2]);
  ASSERT_TRUE(first);
  ASSERT_TRUE(changed);
  ASSERT_EQ(first->size(), original.size());
  ASSERT_EQ(changed->size(), original.size());
  for (std::size_t i = 0; i < original.size(); ++i) {
    EXPECT_EQ(static_cast<std::uint8_t>((*first)[i]), original[i]) << i;
    EXPECT_EQ(static_cast<std::uint8_t>((*changed)[i]),
              static_cast<std::uint8_t>(i == 4095 ? original[i] ^ 0x80 : original[i]))
        << i;
  }
}

// Threads that each store their own buffer again and again (each counts its repeats itself):
// the writer's statistics are every thread's, one blob stored per content.
TEST(TraceBlobs, RepeatsOfManyThreadsAreAllCounted) {
  testing::TempDir dir;
  const std::string path = dir.file("threads.clvt");
  constexpr int kThreads = 4, kStores = 50;
  constexpr std::size_t kSize = 1000;
  WriterStats stats;
  {
    auto writer = testing::make_writer(path);
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t)
      threads.emplace_back([&writer, t] {
        std::vector<std::uint8_t> buffer(kSize);
        std::iota(buffer.begin(), buffer.end(), static_cast<std::uint8_t>(31 * t));
        for (int i = 0; i < kStores; ++i) writer->store_blob(buffer.data(), buffer.size());
      });
    for (std::thread& thread : threads) thread.join();
    stats = writer->stats();
  }
  EXPECT_EQ(stats.blobs_stored, static_cast<std::uint64_t>(kThreads));
  EXPECT_EQ(stats.blobs_deduplicated, static_cast<std::uint64_t>(kThreads * (kStores - 1)));
  EXPECT_EQ(stats.blob_bytes_in, static_cast<std::uint64_t>(kThreads * kStores) * kSize);
}

TEST(TraceBlobs, IncompressibleBytesAreStoredAsTheyAre) {
  testing::TempDir dir;
  const std::string path = dir.file("random.clvt");
  std::vector<std::uint8_t> noise(5000);
  std::uint64_t x = 88172645463325252u;
  for (auto& b : noise) {
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    b = static_cast<std::uint8_t>(x);
  }
  std::uint64_t hash = 0;
  Value small;
  {
    auto writer = testing::make_writer(path);
    hash = writer->store_blob(noise.data(), noise.size());
    small = writer->store_data(noise.data(), 10);
  }
  EXPECT_EQ(small.kind, ValueKind::Bytes);
  auto reader = testing::open_reader(path);
  const auto bytes = reader->blob(hash);
  ASSERT_TRUE(bytes);
  EXPECT_EQ(bytes->size(), noise.size());
  RecordView r;
  while (reader->next(r)) {
    if (r.kind != RecordKind::Blob) continue;
    BlobInfo info;
    ASSERT_TRUE(reader->decode(r, info));
    EXPECT_EQ(info.compression, 0);
  }
}

TEST(TraceBlobs, EmptyBlob) {
  testing::TempDir dir;
  const std::string path = dir.file("empty.clvt");
  std::uint64_t hash = 0;
  {
    auto writer = testing::make_writer(path);
    hash = writer->store_blob(nullptr, 0);
  }
  auto reader = testing::open_reader(path);
  const auto bytes = reader->blob(hash);
  ASSERT_TRUE(bytes);
  EXPECT_TRUE(bytes->empty());
}

}  // namespace
}  // namespace clvet::trace
