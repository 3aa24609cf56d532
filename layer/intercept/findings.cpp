// Where the layer's findings go.
#include "findings.h"

#include <cstdio>

#include "call_observer.h"
#include "clvet/checker/api_validation.h"
#include "options.h"
#include "settings.h"

namespace clvet::layer {

void record(reports::Finding finding) {
  if (settings().live) std::fprintf(stderr, "clvet: %s", reports::render_text(finding).c_str());
  if (CallObserver* observer = call_observer()) observer->finding(finding);
  checker::FindingLog::instance().add(std::move(finding));
}

void record_rule(const rules::Rule& rule, reports::Category category, std::uint64_t call_index,
                 std::string detail) {
  reports::Finding finding = checker::finding_for(rule, category, std::move(detail));
  finding.call_index = call_index;
  record(std::move(finding));
}

void record_check(std::string_view id, reports::Category category, reports::Severity severity,
                  std::string_view entry, cl_int code, std::uint64_t call_index,
                  std::string detail) {
  reports::Finding finding;
  finding.category = category;
  finding.severity = severity;
  finding.rule_id = std::string(id);
  finding.entry = std::string(entry);
  finding.error_code = code;
  finding.detail = std::move(detail);
  finding.call_index = call_index;
  record(std::move(finding));
}

}  // namespace clvet::layer
