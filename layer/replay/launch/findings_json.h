// The reference device's report at exit (CLVET_REPORT_FORMAT=json, reports/json.cpp) read
// back into findings.
#pragma once

#include <string>
#include <vector>

#include "clvet/reports/finding.h"

namespace clvet::replay {

// The findings of a JSON report; none when `text` is empty or not such a report.
std::vector<reports::Finding> findings_from_json(const std::string& text);

}  // namespace clvet::replay
