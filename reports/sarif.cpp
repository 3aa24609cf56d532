// Findings as SARIF 2.1.0 (OASIS), the format CI systems and code hosts read: one run of the
// tool "clvet", one reporting descriptor per rule id with the spec's section and clause as
// its help, one result per finding.
#include <nlohmann/json.hpp>

#include <map>

#include "clvet/reports/formats.h"

namespace clvet::reports {
namespace {

std::string_view level(Severity severity) {
  switch (severity) {
    case Severity::Note: return "note";
    case Severity::Warning: return "warning";
    case Severity::Error: return "error";
  }
  return "error";
}

std::string message(const Finding& f) {
  std::string text = f.entry.empty() ? std::string("clvet") : f.entry;
  if (f.category == Category::Platform) text += ": the platform";
  if (f.error_code) text += ": " + error_name(f.error_code);
  if (!f.detail.empty()) text += ": " + f.detail;
  else if (!f.clause.empty()) text += ": " + f.clause;
  if (f.call_index) text += " (call #" + std::to_string(f.call_index) + ")";
  return text;
}

nlohmann::ordered_json rule(const Finding& f) {
  nlohmann::ordered_json r;
  r["id"] = f.rule_id;
  r["name"] = f.rule_id;
  const std::string summary =
      f.clause.empty() ? f.entry + ": " + (f.error_code ? error_name(f.error_code) : f.rule_id)
                       : f.clause;
  r["shortDescription"] = {{"text", summary}};
  std::string help = f.spec.empty() ? std::string("OpenCL specification") : f.spec;
  if (!f.clause.empty()) help += ": \"" + f.clause + "\"";
  if (f.error_code) help += " (" + error_name(f.error_code) + ")";
  r["fullDescription"] = {{"text", help}};
  r["help"] = {{"text", help}};
  r["defaultConfiguration"] = {{"level", level(f.severity)}};
  r["properties"] = {{"spec", f.spec}, {"clause", f.clause}, {"entry", f.entry},
                     {"errorCode", f.error_code}};
  return r;
}

}  // namespace

std::string render_sarif(const std::vector<Finding>& findings, const ReportSource& source) {
  nlohmann::ordered_json rules = nlohmann::ordered_json::array();
  std::map<std::string, std::size_t> rule_index;
  for (const Finding& f : findings) {
    if (rule_index.count(f.rule_id)) continue;
    rule_index.emplace(f.rule_id, rules.size());
    rules.push_back(rule(f));
  }
  nlohmann::ordered_json results = nlohmann::ordered_json::array();
  for (const Finding& f : findings) {
    nlohmann::ordered_json r;
    r["ruleId"] = f.rule_id;
    r["ruleIndex"] = rule_index.at(f.rule_id);
    r["kind"] = "fail";
    r["level"] = level(f.severity);
    r["message"] = {{"text", message(f)}};
    nlohmann::ordered_json location;
    if (!source.artifact.empty())
      location["physicalLocation"] = {{"artifactLocation", {{"uri", source.artifact}}}};
    if (!f.entry.empty())
      location["logicalLocations"] = nlohmann::ordered_json::array(
          {{{"name", f.entry}, {"kind", "function"}}});
    if (!location.empty()) r["locations"] = nlohmann::ordered_json::array({location});
    r["properties"] = {{"category", to_string(f.category)},
                       {"callIndex", f.call_index},
                       {"errorCode", f.error_code},
                       {"count", f.count}};
    results.push_back(std::move(r));
  }
  nlohmann::ordered_json driver;
  driver["name"] = "clvet";
  driver["semanticVersion"] = tool_version();
  driver["rules"] = std::move(rules);
  nlohmann::ordered_json run;
  run["tool"] = {{"driver", std::move(driver)}};
  if (!source.artifact.empty())
    run["artifacts"] = nlohmann::ordered_json::array({{{"location", {{"uri", source.artifact}}}}});
  run["results"] = std::move(results);
  nlohmann::ordered_json log;
  log["$schema"] = "https://json.schemastore.org/sarif-2.1.0.json";
  log["version"] = "2.1.0";
  log["runs"] = nlohmann::ordered_json::array({std::move(run)});
  return log.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + "\n";
}

}  // namespace clvet::reports
