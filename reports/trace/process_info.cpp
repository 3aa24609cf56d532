// The facts of the running process that a trace starts with.
#include <unistd.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "clvet/trace/writer.h"

extern char** environ;

namespace clvet::trace {
namespace {

// The variables that change what an OpenCL program does or what clvet records.
bool matters(std::string_view name) {
  for (std::string_view prefix : {"CLVET_", "OCL_ICD_", "OPENCL_", "POCL_", "CUDA_VISIBLE_DEVICES"})
    if (name.substr(0, prefix.size()) == prefix) return true;
  return false;
}

}  // namespace

ProcessInfo current_process_info(std::string recorder) {
  ProcessInfo info;
  info.pid = static_cast<std::uint64_t>(getpid());
  info.recorder = std::move(recorder);
  std::ifstream cmdline("/proc/self/cmdline", std::ios::binary);
  const std::string all((std::istreambuf_iterator<char>(cmdline)), std::istreambuf_iterator<char>());
  for (std::size_t start = 0; start < all.size();) {
    const std::size_t end = all.find('\0', start);
    info.command_line.push_back(all.substr(start, end - start));
    if (end == std::string::npos) break;
    start = end + 1;
  }
  std::error_code ec;
  info.executable = std::filesystem::read_symlink("/proc/self/exe", ec).string();
  char host[256] = {};
  if (gethostname(host, sizeof host - 1) == 0) info.host = host;
  for (char** env = environ; env && *env; ++env) {
    const std::string_view entry(*env);
    const std::size_t eq = entry.find('=');
    if (eq == std::string_view::npos || !matters(entry.substr(0, eq))) continue;
    info.environment.emplace_back(std::string(entry.substr(0, eq)), std::string(entry.substr(eq + 1)));
  }
  return info;
}

}  // namespace clvet::trace
