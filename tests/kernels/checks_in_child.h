// Tests that need the reference device loaded with a given CLVET_CHECK: the device reads it once
// when it loads, so each setting gets a process of its own.
#pragma once

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <functional>

namespace clvet::test {

// Runs `body` in a child process with CLVET_CHECK=`checks`; false when the child failed an
// expectation or did not finish.
inline bool in_child(const char* checks, const std::function<void()>& body) {
  pid_t child = fork();
  if (child == 0) {
    setenv("CLVET_CHECK", checks, 1);
    setenv("CLVET_REPORT", "none", 1);
    body();
    std::_Exit(testing::Test::HasFailure() ? 1 : 0);
  }
  int status = 0;
  waitpid(child, &status, 0);
  return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

}  // namespace clvet::test
