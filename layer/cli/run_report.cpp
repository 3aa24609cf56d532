// The report of `clvet run`: the findings the program's layer and device wrote when it exited,
// or, when it died before (a signal, _exit), those its trace recorded as they happened, with a
// note of how it ended; rendered as --report-format says, where --report says.
#include "run_report.h"

#include <unistd.h>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "clvet/reports/formats.h"
#include "clvet/trace/format.h"
#include "clvet/trace/reader.h"
#include "options.h"

namespace clvet::cli {

ExitReports read_exit_reports(const std::string& path, std::string& error) {
  std::ifstream in(path);
  ExitReports all;
  // One JSON report per writer, one after the other: the reference device's, then the layer's.
  while (in >> std::ws && in.peek() != std::char_traits<char>::eof()) {
    nlohmann::json doc;
    try {
      in >> doc;
    } catch (const nlohmann::json::exception& e) {
      error = fmt::format("{}: the report written at exit is not JSON ({})", path, e.what());
      return all;
    }
    auto findings = reports::read_json(doc.dump(), error);
    if (!findings) return all;
    ++all.reports;
    all.findings.insert(all.findings.end(), findings->begin(), findings->end());
  }
  return all;
}

std::optional<std::vector<reports::Finding>> read_trace_findings(const std::string& trace) {
  std::string error;
  auto reader = trace::Reader::open(trace, error);
  if (!reader) return std::nullopt;
  return findings_in(*reader);
}

std::vector<reports::Finding> findings_in(trace::Reader& reader) {
  std::vector<reports::Finding> findings;
  trace::RecordView r;
  while (reader.next(r)) {
    if (r.kind != trace::RecordKind::Finding) continue;
    reports::Finding f;
    if (reader.decode(r, f)) findings.push_back(std::move(f));
  }
  return findings;
}

bool is_trace_file(const std::string& path) {
  std::error_code error;
  if (!std::filesystem::is_regular_file(path, error)) return false;
  char magic[sizeof trace::kFileMagic] = {};
  std::ifstream in(path, std::ios::binary);
  in.read(magic, sizeof magic);
  return in && std::memcmp(magic, trace::kFileMagic, sizeof magic) == 0;
}

std::string how_it_ended(int status) {
  if (WIFSIGNALED(status)) {
    const char* name = strsignal(WTERMSIG(status));
    return fmt::format("killed by signal {} ({})", WTERMSIG(status), name ? name : "unknown");
  }
  if (WIFEXITED(status)) return fmt::format("exited with status {}", WEXITSTATUS(status));
  return "ended";
}

reports::Finding ending_note(const std::string& program, int status, const std::string& trace) {
  reports::Finding note;
  note.category = reports::Category::Application;
  note.severity = reports::Severity::Note;
  note.rule_id = "ProcessEndedEarly";
  note.detail = fmt::format(
      "{} {} before writing its report: the findings above are those its trace {} recorded "
      "until then (objects still held are not listed)",
      program, how_it_ended(status), trace);
  return note;
}

bool report_to_stderr_as_data() {
  return options::value("report") == "stderr" && options::value("report_format") != "text";
}

bool deliver_run_report(const std::vector<reports::Finding>& findings) {
  const std::string where = options::value("report");
  const std::string format = options::value("report_format");
  if (where == "none") return true;
  auto render = [&](bool colour) {
    if (format == "json") return reports::render_json(findings);
    if (format == "sarif") return reports::render_sarif(findings);
    return reports::render_text(findings, colour);
  };
  if (where == "stderr") {
    if (findings.empty()) return true;
    if (format != "text") {
      const std::string data = render(false);
      std::fwrite(data.data(), 1, data.size(), stderr);
      return true;
    }
    const std::string colour = options::value("colour");
    const bool coloured = colour == "always" || (colour == "auto" && isatty(fileno(stderr)));
    fmt::print(stderr, "clvet: {} finding(s)\n{}", findings.size(), render(coloured));
    return true;
  }
  std::ofstream out(where);
  out << render(false);
  if (out) return true;
  fmt::print(stderr, "clvet: {}: the report cannot be written\n", where);
  return false;
}

}  // namespace clvet::cli
