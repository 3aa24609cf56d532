// Start and end of the layer's life in a process.
#include "lifecycle.h"

#include <fmt/format.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <fstream>

#include "call_observer.h"
#include "clvet/checker/api_validation.h"
#include "clvet/reports/formats.h"
#include "options.h"
#include "findings.h"
#include "objects.h"
#include "settings.h"
#include "trace_observer.h"

namespace clvet::layer {
namespace {

std::atomic<pid_t> g_started_in{0};
std::atomic<bool> g_finished{false};

// More leaks than this are summed up in one finding: the first ones say what leaks.
constexpr std::size_t kLeaksListed = 100;

void report_leaks() {
  const auto live = objects().live_counted();
  for (std::size_t i = 0; i < live.size() && i < kLeaksListed; ++i) {
    const checker::ObjectRecord& o = live[i];
    record_check(check::kObjectLeaked, reports::Category::Application, reports::Severity::Warning,
                 o.created_by, CL_SUCCESS, o.created_call,
                 fmt::format("{} {} created by {} (call #{}) still has {} reference{} at exit",
                             handle_type(o.kind), o.handle, o.created_by, o.created_call,
                             o.refcount, o.refcount == 1 ? "" : "s"));
  }
  if (live.size() > kLeaksListed)
    record_check(check::kObjectLeaked, reports::Category::Application, reports::Severity::Warning,
                 "", CL_SUCCESS, 0,
                 fmt::format("{} more objects still held at exit", live.size() - kLeaksListed));
}

bool use_colour(FILE* stream) {
  if (settings().colour == "always") return true;
  if (settings().colour == "never") return false;
  return isatty(fileno(stream));
}

// The report in CLVET_REPORT_FORMAT: text, json or sarif.
std::string render(const std::vector<reports::Finding>& findings, bool colour) {
  const std::string format = options::value("report_format");
  if (format == "json") return reports::render_json(findings);
  if (format == "sarif") return reports::render_sarif(findings);
  return reports::render_text(findings, colour);
}

void write_report() {
  const std::string& where = settings().report;
  if (where == "none") return;
  const auto findings = checker::FindingLog::instance().snapshot();
  if (where == "stderr") {
    if (findings.empty()) return;
    if (options::value("report_format") != "text") {
      const std::string data = render(findings, false);
      std::fwrite(data.data(), 1, data.size(), stderr);
      return;
    }
    std::fprintf(stderr, "clvet: %zu finding(s)\n%s", findings.size(),
                 render(findings, use_colour(stderr)).c_str());
    return;
  }
  // Appended, even when there is nothing to say (clvet run counts the reports to know the
  // process reached its end): clvet's reference device, when it is one of the platforms,
  // writes its own findings to the same file at exit, before this runs.
  std::ofstream(where, std::ios::app) << render(findings, false);
}

// Runs after the application's exit handlers and static destructors (the dynamic linker's
// own exit handler runs the destructors of loaded libraries last), so objects released
// there are not taken for leaks.
__attribute__((destructor)) void finish_at_exit() {
  finish();
}

}  // namespace

void start() {
  pid_t expected = 0;
  if (!g_started_in.compare_exchange_strong(expected, getpid())) return;
  // Start the report file empty, so that appending at exit does not add to an old one.
  const std::string& where = settings().report;
  if (where != "stderr" && where != "none") std::ofstream(where, std::ios::trunc);
  start_trace();
}

void finish() {
  // A child forked by the application inherits the layer: the report is its parent's.
  if (g_started_in.load() != getpid()) return;
  if (g_finished.exchange(true)) return;
  if (settings().leaks) report_leaks();
  if (CallObserver* observer = call_observer()) observer->close();
  write_report();
}

}  // namespace clvet::layer
