// Running a program for the layer tests: its exit status, stdout and stderr, with extra
// environment variables, and reading clvet's report back as (category, rule id) pairs.
#pragma once

#include <set>
#include <string>
#include <utility>
#include <vector>

namespace clvet::test {

struct Ran {
  int status = -1;  // exit status; 128 + signal when killed
  std::string out;
  std::string err;
};

// Runs `command` in a folder of this process's own in /tmp, removed when it exits, so that the
// traces clvet run leaves in its current folder do not pile up in the build tree.
Ran run(const std::vector<std::string>& command,
        const std::vector<std::pair<std::string, std::string>>& environment = {});

std::string read_file(const std::string& path);
// A new empty file's path in /tmp naming `stem`; it and the files beside it named the same with
// an extension added (a test's "PATH.clvt") are removed when the process exits.
std::string temporary_path(const std::string& stem);

// "application:CreateBufferSizeZero", "platform:InfoSizeMismatch": one per finding heading of
// a text report (a heading is a line that does not start with a space).
std::set<std::string> finding_ids(const std::string& report);

// Whether a text report holds an error or a warning, the findings that make `clvet run` exit 1
// when the program itself succeeded (notes fail nothing).
bool any_failing_finding(const std::string& report);

}  // namespace clvet::test
