// The clvet subcommands; each registers itself on the CLI11 app.
#pragma once

#include <CLI/CLI.hpp>

#include <cstdint>
#include <optional>
#include <string>

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
// Diffs the launches of a trace and prints the report. 0: every launch re-run agreed;
// 1: some differed; 2: nothing could be compared (or the trace cannot be read).
int diff_trace(const DiffCommand& command);
void add_replay_command(CLI::App& app);
// The exit status the subcommand that ran asked for.
int exit_status();
void set_exit_status(int status);

}  // namespace clvet::cli
