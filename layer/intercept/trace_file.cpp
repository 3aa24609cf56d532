// A trace file claimed by one process: locked (flock) for the life of the process that records
// into it, so that another process of the same program, given the same path, records beside it.
#include "trace_file.h"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <fmt/format.h>

#include "clvet/trace/process_at_start.h"
#include "options.h"

namespace clvet::layer {
namespace {

// Whether the trace at `path` was written by a process of this clvet run: its recorded
// CLVET_REPORT is this process's, which clvet run makes a folder of its own for each run. A
// report setting shared by unrelated runs (stderr, none) tells nothing.
//
// Read, never mapped, though this process holds the file's lock, which keeps every clvet writer
// from cutting it (each claims its trace with the lock first): what does not take the lock may
// (the user's `: > app.clvt`, a clvet of before the lock, a file put at the path after the lock
// was taken), and a mapping read after a cut would kill the application with SIGBUS before its
// first call returned (trace::process_at_start reads it so).
bool of_this_run(const std::string& path) {
  const char* report = std::getenv("CLVET_REPORT");
  if (report == nullptr || std::string_view(report).find("%p") == std::string_view::npos) return false;
  const std::optional<trace::ProcessInfo> info = trace::process_at_start(path);
  if (!info) return false;
  for (const auto& [name, value] : info->environment)
    if (name == "CLVET_REPORT") return value == report;
  return false;
}

// Opens `path` (creating it) and takes its lock without waiting: the descriptor, kept open
// (never closed: the lock lasts as long as the process), or -1 when another process holds it.
// `unusable`: the file cannot even be opened (the writer then says why).
int lock(const std::string& path, bool& unusable) {
  unusable = false;
  const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0) {
    unusable = true;
    return -1;
  }
  // Not a regular file (a FIFO, a device): nothing to claim.
  struct stat st {};
  if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    ::close(fd);
    unusable = true;
    return -1;
  }
  if (flock(fd, LOCK_EX | LOCK_NB) != 0) {
    ::close(fd);
    return -1;
  }
  return fd;
}

}  // namespace

std::string claim_trace_file(const std::string& given, std::string& note) {
  bool unusable = false;
  const int fd = lock(given, unusable);
  if (unusable) return given;
  struct stat st {};
  const bool written = fd >= 0 && fstat(fd, &st) == 0 && st.st_size > 0;
  if (fd >= 0 && !(written && of_this_run(given))) return given;  // ours: the writer truncates it
  if (fd >= 0) ::close(fd);  // another process's of this run, which has ended
  const std::string own = options::with_process_id(options::per_process(given));
  bool own_unusable = false;
  (void)lock(own, own_unusable);
  note = fmt::format("clvet: {} is the trace of another process of the program; process {} records into {}",
                     given, static_cast<long>(getpid()), own);
  return own;
}

}  // namespace clvet::layer
