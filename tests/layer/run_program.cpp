// Child processes and report parsing for the layer tests.
#include "run_program.h"

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <regex>
#include <sstream>

namespace clvet::test {

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
  return pattern;
}

Ran run(const std::vector<std::string>& command,
        const std::vector<std::pair<std::string, std::string>>& environment) {
  const std::string out_path = temporary_path("out");
  const std::string err_path = temporary_path("err");
  pid_t child = fork();
  if (child == 0) {
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

}  // namespace clvet::test
