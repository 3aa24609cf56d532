// `clvet gui [TRACE] [-- ARGS]`: starts clvet-gui, the trace inspector, which lives beside the
// clvet executable (or on PATH): the GUI is a program of its own so that clvet itself never
// links Qt.
#include <unistd.h>

#include <fmt/format.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

#include "commands.h"

namespace clvet::cli {
namespace {

struct GuiOptions {
  std::string trace;
  std::vector<std::string> args;  // passed on to clvet-gui (--screenshot, --view...)
};

int start_gui(const GuiOptions& o) {
  std::error_code ec;
  const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", ec);
  std::string program = "clvet-gui";
  if (!ec) {
    const std::filesystem::path beside = self.parent_path() / "clvet-gui";
    if (std::filesystem::exists(beside, ec)) program = beside.string();
  }
  std::vector<std::string> args = {program};
  args.insert(args.end(), o.args.begin(), o.args.end());
  if (!o.trace.empty()) args.push_back(o.trace);
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  execvp(program.c_str(), argv.data());
  fmt::print(stderr, "clvet gui: cannot start {}: {} (clvet-gui is built where Qt 6 is installed)\n",
             program, std::strerror(errno));
  return 2;
}

}  // namespace

void add_gui_command(CLI::App& app) {
  static GuiOptions options;
  auto* cmd = app.add_subcommand("gui", "Open a trace in clvet-gui, the trace inspector");
  cmd->add_option("trace", options.trace, "the trace (.clvt)");
  cmd->add_option("args", options.args, "after --: options of clvet-gui (--screenshot FILE.png --view NAME)");
  cmd->callback([] { set_exit_status(start_gui(options)); });
}

}  // namespace clvet::cli
