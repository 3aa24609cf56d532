// clvet: the command line that ties the layer, the reference device and the reports together.
#include <CLI/CLI.hpp>

#include "commands.h"

int main(int argc, char** argv) {
  CLI::App app{"clvet: a debugging and conformance-checking OpenCL runtime"};
  app.require_subcommand(1);
  clvet::cli::add_run_command(app);
  clvet::cli::add_rules_command(app);
  clvet::cli::add_options_command(app);
  clvet::cli::add_trace_command(app);
  clvet::cli::add_report_command(app);
  clvet::cli::add_register_command(app);
  clvet::cli::add_gui_command(app);
  clvet::cli::add_extract_command(app);
  clvet::cli::add_diff_command(app);
  clvet::cli::add_replay_command(app);
  clvet::cli::add_profile_command(app);
  CLI11_PARSE(app, argc, argv);
  return clvet::cli::exit_status();
}
