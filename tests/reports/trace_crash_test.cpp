// A process killed with SIGKILL while it records leaves a trace readable to its last call.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <set>
#include <thread>

#include "clvet/rules/opencl.h"
#include "trace_test_support.h"

namespace clvet::trace {
namespace {

// The child: records calls until it is killed, telling the parent after every 1000.
// `blocks`: each call entered into its thread's call block before it "runs" (as the layer does).
[[noreturn]] void record_until_killed(const std::string& path, int progress_fd, int threads,
                                      bool blocks) {
  std::string error;
  auto writer = Writer::create(path, error);
  if (!writer) _exit(3);
  writer->write_process_info(current_process_info("crash test"));
  const std::uint32_t entry = static_cast<std::uint32_t>(
      api::find_entry_point("clEnqueueNDRangeKernel") - api::entry_points().data());
  auto work = [&] {
    for (;;) {
      const std::uint64_t index = writer->next_call_index();
      auto call = writer->begin_call(entry, index, writer->now());
      call.handle(api::ObjectKind::CommandQueue, 1);
      call.handle(api::ObjectKind::Kernel, 2);
      call.uint(1);
      call.null();
      call.array(1);
      call.uint(1024 + index % 64);
      call.null();
      call.uint(0);
      call.null();
      call.pointer(std::uint64_t{0});
      if (blocks) call.enter(false);
      call.result(CL_SUCCESS).sint(CL_SUCCESS);
      call.commit(writer->now());
      if (index % 1000 == 0 && write(progress_fd, &index, sizeof index) < 0) _exit(4);
    }
  };
  std::vector<std::thread> extra;
  for (int t = 1; t < threads; ++t) extra.emplace_back(work);
  work();
  _exit(5);  // not reached
}

struct Killed {
  std::uint64_t acknowledged = 0;  // calls the child said it had written before the kill
};

Killed run_and_kill(const std::string& path, int threads, std::uint64_t at_least,
                    bool blocks = false) {
  int fds[2];
  EXPECT_EQ(pipe(fds), 0);
  const pid_t child = fork();
  if (child == 0) {
    close(fds[0]);
    record_until_killed(path, fds[1], threads, blocks);
  }
  close(fds[1]);
  Killed k;
  std::uint64_t index = 0;
  while (k.acknowledged < at_least && read(fds[0], &index, sizeof index) == sizeof index)
    k.acknowledged = std::max(k.acknowledged, index);
  kill(child, SIGKILL);
  int status = 0;
  waitpid(child, &status, 0);
  close(fds[0]);
  EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL);
  return k;
}

class TraceCrash : public ::testing::TestWithParam<bool> {};

TEST_P(TraceCrash, SigkillLeavesATraceReadableToTheLastCall) {
  testing::TempDir dir;
  const std::string path = dir.file("killed.clvt");
  const Killed killed = run_and_kill(path, 1, 50'000, GetParam());
  ASSERT_GE(killed.acknowledged, 50'000u);

  auto reader = testing::open_reader(path);
  ASSERT_TRUE(reader);
  EXPECT_FALSE(reader->info().closed_cleanly);
  const auto calls = testing::all_calls(*reader);
  EXPECT_TRUE(reader->problems().empty()) << reader->problems().front();
  ASSERT_EQ(reader->notes().size(), 1u);
  EXPECT_NE(reader->notes()[0].find("without an end record"), std::string::npos)
      << reader->notes()[0];
  // One thread: the calls are 1, 2, 3... up to the last one it finished, which is at least
  // the last one it told us about.
  ASSERT_GE(calls.size(), killed.acknowledged);
  for (std::size_t i = 0; i < calls.size(); ++i) ASSERT_EQ(calls[i].index, i + 1);
  std::printf("[ figures  ] killed after acknowledging %llu calls; %zu calls read back\n",
              static_cast<unsigned long long>(killed.acknowledged), calls.size());
  // Random access still works through the index chain the header names.
  reader->reset_stats();
  auto middle = reader->call(killed.acknowledged / 2);
  ASSERT_TRUE(middle);
  EXPECT_EQ(middle->index, killed.acknowledged / 2);
  auto last = reader->call(calls.size());
  ASSERT_TRUE(last);
}

TEST_P(TraceCrash, SigkillOfFourRecordingThreadsLosesAtMostTheirUnfinishedRecords) {
  testing::TempDir dir;
  const std::string path = dir.file("killed4.clvt");
  const Killed killed = run_and_kill(path, 4, 40'000, GetParam());
  auto reader = testing::open_reader(path);
  ASSERT_TRUE(reader);
  std::set<std::uint64_t> indexes;
  for (const Call& c : testing::all_calls(*reader)) EXPECT_TRUE(indexes.insert(c.index).second);
  // A thread that died inside a record left it unfinished: the reader notes it and reads on,
  // so every call acknowledged before the kill is there. Calls are numbered when they begin,
  // so up to one number per thread may be missing below the last one.
  EXPECT_TRUE(reader->problems().empty()) << reader->problems().front();
  EXPECT_LE(reader->notes().size(), 5u);
  ASSERT_FALSE(indexes.empty());
  EXPECT_GE(*indexes.rbegin(), killed.acknowledged);
  EXPECT_GE(indexes.size() + 4, *indexes.rbegin());
  std::printf("[ figures  ] 4 threads killed after %llu calls acknowledged: %zu calls read back, "
              "%zu notes\n", static_cast<unsigned long long>(killed.acknowledged), indexes.size(),
              reader->notes().size());
  for (const std::string& note : reader->notes()) std::printf("[ note     ] %s\n", note.c_str());
}

// Each call a record of its own, or entered into its thread's call block first.
INSTANTIATE_TEST_SUITE_P(RecordsAndCallBlocks, TraceCrash, ::testing::Bool(),
                         [](const ::testing::TestParamInfo<bool>& info) {
                           return info.param ? std::string("CallBlocks") : std::string("Records");
                         });

// The call a process is inside when SIGKILL ends it is in the trace, with its arguments, as a
// call that did not return: its parameters went into the shared mapping before it "ran".
TEST(TraceCrashInFlight, SigkillInsideACallLeavesItAsACallThatDidNotReturn) {
  testing::TempDir dir;
  const std::string path = dir.file("in_flight.clvt");
  int fds[2];
  ASSERT_EQ(pipe(fds), 0);
  const pid_t child = fork();
  if (child == 0) {
    close(fds[0]);
    std::string error;
    auto writer = Writer::create(path, error);
    if (!writer) _exit(3);
    const auto entry = static_cast<std::uint32_t>(
        api::find_entry_point("clFinish") - api::entry_points().data());
    for (std::uint64_t index = 1; index <= 3; ++index) {
      auto call = writer->begin_call(entry, index, index * 1000);
      call.handle(api::ObjectKind::CommandQueue, 7);
      call.enter(true);
      if (index == 3) {
        const char in_flight = 1;
        if (write(fds[1], &in_flight, 1) != 1) _exit(4);
        for (;;) pause();  // "inside the driver" until killed
      }
      call.result(CL_SUCCESS).sint(CL_SUCCESS);
      call.commit(index * 1000 + 10);
    }
    _exit(5);
  }
  close(fds[1]);
  char in_flight = 0;
  ASSERT_EQ(read(fds[0], &in_flight, 1), 1);
  kill(child, SIGKILL);
  int status = 0;
  waitpid(child, &status, 0);
  close(fds[0]);
  ASSERT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL);
  auto reader = testing::open_reader(path);
  ASSERT_TRUE(reader);
  std::vector<Call> calls;
  RecordView r;
  while (reader->next(r)) {
    if (r.kind != RecordKind::Call && r.kind != RecordKind::CallEnter) continue;
    Call c;
    ASSERT_TRUE(reader->decode(r, c));
    calls.push_back(std::move(c));
  }
  EXPECT_TRUE(reader->problems().empty()) << reader->problems().front();
  ASSERT_EQ(calls.size(), 3u);
  EXPECT_TRUE(calls[0].completed);
  EXPECT_TRUE(calls[1].completed);
  EXPECT_EQ(calls[2].index, 3u);
  EXPECT_FALSE(calls[2].completed);  // did not return
  EXPECT_EQ(calls[2].name, "clFinish");
  ASSERT_EQ(calls[2].params.size(), 1u);
  EXPECT_EQ(calls[2].params[0], Value::handle(api::ObjectKind::CommandQueue, 7));
}

}  // namespace
}  // namespace clvet::trace
