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

// read_json gives back what render_json wrote, kernel evidence included (both sides of a
// race, the work-items, the object and its offset).
TEST(ReadJson, RoundTripsEveryField) {
  auto findings = sample();
  Finding race;
  race.rule_id = "Kernel.race-write-write";
  race.entry = "clEnqueueNDRangeKernel";
  race.spec = "OpenCL 1.2 §3.3.1";
  race.detail = "two writes";
  race.call_index = 14;
  KernelEvidence k;
  k.kind = KernelKind::RaceWriteWrite;
  k.kernel = "overlap";
  k.at = {"program.cl", 10, 3, "  out[i] = 1;", WorkItemIds{{33, 0, 0}, {1, 0, 0}, {1, 0, 0}}, false};
  k.other = KernelSite{"program.cl", 12, 5, "  out[j] = -1;", WorkItemIds{{0, 0, 0}, {0, 0, 0}, {0, 0, 0}}, true};
  k.object = "argument 0 'out'";
  k.object_origin = "call #5 clCreateBuffer";
  k.offset = -4;
  k.size = 4;
  k.element = -1;
  k.enqueue = 14;
  race.kernel = k;
  findings.push_back(race);
  std::string error;
  const auto back = read_json(render_json(findings, {"app.clvt"}), error);
  ASSERT_TRUE(back) << error;
  ASSERT_EQ(back->size(), findings.size());
  for (std::size_t i = 0; i < findings.size(); ++i) {
    const Finding& a = findings[i];
    const Finding& b = (*back)[i];
    EXPECT_EQ(a.category, b.category);
    EXPECT_EQ(a.severity, b.severity);
    EXPECT_EQ(a.rule_id, b.rule_id);
    EXPECT_EQ(a.entry, b.entry);
    EXPECT_EQ(a.error_code, b.error_code);
    EXPECT_EQ(a.spec, b.spec);
    EXPECT_EQ(a.clause, b.clause);
    EXPECT_EQ(a.detail, b.detail);
    EXPECT_EQ(a.call_index, b.call_index);
    EXPECT_EQ(a.count, b.count);
    EXPECT_EQ(a.kernel.has_value(), b.kernel.has_value());
  }
  const KernelEvidence& r = *back->back().kernel;
  EXPECT_EQ(r.kind, KernelKind::RaceWriteWrite);
  EXPECT_EQ(r.kernel, "overlap");
  EXPECT_EQ(r.at.line, 10u);
  EXPECT_EQ(r.at.column, 3u);
  EXPECT_EQ(r.at.source_line, "  out[i] = 1;");
  ASSERT_TRUE(r.at.work_item);
  EXPECT_EQ(r.at.work_item->global[0], 33u);
  EXPECT_EQ(r.at.work_item->local[0], 1u);
  EXPECT_EQ(r.at.work_item->group[0], 1u);
  ASSERT_TRUE(r.other);
  EXPECT_EQ(r.other->line, 12u);
  EXPECT_TRUE(r.other->atomic);
  EXPECT_EQ(r.object, "argument 0 'out'");
  EXPECT_EQ(r.object_origin, "call #5 clCreateBuffer");
  EXPECT_EQ(r.offset, -4);
  EXPECT_EQ(r.size, 4u);
  EXPECT_EQ(r.element, -1);
  EXPECT_EQ(r.enqueue, 14u);
}

TEST(ReadJson, RefusesWhatIsNotAReport) {
  std::string error;
  EXPECT_FALSE(read_json("{\"findings\": [", error));
  EXPECT_EQ(error, "not JSON");
  EXPECT_FALSE(read_json("{\"tool\": \"other\", \"findings\": []}", error));
  EXPECT_NE(error.find("not a clvet report"), std::string::npos);
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
  race.kernel->kind = KernelKind::RaceWriteWrite;
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
