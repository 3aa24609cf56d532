// The front end's guard (interpreter/frontend/fatal_error_guard.h): a fatal error LLVM reports
// and an abort inside a step (how the SPIR-V translator's assertions end: Debian builds
// libLLVMSPIRVLib with assertions on, LLVM 15 itself without) stop that step with the reason,
// and the process goes on; the step after them runs as usual.
#include <gtest/gtest.h>
#include <llvm/Support/ErrorHandling.h>

#include <csignal>
#include <cstdlib>
#include <string>

#include "frontend/fatal_error_guard.h"

namespace {

using clvet::interp::run_guarded;

TEST(FatalErrorGuard, AFatalErrorStopsTheStepOnly) {
  std::string why;
  EXPECT_FALSE(run_guarded([] { llvm::report_fatal_error("the input is beyond repair"); }, why));
  EXPECT_EQ(why, "LLVM ERROR: the input is beyond repair");
  bool ran = false;
  EXPECT_TRUE(run_guarded([&] { ran = true; }, why));
  EXPECT_TRUE(ran);
}

TEST(FatalErrorGuard, AnAbortStopsTheStepOnly) {
  std::string why;
  EXPECT_FALSE(run_guarded([] { std::abort(); }, why));
  EXPECT_NE(why.find("signal 6"), std::string::npos) << why;
  // The application's own handlers are back once no step runs.
  struct sigaction now {};
  sigaction(SIGABRT, nullptr, &now);
  EXPECT_EQ(now.sa_handler, SIG_DFL);
  EXPECT_TRUE(run_guarded([] {}, why));
}

}  // namespace
