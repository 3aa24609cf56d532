// clinfo under the layer prints exactly what it prints without it, on PoCL alone and with the
// reference device as a second platform, and makes no application finding.
#include <gtest/gtest.h>

#include <cstdio>
#include <string>

#include "run_program.h"

namespace clvet::test {
namespace {

// clinfo 3.0.23.01.25 reads past one of its own arrays (valgrind: "Invalid read of size 4 ...
// 16 bytes after a block of size 48 alloc'd", inside clinfo) with two platforms, and prints a
// blank line more or less depending on what lies there: outputs are compared without blank
// lines.
std::string without_blank_lines(const std::string& text) {
  std::string out;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    if (end > start) out += text.substr(start, end - start) + "\n";
    start = end + 1;
  }
  return out;
}

struct Compared {
  Ran alone;
  Ran layered;
  std::set<std::string> findings;         // with the layer
  std::set<std::string> device_findings;  // without it: the reference device's own
  bool layered_failed = false;            // an error or a warning in the layered run's report
};

Compared clinfo_with_and_without_layer(const std::string& vendors) {
  std::vector<std::pair<std::string, std::string>> env = {{"OCL_ICD_VENDORS", vendors},
                                                          {"OCL_ICD_FILENAMES", ""}};
  Compared c;
  const std::string device_report = temporary_path("clinfo-device-report");
  env.emplace_back("CLVET_REPORT", device_report);
  c.alone = run({CLVET_CLINFO}, env);
  env.pop_back();
  c.device_findings = finding_ids(read_file(device_report));
  std::remove(device_report.c_str());
  const std::string report = temporary_path("clinfo-report");
  c.layered = run({CLVET_CLI, "run", "--report=" + report, "--", CLVET_CLINFO}, env);
  const std::string text = read_file(report);
  c.findings = finding_ids(text);
  c.layered_failed = any_failing_finding(text);
  std::remove(report.c_str());
  return c;
}

// The layer adds no finding of its own but one: PoCL 3.1's clCreateContextFromType returns a
// context together with CL_DEVICE_NOT_FOUND for the device types it lacks (clinfo asks for
// each type; tests/layer/fake_icd reproduces the fault). The reference device reports the
// errors it returns itself (clinfo probes queries it does not answer), layer or not.
//
// clvet run exits as clinfo did, or 1 when clinfo succeeded and the report holds an error or a
// warning (README, `clvet run`): a crash of either, or a wrong status, fails.
void expect_only_known_findings(const Compared& c) {
  EXPECT_EQ(c.layered.status, c.layered_failed ? 1 : 0) << c.layered.err;
  for (const std::string& id : c.findings)
    if (!c.device_findings.contains(id)) {
      EXPECT_EQ(id, "platform:ResultDisagreesWithErrcode") << "unexpected finding under clinfo";
    }
}

TEST(Clinfo, OutputUnchangedUnderTheLayerOnPocl) {
  const Compared c = clinfo_with_and_without_layer(CLVET_POCL_ICD);
  ASSERT_EQ(c.alone.status, 0) << c.alone.err;
  EXPECT_NE(c.alone.out.find("Portable Computing Language"), std::string::npos);
  EXPECT_EQ(without_blank_lines(c.layered.out), without_blank_lines(c.alone.out));
  expect_only_known_findings(c);
}

TEST(Clinfo, OutputUnchangedWithTheReferenceDeviceAsSecondPlatform) {
  const Compared c = clinfo_with_and_without_layer(CLVET_TWO_PLATFORMS_DIR);
  ASSERT_EQ(c.alone.status, 0) << c.alone.err;
  EXPECT_NE(c.alone.out.find("Number of platforms                               2"),
            std::string::npos)
      << c.alone.out;
  EXPECT_EQ(without_blank_lines(c.layered.out), without_blank_lines(c.alone.out));
  expect_only_known_findings(c);
}

}  // namespace
}  // namespace clvet::test
