// What `clvet run` reports once its program has ended (run_report.cpp).
#pragma once

#include <sys/wait.h>

#include <optional>
#include <string>
#include <vector>

#include "clvet/reports/finding.h"
#include "clvet/trace/reader.h"

namespace clvet::cli {

// The JSON reports written at exit into one file (CLVET_REPORT, with CLVET_REPORT_FORMAT=json)
// by the layer and by the reference device, one after the other: their findings, and how many
// reports there were (none: the process ended before its exit handlers ran). `error` says
// what could not be read.
struct ExitReports {
  std::vector<reports::Finding> findings;
  std::size_t reports = 0;
};
ExitReports read_exit_reports(const std::string& path, std::string& error);
// The Finding records of a trace, as far as it reads; nullopt when it cannot be opened.
std::optional<std::vector<reports::Finding>> read_trace_findings(const std::string& trace);
// The finding records of an open trace, read to its end (or its damage).
std::vector<reports::Finding> findings_in(trace::Reader& reader);
// Whether `path` is a trace the layer began: a regular file that starts with the trace's magic
// (a device file, a FIFO, or a file the writer could not begin is not a trace written).
bool is_trace_file(const std::string& path);
// "killed by signal 11 (Segmentation fault)", "exited with status 3": a waitpid() status.
std::string how_it_ended(int status);
// A note that the report was read from the trace because the program ended before writing it.
reports::Finding ending_note(const std::string& program, int status, const std::string& trace);
// The same for a process the program started, whose end clvet did not see: `process` names it.
reports::Finding started_process_note(const std::string& process, const std::string& trace);
// A note of clvet run's own, rule `id`, saying `detail`: what it would say on stderr when the
// report goes there as JSON or SARIF, alone.
reports::Finding run_note(std::string id, std::string detail);
// The trace files the run's processes wrote: `pattern` (CLVET_TRACE) with "%p" as each
// process's id, those of that form whose process ran with CLVET_REPORT=`run_report` (the run's
// own), the direct child's first; or the one file a pattern without "%p" names.
struct ProcessTrace {
  std::string path;
  long pid = 0;  // 0: not known from the name
};
std::vector<ProcessTrace> traces_of_the_run(const std::string& pattern, long direct_child,
                                            const std::string& run_report);
// Whether a finding fails a run (the exit status of clvet run and clvet report): an error or a
// warning does; a note (a probing query's answer, how a process ended) is shown, no failure.
bool any_failure(const std::vector<reports::Finding>& findings);
// Whether the report goes to stderr as JSON or SARIF: nothing else may be written there.
bool report_to_stderr_as_data();
// Renders the findings as --report-format says (CLVET_REPORT_FORMAT), where --report says
// (CLVET_REPORT: stderr, none, or a file). False when the file cannot be written.
bool deliver_run_report(const std::vector<reports::Finding>& findings);

}  // namespace clvet::cli
