// The clvet subcommands; each registers itself on the CLI11 app.
#pragma once

#include <CLI/CLI.hpp>

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "clvet/replay/launch_diff.h"

namespace clvet::cli {

void add_rules_command(CLI::App& app);
void add_run_command(CLI::App& app);
void add_options_command(CLI::App& app);
void add_trace_command(CLI::App& app);
void add_report_command(CLI::App& app);
void add_register_command(CLI::App& app);
void add_gui_command(CLI::App& app);
void add_extract_command(CLI::App& app);
void add_diff_command(CLI::App& app);
void add_profile_command(CLI::App& app);

// What `clvet diff` and `clvet run --diff` are asked.
struct DiffCommand {
  std::string file;
  std::uint64_t enqueue = 0;  // 0: every launch
  std::string against = "reference";
  std::optional<double> ulp, abs, rel;
  std::string format = "text";
  std::string output;  // empty: stdout
  std::string colour = "auto";
  unsigned timeout = 300;  // seconds per re-run
};
// A report's renderings; write_report() calls the one `format` names.
struct ReportRenderings {
  std::string format;  // text, json or sarif
  std::function<std::string()> json, sarif;
  std::function<std::string(bool colour)> text;
  std::string colour;  // auto (when stdout is a terminal), always or never
};
// Writes the rendering to `output` (stdout when empty); false, and said, when the file cannot be
// written.
bool write_report(const std::string& output, const ReportRenderings& renderings);
// The options that choose them: --format, -o/--output, --colour.
void add_report_output_options(CLI::App& command, std::string& format, std::string& output,
                               std::string& colour);

// Diffs the launches of a trace and prints the report. 0: every launch re-run agreed;
// 1: some differed; 2: nothing could be compared (or the trace cannot be read). Launches in
// `done` (by call index: clvet run --diff's, diffed while the program ran) are not re-run.
// What they would say on stderr (the trace's notes and problems, why nothing was diffed) goes to
// `said` instead where it is not NULL, a line each.
int diff_trace(const DiffCommand& command, const std::map<std::uint64_t, replay::LaunchDiff>& done = {},
               std::vector<std::string>* said = nullptr);
// The same in two steps: the trace's launches diffed (the status as diff_trace's; no report when
// the trace cannot be read or holds no launch to diff), then reports written as one document.
struct TraceDiff {
  int status = 2;
  std::optional<replay::DiffReport> report;
};
TraceDiff diff_launches(const DiffCommand& command, const std::map<std::uint64_t, replay::LaunchDiff>& done = {},
                        std::vector<std::string>* said = nullptr);
// Several reports (one per trace) in one document: a JSON array, a SARIF log of a run each, or
// the texts one after another; false, and said, when the output cannot be written.
bool write_diff_reports(const DiffCommand& command, const std::vector<replay::DiffReport>& reports);
// Whether the trace at `path` opens and holds a kernel launch.
bool holds_launches(const std::string& path);
void add_replay_command(CLI::App& app);
// The exit status the subcommand that ran asked for.
int exit_status();
void set_exit_status(int status);

}  // namespace clvet::cli
