// Findings as JSON and as SARIF 2.1.0, beside the text rendering of finding.h.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "clvet/reports/finding.h"

namespace clvet::reports {

// Where the findings come from, for the reports that say so.
struct ReportSource {
  std::string artifact;  // the trace (or program) the findings are about; may be empty
};

// {"tool": "clvet", "version": ..., "source": ..., "summary": {...}, "findings": [...]}
std::string render_json(const std::vector<Finding>& findings, const ReportSource& source = {});
// A SARIF 2.1.0 log with one run, one rule per rule id (its spec section and clause as help).
std::string render_sarif(const std::vector<Finding>& findings, const ReportSource& source = {});

// The findings of a report render_json() wrote (every field it writes); nullopt with `error`
// when `json` is not such a report.
std::optional<std::vector<Finding>> read_json(std::string_view json, std::string& error);

// The version clvet was built as.
std::string_view tool_version();

}  // namespace clvet::reports
