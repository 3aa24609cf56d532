// Findings as JSON, for scripts: one object per finding with every field of the model.
#include <nlohmann/json.hpp>

#include "clvet/reports/formats.h"

namespace clvet::reports {

std::string_view tool_version() { return CLVET_VERSION; }

std::string render_json(const std::vector<Finding>& findings, const ReportSource& source) {
  nlohmann::ordered_json out;
  out["tool"] = "clvet";
  out["version"] = tool_version();
  if (!source.artifact.empty()) out["source"] = source.artifact;
  std::size_t application = 0, platform = 0;
  nlohmann::ordered_json list = nlohmann::ordered_json::array();
  for (const Finding& f : findings) {
    (f.category == Category::Application ? application : platform) += 1;
    nlohmann::ordered_json j;
    j["category"] = to_string(f.category);
    j["severity"] = to_string(f.severity);
    j["rule"] = f.rule_id;
    j["entry"] = f.entry;
    j["error_code"] = f.error_code;
    j["error"] = f.error_code ? error_name(f.error_code) : "";
    j["spec"] = f.spec;
    j["clause"] = f.clause;
    j["detail"] = f.detail;
    j["call_index"] = f.call_index;
    j["count"] = f.count;
    list.push_back(std::move(j));
  }
  out["summary"] = {{"findings", findings.size()}, {"application", application}, {"platform", platform}};
  out["findings"] = std::move(list);
  return out.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + "\n";
}

}  // namespace clvet::reports
