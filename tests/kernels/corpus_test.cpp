// The kernel checkers' corpus (tests/kernels/corpus): every .cl file is run by corpus_runner in
// a child process on the reference device, once with its own build options and once with
// -cl-opt-disable appended, and the findings of the JSON report (CLVET_REPORT_FORMAT=json) must
// be exactly the file's `// expect:` annotations, kind and line (the same findings either
// way; a file without annotations must produce no finding at all). A case that says
// `// compare: pocl` is also run on PoCL and on the reference device through the loader with
// the same inputs, and every buffer must then hold the same bytes on both.
#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <ostream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "corpus_case.h"

namespace {

namespace fs = std::filesystem;
using clvet::corpus::Expectation;

const char* const kCorpusDir = CLVET_SOURCE_DIR "/tests/kernels/corpus";

// A case that nothing stops (no budget) fails after this long instead of hanging the suite.
constexpr auto kCaseTimeout = std::chrono::seconds(240);

struct CorpusParam {
  std::string file;  // relative to kCorpusDir, e.g. races/local_missing_barrier.cl
  bool opt_disable = false;
};

void PrintTo(const CorpusParam& param, std::ostream* out) {
  *out << param.file << (param.opt_disable ? " with -cl-opt-disable" : "");
}

std::vector<CorpusParam> corpus_params() {
  std::vector<std::string> files;
  std::error_code ec;
  for (const auto& entry : fs::recursive_directory_iterator(kCorpusDir, ec))
    if (entry.is_regular_file() && entry.path().extension() == ".cl")
      files.push_back(fs::relative(entry.path(), kCorpusDir).string());
  std::sort(files.begin(), files.end());
  std::vector<CorpusParam> params;
  for (const std::string& f : files) {
    params.push_back({f, false});
    params.push_back({f, true});
  }
  return params;
}

std::string param_name(const testing::TestParamInfo<CorpusParam>& info) {
  std::string name = info.param.file.substr(0, info.param.file.size() - 3);
  for (char& ch : name)
    if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
  return name + (info.param.opt_disable ? "_opt_disable" : "_default");
}

std::string read_text(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

struct ChildResult {
  int exit_status = -1;  // -1: killed by a signal or the timeout
  bool timed_out = false;
  std::string stderr_text;
};

// Runs corpus_runner on `file` with the report going to `report` as JSON.
ChildResult run_case(const std::string& file, bool opt_disable, const fs::path& report,
                     const fs::path& log) {
  ChildResult result;
  pid_t child = fork();
  if (child == 0) {
    int fd = open(log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd >= 0) {
      dup2(fd, 1);
      dup2(fd, 2);
      close(fd);
    }
    setenv("CLVET_REPORT", report.c_str(), 1);
    setenv("CLVET_REPORT_FORMAT", "json", 1);
    std::string options = opt_disable ? "--options=-cl-opt-disable" : "--platform=clvet";
    execl(CLVET_CORPUS_RUNNER, CLVET_CORPUS_RUNNER, options.c_str(), file.c_str(),
          static_cast<char*>(nullptr));
    _exit(127);
  }
  if (child < 0) return result;
  const auto deadline = std::chrono::steady_clock::now() + kCaseTimeout;
  int status = 0;
  for (;;) {
    pid_t done = waitpid(child, &status, WNOHANG);
    if (done == child) break;
    if (std::chrono::steady_clock::now() > deadline) {
      kill(child, SIGKILL);
      waitpid(child, &status, 0);
      result.timed_out = true;
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  if (!result.timed_out && WIFEXITED(status)) result.exit_status = WEXITSTATUS(status);
  result.stderr_text = read_text(log);
  return result;
}

// What the report says, as (kind, line) pairs: a race contributes both of its lines. Findings
// without a kind (API findings, engine problems) are listed in `others`.
struct ReportedFindings {
  std::set<Expectation> kernel;
  std::vector<std::string> others;
  std::map<Expectation, std::string> details;
  std::string error;
};

ReportedFindings read_report(const fs::path& report) {
  ReportedFindings out;
  std::string text = read_text(report);
  if (text.find_first_not_of(" \t\r\n") == std::string::npos) return out;  // no finding
  nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
  if (j.is_discarded() || !j.is_object() || !j.contains("findings") ||
      !j["findings"].is_array()) {
    out.error = "the report is not clvet's JSON (CLVET_REPORT_FORMAT=json honoured?):\n" +
                text.substr(0, 2000);
    return out;
  }
  for (const nlohmann::json& f : j["findings"]) {
    std::string detail = f.value("detail", std::string());
    if (!f.contains("kind") || !f["kind"].is_string()) {
      out.others.push_back("[" + f.value("rule", std::string("?")) + "] " + detail);
      continue;
    }
    std::string kind = f["kind"].get<std::string>();
    auto add = [&](const nlohmann::json& at) {
      if (!at.is_object() || !at.contains("line") || !at["line"].is_number_integer()) return;
      Expectation e{at["line"].get<int>(), kind};
      out.kernel.insert(e);
      out.details.emplace(e, detail);
    };
    add(f);
    if (f.contains("other")) add(f["other"]);
  }
  return out;
}

class Corpus : public testing::TestWithParam<CorpusParam> {};

TEST_P(Corpus, FindingsMatchAnnotations) {
  const CorpusParam& param = GetParam();
  const fs::path file = fs::path(kCorpusDir) / param.file;
  clvet::corpus::Case c = clvet::corpus::parse_case(file.string());
  ASSERT_TRUE(c.error.empty()) << param.file << ": " << c.error;

  const fs::path scratch = fs::temp_directory_path() / ("clvet-corpus-" + std::to_string(getpid()));
  fs::create_directories(scratch);
  std::string stem = param_name(testing::TestParamInfo<CorpusParam>(param, 0));
  const fs::path report = scratch / (stem + ".json");
  const fs::path log = scratch / (stem + ".log");
  fs::remove(report);

  ChildResult run = run_case(file.string(), param.opt_disable, report, log);
  const bool expects_budget = std::any_of(c.expected.begin(), c.expected.end(),
                                          [](const Expectation& e) { return e.kind == "budget-exceeded"; });
  ASSERT_FALSE(run.timed_out) << param.file << ": still running after " << kCaseTimeout.count()
                              << " s (nothing stopped it)\n" << run.stderr_text;
  ASSERT_TRUE(run.exit_status == 0 || (run.exit_status == 1 && expects_budget))
      << param.file << ": corpus_runner exited with " << run.exit_status << "\n" << run.stderr_text;

  ReportedFindings got = read_report(report);
  ASSERT_TRUE(got.error.empty()) << param.file << ": " << got.error;
  for (const std::string& other : got.others)
    ADD_FAILURE() << param.file << ": a finding without a kernel finding's kind: " << other;
  for (const Expectation& e : c.expected)
    if (!got.kernel.count(e))
      ADD_FAILURE() << param.file << ":" << e.line << ": expected " << e.kind << ", not reported";
  for (const Expectation& e : got.kernel)
    if (!c.expected.count(e))
      ADD_FAILURE() << param.file << ":" << e.line << ": unexpected " << e.kind << ": "
                    << got.details[e];
  fs::remove(report);
  fs::remove(log);
}

INSTANTIATE_TEST_SUITE_P(Kernels, Corpus, testing::ValuesIn(corpus_params()), param_name);

}  // namespace
