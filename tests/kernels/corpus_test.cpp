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

std::string fmt_byte(unsigned char byte) {
  static const char digits[] = "0123456789abcdef";
  return {digits[byte >> 4], digits[byte & 15]};
}

struct ChildResult {
  int exit_status = -1;  // -1: killed by a signal or the timeout
  bool timed_out = false;
  std::string stderr_text;
};

// Runs corpus_runner with `arguments` and the variables of `env` set, its output in `log`.
ChildResult run_runner(const std::vector<std::string>& arguments,
                       const std::vector<std::pair<std::string, std::string>>& env,
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
    for (const auto& [name, value] : env) setenv(name.c_str(), value.c_str(), 1);
    std::vector<char*> argv{const_cast<char*>(CLVET_CORPUS_RUNNER)};
    for (const std::string& a : arguments) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    execv(CLVET_CORPUS_RUNNER, argv.data());
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

// Runs corpus_runner on `file` with the report going to `report` as JSON.
ChildResult run_case(const std::string& file, bool opt_disable, const fs::path& report,
                     const fs::path& log) {
  return run_runner({opt_disable ? "--options=-cl-opt-disable" : "--platform=clvet", file},
                    {{"CLVET_REPORT", report.string()}, {"CLVET_REPORT_FORMAT", "json"}}, log);
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

// A folder of this process for its runs' files, made on first use and removed with what it
// holds when the process exits: under ctest every case runs in a process of its own, and a
// folder left behind by each would pile up in the temporary directory.
class ScratchFolder {
 public:
  ScratchFolder()
      : owner_(getpid()),
        path_(fs::temp_directory_path() / ("clvet-corpus-" + std::to_string(owner_))) {
    fs::create_directories(path_);
  }
  ~ScratchFolder() {
    if (getpid() != owner_) return;  // a forked child that exits leaves the parent's folder
    std::error_code ignored;
    fs::remove_all(path_, ignored);
  }
  ScratchFolder(const ScratchFolder&) = delete;
  ScratchFolder& operator=(const ScratchFolder&) = delete;
  const fs::path& path() const { return path_; }

 private:
  pid_t owner_;
  fs::path path_;
};

// Where a run of `param` leaves its files: this process's scratch folder, and the case's name
// in it (add the extension).
std::string scratch_stem(const CorpusParam& param) {
  static const ScratchFolder scratch;
  return (scratch.path() / param_name(testing::TestParamInfo<CorpusParam>(param, 0))).string();
}

class Corpus : public testing::TestWithParam<CorpusParam> {};

TEST_P(Corpus, FindingsMatchAnnotations) {
  const CorpusParam& param = GetParam();
  const fs::path file = fs::path(kCorpusDir) / param.file;
  clvet::corpus::Case c = clvet::corpus::parse_case(file.string());
  ASSERT_TRUE(c.error.empty()) << param.file << ": " << c.error;

  const std::string stem = scratch_stem(param);
  const fs::path report = stem + ".json";
  const fs::path log = stem + ".log";
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

// The cases that say `// compare: pocl`.
std::vector<CorpusParam> compared_params() {
  std::vector<CorpusParam> params;
  for (const CorpusParam& p : corpus_params())
    if (!p.opt_disable &&
        clvet::corpus::parse_case((fs::path(kCorpusDir) / p.file).string()).compare_with_pocl)
      params.push_back(p);
  return params;
}

// Where two buffers of argument `arg` first differ, as elements of its type; empty when they do
// not. The fourth lane of a 3-component vector is padding (§6.1.5 gives the type the size of
// four) whose contents no rule fixes: it is not compared.
std::string difference(const clvet::corpus::Arg& arg, std::size_t index, const std::string& got,
                       const std::string& want) {
  const std::size_t element = clvet::corpus::type_size(arg.type);
  const std::size_t scalar = clvet::corpus::type_size(clvet::corpus::scalar_type(arg.type));
  const std::size_t compared = arg.type.ends_with("3") ? 3 * scalar : element;
  std::size_t differing = 0, first = 0;
  for (std::size_t e = 0; e < arg.count; ++e)
    if (got.compare(e * element, compared, want, e * element, compared) != 0 && differing++ == 0)
      first = e;
  if (differing == 0) return {};
  auto hex = [&](const std::string& bytes) {
    std::string s = "0x";
    for (std::size_t b = compared; b-- > 0;)
      s += fmt_byte(static_cast<unsigned char>(bytes[first * element + b]));
    return s;
  };
  return "argument " + std::to_string(index) + " (" + arg.type + "[" + std::to_string(arg.count) +
         "]): " + std::to_string(differing) + " elements differ, the first at index " +
         std::to_string(first) + ": reference device " + hex(got) + ", PoCL " + hex(want) +
         " (bytes as a little-endian number)";
}

class CorpusAgainstPoCL : public testing::TestWithParam<CorpusParam> {};

TEST_P(CorpusAgainstPoCL, SameBuffers) {
  const CorpusParam& param = GetParam();
  const fs::path file = fs::path(kCorpusDir) / param.file;
  clvet::corpus::Case c = clvet::corpus::parse_case(file.string());
  ASSERT_TRUE(c.error.empty()) << param.file << ": " << c.error;
  const std::string stem = scratch_stem(param);
  // The loader sees the reference device and PoCL (the folder CMake made with both .icd files).
  const std::vector<std::pair<std::string, std::string>> env = {
      {"OCL_ICD_VENDORS", CLVET_KERNEL_PLATFORMS_DIR}, {"OCL_ICD_FILENAMES", ""},
      {"CLVET_REPORT", "none"}};
  std::map<std::string, std::string> buffers;  // by platform
  for (const std::string platform : {"Portable Computing Language", "clvet"}) {
    const fs::path dump = stem + ".dump";
    const fs::path log = stem + ".log";
    ChildResult run = run_runner({"--platform=" + platform, "--dump=" + dump.string(), file.string()},
                                 env, log);
    ASSERT_FALSE(run.timed_out) << param.file << " on " << platform << ": still running\n"
                                << run.stderr_text;
    ASSERT_EQ(run.exit_status, 0) << param.file << " does not run on " << platform
                                  << (platform == "clvet" ? "" : " (a fault of the case)") << ":\n"
                                  << run.stderr_text;
    buffers[platform] = read_text(dump);
    fs::remove(dump);
    fs::remove(log);
  }
  const std::string& got = buffers["clvet"];
  const std::string& want = buffers["Portable Computing Language"];
  ASSERT_EQ(got.size(), want.size()) << param.file;
  std::size_t at = 0;
  for (std::size_t i = 0; i < c.args.size(); ++i) {
    const clvet::corpus::Arg& arg = c.args[i];
    if (arg.kind != clvet::corpus::Arg::Kind::Buffer &&
        arg.kind != clvet::corpus::Arg::Kind::SubBuffer && arg.kind != clvet::corpus::Arg::Kind::Svm)
      continue;
    const std::size_t size = arg.count * clvet::corpus::type_size(arg.type);
    ASSERT_LE(at + size, got.size()) << param.file;
    const std::string d = difference(arg, i, got.substr(at, size), want.substr(at, size));
    if (!d.empty()) ADD_FAILURE() << param.file << ": " << d;
    at += size;
  }
  EXPECT_EQ(at, got.size()) << param.file;
}

INSTANTIATE_TEST_SUITE_P(Kernels, CorpusAgainstPoCL, testing::ValuesIn(compared_params()),
                         param_name);

// The cases that compare with PoCL are where the test expects them.
TEST(CorpusAgainstPoCLCases, AreFound) { EXPECT_GE(compared_params().size(), 15u); }

}  // namespace
