// A trace cut down to its finding records (clvet/trace/records_of_kinds.h) gives the findings a
// Reader of the whole file gives: of a writer killed while four threads recorded calls (in call
// blocks, some never sealed, and records, some never completed), blobs and findings, and of the
// same trace damaged inside a blob, where both stop.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <thread>

#include "clvet/rules/opencl.h"
#include "clvet/trace/records_of_kinds.h"
#include "trace_test_support.h"

namespace clvet::trace {
namespace {

constexpr RecordKind kFindingsAndTable[] = {RecordKind::ApiTable, RecordKind::Finding};

// The child: four threads record calls, each 100th with 64 KiB of data that does not compress
// (a blob) and a finding naming it, until killed; it tells the parent after every 1000 calls.
[[noreturn]] void record_until_killed(const std::string& path, int progress_fd) {
  std::string error;
  auto writer = Writer::create(path, error);
  if (!writer) _exit(3);
  writer->write_process_info(current_process_info("records of kinds test"));
  const std::uint32_t entry = static_cast<std::uint32_t>(
      api::find_entry_point("clFinish") - api::entry_points().data());
  auto work = [&](int thread) {
    std::vector<std::uint64_t> data(8192);
    std::uint64_t x = 0x9e3779b97f4a7c15ull + static_cast<std::uint64_t>(thread);
    for (;;) {
      const std::uint64_t index = writer->next_call_index();
      auto call = writer->begin_call(entry, index, writer->now());
      call.handle(api::ObjectKind::CommandQueue, 1);
      call.enter(false);
      call.result(CL_SUCCESS).sint(CL_SUCCESS);
      call.commit(writer->now());
      if (index % 100 == 0) {
        for (std::uint64_t& word : data) word = x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        writer->store_blob(data.data(), data.size() * sizeof data[0]);
        reports::Finding finding;
        finding.rule_id = "FinishTest";
        finding.entry = "clFinish";
        finding.detail = "call " + std::to_string(index);
        finding.call_index = index;
        writer->write_finding(finding);
      }
      if (index % 1000 == 0 && write(progress_fd, &index, sizeof index) < 0) _exit(4);
    }
  };
  std::vector<std::thread> extra;
  for (int t = 1; t < 4; ++t) extra.emplace_back(work, t);
  work(0);
  _exit(5);  // not reached
}

void run_and_kill(const std::string& path, std::uint64_t calls) {
  int fds[2];
  ASSERT_EQ(pipe(fds), 0);
  const pid_t child = fork();
  if (child == 0) {
    close(fds[0]);
    record_until_killed(path, fds[1]);
  }
  close(fds[1]);
  std::uint64_t index = 0, acknowledged = 0;
  while (acknowledged < calls && read(fds[0], &index, sizeof index) == sizeof index)
    acknowledged = std::max(acknowledged, index);
  kill(child, SIGKILL);
  int status = 0;
  waitpid(child, &status, 0);
  close(fds[0]);
  EXPECT_GE(acknowledged, calls);
}

std::vector<std::string> findings(Reader& reader) {
  std::vector<std::string> details;
  RecordView r;
  while (reader.next(r)) {
    reports::Finding f;
    if (r.kind == RecordKind::Finding && reader.decode(r, f)) details.push_back(f.detail);
  }
  return details;
}

std::vector<std::string> findings_of_copy(const std::string& path, std::size_t& copy_size) {
  std::string error;
  const auto copy = records_of_kinds(path, kFindingsAndTable, error);
  EXPECT_TRUE(copy) << error;
  if (!copy) return {};
  copy_size = copy->size();
  auto reader = Reader::from_memory(*copy, path, error);
  EXPECT_TRUE(reader) << error;
  return reader ? findings(*reader) : std::vector<std::string>{};
}

TEST(RecordsOfKinds, GiveTheFindingsOfAKilledWritersWholeTraceAndOfItsDamage) {
  testing::TempDir dir;
  const std::string path = dir.file("killed.clvt");
  run_and_kill(path, 20'000);
  auto whole = testing::open_reader(path);
  ASSERT_TRUE(whole);
  const std::vector<std::string> expected = findings(*whole);
  ASSERT_GE(expected.size(), 150u);
  std::size_t copy_size = 0;
  EXPECT_EQ(findings_of_copy(path, copy_size), expected);
  const std::uintmax_t file_size = std::filesystem::file_size(path);
  EXPECT_LT(copy_size * 20, file_size) << "the copy holds the findings and the API table alone";
  std::printf("[ figures  ] %zu findings; a copy of %zu bytes of a trace of %ju bytes\n",
              expected.size(), copy_size, file_size);

  // A byte changed inside a blob in the middle: both stop there. Not a blob right after a
  // record its writer never completed: reading goes on after such a record at the next whole
  // frame, which a damaged one is not, so the damaged blob is passed over with it (the reader's
  // note names where reading went on) and nothing stops; the next blob is taken instead.
  std::vector<std::uint64_t> blobs;
  whole->rewind();
  for (RecordView r; whole->next(r);)
    if (r.kind == RecordKind::Blob) blobs.push_back(r.offset);
  ASSERT_GE(blobs.size(), 150u);
  const std::string damaged = dir.file("damaged.clvt");
  std::vector<std::string> before_damage;
  for (std::size_t b = blobs.size() / 2; b < blobs.size() / 2 + 8; ++b) {
    std::vector<std::uint8_t> bytes = testing::read_bytes(path);
    bytes[blobs[b] + kFrameSize + 1000] ^= 0x5a;
    testing::write_bytes(damaged, bytes, bytes.size());
    auto damaged_reader = testing::open_reader(damaged);
    ASSERT_TRUE(damaged_reader);
    before_damage = findings(*damaged_reader);
    if (!damaged_reader->problems().empty()) break;
  }
  EXPECT_LT(before_damage.size(), expected.size());
  EXPECT_EQ(findings_of_copy(damaged, copy_size), before_damage);
}

}  // namespace
}  // namespace clvet::trace
