// `clvet report FILE --format=text|json|sarif`: the findings recorded in a trace, rendered.
#include <unistd.h>

#include <fmt/format.h>

#include <cstdio>
#include <fstream>

#include "clvet/reports/formats.h"
#include "clvet/trace/reader.h"
#include "commands.h"

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
  std::vector<reports::Finding> findings;
  trace::RecordView r;
  while (reader->next(r)) {
    if (r.kind != trace::RecordKind::Finding) continue;
    reports::Finding f;
    if (reader->decode(r, f)) findings.push_back(std::move(f));
  }
  for (const std::string& note : reader->notes()) fmt::print(stderr, "note: {}\n", note);
  for (const std::string& problem : reader->problems()) fmt::print(stderr, "error: {}\n", problem);

  const bool to_terminal = o.output.empty() && isatty(fileno(stdout));
  const bool colour = o.colour == "always" || (o.colour == "auto" && to_terminal);
  std::string text;
  if (o.format == "json") text = reports::render_json(findings, {o.file});
  else if (o.format == "sarif") text = reports::render_sarif(findings, {o.file});
  else text = reports::render_text(findings, colour);
  if (o.output.empty()) {
    fmt::print("{}", text);
  } else {
    std::ofstream out(o.output);
    out << text;
    if (!out) {
      fmt::print(stderr, "{}: cannot be written\n", o.output);
      return 2;
    }
  }
  // Like `clvet run`: the status says whether there were findings.
  return findings.empty() ? 0 : 1;
}

}  // namespace

void add_report_command(CLI::App& app) {
  static ReportOptions options;
  auto* cmd = app.add_subcommand("report", "Print the findings recorded in a trace");
  cmd->add_option("file", options.file, "the trace (.clvt)")->required();
  cmd->add_option("--format", options.format, "text, json or sarif (SARIF 2.1.0, for CI)")
      ->check(CLI::IsMember({"text", "json", "sarif"}));
  cmd->add_option("-o,--output", options.output, "write the report to this file, not stdout");
  cmd->add_option("--colour", options.colour, "colour in text reports: auto, always, never")
      ->check(CLI::IsMember({"auto", "always", "never"}));
  cmd->callback([] { set_exit_status(report(options)); });
}

}  // namespace clvet::cli
