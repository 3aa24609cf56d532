// The report of `clvet run`: the findings the program's layer and device wrote when it exited,
// or, when it died before (a signal, _exit), those its trace recorded as they happened, with a
// note of how it ended; rendered as --report-format says, where --report says.
#include "run_report.h"

#include <unistd.h>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <vector>

#include "clvet/reports/formats.h"
#include "clvet/trace/format.h"
#include "clvet/trace/process_at_start.h"
#include "clvet/trace/reader.h"
#include "clvet/trace/records_of_kinds.h"
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

// Read, never mapped: the trace is of a process that ended without its report, and another may
// cut the file meanwhile: a process the program started that is still recording into it (its
// writer cuts the file to its length when it ends), or, in a folder another clvet run shares,
// a new process given the dead one's id, whose writer truncates the file it claims. A mapping
// read after the cut killed clvet run with SIGBUS, the report unwritten. A copy cut short reads
// as a trace that ends early: the findings recorded before the cut are kept. Only the finding
// records are copied (and the API table, which a reader looks for first): a trace with data
// holds gigabytes of blobs, which a whole copy needed as much memory for (cc260a5).
std::optional<std::vector<reports::Finding>> read_trace_findings(const std::string& trace) {
  static constexpr trace::RecordKind kKinds[] = {trace::RecordKind::ApiTable,
                                                 trace::RecordKind::Finding};
  std::string error;
  const std::optional<std::vector<std::uint8_t>> bytes = trace::records_of_kinds(trace, kKinds, error);
  if (!bytes) return std::nullopt;
  auto reader = trace::Reader::from_memory(*bytes, trace, error);
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

bool any_failure(const std::vector<reports::Finding>& findings) {
  for (const reports::Finding& f : findings)
    if (f.severity != reports::Severity::Note) return true;
  return false;
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

reports::Finding started_process_note(const std::string& process, const std::string& trace) {
  reports::Finding note;
  note.category = reports::Category::Application;
  note.severity = reports::Severity::Note;
  note.rule_id = "ProcessEndedEarly";
  note.detail = fmt::format(
      "{} ended before writing its report: the findings above are those its trace {} recorded "
      "until then (objects still held are not listed)",
      process, trace);
  return note;
}

reports::Finding run_note(std::string id, std::string detail) {
  reports::Finding note;
  note.category = reports::Category::Application;
  note.severity = reports::Severity::Note;
  note.rule_id = std::move(id);
  note.detail = std::move(detail);
  return note;
}

namespace {

// The process of this run whose trace is at `path` (its recorded environment has CLVET_REPORT
// as `run_report`: the run's own folder, which every process of the run inherits); nullopt for
// a file of an earlier run, or of another clvet run in the same folder.
//
// Read, never mapped: the folder holds the traces of other programs, and one of them may be
// recording into its file right now (another clvet run in the same folder: ctest -j2 in
// tests/layer). Its writer grows the file 8 MiB at a time and cuts it to its length when its
// process ends, and truncates a file of an earlier process whose id it was given again; a
// mapping of the file as it was, read after the cut, killed clvet run with SIGBUS (the
// footer, at the old end, is read when a trace is opened), so that the program's report was
// never written (trace::process_at_start reads it so).
std::optional<long> process_of_the_run(const std::string& path, const std::string& run_report) {
  const std::optional<trace::ProcessInfo> info = trace::process_at_start(path);
  if (!info) return std::nullopt;
  for (const auto& [name, value] : info->environment)
    if (name == "CLVET_REPORT" && value == run_report) return static_cast<long>(info->pid);
  return std::nullopt;
}

bool of_the_run(const std::string& path, const std::string& run_report) {
  return process_of_the_run(path, run_report).has_value();
}

}  // namespace

std::vector<ProcessTrace> traces_of_the_run(const std::string& pattern, long direct_child,
                                            const std::string& run_report) {
  namespace fs = std::filesystem;
  std::vector<ProcessTrace> traces;
  const std::size_t at = pattern.find("%p");
  const fs::path given(pattern);
  const std::string name = given.filename().string();
  const std::size_t in_name = name.find("%p");
  if (at == std::string::npos) {
    // One file for every process: the first process of the run took it, the others recorded
    // beside it (options::per_process: its name with their id before the extension).
    if (is_trace_file(pattern))
      if (const auto pid = process_of_the_run(pattern, run_report)) traces.push_back({pattern, *pid});
    const std::vector<ProcessTrace> others =
        traces_of_the_run(options::per_process(pattern), direct_child, run_report);
    traces.insert(traces.end(), others.begin(), others.end());
    std::sort(traces.begin(), traces.end(), [&](const ProcessTrace& a, const ProcessTrace& b) {
      if ((a.pid == direct_child) != (b.pid == direct_child)) return a.pid == direct_child;
      return a.pid < b.pid;
    });
    return traces;
  }
  if (in_name == std::string::npos) {
    // A process id in the folder's name: the direct child's alone.
    const std::string path = options::with_process_id_of(pattern, direct_child);
    if (is_trace_file(path)) traces.push_back({path, direct_child});
    return traces;
  }
  const std::string before = name.substr(0, in_name);
  const std::string after = name.substr(in_name + 2);
  const fs::path folder = given.has_parent_path() ? given.parent_path() : fs::path(".");
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(folder, ec)) {
    const std::string file = entry.path().filename().string();
    if (file.size() <= before.size() + after.size() || !file.starts_with(before) ||
        !file.ends_with(after))
      continue;
    const std::string digits = file.substr(before.size(), file.size() - before.size() - after.size());
    if (digits.find_first_not_of("0123456789") != std::string::npos || digits.size() > 9) continue;
    const std::string path = given.has_parent_path() ? entry.path().string() : file;
    if (!is_trace_file(path) || !of_the_run(path, run_report)) continue;
    traces.push_back({path, std::stol(digits)});
  }
  std::sort(traces.begin(), traces.end(), [&](const ProcessTrace& a, const ProcessTrace& b) {
    if ((a.pid == direct_child) != (b.pid == direct_child)) return a.pid == direct_child;
    return a.pid < b.pid;
  });
  return traces;
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
