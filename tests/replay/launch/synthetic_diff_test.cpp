// clvet diff on launches whose recorded results the test makes itself, so that the expected
// verdict is known exactly: the reference device re-runs each launch (through the ICD loader,
// checkers on) and its results are compared with host-computed ones, exact or moved a known
// number of ULPs, as a fast-math device would leave them.
#include <gtest/gtest.h>

#include <unistd.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <limits>
#include <nlohmann/json.hpp>
#include <set>

#include "clvet/replay/controller.h"
#include "clvet/replay/launch_diff.h"
#include "clvet/trace/writer.h"

namespace clvet::replay {
namespace {

namespace fs = std::filesystem;

class SyntheticDiff : public ::testing::Test {
 protected:
  void SetUp() override {
    folder_ = fs::temp_directory_path() / ("clvet-synthetic-" + std::to_string(getpid()) + "-" +
                                           ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::create_directories(folder_);
    // write_launch_trace reads blobs through a reader; these launches hold inline bytes only.
    std::string error;
    auto writer = trace::Writer::create((folder_ / "empty.clvt").string(), error);
    ASSERT_TRUE(writer) << error;
    writer->close();
    empty_ = trace::Reader::open((folder_ / "empty.clvt").string(), error);
    ASSERT_TRUE(empty_) << error;
  }
  void TearDown() override { fs::remove_all(folder_); }

  // `launch` written as a trace, opened by the replay controller as clvet diff opens a
  // recorded one, and diffed through it.
  LaunchDiff diff(const KernelLaunch& launch, const DiffOptions& options = {}) {
    std::string error;
    const std::string path = (folder_ / "launch.clvt").string();
    EXPECT_TRUE(write_launch_trace(*empty_, launch, path, error)) << error;
    auto controller = Controller::open(path, error);
    EXPECT_TRUE(controller) << error;
    if (!controller) return {};
    const auto& launches = controller->launches();
    EXPECT_EQ(launches.size(), 1u);
    if (launches.size() != 1) return {};
    EXPECT_TRUE(launches[0].rerunnable()) << launches[0].problems.front();
    return controller->diff_launch(launches[0].call_index, here(options));
  }
  // This build's runner and device (the library finds them from clvet's own location).
  static DiffOptions here(DiffOptions options) {
    if (options.runner.empty()) options.runner = CLVET_LAUNCH_RUNNER;
    if (options.icd_dir.empty()) options.icd_dir = CLVET_ICD_DIR;
    return options;
  }

  static KernelLaunch one_dimensional(const std::string& source, const std::string& name, std::size_t n) {
    KernelLaunch l;
    l.call_index = 1;
    l.kernel_name = name;
    l.program = source;
    l.global = {n, 1, 1};
    l.has_before = l.has_after = true;
    return l;
  }
  static KernelArgument buffer(std::uint32_t index, const void* before, const void* after, std::size_t size) {
    KernelArgument a;
    a.kind = KernelArgument::Kind::Buffer;
    a.index = a.same_buffer_as = index;
    a.size = size;
    a.before = trace::Value::inline_bytes(before, size);
    a.after = trace::Value::inline_bytes(after, size);
    return a;
  }

  static std::string fmt_path(std::size_t n) { return "launch" + std::to_string(n) + ".clvt"; }

  fs::path folder_;
  std::unique_ptr<trace::Reader> empty_;
};

TEST_F(SyntheticDiff, ExactIntegersAgreeAndOneChangedElementIsFoundWithItsWorkItem) {
  constexpr int kN = 64;
  int x[kN], y[kN], zero[kN] = {};
  for (int i = 0; i < kN; ++i) {
    x[i] = i * 5 - 17;
    y[i] = x[i] * 2;  // the host's result of the kernel
  }
  KernelLaunch l = one_dimensional(
      "kernel void twice(global const int* x, global int* y) { size_t i = get_global_id(0); y[i] = x[i] * 2; }",
      "twice", kN);
  l.arguments = {buffer(0, x, x, sizeof x), buffer(1, zero, y, sizeof y)};
  LaunchDiff same = diff(l);
  ASSERT_EQ(same.status, LaunchDiff::Status::Same) << same.reason;
  EXPECT_EQ(same.compared(), 2u * kN);
  EXPECT_TRUE(same.findings.empty());

  y[5] += 1;  // a device that got element 5 wrong
  l.arguments[1] = buffer(1, zero, y, sizeof y);
  LaunchDiff different = diff(l);
  ASSERT_EQ(different.status, LaunchDiff::Status::Different) << different.reason;
  EXPECT_EQ(different.mismatches(), 1u);
  const ArgumentDiff& out = different.arguments[1];
  EXPECT_EQ(out.name, "y");
  ASSERT_TRUE(out.first);
  EXPECT_EQ(out.first->element, 5u);
  EXPECT_EQ(out.first->device, std::to_string(y[5]));
  EXPECT_EQ(out.first->reference, std::to_string(x[5] * 2));
  EXPECT_NE(out.first->work_item.find("global id (5)"), std::string::npos) << out.first->work_item;
}

// A launch whose buffers after it the trace does not hold (their reads failed when recorded)
// compares nothing, and nothing compared is not "the same".
TEST_F(SyntheticDiff, ALaunchWithNothingToCompareIsNotCalledTheSame) {
  constexpr int kN = 16;
  int x[kN] = {}, y[kN] = {};
  KernelLaunch l = one_dimensional(
      "kernel void twice(global const int* x, global int* y) { size_t i = get_global_id(0); y[i] = x[i] * 2; }",
      "twice", kN);
  l.arguments = {buffer(0, x, x, sizeof x), buffer(1, y, y, sizeof y)};
  for (KernelArgument& a : l.arguments) a.after = trace::Value{};
  LaunchDiff d = diff(l);
  EXPECT_EQ(d.compared(), 0u);
  EXPECT_EQ(d.status, LaunchDiff::Status::NotRun) << to_string(d.status);
  EXPECT_NE(d.reason.find("nothing to compare"), std::string::npos) << d.reason;
}

TEST_F(SyntheticDiff, FastMathResultsWithinTheirUlpLimitAgree) {
  constexpr int kN = 64;
  constexpr int kMoved = 40;  // ULPs a fast-math device is off by: well within half_exp's 8192
  float x[kN], y[kN], zero[kN] = {};
  for (int i = 0; i < kN; ++i) {
    x[i] = -2.0f + 4.0f * static_cast<float>(i) / kN;
    y[i] = std::exp(x[i]);
    for (int s = 0; s < kMoved; ++s) y[i] = std::nextafter(y[i], std::numeric_limits<float>::infinity());
  }
  KernelLaunch l = one_dimensional(
      "kernel void e(global const float* x, global float* y) { size_t i = get_global_id(0); y[i] = half_exp(x[i]); }",
      "e", kN);
  l.arguments = {buffer(0, x, x, sizeof x), buffer(1, zero, y, sizeof y)};
  LaunchDiff within = diff(l);
  ASSERT_EQ(within.status, LaunchDiff::Status::Same) << within.reason;
  EXPECT_EQ(within.arguments[1].tolerance.ulp, 8192);
  // The reference device's half_exp is within exp's 3 ulp of the true value, the host's too.
  EXPECT_GE(within.max_ulp(), kMoved - 6);
  EXPECT_LE(within.max_ulp(), kMoved + 6);

  DiffOptions strict;
  strict.ulp = 8;
  LaunchDiff beyond = diff(l, strict);
  ASSERT_EQ(beyond.status, LaunchDiff::Status::Different) << beyond.reason;
  EXPECT_GT(beyond.arguments[1].mismatches, kN / 2u);

  // --abs and --rel let results within them agree beside the ULP limit: 46 ulp of at most
  // e^2 is under 2.2e-5, and under 5.5e-6 of the value.
  DiffOptions absolute = strict;
  absolute.abs = 1e-4;
  LaunchDiff within_abs = diff(l, absolute);
  EXPECT_EQ(within_abs.status, LaunchDiff::Status::Same) << within_abs.reason;
  absolute.abs = 1e-9;
  EXPECT_EQ(diff(l, absolute).status, LaunchDiff::Status::Different);
  DiffOptions relative = strict;
  relative.rel = 1e-5;
  LaunchDiff within_rel = diff(l, relative);
  EXPECT_EQ(within_rel.status, LaunchDiff::Status::Same) << within_rel.reason;
  relative.rel = 1e-9;
  EXPECT_EQ(diff(l, relative).status, LaunchDiff::Status::Different);
}

// --against a platform of the system's loader (PoCL here) re-runs the launch there instead of
// on the reference device: the target says so, the host's results agree, and one changed
// element is found.
TEST_F(SyntheticDiff, AgainstAnotherPlatformRerunsItThere) {
  setenv("OCL_ICD_VENDORS", CLVET_LAUNCH_POCL_ICD, 1);
  constexpr int kN = 32;
  int x[kN], y[kN], zero[kN] = {};
  for (int i = 0; i < kN; ++i) {
    x[i] = 3 * i - 40;
    y[i] = x[i] * x[i];
  }
  KernelLaunch l = one_dimensional(
      "kernel void sq(global const int* x, global int* y) { size_t i = get_global_id(0); y[i] = x[i] * x[i]; }",
      "sq", kN);
  l.arguments = {buffer(0, x, x, sizeof x), buffer(1, zero, y, sizeof y)};
  DiffOptions on_pocl;
  on_pocl.against = "Portable";
  LaunchDiff same = diff(l, on_pocl);
  ASSERT_EQ(same.status, LaunchDiff::Status::Same) << same.reason;
  EXPECT_NE(same.target.find("Portable Computing Language"), std::string::npos) << same.target;
  EXPECT_EQ(same.compared(), 2u * kN);
  y[7] = -1;
  l.arguments[1] = buffer(1, zero, y, sizeof y);
  LaunchDiff different = diff(l, on_pocl);
  ASSERT_EQ(different.status, LaunchDiff::Status::Different) << different.reason;
  ASSERT_TRUE(different.arguments[1].first);
  EXPECT_EQ(different.arguments[1].first->element, 7u);
  EXPECT_EQ(different.arguments[1].first->reference, std::to_string(x[7] * x[7]));
}

TEST_F(SyntheticDiff, ABuildFailureIsReportedWithItsLog) {
  int x[4] = {};
  KernelLaunch l = one_dimensional("kernel void broken(global int* x) { x[0] = undeclared; }", "broken", 4);
  l.arguments = {buffer(0, x, x, sizeof x)};
  LaunchDiff d = diff(l);
  EXPECT_EQ(d.status, LaunchDiff::Status::Failed);
  EXPECT_NE(d.reason.find("clBuildProgram"), std::string::npos) << d.reason;
  EXPECT_NE(d.build_log.find("undeclared"), std::string::npos) << d.build_log;
}

TEST_F(SyntheticDiff, AKernelThatNeverEndsIsStoppedAtTheTimeout) {
  int x[2] = {0, 0};
  KernelLaunch l = one_dimensional(
      "kernel void spin(global volatile int* x) { while (x[0] == 0) x[1] += 1; }", "spin", 1);
  l.arguments = {buffer(0, x, x, sizeof x)};
  DiffOptions options;
  options.timeout_seconds = 3;
  LaunchDiff d = diff(l, options);
  EXPECT_EQ(d.status, LaunchDiff::Status::Failed);
  EXPECT_NE(d.reason.find("stopped after 3 s"), std::string::npos) << d.reason;
}

// The positions of the mismatches, as the GUI's heat map reads them from the JSON report: the
// ranges of mismatching element indices, against the set of elements the test changed.
TEST_F(SyntheticDiff, JsonGivesTheRangesOfMismatchingElementsAndTheNDRange) {
  constexpr int kN = 64;
  int x[kN], y[kN], zero[kN] = {};
  for (int i = 0; i < kN; ++i) {
    x[i] = 3 * i + 1;
    y[i] = x[i] + 7;
  }
  const std::set<int> changed = {3, 4, 5, 10, 60, 61, 62, 63};
  for (int i : changed) y[i] = -y[i];
  KernelLaunch l = one_dimensional(
      "kernel void add7(global const int* x, global int* y) {\n"
      "  size_t i = get_global_id(1) * get_global_size(0) + get_global_id(0);\n"
      "  y[i] = x[i] + 7;\n"
      "}",
      "add7", kN);
  l.work_dim = 2;
  l.global = {kN / 4, 4, 1};
  l.local = {8, 2, 1};
  l.has_local = true;
  l.arguments = {buffer(0, x, x, sizeof x), buffer(1, zero, y, sizeof y)};
  DiffReport report;
  report.launches.push_back(diff(l));
  ASSERT_EQ(report.launches[0].status, LaunchDiff::Status::Different) << report.launches[0].reason;
  const auto json = nlohmann::json::parse(render_json(report));
  const auto& launch = json["launches"][0];
  EXPECT_EQ(launch["global_size"], nlohmann::json({kN / 4, 4, 1}));
  EXPECT_EQ(launch["local_size"], nlohmann::json({8, 2, 1}));
  const auto& in = launch["arguments"][0];
  EXPECT_EQ(in["elements"], kN);
  EXPECT_EQ(in["mismatch_runs"], nlohmann::json::array());
  const auto& out = launch["arguments"][1];
  EXPECT_EQ(out["elements"], kN);
  EXPECT_EQ(out["mismatches"], changed.size());
  // The runs, expanded, are exactly the changed elements, ascending.
  std::vector<int> listed;
  for (const auto& run : out["mismatch_runs"])
    for (int i = 0; i < run[1].get<int>(); ++i) listed.push_back(run[0].get<int>() + i);
  EXPECT_EQ(listed, std::vector<int>(changed.begin(), changed.end()));
  EXPECT_EQ(out["mismatch_runs"], nlohmann::json::parse("[[3, 3], [10, 1], [60, 4]]"));
  EXPECT_FALSE(out.contains("mismatch_runs_truncated"));

  // A launch whose work-group size the platform chose has none to give.
  l.has_local = false;
  report.launches[0] = diff(l);
  EXPECT_TRUE(nlohmann::json::parse(render_json(report))["launches"][0]["local_size"].is_null());
}

// The controller's re-run gives the target's buffers afterwards and its findings; a call that
// is not a launch is refused by name, by both methods.
TEST_F(SyntheticDiff, TheControllerRerunsALaunchAndRefusesACallThatIsNone) {
  int x[8] = {1, 2, 3, 4, 5, 6, 7, 8}, zero[8] = {}, expected[8];
  for (int i = 0; i < 8; ++i) expected[i] = x[i] * x[i];
  KernelLaunch l = one_dimensional(
      "kernel void sq(global const int* x, global int* y) { size_t i = get_global_id(0); y[i] = x[i] * x[i]; }",
      "sq", 8);
  l.arguments = {buffer(0, x, x, sizeof x), buffer(1, zero, expected, sizeof expected)};
  std::string error;
  const std::string path = (folder_ / "launch.clvt").string();
  ASSERT_TRUE(write_launch_trace(*empty_, l, path, error)) << error;
  auto controller = Controller::open(path, error);
  ASSERT_TRUE(controller) << error;
  ASSERT_EQ(controller->launches().size(), 1u);
  const std::uint64_t call = controller->launches()[0].call_index;
  const Rerun r = controller->rerun_launch(call, here({}));
  ASSERT_TRUE(r.ok) << r.error;
  EXPECT_NE(r.target.find("clvet"), std::string::npos) << r.target;
  ASSERT_EQ(r.buffers.size(), 2u);
  EXPECT_EQ(r.buffers[1].first, 1u);
  EXPECT_EQ(r.buffers[1].second, std::string(reinterpret_cast<const char*>(expected), sizeof expected));
  EXPECT_TRUE(r.findings.empty());

  const Rerun none = controller->rerun_launch(1, here({}));
  EXPECT_FALSE(none.ok);
  EXPECT_EQ(none.error, "call 1 is not a kernel launch");
  const LaunchDiff not_run = controller->diff_launch(1, here({}));
  EXPECT_EQ(not_run.status, LaunchDiff::Status::NotRun);
  EXPECT_EQ(not_run.reason, "call 1 is not a kernel launch");
}

// One runner re-runs many launches, building each program once; a launch that never ends is
// stopped alone, and the launches after it run in a new runner with their results intact.
TEST_F(SyntheticDiff, ALaunchStoppedAtTheTimeoutLosesNoOtherLaunch) {
  constexpr int kN = 16;
  int x[kN], doubled[kN], zero[kN] = {};
  for (int i = 0; i < kN; ++i) {
    x[i] = i - 5;
    doubled[i] = 2 * x[i];
  }
  const std::string source =
      "kernel void twice(global const int* x, global int* y) { size_t i = get_global_id(0); y[i] = 2 * x[i]; }\n"
      "kernel void spin(global volatile int* x) { while (x[0] == 0) x[1] += 1; }\n";
  KernelLaunch twice = one_dimensional(source, "twice", kN);
  twice.arguments = {buffer(0, x, x, sizeof x), buffer(1, zero, doubled, sizeof doubled)};
  KernelLaunch spin = one_dimensional(source, "spin", 1);
  spin.arguments = {buffer(0, zero, zero, 2 * sizeof(int))};
  std::vector<std::unique_ptr<trace::Reader>> readers;
  std::vector<KernelLaunch> launches;
  for (const KernelLaunch* l : {&twice, &twice, &spin, &twice}) {
    std::string error;
    const std::string path = (folder_ / fmt_path(readers.size())).string();
    ASSERT_TRUE(write_launch_trace(*empty_, *l, path, error)) << error;
    readers.push_back(trace::Reader::open(path, error));
    ASSERT_TRUE(readers.back()) << error;
    launches.push_back(read_launches(*readers.back()).at(0));
  }
  DiffOptions options = here({});
  options.timeout_seconds = 3;
  LaunchRunner runner;
  std::vector<LaunchDiff> results;
  for (std::size_t i = 0; i < launches.size(); ++i) results.push_back(runner.diff(*readers[i], launches[i], options));
  EXPECT_EQ(results[0].status, LaunchDiff::Status::Same) << results[0].reason;
  EXPECT_EQ(results[1].status, LaunchDiff::Status::Same) << results[1].reason;
  EXPECT_EQ(results[2].status, LaunchDiff::Status::Failed);
  EXPECT_NE(results[2].reason.find("stopped after 3 s"), std::string::npos) << results[2].reason;
  EXPECT_EQ(results[3].status, LaunchDiff::Status::Same) << results[3].reason;
  EXPECT_EQ(results[3].compared(), 2u * kN);
  EXPECT_EQ(runner.processes_started(), 2u);
}

// A runner that dies in a launch (here a stand-in that kills itself with SIGSEGV where the
// launch's kernel is named crash_here, and passes the other launches to the real runner) fails
// that launch alone, with the signal; the next launch gets a new runner.
TEST_F(SyntheticDiff, ALaunchThatCrashesTheRunnerLosesNoOtherLaunch) {
  const fs::path stand_in = folder_ / "crashing_runner.sh";
  {
    std::ofstream script(stand_in);
    script << "#!/bin/sh\n"
              "while read -r folder; do\n"
              "  if grep -qa crash_here \"$folder/launch.clvt\"; then kill -SEGV $$; fi\n"
              "  echo \"$folder\" | '" CLVET_LAUNCH_RUNNER "' \"$@\"\n"
              "done\n";
  }
  fs::permissions(stand_in, fs::perms::owner_all);
  int x[4] = {1, 2, 3, 4}, plus1[4] = {2, 3, 4, 5}, zero[4] = {};
  const std::string source =
      "kernel void inc(global const int* x, global int* y) { size_t i = get_global_id(0); y[i] = x[i] + 1; }\n"
      "kernel void crash_here(global int* x) { x[0] = 1; }\n";
  KernelLaunch inc = one_dimensional(source, "inc", 4);
  inc.arguments = {buffer(0, x, x, sizeof x), buffer(1, zero, plus1, sizeof plus1)};
  KernelLaunch crash = one_dimensional(source, "crash_here", 1);
  crash.arguments = {buffer(0, zero, zero, sizeof zero)};
  DiffOptions options = here({});
  options.runner = stand_in.string();
  LaunchRunner runner;
  std::vector<LaunchDiff> results;
  for (const KernelLaunch* l : {&inc, &crash, &inc}) {
    std::string error;
    const std::string path = (folder_ / fmt_path(results.size())).string();
    ASSERT_TRUE(write_launch_trace(*empty_, *l, path, error)) << error;
    auto reader = trace::Reader::open(path, error);
    ASSERT_TRUE(reader) << error;
    results.push_back(runner.diff(*reader, read_launches(*reader).at(0), options));
  }
  EXPECT_EQ(results[0].status, LaunchDiff::Status::Same) << results[0].reason;
  EXPECT_EQ(results[1].status, LaunchDiff::Status::Failed);
  EXPECT_NE(results[1].reason.find("killed by signal 11"), std::string::npos) << results[1].reason;
  EXPECT_EQ(results[2].status, LaunchDiff::Status::Same) << results[2].reason;
  EXPECT_EQ(runner.processes_started(), 2u);
}

// Launches that share a runner keep their own findings: the reference device hands them over
// launch by launch (clvetWriteFindingsCLVET), so a race in one launch is not the next one's.
TEST_F(SyntheticDiff, LaunchesInOneRunnerHaveTheirOwnFindings) {
  int x[8] = {}, ids[8] = {0, 1, 2, 3, 4, 5, 6, 7};
  const std::string source =
      "kernel void race(global int* x) { x[0] = (int)get_global_id(0); }\n"
      "kernel void ids(global int* x) { x[get_global_id(0)] = (int)get_global_id(0); }\n";
  KernelLaunch race = one_dimensional(source, "race", 8);
  race.arguments = {buffer(0, x, x, sizeof x)};
  KernelLaunch clean = one_dimensional(source, "ids", 8);
  clean.arguments = {buffer(0, x, ids, sizeof ids)};
  LaunchRunner runner;
  std::vector<Rerun> results;
  for (const KernelLaunch* l : {&race, &clean}) {
    std::string error;
    const std::string path = (folder_ / fmt_path(results.size())).string();
    ASSERT_TRUE(write_launch_trace(*empty_, *l, path, error)) << error;
    auto reader = trace::Reader::open(path, error);
    ASSERT_TRUE(reader) << error;
    results.push_back(runner.rerun(*reader, read_launches(*reader).at(0), here({})));
    ASSERT_TRUE(results.back().ok) << results.back().error;
  }
  ASSERT_FALSE(results[0].findings.empty());
  ASSERT_TRUE(results[0].findings[0].kernel);
  EXPECT_EQ(results[0].findings[0].kernel->kind, reports::KernelKind::RaceWriteWrite);
  EXPECT_TRUE(results[1].findings.empty());
  EXPECT_EQ(runner.processes_started(), 1u);
}

// The writer of a mismatching element is the work-item that stored to it on the reference
// device, whatever the kernel's mapping: work-item (x, y) of a 2-D NDRange writes element
// 2 * (linear id) + 1 (the even elements are left as they were), or a gathered element.
TEST_F(SyntheticDiff, TheWriterOfAMismatchIsTheWorkItemThatStoredIt) {
  constexpr int kX = 8, kY = 4, kItems = kX * kY;
  int out[2 * kItems], before[2 * kItems];
  for (int i = 0; i < 2 * kItems; ++i) before[i] = out[i] = -1;
  for (int i = 0; i < kItems; ++i) out[2 * i + 1] = 10 * i;  // the host's result
  KernelLaunch strided = one_dimensional(
      "kernel void odd(global int* out) {\n"
      "  size_t i = get_global_id(1) * get_global_size(0) + get_global_id(0);\n"
      "  out[2 * i + 1] = 10 * (int)i;\n"
      "}\n",
      "odd", 0);
  strided.work_dim = 2;
  strided.global = {kX, kY, 1};
  strided.local = {4, 2, 1};
  strided.has_local = true;
  const int item = 13;  // global id (5, 1), work-group (1, 0), local id (1, 1)
  out[2 * item + 1] += 1;
  strided.arguments = {buffer(0, before, out, sizeof out)};
  LaunchDiff d = diff(strided);
  ASSERT_EQ(d.status, LaunchDiff::Status::Different) << d.reason;
  const ArgumentDiff& a = d.arguments[0];
  ASSERT_TRUE(a.first);
  EXPECT_EQ(a.first->element, 2u * item + 1);
  ASSERT_TRUE(a.first->writer) << a.first->work_item;
  EXPECT_EQ(a.first->writer->global, (std::array<std::uint64_t, 3>{item % kX, item / kX, 0}));
  EXPECT_EQ(a.first->writer->group, (std::array<std::uint64_t, 3>{(item % kX) / 4, (item / kX) / 2, 0}));
  EXPECT_EQ(a.first->writer->local, (std::array<std::uint64_t, 3>{(item % kX) % 4, (item / kX) % 2, 0}));
  EXPECT_EQ(a.first->work_item, "global id (5, 1), work-group (1, 0) (its last store on the reference device)");

  // An element no work-item stored to on the reference device has no writer there.
  out[2 * item + 1] -= 1;
  out[4] = 7;
  strided.arguments = {buffer(0, before, out, sizeof out)};
  d = diff(strided);
  ASSERT_EQ(d.status, LaunchDiff::Status::Different) << d.reason;
  ASSERT_TRUE(d.arguments[0].first);
  EXPECT_EQ(d.arguments[0].first->element, 4u);
  EXPECT_FALSE(d.arguments[0].first->writer);

  // A gather: work-item i writes element perm[i].
  constexpr int kN = 16;
  int perm[kN], gathered[kN], zero[kN] = {};
  for (int i = 0; i < kN; ++i) perm[i] = (i * 5 + 3) % kN;  // 5 is prime to 16: a permutation
  for (int i = 0; i < kN; ++i) gathered[perm[i]] = i;
  KernelLaunch gather = one_dimensional(
      "kernel void scatter(global const int* perm, global int* out) {\n"
      "  out[perm[get_global_id(0)]] = (int)get_global_id(0);\n"
      "}\n",
      "scatter", kN);
  gather.local = {4, 1, 1};
  gather.has_local = true;
  gathered[perm[9]] = 100;  // the element work-item 9 wrote
  gather.arguments = {buffer(0, perm, perm, sizeof perm), buffer(1, zero, gathered, sizeof gathered)};
  d = diff(gather);
  ASSERT_EQ(d.status, LaunchDiff::Status::Different) << d.reason;
  const ArgumentDiff& g = d.arguments[1];
  ASSERT_TRUE(g.first);
  EXPECT_EQ(g.first->element, static_cast<std::uint64_t>(perm[9]));
  ASSERT_TRUE(g.first->writer) << g.first->work_item;
  EXPECT_EQ(g.first->writer->global[0], 9u);
  EXPECT_EQ(g.first->writer->group[0], 2u);
  const auto json = nlohmann::json::parse(render_json(DiffReport{"", "reference", {d}}));
  EXPECT_EQ(json["launches"][0]["arguments"][1]["first_mismatch"]["writer"]["global_id"], nlohmann::json({9, 0, 0}));
}

}  // namespace
}  // namespace clvet::replay
