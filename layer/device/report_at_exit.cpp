// Writes the device's findings when the process exits (CLVET_REPORT), and live if asked
// (CLVET_LIVE): an application run on the reference device ends with its report.
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>

#include "clvet/checker/api_validation.h"
#include "options.h"

namespace clvet::device {
namespace {

bool use_colour(FILE* stream) {
  const std::string colour = options::value("colour");
  if (colour == "always") return true;
  if (colour == "never") return false;
  return isatty(fileno(stream));
}

void write_report() {
  const std::string where = options::value("report");
  if (where == "none") return;
  auto findings = checker::FindingLog::instance().snapshot();
  if (where == "stderr") {
    if (findings.empty()) return;
    std::string text = reports::render_text(findings, use_colour(stderr));
    std::fprintf(stderr, "clvet: %zu finding(s)\n%s", findings.size(), text.c_str());
    return;
  }
  std::ofstream out(where);
  out << reports::render_text(findings, false);
}

struct ReportAtExit {
  ReportAtExit() { std::atexit(write_report); }
} report_at_exit;

}  // namespace
}  // namespace clvet::device
