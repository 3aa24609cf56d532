// Findings as JSON and as SARIF 2.1.0, beside the text rendering of finding.h.
#pragma once

#include <string>
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

// The version clvet was built as.
std::string_view tool_version();

}  // namespace clvet::reports
