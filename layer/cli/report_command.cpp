// `clvet report FILE --format=text|json|sarif`: the findings recorded in a trace, rendered; and
// the choice of rendering and destination that `clvet diff` shares.
#include <unistd.h>

#include <fmt/format.h>

#include <cstdio>
#include <fstream>

#include "clvet/reports/formats.h"
#include "clvet/trace/reader.h"
#include "commands.h"
#include "run_report.h"

namespace clvet::cli {
namespace {

struct ReportOptions {
  std::string file;
  std::string format = "text";
  std::string output;
  std::string colour = "auto";
};

int report(const ReportOptions& o) {
  std::string error;
  auto reader = trace::Reader::open(o.file, error);
  if (!reader) {
    fmt::print(stderr, "{}\n", error);
    return 2;
  }
  std::vector<reports::Finding> findings = findings_in(*reader);
  for (const std::string& note : reader->notes()) fmt::print(stderr, "note: {}\n", note);
  for (const std::string& problem : reader->problems()) fmt::print(stderr, "error: {}\n", problem);

  const bool written = write_report(o.output, {.format = o.format,
                                                .json = [&] { return reports::render_json(findings, {o.file}); },
                                                .sarif = [&] { return reports::render_sarif(findings, {o.file}); },
                                                .text = [&](bool colour) { return reports::render_text(findings, colour); },
                                                .colour = o.colour});
  if (!written) return 2;
  // A damaged trace's report holds only the findings before the damage: say so in the status,
  // as the trace commands do, so that a script does not take it for the whole story.
  if (!reader->problems().empty()) return 3;
  // Like `clvet run`: the status says whether there were findings other than notes.
  return any_failure(findings) ? 1 : 0;
}

}  // namespace

void add_report_command(CLI::App& app) {
  static ReportOptions options;
  auto* cmd = app.add_subcommand("report", "Print the findings recorded in a trace");
  cmd->add_option("file", options.file, "the trace (.clvt)")->required();
  add_report_output_options(*cmd, options.format, options.output, options.colour);
  cmd->callback([] { set_exit_status(report(options)); });
}

void add_report_output_options(CLI::App& cmd, std::string& format, std::string& output, std::string& colour) {
  cmd.add_option("--format", format, "text, json or sarif (SARIF 2.1.0, for CI)")
      ->check(CLI::IsMember({"text", "json", "sarif"}));
  cmd.add_option("-o,--output", output, "write the report to this file, not stdout");
  cmd.add_option("--colour", colour, "colour in text reports: auto, always, never")
      ->check(CLI::IsMember({"auto", "always", "never"}));
}

bool write_report(const std::string& output, const ReportRenderings& r) {
  const bool to_terminal = output.empty() && isatty(fileno(stdout));
  const bool colour = r.colour == "always" || (r.colour == "auto" && to_terminal);
  const std::string text = r.format == "json" ? r.json() : r.format == "sarif" ? r.sarif() : r.text(colour);
  if (output.empty()) {
    fmt::print("{}", text);
    return true;
  }
  std::ofstream out(output);
  out << text;
  if (out) return true;
  fmt::print(stderr, "{}: cannot be written\n", output);
  return false;
}

}  // namespace clvet::cli
