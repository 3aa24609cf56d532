// Findings as JSON and SARIF parse back, and the SARIF log has what 2.1.0 requires.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "clvet/reports/formats.h"
#include "clvet/rules/opencl.h"

namespace clvet::reports {
namespace {

std::vector<Finding> sample() {
  Finding app;
  app.rule_id = "CreateBufferSizeZero";
  app.entry = "clCreateBuffer";
  app.error_code = CL_INVALID_BUFFER_SIZE;
  app.spec = "OpenCL 1.2 §5.2.1";
  app.clause = "CL_INVALID_BUFFER_SIZE if size is 0.";
  app.detail = "size is 0";
  app.call_index = 7;
  Finding again = app;
  again.call_index = 9;
  again.count = 2;
  Finding platform;
  platform.category = Category::Platform;
  platform.severity = Severity::Warning;
  platform.rule_id = "GetDeviceInfoSizeRet";
  platform.entry = "clGetDeviceInfo";
  platform.detail = "param_value_size_ret is 3, the value has 4 bytes";
  platform.call_index = 12;
  return {app, again, platform};
}

TEST(RenderJson, ParsesBackWithEveryField) {
  const auto findings = sample();
  const auto j = nlohmann::json::parse(render_json(findings, {"app.clvt"}));
  EXPECT_EQ(j["tool"], "clvet");
  EXPECT_EQ(j["source"], "app.clvt");
  EXPECT_EQ(j["summary"]["findings"], 3);
  EXPECT_EQ(j["summary"]["application"], 2);
  EXPECT_EQ(j["summary"]["platform"], 1);
  ASSERT_EQ(j["findings"].size(), 3u);
  const auto& first = j["findings"][0];
  EXPECT_EQ(first["rule"], "CreateBufferSizeZero");
  EXPECT_EQ(first["category"], "application");
  EXPECT_EQ(first["severity"], "error");
  EXPECT_EQ(first["entry"], "clCreateBuffer");
  EXPECT_EQ(first["error_code"], CL_INVALID_BUFFER_SIZE);
  EXPECT_EQ(first["error"], "CL_INVALID_BUFFER_SIZE");
  EXPECT_EQ(first["spec"], "OpenCL 1.2 §5.2.1");
  EXPECT_EQ(first["clause"], "CL_INVALID_BUFFER_SIZE if size is 0.");
  EXPECT_EQ(first["detail"], "size is 0");
  EXPECT_EQ(first["call_index"], 7);
  EXPECT_EQ(j["findings"][1]["count"], 2);
  EXPECT_EQ(j["findings"][2]["category"], "platform");
}

TEST(RenderJson, NoFindingsIsAnEmptyList) {
  const auto j = nlohmann::json::parse(render_json({}));
  EXPECT_TRUE(j["findings"].is_array());
  EXPECT_TRUE(j["findings"].empty());
}

TEST(RenderSarif, HasTheRequiredFieldsOf210) {
  const auto log = nlohmann::json::parse(render_sarif(sample(), {"app.clvt"}));
  // sarifLog: version and runs are required; $schema is recommended.
  EXPECT_EQ(log["version"], "2.1.0");
  EXPECT_TRUE(log["$schema"].get<std::string>().find("sarif-2.1.0") != std::string::npos);
  ASSERT_TRUE(log["runs"].is_array());
  ASSERT_EQ(log["runs"].size(), 1u);
  const auto& run = log["runs"][0];
  // run.tool.driver.name is required.
  EXPECT_EQ(run["tool"]["driver"]["name"], "clvet");
  const auto& rules = run["tool"]["driver"]["rules"];
  ASSERT_EQ(rules.size(), 2u) << "one reporting descriptor per rule id";
  for (const auto& rule : rules) {
    EXPECT_TRUE(rule["id"].is_string());  // required
    EXPECT_TRUE(rule["help"]["text"].is_string());
    EXPECT_TRUE(rule["shortDescription"]["text"].is_string());
  }
  EXPECT_EQ(rules[0]["id"], "CreateBufferSizeZero");
  EXPECT_EQ(rules[0]["help"]["text"],
            "OpenCL 1.2 §5.2.1: \"CL_INVALID_BUFFER_SIZE if size is 0.\" (CL_INVALID_BUFFER_SIZE)");
  const auto& results = run["results"];
  ASSERT_EQ(results.size(), 3u);
  for (const auto& result : results) {
    EXPECT_TRUE(result["message"]["text"].is_string());  // required
    const std::size_t index = result["ruleIndex"];
    ASSERT_LT(index, rules.size());
    EXPECT_EQ(result["ruleId"], rules[index]["id"]);
    EXPECT_TRUE(result["level"] == "error" || result["level"] == "warning" || result["level"] == "note");
  }
  EXPECT_EQ(results[1]["ruleIndex"], 0);
  EXPECT_EQ(results[2]["level"], "warning");
  EXPECT_EQ(results[0]["locations"][0]["logicalLocations"][0]["name"], "clCreateBuffer");
  EXPECT_EQ(results[0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"], "app.clvt");
  EXPECT_EQ(results[0]["properties"]["callIndex"], 7);
  EXPECT_EQ(results[2]["properties"]["category"], "platform");
}

// A kernel finding points at the program's source line; one whose kernel came without a
// source file (IL, a binary without debug information) names the kernel only: SARIF 2.1.0
// §3.28 lets a location be logical alone, and a made-up file name would mislead a viewer.
TEST(RenderSarif, KernelFindingsNameTheirSourceOrOnlyTheKernel) {
  Finding race;
  race.rule_id = "kernel/race-write-write";
  race.entry = "clEnqueueNDRangeKernel";
  race.kernel = KernelEvidence{};
  race.kernel->checker = "races";
  race.kernel->kind = "race-write-write";
  race.kernel->kernel = "histogram";
  race.kernel->at.file = "program-1a2b.cl";
  race.kernel->at.line = 12;
  race.kernel->at.column = 5;
  Finding from_il = race;
  from_il.kernel->at = KernelSite{};
  from_il.kernel->kernel = "scan";
  const auto log = nlohmann::json::parse(render_sarif({race, from_il}, {"app.clvt"}));
  const auto& results = log["runs"][0]["results"];
  ASSERT_EQ(results.size(), 2u);
  const auto& with_file = results[0]["locations"][0];
  EXPECT_EQ(with_file["physicalLocation"]["artifactLocation"]["uri"], "program-1a2b.cl");
  EXPECT_EQ(with_file["physicalLocation"]["region"]["startLine"], 12);
  EXPECT_EQ(with_file["logicalLocations"][0]["name"], "histogram");
  const auto& without_file = results[1]["locations"][0];
  EXPECT_FALSE(without_file.contains("physicalLocation"));
  EXPECT_EQ(without_file["logicalLocations"][0]["name"], "scan");
}

TEST(RenderSarif, NoFindingsIsAValidEmptyRun) {
  const auto log = nlohmann::json::parse(render_sarif({}));
  EXPECT_EQ(log["version"], "2.1.0");
  EXPECT_TRUE(log["runs"][0]["results"].empty());
  EXPECT_TRUE(log["runs"][0]["tool"]["driver"]["rules"].empty());
}

}  // namespace
}  // namespace clvet::reports
