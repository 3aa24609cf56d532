// Listing the platforms of a loader in a child process, answered through a pipe.
#include "platform_probe.h"

#include <dlfcn.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fmt/format.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>

#include "clvet/rules/opencl.h"
#include "options.h"
#include "platform_order_cache.h"

namespace clvet::cli {
namespace {

using GetPlatformIDs = cl_int (*)(cl_uint, cl_platform_id*, cl_uint*);
using GetPlatformInfo = cl_int (*)(cl_platform_id, cl_platform_info, size_t, void*, size_t*);

// The answer on the pipe: 'O' and the encoded order, or 'E' and why not; then a NUL, which no
// platform string can hold (they are C strings), so the parent knows the answer is whole
// even if something the driver started keeps the pipe open.
constexpr char kOk = 'O';
constexpr char kError = 'E';

std::string platform_string(GetPlatformInfo get_info, cl_platform_id platform,
                            cl_platform_info param) {
  std::size_t size = 0;
  if (get_info(platform, param, 0, nullptr, &size) != CL_SUCCESS || size == 0) return {};
  std::string value(size, '\0');
  if (get_info(platform, param, size, value.data(), nullptr) != CL_SUCCESS) return {};
  value.resize(std::strlen(value.c_str()));
  return value;
}

std::string list_platforms(const std::string& loader) {
  void* library = dlopen(loader.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (library == nullptr) return std::string(1, kError) + "cannot open it: " + dlerror();
  auto get_ids = reinterpret_cast<GetPlatformIDs>(dlsym(library, "clGetPlatformIDs"));
  auto get_info = reinterpret_cast<GetPlatformInfo>(dlsym(library, "clGetPlatformInfo"));
  if (get_ids == nullptr || get_info == nullptr)
    return std::string(1, kError) + "it has no clGetPlatformIDs or clGetPlatformInfo";
  cl_uint count = 0;
  const cl_int counted = get_ids(0, nullptr, &count);
  // cl_khr_icd: a loader that finds no platform says CL_PLATFORM_NOT_FOUND_KHR.
  if (counted == CL_PLATFORM_NOT_FOUND_KHR)
    count = 0;
  else if (counted != CL_SUCCESS)
    return std::string(1, kError) + fmt::format("clGetPlatformIDs returned {}", counted);
  std::vector<cl_platform_id> platforms(count);
  if (count > 0 && get_ids(count, platforms.data(), &count) != CL_SUCCESS)
    return std::string(1, kError) + "clGetPlatformIDs failed listing the platforms";
  platforms.resize(std::min<std::size_t>(count, platforms.size()));
  std::vector<platform_order::Identity> order;
  for (cl_platform_id platform : platforms)
    order.push_back({platform_string(get_info, platform, CL_PLATFORM_NAME),
                     platform_string(get_info, platform, CL_PLATFORM_VENDOR),
                     platform_string(get_info, platform, CL_PLATFORM_VERSION)});
  return std::string(1, kOk) + platform_order::encode(order);
}

// The child: answers, then leaves without running the drivers' exit handlers (a driver's
// teardown is no business of the probe's and may be slow).
[[noreturn]] void run_child(int out, const std::string& loader) {
  unsetenv("OPENCL_LAYERS");  // the drivers' order, not what any layer makes of it
  // Whatever a driver prints stays off the program's stdout, and off stderr too when clvet
  // run's report goes there as JSON or SARIF and must be alone (run_report.h).
  if (options::value("report") == "stderr" && options::value("report_format") != "text") {
    const int null = open("/dev/null", O_WRONLY);
    if (null >= 0) dup2(null, STDERR_FILENO);
  }
  dup2(STDERR_FILENO, STDOUT_FILENO);
  std::string answer = list_platforms(loader);
  answer.push_back('\0');
  const char* at = answer.data();
  std::size_t left = answer.size();
  while (left > 0) {
    const ssize_t written = write(out, at, left);
    if (written <= 0) break;
    at += written;
    left -= static_cast<std::size_t>(written);
  }
  _exit(0);
}

}  // namespace

PlatformProbe probe_platforms(const std::string& loader, int timeout_seconds) {
  PlatformProbe probe;
  int fds[2];
  if (pipe(fds) != 0) {
    probe.failure = fmt::format("no pipe: {}", std::strerror(errno));
    return probe;
  }
  const pid_t child = fork();
  if (child < 0) {
    probe.failure = fmt::format("cannot fork: {}", std::strerror(errno));
    close(fds[0]);
    close(fds[1]);
    return probe;
  }
  if (child == 0) {
    close(fds[0]);
    run_child(fds[1], loader);
  }
  close(fds[1]);

  using Clock = std::chrono::steady_clock;
  const auto deadline = Clock::now() + std::chrono::seconds(timeout_seconds);
  std::string answer;
  bool whole = false, timed_out = false;
  while (!whole) {
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
    if (left <= 0) {
      timed_out = true;
      break;
    }
    pollfd wait_for{fds[0], POLLIN, 0};
    const int ready = poll(&wait_for, 1, static_cast<int>(left));
    if (ready < 0 && errno == EINTR) continue;
    if (ready <= 0) continue;  // the deadline check above ends the wait
    char buffer[4096];
    const ssize_t got = read(fds[0], buffer, sizeof buffer);
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) break;  // the child ended without a whole answer
    answer.append(buffer, static_cast<std::size_t>(got));
    whole = answer.find('\0') != std::string::npos;
  }
  close(fds[0]);
  if (!whole) kill(child, SIGKILL);  // hung, or gone already: either way it is over
  int status = 0;
  while (waitpid(child, &status, 0) < 0 && errno == EINTR) {
  }

  if (timed_out) {
    probe.failure = fmt::format("no answer within {} s", timeout_seconds);
    return probe;
  }
  if (!whole) {
    probe.failure = WIFSIGNALED(status)
                        ? fmt::format("the probe was killed by signal {}", WTERMSIG(status))
                        : std::string("the probe ended without an answer");
    return probe;
  }
  answer.resize(answer.find('\0'));
  if (answer.empty() || answer[0] != kOk) {
    probe.failure = answer.empty() ? "an empty answer" : answer.substr(1);
    return probe;
  }
  auto order = platform_order::parse(std::string_view(answer).substr(1));
  if (!order) {
    probe.failure = "an answer that does not parse";
    return probe;
  }
  probe.ok = true;
  probe.platforms = std::move(*order);
  return probe;
}

PlatformOrderHandOver hand_over_platform_order(const std::string& loader) {
  // Long enough for a driver's first start (NVIDIA's builds its caches); a hung one must not
  // hang clvet run.
  constexpr int kTimeoutSeconds = 30;
  PlatformOrderHandOver hand_over;
  if (!options::value("platform_order").empty()) {
    hand_over.note = "; the layer lists the platforms in the order CLVET_PLATFORM_ORDER gives";
    return hand_over;
  }
  if (loader.empty()) return hand_over;
  // An order probed before under the same loader, ICD files, libraries and environment is the
  // one the probe would give again (platform_order_cache.h); one that lists none is probed again.
  const std::string key = platform_order_key(loader);
  PlatformProbe probe;
  bool kept = false;
  if (auto order = kept_platform_order(key); order && !order->empty()) {
    probe.ok = kept = true;
    probe.platforms = std::move(*order);
  } else {
    probe = probe_platforms(loader, kTimeoutSeconds);
    if (probe.ok && !probe.platforms.empty()) keep_platform_order(key, probe.platforms);
  }
  if (!probe.ok) {
    hand_over.note = fmt::format(
        "; could not learn the order in which {} lists the platforms ({}): they come in "
        "ocl-icd's order",
        loader, probe.failure);
    return hand_over;
  }
  if (probe.platforms.empty()) {
    hand_over.note = fmt::format("; {} lists no platform", loader);
    return hand_over;
  }
  std::string names;
  for (const platform_order::Identity& platform : probe.platforms)
    names += (names.empty() ? "" : ", ") + platform.name;
  hand_over.value = platform_order::encode(probe.platforms);
  hand_over.note = fmt::format(
      "; the layer lists the platforms in the order {} gives ({}; CLVET_PLATFORM_ORDER{})", loader,
      names, kept ? ", as an earlier run learnt it" : "");
  return hand_over;
}

}  // namespace clvet::cli
