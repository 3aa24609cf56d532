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
  if (f.kernel)
    return "kernel '" + f.kernel->kernel + "': " + std::string(to_string(f.kernel->kind)) +
           (f.detail.empty() ? std::string() : ": " + f.detail);
  std::string text = f.entry.empty() ? std::string("clvet") : f.entry;
  if (f.category == Category::Platform) text += ": the platform";
  if (f.error_code) text += ": " + error_name(f.error_code);
  if (!f.detail.empty()) text += ": " + f.detail;
  else if (!f.clause.empty()) text += ": " + f.clause;
  if (f.call_index) text += " (call #" + std::to_string(f.call_index) + ")";
  return text;
}

// Kernel findings have one SARIF rule per kind ("kernel/out-of-bounds").
std::string rule_id(const Finding& f) {
  return f.kernel ? "kernel/" + std::string(to_string(f.kernel->kind)) : f.rule_id;
}

// A kernel kind's rule, from the table of kinds (kernel_kinds.h).
nlohmann::ordered_json kernel_rule(const Finding& f) {
  const KernelKindInfo& kind = describe(f.kernel->kind);
  nlohmann::ordered_json r;
  r["id"] = rule_id(f);
  r["name"] = kind.name;
  r["shortDescription"] = {{"text", kind.description}};
  r["help"] = {{"text", kind.spec}};
  r["defaultConfiguration"] = {{"level", level(kind.severity)}};
  r["properties"] = {{"checker", kind.checker}};
  return r;
}

nlohmann::ordered_json kernel_location(const KernelSite& site, const std::string& kernel) {
  nlohmann::ordered_json l;
  // A site without a file (a kernel built from IL or a binary without debug information)
  // names no artifact: an invented file name would send a viewer to a file that never was.
  if (!site.file.empty()) {
    nlohmann::ordered_json physical;
    physical["artifactLocation"] = {{"uri", site.file}};
    if (site.line) {
      nlohmann::ordered_json region = {{"startLine", site.line}};
      if (site.column) region["startColumn"] = site.column;
      if (!site.source_line.empty()) region["snippet"] = {{"text", site.source_line}};
      physical["region"] = std::move(region);
    }
    l["physicalLocation"] = std::move(physical);
  }
  l["logicalLocations"] = nlohmann::ordered_json::array({{{"name", kernel}, {"kind", "function"}}});
  return l;
}

nlohmann::ordered_json rule(const Finding& f) {
  if (f.kernel) return kernel_rule(f);
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
    if (rule_index.count(rule_id(f))) continue;
    rule_index.emplace(rule_id(f), rules.size());
    rules.push_back(rule(f));
  }
  nlohmann::ordered_json results = nlohmann::ordered_json::array();
  for (const Finding& f : findings) {
    nlohmann::ordered_json r;
    r["ruleId"] = rule_id(f);
    r["ruleIndex"] = rule_index.at(rule_id(f));
    r["kind"] = "fail";
    r["level"] = level(f.severity);
    r["message"] = {{"text", message(f)}};
    nlohmann::ordered_json location;
    if (!source.artifact.empty())
      location["physicalLocation"] = {{"artifactLocation", {{"uri", source.artifact}}}};
    if (!f.entry.empty())
      location["logicalLocations"] = nlohmann::ordered_json::array(
          {{{"name", f.entry}, {"kind", "function"}}});
    if (f.kernel) {
      location = kernel_location(f.kernel->at, f.kernel->kernel);
      if (f.kernel->other)
        r["relatedLocations"] = nlohmann::ordered_json::array(
            {kernel_location(*f.kernel->other, f.kernel->kernel)});
    }
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
