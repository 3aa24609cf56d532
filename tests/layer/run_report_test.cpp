// What `clvet run` reports under the layer whatever way its program ends: the report in the
// format and place asked (JSON or SARIF on stderr with nothing else there), the findings of a
// program that died read from its trace with how it ended, the call a driver crashed in kept
// in the trace, and a trace that could not be written said so (tests/layer/crash/ending.c).
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "run_program.h"

namespace clvet::test {
namespace {

const std::vector<std::pair<std::string, std::string>> kPocl = {{"OCL_ICD_VENDORS", CLVET_POCL_ICD},
                                                                 {"OCL_ICD_FILENAMES", ""}};
const std::vector<std::pair<std::string, std::string>> kFake = {{"OCL_ICD_VENDORS", CLVET_FAKE_ICD},
                                                                 {"OCL_ICD_FILENAMES", ""}};

Ran under_clvet(const std::string& mode, const std::vector<std::string>& flags,
                const std::vector<std::pair<std::string, std::string>>& environment = kPocl) {
  std::vector<std::string> command = {CLVET_CLI, "run"};
  command.insert(command.end(), flags.begin(), flags.end());
  command.push_back("--");
  command.push_back(CLVET_ENDING_PROGRAM);
  command.push_back(mode);
  return run(command, environment);
}

// The rule ids of a clvet JSON report.
std::vector<std::string> rules_in(const nlohmann::json& report) {
  std::vector<std::string> ids;
  for (const auto& finding : report.at("findings")) ids.push_back(finding.at("rule").get<std::string>());
  return ids;
}

bool contains(const std::vector<std::string>& ids, const std::string& id) {
  return std::find(ids.begin(), ids.end(), id) != ids.end();
}

TEST(RunReport, JsonOnStderrIsTheReportAlone) {
  const Ran ran = under_clvet("exit", {"--report-format=json", "--trace=none"});
  EXPECT_EQ(ran.status, 1) << ran.err;
  const nlohmann::json report = nlohmann::json::parse(ran.err, nullptr, false);
  ASSERT_FALSE(report.is_discarded()) << "stderr is not one JSON document:\n" << ran.err;
  EXPECT_TRUE(contains(rules_in(report), "ReleaseMemObjectInvalidMemObject")) << ran.err;
}

TEST(RunReport, SarifGoesToTheFileAsked) {
  const std::string file = temporary_path("sarif");
  const Ran ran = under_clvet("exit", {"--report-format=sarif", "--report=" + file, "--trace=none"});
  EXPECT_EQ(ran.status, 1) << ran.err;
  const nlohmann::json log = nlohmann::json::parse(read_file(file), nullptr, false);
  std::remove(file.c_str());
  ASSERT_FALSE(log.is_discarded());
  EXPECT_EQ(log.value("version", ""), "2.1.0");
  bool found = false;
  for (const auto& result : log.at("runs").at(0).at("results"))
    found = found || result.value("ruleId", "") == "ReleaseMemObjectInvalidMemObject";
  EXPECT_TRUE(found) << log.dump(1);
}

// A program killed (or leaving by _exit) writes no report: its findings come from its trace.
TEST(RunReport, AProgramThatDiesIsReportedFromItsTrace) {
  const std::string trace = temporary_path("killed.clvt");
  const Ran killed = under_clvet("kill", {"--report-format=json", "--trace=" + trace});
  EXPECT_EQ(killed.status, 128 + 9);
  const nlohmann::json report = nlohmann::json::parse(killed.err, nullptr, false);
  ASSERT_FALSE(report.is_discarded()) << killed.err;
  const auto ids = rules_in(report);
  EXPECT_TRUE(contains(ids, "ReleaseMemObjectInvalidMemObject")) << killed.err;
  EXPECT_TRUE(contains(ids, "ProcessEndedEarly")) << killed.err;
  EXPECT_NE(killed.err.find("killed by signal 9"), std::string::npos) << killed.err;

  const Ran left = under_clvet("_exit", {"--trace=" + trace});
  EXPECT_EQ(left.status, 1) << left.err;
  EXPECT_NE(left.err.find("ReleaseMemObjectInvalidMemObject"), std::string::npos) << left.err;
  EXPECT_NE(left.err.find("exited with status 0 before writing its report"), std::string::npos)
      << left.err;
  std::remove(trace.c_str());
}

// Another program recording into the same folder (ctest -j2 runs two tests in tests/layer, each
// with clvet run's default trace clvet-%p.clvt there): its writer grows its trace 8 MiB at a time
// and cuts it to its length when its process ends, which may be while this run reads the
// folder's traces to find its own. The cut comes here at the worst moment, right after clvet run
// asked the file's size (crash/cutting_writer.c): a reader that mapped the file at that size died
// of SIGBUS at its old end, and the program's report was never written (2026-11-27: once in a
// full ctest -j2 run, Layer/ProgramOverReferenceDevice/"bad_wait_lists" got no findings).
TEST(RunReport, AnotherProgramsTraceCutWhileItIsReadLosesNothing) {
  namespace fs = std::filesystem;
  const fs::path folder = temporary_path("traces");
  fs::remove(folder);
  ASSERT_TRUE(fs::create_directory(folder));
  const std::string pattern = (folder / "clvet-%p.clvt").string();
  // The other program's trace as its writer leaves it while it records: its records, then the
  // rest of the 8 MiB its file was grown to.
  const Ran other = under_clvet("exit", {"--report-format=json", "--trace=" + pattern});
  ASSERT_EQ(other.status, 1) << other.err;
  std::vector<fs::path> written;
  for (const fs::directory_entry& entry : fs::directory_iterator(folder)) written.push_back(entry.path());
  ASSERT_EQ(written.size(), 1u);
  const fs::path recording = folder / "clvet-999999.clvt";
  fs::rename(written[0], recording);
  const std::uintmax_t length = fs::file_size(recording);
  fs::resize_file(recording, std::uintmax_t{8} << 20);

  std::vector<std::pair<std::string, std::string>> environment = kPocl;
  environment.emplace_back("LD_PRELOAD", CLVET_CUTTING_WRITER);
  environment.emplace_back("CLVET_TEST_CUT_TRACE", recording.string());
  environment.emplace_back("CLVET_TEST_CUT_LENGTH", std::to_string(length));
  const Ran ran = under_clvet("exit", {"--report-format=json", "--trace=" + pattern}, environment);
  EXPECT_EQ(ran.status, 1) << "clvet run " << (ran.status > 128 ? "was killed" : "ended") << ": "
                           << ran.status << "\n" << ran.err;
  const nlohmann::json report = nlohmann::json::parse(ran.err, nullptr, false);
  ASSERT_FALSE(report.is_discarded()) << ran.err;
  const auto ids = rules_in(report);
  EXPECT_TRUE(contains(ids, "ReleaseMemObjectInvalidMemObject")) << ran.err;
  // Its own trace, not the other program's: that one is of another run.
  EXPECT_FALSE(contains(ids, "ProcessEndedEarly")) << ran.err;
  // The cut was made: clvet run did look at the other program's trace.
  EXPECT_EQ(fs::file_size(recording), length);
}

// The environment that has crash/cutting_writer.c cut `trace` to nothing in `process` (its short
// name), right after that process first maps the file or reads a part of it at an offset, the
// first `reads_passed` such reads let pass.
std::vector<std::pair<std::string, std::string>> cut_at_whole_read(const std::string& trace,
                                                                   const std::string& process,
                                                                   int reads_passed = 0) {
  std::vector<std::pair<std::string, std::string>> environment = kPocl;
  environment.emplace_back("LD_PRELOAD", CLVET_CUTTING_WRITER);
  environment.emplace_back("CLVET_TEST_CUT_TRACE", trace);
  environment.emplace_back("CLVET_TEST_CUT_LENGTH", "0");
  environment.emplace_back("CLVET_TEST_CUT_WHEN", "whole");
  environment.emplace_back("CLVET_TEST_CUT_PROCESS", process);
  environment.emplace_back("CLVET_TEST_CUT_AFTER", std::to_string(reads_passed));
  return environment;
}

// A killed program's findings come from its trace, which another process may cut while clvet run
// reads it (a process the program started still recording into it, or a new process given the
// dead one's id in a folder another clvet run shares, whose writer truncates the file it claims).
// Cut here right after clvet run maps the trace or reads a part of it to find the findings (its
// first read, of the trace's start to find whose it is, passes): a mapping killed
// clvet run with SIGBUS and the report was never written (rc 135); the part read keeps the
// findings recorded before the cut.
TEST(RunReport, AKilledProgramsTraceCutWhileItIsReadLosesNothing) {
  const std::string trace = temporary_path("killed-cut.clvt");
  const Ran killed = under_clvet("kill", {"--report-format=json", "--trace=" + trace},
                                 cut_at_whole_read(trace, "clvet", 1));
  EXPECT_EQ(killed.status, 128 + 9) << "clvet run " << (killed.status == 128 + 7 ? "died of SIGBUS" : "ended")
                                    << ": " << killed.status << "\n" << killed.err;
  const nlohmann::json report = nlohmann::json::parse(killed.err, nullptr, false);
  ASSERT_FALSE(report.is_discarded()) << killed.err;
  const auto ids = rules_in(report);
  EXPECT_TRUE(contains(ids, "ReleaseMemObjectInvalidMemObject")) << killed.err;
  EXPECT_TRUE(contains(ids, "ProcessEndedEarly")) << killed.err;
  // The cut was made: clvet run did read the trace while it was cut.
  EXPECT_EQ(std::filesystem::file_size(trace), 0u);
}

// A killed program's findings are read from its trace in bounded memory, however much data the
// trace holds: the program makes a buffer from 200 MiB of bytes that do not compress, and clvet
// run, which read the whole trace into memory to find the findings (cc260a5), needs less than
// half of that (its peak resident memory, written as it exits by crash/peak_memory.c).
TEST(RunReport, AKilledProgramsTraceWithHundredsOfMegabytesIsReadInBoundedMemory) {
  const std::string trace = temporary_path("big.clvt");
  const std::string peak_file = temporary_path("peak");
  std::vector<std::pair<std::string, std::string>> environment = kPocl;
  environment.emplace_back("LD_PRELOAD", CLVET_PEAK_MEMORY);
  environment.emplace_back("CLVET_TEST_PEAK_PROCESS", "clvet");
  environment.emplace_back("CLVET_TEST_PEAK_FILE", peak_file);
  const Ran killed =
      under_clvet("big", {"--report-format=json", "--trace=" + trace, "--trace-data=1"}, environment);
  EXPECT_EQ(killed.status, 128 + 9) << killed.err;
  const std::uintmax_t trace_bytes = std::filesystem::file_size(trace);
  EXPECT_GT(trace_bytes, std::uintmax_t{200} << 20) << "the trace holds the buffer's bytes";
  const nlohmann::json report = nlohmann::json::parse(killed.err, nullptr, false);
  ASSERT_FALSE(report.is_discarded()) << killed.err;
  const auto ids = rules_in(report);
  EXPECT_TRUE(contains(ids, "ReleaseMemObjectInvalidMemObject")) << killed.err;
  EXPECT_TRUE(contains(ids, "ProcessEndedEarly")) << killed.err;
  const long peak_kib = std::stol("0" + read_file(peak_file));
  ASSERT_GT(peak_kib, 0) << "clvet run wrote no peak memory";
  EXPECT_LT(std::uintmax_t(peak_kib) << 10, trace_bytes / 2)
      << "clvet run's peak resident memory against a trace of " << trace_bytes << " bytes";
  std::printf("clvet run's peak resident memory: %ld KiB, for a trace of %ju bytes\n", peak_kib,
              trace_bytes);
}

// A trace an earlier run left at the path is claimed by the next process given it: its layer
// reads whose the file is as the program starts, holding the file's lock, which keeps clvet's
// writers away but not a process that takes no lock. Cut here right after the program's layer
// first maps the file or reads a part of it: a mapping killed the program with SIGBUS before its
// first call returned (rc 135); the part read says the file is another run's, and the program
// records into it from its start.
TEST(RunReport, AnEarlierRunsTraceCutWhileTheLayerReadsItLosesNothing) {
  const std::string trace = temporary_path("earlier.clvt");
  const Ran earlier = under_clvet("exit", {"--report-format=json", "--trace=" + trace});
  ASSERT_EQ(earlier.status, 1) << earlier.err;
  // As a killed writer leaves it: its records, then the rest of the 8 MiB its file was grown to.
  std::filesystem::resize_file(trace, std::uintmax_t{8} << 20);
  const Ran ran = under_clvet("exit", {"--report-format=json", "--trace=" + trace},
                              cut_at_whole_read(trace, std::filesystem::path(CLVET_ENDING_PROGRAM).filename()));
  EXPECT_EQ(ran.status, 1) << "clvet run: " << (ran.status == 128 + 7 ? "the program died of SIGBUS" : "")
                           << ran.status << "\n" << ran.err;
  const nlohmann::json report = nlohmann::json::parse(ran.err, nullptr, false);
  ASSERT_FALSE(report.is_discarded()) << ran.err;
  const auto ids = rules_in(report);
  EXPECT_TRUE(contains(ids, "ReleaseMemObjectInvalidMemObject")) << ran.err;
  EXPECT_FALSE(contains(ids, "ProcessEndedEarly")) << ran.err;
  // The program's own trace, whole: recorded from its start into the file it claimed.
  const Ran info = run({CLVET_CLI, "trace", "info", trace});
  EXPECT_EQ(info.status, 0) << info.err;
  EXPECT_NE(info.out.find("closed cleanly"), std::string::npos) << info.out;
  EXPECT_NE(info.out.find(CLVET_ENDING_PROGRAM), std::string::npos) << info.out;
}

// Each process of the program keeps its own trace (%p: its id; clvet run's default is
// clvet-%p.clvt), and the report holds every process's findings: here a second OpenCL process
// killed before it could write its report, whose finding comes from its own trace.
TEST(RunReport, EachProcessHasItsOwnTrace) {
  const std::string folder = temporary_path("traces");  // a file made for the name: a folder instead
  ASSERT_EQ(run({"sh", "-c", "rm -f \"$0\" && mkdir \"$0\"", folder}).status, 0);
  for (const bool named : {true, false}) {
    const std::string file = temporary_path("report.json");
    // Named: --trace=FOLDER/p-%p.clvt; by default: clvet-%p.clvt in the current folder.
    const Ran ran =
        named ? under_clvet("child", {"--report-format=json", "--report=" + file, "--trace=" + folder + "/p-%p.clvt"})
              : run({"sh", "-c", "cd \"$1\" && exec \"$0\" run --report-format=json --report=\"$3\" -- \"$2\" child",
                     CLVET_CLI, folder, CLVET_ENDING_PROGRAM, file},
                    kPocl);
    EXPECT_EQ(ran.status, 1) << ran.err;
    // Two traces, each of its own process: the ProcessInfo's pid is the one in its name.
    const Ran listed = run({"sh", "-c", named ? "ls \"$0\"/p-*.clvt" : "ls \"$0\"/clvet-*.clvt", folder});
    std::vector<std::string> traces;
    std::istringstream lines(listed.out);
    for (std::string line; std::getline(lines, line);) traces.push_back(line);
    ASSERT_EQ(traces.size(), 2u) << listed.out << ran.err;
    std::set<std::string> pids;
    std::size_t killed_traces = 0;
    for (const std::string& trace : traces) {
      const Ran info = run({CLVET_CLI, "trace", "info", trace});
      const std::size_t dash = trace.rfind('-');
      const std::string pid = trace.substr(dash + 1, trace.size() - dash - 1 - 5);
      EXPECT_NE(info.out.find("process " + pid + " on"), std::string::npos) << trace << "\n" << info.out;
      pids.insert(pid);
      const Ran dump = run({CLVET_CLI, "trace", "dump", trace});
      EXPECT_NE(dump.out.find("clReleaseMemObject"), std::string::npos) << dump.out;
      if (info.out.find(" kill (recorded by") != std::string::npos) ++killed_traces;
      const std::string said = named ? trace : trace.substr(trace.rfind('/') + 1);
      EXPECT_NE(ran.err.find("trace written to " + said), std::string::npos) << ran.err;
    }
    EXPECT_EQ(pids.size(), 2u);
    EXPECT_EQ(killed_traces, 1u) << "the killed child's trace is its own";
    // Both processes' double release, the child's from its trace with a note that it ended early.
    const nlohmann::json report = nlohmann::json::parse(read_file(file), nullptr, false);
    std::remove(file.c_str());
    ASSERT_FALSE(report.is_discarded()) << ran.err;
    const auto ids = rules_in(report);
    EXPECT_EQ(std::count(ids.begin(), ids.end(), "ReleaseMemObjectInvalidMemObject"), 2) << ran.err;
    EXPECT_TRUE(contains(ids, "ProcessEndedEarly")) << ran.err;
    for (const std::string& trace : traces) std::remove(trace.c_str());
  }
  run({"rmdir", folder});
}

// The process id a trace's ProcessInfo names ("process N on" in clvet trace info), "" if none.
std::string process_of(const std::string& trace) {
  const Ran info = run({CLVET_CLI, "trace", "info", trace});
  std::istringstream lines(info.out);
  for (std::string line; std::getline(lines, line);)
    if (line.starts_with("process ") && line.find(" on ") != std::string::npos)
      return line.substr(8, line.find(" on ") - 8);
  return "";
}

// --trace=FILE without %p, given to a program of two processes: the first to record takes FILE,
// the other records beside it, FILE's name with its process id before the extension, and says
// so; neither overwrites the other. "child": the first is a child that ended before its parent
// began (the parent's trace is of the same clvet run: t-<parent>.clvt); "held": the parent
// records while its child runs (it holds FILE: the child's is t-<child>.clvt). A FILE of an
// earlier run is replaced, as before.
TEST(RunReport, OneTraceFileForSeveralProcesses) {
  const std::string folder = temporary_path("one-file");  // a file made for the name: a folder instead
  ASSERT_EQ(run({"sh", "-c", "rm -f \"$0\" && mkdir \"$0\"", folder}).status, 0);
  const std::string given = folder + "/t.clvt";
  auto others = [&] {
    const Ran listed = run({"sh", "-c", "ls \"$0\"/t-*.clvt 2>/dev/null || true", folder});
    std::vector<std::string> traces;
    std::istringstream lines(listed.out);
    for (std::string line; std::getline(lines, line);) traces.push_back(line);
    return traces;
  };
  for (const std::string mode : {"child", "held"}) {
    SCOPED_TRACE(mode);
    run({"sh", "-c", "rm -f \"$0\"/t*.clvt", folder});
    const std::string file = temporary_path("report.json");
    const Ran ran = under_clvet(mode, {"--report-format=json", "--report=" + file, "--trace=" + given});
    EXPECT_EQ(ran.status, 1) << ran.err;
    const std::vector<std::string> beside = others();
    ASSERT_EQ(beside.size(), 1u) << ran.err;
    const std::string& other = beside[0];
    const std::size_t dash = other.rfind('-');
    const std::string other_pid = other.substr(dash + 1, other.size() - dash - 1 - 5);
    EXPECT_EQ(process_of(other), other_pid) << other;
    const std::string first_pid = process_of(given);
    EXPECT_FALSE(first_pid.empty());
    EXPECT_NE(first_pid, other_pid) << "each trace is of its own process";
    // The killed child's trace: FILE when it recorded first, beside it when its parent did.
    const Ran info = run({CLVET_CLI, "trace", "info", mode == "child" ? given : other});
    EXPECT_NE(info.out.find(" kill (recorded by"), std::string::npos) << info.out;
    EXPECT_NE(ran.err.find(given + " is the trace of another process of the program; process " + other_pid +
                           " records into " + other),
              std::string::npos)
        << ran.err;
    EXPECT_NE(ran.err.find("trace written to " + given + "\n"), std::string::npos) << ran.err;
    EXPECT_NE(ran.err.find("trace written to " + other + "\n"), std::string::npos) << ran.err;
    const nlohmann::json report = nlohmann::json::parse(read_file(file), nullptr, false);
    std::remove(file.c_str());
    ASSERT_FALSE(report.is_discarded()) << ran.err;
    const auto ids = rules_in(report);
    EXPECT_EQ(std::count(ids.begin(), ids.end(), "ReleaseMemObjectInvalidMemObject"), 2) << ran.err;
    EXPECT_TRUE(contains(ids, "ProcessEndedEarly")) << ran.err;
  }
  // A later run of one process: FILE is an earlier run's, replaced; nothing recorded beside it.
  const std::string before = others().empty() ? "" : others()[0];
  const Ran again = under_clvet("exit", {"--trace=" + given});
  EXPECT_EQ(again.status, 1) << again.err;
  EXPECT_EQ(again.err.find("is the trace of another process"), std::string::npos) << again.err;
  EXPECT_EQ(others(), std::vector<std::string>{before});
  const Ran dump = run({CLVET_CLI, "trace", "info", given});
  EXPECT_NE(dump.out.find(" exit (recorded by"), std::string::npos) << dump.out;
  run({"sh", "-c", "rm -f \"$0\"/t*.clvt && rmdir \"$0\"", folder});
}

// The same programs of two processes with the report on stderr as JSON or SARIF: stderr is
// that one document alone, though one process recorded beside the trace file named (the note
// that says so is left out), and both processes' traces and findings are there.
TEST(RunReport, DataOnStderrStaysAloneWithTracesBesideEachOther) {
  const std::string folder = temporary_path("alone");  // a file made for the name: a folder instead
  ASSERT_EQ(run({"sh", "-c", "rm -f \"$0\" && mkdir \"$0\"", folder}).status, 0);
  const std::string given = folder + "/t.clvt";
  for (const std::string format : {"json", "sarif"})
    for (const std::string mode : {"child", "held"}) {
      SCOPED_TRACE(format + " " + mode);
      run({"sh", "-c", "rm -f \"$0\"/t*.clvt", folder});
      const Ran ran = under_clvet(mode, {"--report-format=" + format, "--trace=" + given});
      EXPECT_EQ(ran.status, 1) << ran.err;
      const nlohmann::json report = nlohmann::json::parse(ran.err, nullptr, false);
      ASSERT_FALSE(report.is_discarded()) << "stderr is not one document:\n" << ran.err;
      std::vector<std::string> ids;
      if (format == "json") {
        ids = rules_in(report);
      } else {
        EXPECT_EQ(report.value("version", ""), "2.1.0");
        for (const auto& result : report.at("runs").at(0).at("results"))
          ids.push_back(result.value("ruleId", ""));
      }
      EXPECT_EQ(std::count(ids.begin(), ids.end(), "ReleaseMemObjectInvalidMemObject"), 2) << ran.err;
      const Ran listed = run({"sh", "-c", "ls \"$0\"/t-*.clvt", folder});
      EXPECT_EQ(std::count(listed.out.begin(), listed.out.end(), '\n'), 1) << listed.out;
      EXPECT_FALSE(process_of(given).empty());
    }
  run({"sh", "-c", "rm -f \"$0\"/t*.clvt && rmdir \"$0\"", folder});
}

// The rule ids of a JSON report's findings or a SARIF log's results.
std::vector<std::string> ids_in(const nlohmann::json& report, const std::string& format) {
  if (format == "json") return rules_in(report);
  std::vector<std::string> ids;
  for (const auto& result : report.at("runs").at(0).at("results")) ids.push_back(result.value("ruleId", ""));
  return ids;
}

// With the report on stderr as JSON or SARIF, whatever clvet run and the layer would say there
// otherwise is left out or becomes a note of the report: the findings as they come
// (--live=1), the loader clvet put in the application's (--loader=clvet) with its platform
// probe, a CLVET_PLATFORM_ORDER the layer cannot read, a program that cannot be run, one killed
// with no trace to say so, the race checker's statistics (CLVET_CHECKER_STATS=1), what
// `clvet run --diff` says of a trace (here: one without launches). stderr parses as one document
// each time.
TEST(RunReport, DataOnStderrHoldsWhatWouldHaveBeenSaidThere) {
  struct Case {
    std::string what;
    std::vector<std::string> flags;
    std::vector<std::pair<std::string, std::string>> environment;
    std::string program;
    std::string mode;
    int status;
    std::vector<std::string> expected;  // rule ids the report must hold
  };
  auto with = [](std::vector<std::pair<std::string, std::string>> env, std::string name, std::string value) {
    env.emplace_back(std::move(name), std::move(value));
    return env;
  };
  const std::vector<Case> cases = {
      {"live, another loader", {"--live=1", "--loader=clvet", "--trace=none"}, kPocl, CLVET_ENDING_PROGRAM, "exit", 1,
       {"ReleaseMemObjectInvalidMemObject", "LoaderReplaced"}},
      {"an unreadable platform order", {"--trace=none"}, with(kPocl, "CLVET_PLATFORM_ORDER", "not a list"),
       CLVET_ENDING_PROGRAM, "exit", 1, {"ReleaseMemObjectInvalidMemObject", "PlatformOrderNotApplied"}},
      {"no such program", {"--trace=none"}, kPocl, "/nonexistent/program", "exit", 127, {"ProgramNotRun"}},
      {"killed, no trace", {"--trace=none"}, kPocl, CLVET_ENDING_PROGRAM, "kill", 128 + 9, {"ProcessEndedEarly"}},
      {"the race checker's statistics", {"--device=reference", "--trace=none"},
       with({{"OCL_ICD_VENDORS", CLVET_REFERENCE_ICD_DIR}, {"OCL_ICD_FILENAMES", ""}}, "CLVET_CHECKER_STATS", "1"),
       CLVET_PROGRAMS_DIR "/svm_live_pointers", "", 0, {"CheckerStats"}},
      {"a diff of a trace without launches", {"--diff", "--trace=" + temporary_path("clvt")}, kPocl,
       CLVET_ENDING_PROGRAM, "exit", 1, {"ReleaseMemObjectInvalidMemObject", "DiffNothingCompared"}},
  };
  for (const std::string format : {"json", "sarif"})
    for (const Case& c : cases) {
      SCOPED_TRACE(format + ": " + c.what);
      std::vector<std::string> command = {CLVET_CLI, "run", "--report-format=" + format};
      command.insert(command.end(), c.flags.begin(), c.flags.end());
      command.insert(command.end(), {"--", c.program, c.mode});
      const Ran ran = run(command, c.environment);
      EXPECT_EQ(ran.status, c.status) << ran.err;
      const nlohmann::json report = nlohmann::json::parse(ran.err, nullptr, false);
      ASSERT_FALSE(report.is_discarded()) << "stderr is not one document:\n" << ran.err;
      const std::vector<std::string> ids = ids_in(report, format);
      for (const std::string& id : c.expected) EXPECT_TRUE(contains(ids, id)) << id << "\n" << ran.err;
    }
}

// `clvet run --diff` of a trace cut short (a file size limit) with the report alone on stderr as
// JSON or SARIF: what the diff says of the trace (where it ends without an end record, that it
// holds no kernel launch) are notes of the report, once each, and stderr parses as one document.
TEST(RunReport, WhatADiffSaysOfADamagedTraceIsANoteOfAReportAlone) {
  const std::string trace = temporary_path("cut.clvt");
  for (const std::string format : {"json", "sarif"}) {
    SCOPED_TRACE(format);
    const Ran cut = run({"sh", "-c",
                         "trap '' XFSZ; ulimit -f 24576; exec \"$0\" run --diff --report-format=\"$3\" "
                         "--trace=\"$1\" -- \"$2\" many",
                         CLVET_CLI, trace, CLVET_ENDING_PROGRAM, format},
                        kPocl);
    EXPECT_EQ(cut.status, 1) << cut.err;
    const nlohmann::json report = nlohmann::json::parse(cut.err, nullptr, false);
    ASSERT_FALSE(report.is_discarded()) << "stderr is not one document:\n" << cut.err;
    const std::vector<std::string> ids = ids_in(report, format);
    EXPECT_EQ(std::count(ids.begin(), ids.end(), "DiffTraceNote"), 1) << cut.err;
    EXPECT_TRUE(contains(ids, "DiffNothingCompared")) << cut.err;
    EXPECT_NE(cut.err.find("without an end record"), std::string::npos) << cut.err;
    EXPECT_NE(cut.err.find("the trace holds no kernel launch"), std::string::npos) << cut.err;
    std::remove(trace.c_str());
  }
}

// The severities of a clvet JSON report's findings with rule `id`.
std::vector<std::string> severities_of(const nlohmann::json& report, const std::string& id) {
  std::vector<std::string> out;
  for (const auto& finding : report.at("findings"))
    if (finding.value("rule", "") == id) out.push_back(finding.value("severity", ""));
  return out;
}

const std::vector<std::pair<std::string, std::string>> kReference = {
    {"OCL_ICD_VENDORS", CLVET_REFERENCE_ICD_DIR}, {"OCL_ICD_FILENAMES", ""}};

// The reference device's words to its user (here: a device profile it lowers to what it can
// give) are a note of the report when the report is alone on stderr as JSON or SARIF, under
// clvet run --device=reference; as text they are said on stderr.
TEST(RunReport, TheReferenceDevicesWordsAreNotesOfAReportAloneOnStderr) {
  const std::string profile = temporary_path("profile") + ".json";
  std::ofstream(profile) << R"({"CL_DEVICE_MAX_WORK_GROUP_SIZE": 100000})";
  const std::string lowered = "CL_DEVICE_MAX_WORK_GROUP_SIZE 100000 lowered to 4096";
  for (const std::string format : {"json", "sarif"}) {
    SCOPED_TRACE(format);
    const Ran ran = under_clvet("exit", {"--device=reference", "--device-profile=" + profile,
                                         "--report-format=" + format}, kReference);
    EXPECT_EQ(ran.status, 1) << ran.err;
    const nlohmann::json report = nlohmann::json::parse(ran.err, nullptr, false);
    ASSERT_FALSE(report.is_discarded()) << "stderr is not one document:\n" << ran.err;
    const std::vector<std::string> ids = ids_in(report, format);
    EXPECT_TRUE(contains(ids, "DeviceProfileLowered")) << ran.err;
    EXPECT_TRUE(contains(ids, "ReleaseMemObjectInvalidMemObject")) << ran.err;
    EXPECT_NE(ran.err.find(lowered), std::string::npos) << ran.err;
  }
  const Ran text = under_clvet("exit", {"--device=reference", "--device-profile=" + profile}, kReference);
  EXPECT_NE(text.err.find("clvet: device profile '"), std::string::npos) << text.err;
  EXPECT_NE(text.err.find(lowered), std::string::npos) << text.err;
}

// A note is shown but fails nothing: a program whose only finding is a note (a query of a
// vendor's name that the device does not answer, how programs find extensions, OpenCL 3.0
// §4.2) succeeds under clvet run, on the reference device alone, under the layer over it,
// and when the report comes from the trace of a program that left by _exit (with the note of
// how it ended); clvet report of that trace succeeds too. A real finding still fails it.
TEST(RunReport, NotesAloneAreNoFailure) {
  const Ran alone = under_clvet("probe", {"--device=reference", "--report-format=json"}, kReference);
  EXPECT_EQ(alone.status, 0) << alone.err;
  const nlohmann::json alone_report = nlohmann::json::parse(alone.err, nullptr, false);
  ASSERT_FALSE(alone_report.is_discarded()) << alone.err;
  EXPECT_EQ(severities_of(alone_report, "GetDeviceInfoBadParam"), std::vector<std::string>{"note"})
      << alone.err;

  const std::string trace = temporary_path("notes.clvt");
  const Ran layered = under_clvet("probe", {"--report-format=json", "--trace=" + trace}, kReference);
  EXPECT_EQ(layered.status, 0) << layered.err;
  const nlohmann::json layered_report = nlohmann::json::parse(layered.err, nullptr, false);
  ASSERT_FALSE(layered_report.is_discarded()) << layered.err;
  EXPECT_EQ(severities_of(layered_report, "GetDeviceInfoBadParam"), std::vector<std::string>{"note"})
      << layered.err;

  const Ran left = under_clvet("probe_exit", {"--report-format=json", "--trace=" + trace}, kReference);
  EXPECT_EQ(left.status, 0) << left.err;
  const nlohmann::json left_report = nlohmann::json::parse(left.err, nullptr, false);
  ASSERT_FALSE(left_report.is_discarded()) << left.err;
  EXPECT_EQ(severities_of(left_report, "ProcessEndedEarly"), std::vector<std::string>{"note"})
      << left.err;
  const Ran reported = run({CLVET_CLI, "report", trace});
  EXPECT_EQ(reported.status, 0) << reported.out << reported.err;

  const Ran mistaken = under_clvet("exit", {"--device=reference", "--report=none"}, kReference);
  EXPECT_EQ(mistaken.status, 1) << mistaken.err;
  std::remove(trace.c_str());
}

// The call the driver crashed in is in the trace with its arguments, as a call that never
// returned (tests/layer/fake_icd crashes on CL_MEM_HOST_PTR).
TEST(RunReport, TheCallADriverCrashedInIsInTheTrace) {
  const std::string trace = temporary_path("crashed.clvt");
  const Ran crashed = under_clvet("driver", {"--trace=" + trace}, kFake);
  EXPECT_EQ(crashed.status, 128 + 11) << crashed.err;
  EXPECT_NE(crashed.err.find("killed by signal 11"), std::string::npos) << crashed.err;
  const Ran dump = run({CLVET_CLI, "trace", "dump", trace});
  EXPECT_NE(dump.out.find("clGetMemObjectInfo(memobj: mem#"), std::string::npos) << dump.out;
  EXPECT_NE(dump.out.find("param_name: CL_MEM_HOST_PTR"), std::string::npos) << dump.out;
  EXPECT_NE(dump.err.find("(clGetMemObjectInfo) never returned"), std::string::npos) << dump.err;
  std::remove(trace.c_str());
}

// The trace's file may not grow past 12 MiB (RLIMIT_FSIZE, SIGXFSZ ignored): the failure is
// said when it happens and at exit with the calls lost; a device file is no trace written.
TEST(RunReport, ATraceThatCannotBeWrittenIsSaid) {
  const std::string trace = temporary_path("full.clvt");
  const Ran full = run({"sh", "-c", "trap '' XFSZ; ulimit -f 24576; exec \"$0\" run --report=none --trace=\"$1\" -- \"$2\" many",
                        CLVET_CLI, trace, CLVET_ENDING_PROGRAM},
                       kPocl);
  EXPECT_EQ(full.status, 1) << full.err;  // its one finding
  EXPECT_NE(full.err.find("the trace stopped being written at call #"), std::string::npos) << full.err;
  EXPECT_NE(full.err.find("calls were not recorded in the trace"), std::string::npos) << full.err;
  std::remove(trace.c_str());

  const Ran device = under_clvet("exit", {"--report=none", "--trace=/dev/full"});
  EXPECT_EQ(device.err.find("trace written to"), std::string::npos) << device.err;
  EXPECT_NE(device.err.find("cannot record the trace"), std::string::npos) << device.err;

  // Under 8 MiB the writer cannot even begin: no trace is said to be written.
  const Ran none = run({"sh", "-c", "trap '' XFSZ; ulimit -f 1024; exec \"$0\" run --report=none --trace=\"$1\" -- \"$2\" exit",
                        CLVET_CLI, trace, CLVET_ENDING_PROGRAM},
                       kPocl);
  EXPECT_EQ(none.err.find("trace written to"), std::string::npos) << none.err;
  EXPECT_NE(none.err.find("cannot record the trace"), std::string::npos) << none.err;
  std::remove(trace.c_str());
}

// The same failure with the report on stderr as JSON or SARIF: stderr is the report alone,
// and the report says it, as notes (which fail nothing): where the trace stopped, and at exit
// how many calls it lost; a trace that cannot begin the same.
TEST(RunReport, ATraceThatCannotBeWrittenIsInAReportOfDataAlone) {
  const std::string trace = temporary_path("full.clvt");
  for (const std::string format : {"json", "sarif"}) {
    SCOPED_TRACE(format);
    const Ran full = run({"sh", "-c", "trap '' XFSZ; ulimit -f 24576; exec \"$0\" run --report-format=\"$3\" --trace=\"$1\" -- \"$2\" many",
                          CLVET_CLI, trace, CLVET_ENDING_PROGRAM, format},
                         kPocl);
    EXPECT_EQ(full.status, 1) << full.err;  // the program's one finding: the notes fail nothing
    const nlohmann::json report = nlohmann::json::parse(full.err, nullptr, false);
    ASSERT_FALSE(report.is_discarded()) << "stderr is not one document:\n" << full.err;
    std::vector<std::string> notes;  // the notes' texts
    if (format == "json") {
      for (const auto& finding : report.at("findings"))
        if (finding.value("rule", "") == "TraceNotWritten") {
          EXPECT_EQ(finding.value("severity", ""), "note");
          notes.push_back(finding.value("detail", ""));
        }
    } else {
      for (const auto& result : report.at("runs").at(0).at("results"))
        if (result.value("ruleId", "") == "TraceNotWritten") {
          EXPECT_EQ(result.value("level", ""), "note");
          notes.push_back(result.at("message").value("text", ""));
        }
    }
    ASSERT_EQ(notes.size(), 2u) << full.err;
    EXPECT_NE(notes[0].find("the trace stopped being written at call #"), std::string::npos)
        << notes[0];
    EXPECT_NE(notes[1].find("calls were not recorded in the trace"), std::string::npos) << notes[1];
    std::remove(trace.c_str());
  }
  const Ran device = under_clvet("exit", {"--report-format=json", "--trace=/dev/full"});
  const nlohmann::json report = nlohmann::json::parse(device.err, nullptr, false);
  ASSERT_FALSE(report.is_discarded()) << "stderr is not one document:\n" << device.err;
  EXPECT_TRUE(contains(rules_in(report), "TraceNotWritten")) << device.err;
  EXPECT_TRUE(contains(rules_in(report), "ReleaseMemObjectInvalidMemObject")) << device.err;
}

}  // namespace
}  // namespace clvet::test
