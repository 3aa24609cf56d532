// A clvet-launch-runner process driven over a socket: a folder sent, "done FOLDER" awaited
// within the timeout; a runner that dies or is stopped is reaped and replaced at the next run.
#include "runner_process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fmt/format.h>

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>

namespace clvet::replay {

RunnerProcess::RunnerProcess(std::string runner, std::string icd_dir, std::string against)
    : runner_(std::move(runner)), icd_dir_(std::move(icd_dir)), against_(std::move(against)) {}

RunnerProcess::~RunnerProcess() {
  if (pid_ > 0) stop(false);
}

bool RunnerProcess::start(std::string& error) {
  int fds[2];
  if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds) != 0) {
    error = fmt::format("cannot create a socket for the runner: {}", std::strerror(errno));
    return false;
  }
  const pid_t child = fork();
  if (child < 0) {
    error = fmt::format("cannot start {}: {}", runner_, std::strerror(errno));
    close(fds[0]);
    close(fds[1]);
    return false;
  }
  if (child == 0) {
    // The target alone, without this process's layer or trace.
    unsetenv("OPENCL_LAYERS");
    unsetenv("CLVET_TRACE");
    unsetenv("CLVET_PLATFORM_ORDER");
    setenv("CLVET_FATAL", "0", 1);
    // Each launch's findings are written apart (clvetWriteFindingsCLVET), none at exit.
    setenv("CLVET_REPORT", "none", 1);
    if (against_ == "reference") {
      // Which work-item last stored to each byte: the writer of a mismatching element.
      setenv("CLVET_LAST_WRITERS", "1", 1);
      setenv("OCL_ICD_VENDORS", icd_dir_.c_str(), 1);
      unsetenv("OCL_ICD_FILENAMES");
    }
    dup2(fds[1], 0);
    dup2(fds[1], 1);
    // Until the first launch names its output.txt, what the loader prints goes nowhere.
    const int null = open("/dev/null", O_WRONLY);
    if (null >= 0) dup2(null, 2);
    const std::string platform = against_ == "reference" ? "" : against_;
    if (platform.empty()) execl(runner_.c_str(), runner_.c_str(), nullptr);
    else execl(runner_.c_str(), runner_.c_str(), platform.c_str(), nullptr);
    _exit(127);
  }
  close(fds[1]);
  pid_ = child;
  socket_ = fds[0];
  pending_.clear();
  ++started_;
  return true;
}

int RunnerProcess::stop(bool kill_it) {
  if (socket_ >= 0) close(socket_);  // the runner reads the end of its input and exits
  socket_ = -1;
  if (kill_it) kill(pid_, SIGKILL);
  int status = 0;
  while (waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
  }
  pid_ = -1;
  return status;
}

bool RunnerProcess::run(const std::string& folder, unsigned timeout_seconds, std::string& error) {
  if (pid_ < 0 && !start(error)) return false;
  std::string answer;
  return exchange(folder, "done " + folder, timeout_seconds, answer, error);
}

std::optional<std::string> RunnerProcess::ask(const std::string& question, unsigned timeout_seconds) {
  if (pid_ < 0) return std::nullopt;  // the runner of the last launch is gone
  std::string answer, error;
  if (!exchange(question, question + ": ", timeout_seconds, answer, error)) return std::nullopt;
  return answer;
}

bool RunnerProcess::exchange(const std::string& request, const std::string& answer_start,
                             unsigned timeout_seconds, std::string& answer, std::string& error) {
  const std::string line = request + "\n";
  // MSG_NOSIGNAL: a runner that has died is an answer, not a SIGPIPE for clvet.
  if (send(socket_, line.data(), line.size(), MSG_NOSIGNAL) != static_cast<ssize_t>(line.size())) {
    const int status = stop(true);
    error = WIFSIGNALED(status) ? fmt::format("the runner was killed by signal {}", WTERMSIG(status))
                                : fmt::format("the runner ended (status {}) before the launch", WEXITSTATUS(status));
    return false;
  }
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(timeout_seconds);
  for (;;) {
    for (std::size_t end; (end = pending_.find('\n')) != std::string::npos;) {
      const std::string got = pending_.substr(0, end);
      pending_.erase(0, end + 1);
      if (got.rfind(answer_start, 0) == 0) {
        answer = got.substr(answer_start.size());
        return true;
      }
    }
    int wait_ms = -1;
    if (timeout_seconds != 0) {
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
      if (left.count() <= 0) {
        stop(true);
        error = fmt::format("the re-run was stopped after {} s (--timeout)", timeout_seconds);
        return false;
      }
      wait_ms = static_cast<int>(std::min<long long>(left.count(), 1000));
    }
    pollfd p{socket_, POLLIN, 0};
    const int ready = poll(&p, 1, wait_ms);
    if (ready < 0 && errno != EINTR) {
      stop(true);
      error = fmt::format("waiting for the runner failed: {}", std::strerror(errno));
      return false;
    }
    if (ready <= 0) continue;
    char buffer[4096];
    const ssize_t n = read(socket_, buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      const int status = stop(false);
      error = WIFSIGNALED(status)
                  ? fmt::format("the re-run was killed by signal {}", WTERMSIG(status))
                  : WEXITSTATUS(status) == 127
                        ? fmt::format("{} could not be started", runner_)
                        : fmt::format("the re-run ended (status {}) without a result", WEXITSTATUS(status));
      return false;
    }
    pending_.append(buffer, static_cast<std::size_t>(n));
  }
}

}  // namespace clvet::replay
