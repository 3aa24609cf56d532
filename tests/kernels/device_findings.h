// Test helper: the reference device's findings so far, read from its JSON report
// (clvetWriteFindingsCLVET) and forgotten after, for kernel tests that assert what the checkers
// report.
#pragma once

#include <CL/cl.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <unistd.h>

#include <fstream>
#include <string>
#include <vector>

namespace clvet::test {

inline std::vector<nlohmann::json> take_findings(cl_platform_id platform) {
  using WriteFindings = cl_int(CL_API_CALL*)(const char*);
  auto write = reinterpret_cast<WriteFindings>(
      clGetExtensionFunctionAddressForPlatform(platform, "clvetWriteFindingsCLVET"));
  EXPECT_NE(write, nullptr);
  if (write == nullptr) return {};
  // One file per process: ctest runs a test's AsWritten and OptDisable cases at once, and a
  // file both wrote gave one the other's findings, or half a file.
  const std::string path =
      ::testing::TempDir() + "clvet_findings_" + std::to_string(::getpid()) + ".json";
  EXPECT_EQ(write(path.c_str()), CL_SUCCESS);
  std::ifstream in(path);
  const nlohmann::json report = nlohmann::json::parse(in, nullptr, false);
  std::vector<nlohmann::json> findings;
  if (report.is_object() && report.contains("findings"))
    for (const nlohmann::json& f : report.at("findings")) findings.push_back(f);
  return findings;
}

inline void expect_no_finding(cl_platform_id platform) {
  for (const nlohmann::json& f : take_findings(platform)) ADD_FAILURE() << f.dump();
}

}  // namespace clvet::test
