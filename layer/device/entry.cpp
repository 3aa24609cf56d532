// Reporting of the errors the reference device returns.
#include "entry.h"

#include <cstdio>
#include <utility>

#include "emulated_profile.h"
#include "options.h"

namespace clvet::device::entry {

void remember(const rules::Rule* rule);

namespace {
thread_local bool t_probe = false;
thread_local const char* t_probe_spec = nullptr;
}  // namespace

// The error this thread reports next answers a probe: a query of a name the device does not
// know, which is how programs find out whether a vendor's extension is there.
void note_probe(const char* spec) {
  t_probe = true;
  t_probe_spec = spec;
}

void report(const Error& error) {
  remember(error.rule);
  // Under a device profile, a limit's error names the profile's value of it: the program fits
  // the reference device's own limits and fails only as the profiled device would fail it.
  std::string detail = error.detail;
  if (const std::string note = profile_limit_note(*error.rule); !note.empty())
    detail += (detail.empty() ? "" : "; ") + note;
  reports::Finding finding =
      checker::finding_for(*error.rule, reports::Category::Application, detail);
  if (std::exchange(t_probe, false)) {
    // Shown, for who wonders why a query failed, but no fault: the spec gives the error code
    // as the answer (the clause of the device's own version where the probe names it).
    finding.severity = reports::Severity::Note;
    if (t_probe_spec != nullptr) finding.spec = t_probe_spec;
  }
  // Not when the report goes to stderr as JSON or SARIF: it holds them all, alone there.
  static const bool live = options::value("live") == "1" &&
                           !(options::value("report") == "stderr" && options::value("report_format") != "text");
  if (live) std::fprintf(stderr, "clvet: %s", reports::render_text(finding).c_str());
  checker::FindingLog::instance().add(std::move(finding));
}

}  // namespace clvet::device::entry

namespace clvet::device {
namespace {
thread_local const rules::Rule* t_last_rule = nullptr;
}  // namespace

// clvet's private extension function clvetLastRuleIdCLVET (see platform_api.cpp): the id of
// the last rule this thread's calls broke, so tests can tell which clause produced a code.
extern "C" const char* CL_API_CALL clvet_last_rule_id() {
  return t_last_rule ? t_last_rule->id.data() : "";
}
extern "C" void CL_API_CALL clvet_clear_last_rule() { t_last_rule = nullptr; }

namespace entry {
void remember(const rules::Rule* rule) { t_last_rule = rule; }
}  // namespace entry

}  // namespace clvet::device
