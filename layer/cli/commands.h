// The clvet subcommands; each registers itself on the CLI11 app.
#pragma once

#include <CLI/CLI.hpp>

namespace clvet::cli {

void add_rules_command(CLI::App& app);
void add_run_command(CLI::App& app);
void add_options_command(CLI::App& app);
void add_trace_command(CLI::App& app);
void add_report_command(CLI::App& app);
void add_gui_command(CLI::App& app);
// The exit status the subcommand that ran asked for.
int exit_status();
void set_exit_status(int status);

}  // namespace clvet::cli
