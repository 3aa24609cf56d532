// Child processes and report parsing for the layer tests.
#include "run_program.h"

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <regex>
#include <sstream>
#include <system_error>

namespace clvet::test {

namespace {

// The paths temporary_path made in this process, removed when it exits together with the
// files a test made beside each under the same name and an extension ("...-Ab3xYz.clvt"): each
// test runs in a process of its own under ctest, and what each left would pile up in /tmp.
class TemporaryPaths {
 public:
  void add(const std::string& path) {
    std::lock_guard<std::mutex> lock(mutex_);
    paths_.push_back(path);
  }
  ~TemporaryPaths() {
    if (getpid() != owner_) return;  // a forked child that exits leaves its parent's files
    namespace fs = std::filesystem;
    for (const std::string& path : paths_) {
      const fs::path made(path);
      const std::string name = made.filename().string();
      std::error_code ec;
      for (const fs::directory_entry& entry : fs::directory_iterator(made.parent_path(), ec)) {
        const std::string other = entry.path().filename().string();
        if (other == name || other.rfind(name + ".", 0) == 0) {
          std::error_code ignored;
          fs::remove_all(entry.path(), ignored);
        }
      }
    }
  }

 private:
  pid_t owner_ = getpid();
  std::mutex mutex_;
  std::vector<std::string> paths_;
};

TemporaryPaths& temporary_paths() {
  static TemporaryPaths paths;
  return paths;
}

// The folder every command of this process runs in: `clvet run` records each process's trace
// in its current folder (clvet-<pid>.clvt), and every later clvet run there reads the beginning
// of each to find its own; run from the build tree, the tests left hundreds there. Made on first
// use, removed with what is in it when the process (one test under ctest) exits.
const std::string& work_folder() {
  static const std::string folder = [] {
    std::string pattern = "/tmp/clvet-layer-test-work-XXXXXX";
    if (mkdtemp(pattern.data()) == nullptr) return std::string();
    temporary_paths().add(pattern);
    return pattern;
  }();
  return folder;
}

}  // namespace

std::string read_file(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

std::string temporary_path(const std::string& stem) {
  std::string pattern = "/tmp/clvet-layer-test-" + stem + "-XXXXXX";
  int fd = mkstemp(pattern.data());
  if (fd >= 0) close(fd);
  temporary_paths().add(pattern);
  return pattern;
}

Ran run(const std::vector<std::string>& command,
        const std::vector<std::pair<std::string, std::string>>& environment) {
  const std::string out_path = temporary_path("out");
  const std::string err_path = temporary_path("err");
  const std::string& folder = work_folder();
  pid_t child = fork();
  if (child == 0) {
    if (!folder.empty() && chdir(folder.c_str()) != 0) _exit(126);
    for (const auto& [name, value] : environment) setenv(name.c_str(), value.c_str(), 1);
    int out = open(out_path.c_str(), O_WRONLY | O_TRUNC);
    int err = open(err_path.c_str(), O_WRONLY | O_TRUNC);
    dup2(out, 1);
    dup2(err, 2);
    std::vector<char*> argv;
    for (const std::string& arg : command) argv.push_back(const_cast<char*>(arg.c_str()));
    argv.push_back(nullptr);
    execvp(argv[0], argv.data());
    _exit(127);
  }
  int status = 0;
  waitpid(child, &status, 0);
  Ran ran;
  ran.status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  ran.out = read_file(out_path);
  ran.err = read_file(err_path);
  unlink(out_path.c_str());
  unlink(err_path.c_str());
  return ran;
}

std::set<std::string> finding_ids(const std::string& report) {
  static const std::regex heading(R"(^\S+: (?:error|warning|note): (platform )?.*\[(\w+)\])");
  std::set<std::string> ids;
  std::stringstream lines(report);
  std::string line;
  std::smatch m;
  while (std::getline(lines, line))
    if (std::regex_search(line, m, heading))
      ids.insert(std::string(m[1].matched ? "platform:" : "application:") + m[2].str());
  return ids;
}

bool any_failing_finding(const std::string& report) {
  static const std::regex failing(R"(^\S+: (?:error|warning): .*\[\w+\])");
  std::stringstream lines(report);
  for (std::string line; std::getline(lines, line);)
    if (std::regex_search(line, failing)) return true;
  return false;
}

}  // namespace clvet::test
