// Writes the device's findings when the process exits (CLVET_REPORT), and live if asked
// (CLVET_LIVE): an application run on the reference device ends with its report.
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>

#include "clvet/checker/api_validation.h"
#include "clvet/reports/formats.h"
#include "options.h"

namespace clvet::device {
namespace {

bool use_colour(FILE* stream) {
  const std::string colour = options::value("colour");
  if (colour == "always") return true;
  if (colour == "never") return false;
  return isatty(fileno(stream));
}

// The report in CLVET_REPORT_FORMAT (text, json, sarif).
std::string render(const std::vector<reports::Finding>& findings, bool colour) {
  const std::string format = options::value("report_format");
  if (format == "json") return reports::render_json(findings);
  if (format == "sarif") return reports::render_sarif(findings);
  return reports::render_text(findings, colour);
}

void write_report() {
  const std::string where = options::with_process_id(options::value("report"));
  if (where == "none") return;
  auto findings = checker::FindingLog::instance().snapshot();
  if (where == "stderr") {
    if (findings.empty()) return;
    if (options::value("report_format") != "text") {
      std::string report = render(findings, false);
      std::fwrite(report.data(), 1, report.size(), stderr);
      return;
    }
    std::string text = render(findings, use_colour(stderr));
    std::fprintf(stderr, "clvet: %zu finding(s)\n%s", findings.size(), text.c_str());
    return;
  }
  std::ofstream out(where);
  out << render(findings, false);
}

struct ReportAtExit {
  ReportAtExit() { std::atexit(write_report); }
} report_at_exit;

}  // namespace
}  // namespace clvet::device
