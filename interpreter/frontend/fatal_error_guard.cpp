// The front end's guard against fatal errors and crashes (see fatal_error_guard.h), on LLVM's
// CrashRecoveryContext: LLVM's fatal error handler jumps back to the step's start through it
// (as Clang's own in-process compiler does), and its signal handlers do the same for a crash
// on the step's thread. The signal handlers are on only while a step runs: before and after,
// the application's own handle its signals.
#include "frontend/fatal_error_guard.h"

#include <llvm/Support/CrashRecoveryContext.h>
#include <llvm/Support/ErrorHandling.h>

#include <fmt/format.h>

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>

namespace clvet::interp {

namespace {

thread_local std::string t_fatal_error;  // the reason of the fatal error that stopped a step

void on_fatal_error(void*, const char* reason, bool gen_crash_diag) {
  if (llvm::CrashRecoveryContext* step = llvm::CrashRecoveryContext::GetCurrent()) {
    t_fatal_error = reason != nullptr ? reason : "";
    step->HandleExit(1);  // does not return
  }
  // Not inside a step (another user of LLVM in this process, PoCL's compiler): what LLVM
  // does when no handler is installed.
  std::fprintf(stderr, "LLVM ERROR: %s\n", reason != nullptr ? reason : "");
  if (gen_crash_diag) std::abort();
  std::exit(1);
}

// Steps running now on any thread: crash recovery (its signal handlers) is on while one runs.
std::mutex g_steps_mutex;
int g_steps = 0;

void step_begins() {
  static std::once_flag handler;
  std::call_once(handler, [] { llvm::install_fatal_error_handler(on_fatal_error, nullptr); });
  std::lock_guard<std::mutex> lock(g_steps_mutex);
  ++g_steps;
  // Again on every step: a crash on another thread while it was on turned it off (LLVM's
  // handler gives such a signal back to the application's handler).
  llvm::CrashRecoveryContext::Enable();
}

void step_ends() {
  std::lock_guard<std::mutex> lock(g_steps_mutex);
  if (--g_steps == 0) llvm::CrashRecoveryContext::Disable();
}

}  // namespace

bool run_guarded(llvm::function_ref<void()> step, std::string& why) {
  step_begins();
  t_fatal_error.clear();
  bool finished = false;
  int code = 0;
  {
    llvm::CrashRecoveryContext context;
    finished = context.RunSafely(step);
    code = context.RetCode;
  }
  step_ends();
  if (finished) return true;
  if (!t_fatal_error.empty()) {
    why = "LLVM ERROR: " + t_fatal_error;
    t_fatal_error.clear();
    return false;
  }
  // A signal's code is 128 + its number (CrashRecoveryContext on POSIX systems).
  const int signal = code > 128 ? code - 128 : 0;
  why = signal != 0 ? fmt::format("signal {} ({})", signal, strsignal(signal))
                    : fmt::format("exit status {}", code);
  return false;
}

}  // namespace clvet::interp
