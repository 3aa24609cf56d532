// `clvet diff TRACE`: each kernel launch recorded with --trace-kernel-buffers=1 re-run on the
// reference device (checkers on) or another platform from its recorded inputs, and its outputs
// compared with what the recorded device produced. The exit status says whether any differed.
#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include <cstdio>
#include <utility>

#include "clvet/replay/controller.h"
#include "commands.h"

namespace clvet::cli {

replay::DiffOptions diff_options(const DiffCommand& o) {
  replay::DiffOptions options;
  options.against = o.against;
  options.ulp = o.ulp;
  options.abs = o.abs;
  options.rel = o.rel;
  options.timeout_seconds = o.timeout;
  return options;
}

namespace {

// A line on stderr, or into `said`.
void say(std::vector<std::string>* said, std::string line) {
  if (said != nullptr) {
    said->push_back(std::move(line));
    return;
  }
  fmt::print(stderr, "{}\n", line);
}

}  // namespace

TraceDiff diff_launches(const DiffCommand& o, const std::map<std::uint64_t, replay::LaunchDiff>& done,
                        std::vector<std::string>* said) {
  std::string error;
  auto controller = replay::Controller::open(o.file, error);
  if (!controller) {
    say(said, error);
    return {2, std::nullopt};
  }
  const replay::DiffOptions options = diff_options(o);
  replay::DiffReport report;
  report.trace = o.file;
  report.against = o.against;
  for (const replay::KernelLaunch& launch : controller->launches()) {
    if (o.enqueue && launch.call_index != o.enqueue) continue;
    const auto already = done.find(launch.call_index);
    report.launches.push_back(already != done.end() ? already->second
                                                    : controller->diff_launch(launch.call_index, options));
  }
  for (const std::string& note : controller->trace_notes()) say(said, "note: " + note);
  for (const std::string& problem : controller->trace_problems()) say(said, "error: " + problem);
  if (report.launches.empty()) {
    say(said, fmt::format("{}: {}", o.file,
                          o.enqueue ? fmt::format("call {} is not a kernel launch", o.enqueue)
                                    : std::string("the trace holds no kernel launch")));
    return {2, std::nullopt};
  }
  bool compared = false;
  for (const replay::LaunchDiff& l : report.launches)
    compared = compared || l.status == replay::LaunchDiff::Status::Same;
  const int status = report.differed() ? 1 : compared ? 0 : 2;
  return {status, std::move(report)};
}

bool write_diff_reports(const DiffCommand& o, const std::vector<replay::DiffReport>& reports) {
  if (reports.size() == 1)
    return write_report(o.output, {.format = o.format,
                                   .json = [&] { return replay::render_json(reports[0]); },
                                   .sarif = [&] { return replay::render_sarif(reports[0]); },
                                   .text = [&](bool colour) { return replay::render_text(reports[0], colour); },
                                   .colour = o.colour});
  // Several traces' reports are one document, so that what reads it parses it once: a JSON
  // array of the reports, or one SARIF log with a run per trace (SARIF 2.1.0 §3.13.4: runs).
  const auto json = [&] {
    nlohmann::ordered_json all = nlohmann::ordered_json::array();
    for (const replay::DiffReport& r : reports) all.push_back(nlohmann::ordered_json::parse(replay::render_json(r)));
    return all.dump(2) + "\n";
  };
  const auto sarif = [&] {
    nlohmann::ordered_json log;
    for (const replay::DiffReport& r : reports) {
      nlohmann::ordered_json one = nlohmann::ordered_json::parse(replay::render_sarif(r));
      if (log.is_null()) {
        log = std::move(one);
        continue;
      }
      for (auto& run : one["runs"]) log["runs"].push_back(std::move(run));
    }
    return log.dump(2) + "\n";
  };
  const auto text = [&](bool colour) {
    std::string all;
    for (const replay::DiffReport& r : reports) all += replay::render_text(r, colour);
    return all;
  };
  return write_report(o.output, {.format = o.format, .json = json, .sarif = sarif, .text = text, .colour = o.colour});
}

int diff_trace(const DiffCommand& o, const std::map<std::uint64_t, replay::LaunchDiff>& done,
               std::vector<std::string>* said) {
  TraceDiff diff = diff_launches(o, done, said);
  if (!diff.report) return diff.status;
  if (!write_diff_reports(o, {std::move(*diff.report)})) return 2;
  return diff.status;
}

bool holds_launches(const std::string& path) {
  std::string error;
  auto controller = replay::Controller::open(path, error);
  return controller && !controller->launches().empty();
}

void add_diff_command(CLI::App& app) {
  static DiffCommand options;
  auto* cmd = app.add_subcommand(
      "diff", "Re-run each kernel launch of a trace on the reference device and compare its "
              "results with the recorded device's");
  cmd->add_option("file", options.file, "the trace (.clvt), recorded with --trace-kernel-buffers=1")
      ->required();
  cmd->add_option("--enqueue", options.enqueue, "only the launch of this call index");
  cmd->add_option("--against", options.against,
                  "reference (the reference device, checkers on; the default), or a platform of "
                  "the system's ICD loader: its index or a unique part of its name");
  cmd->add_option("--ulp", options.ulp,
                  "floating-point results agree within this many ULPs (default: the spec's limit "
                  "for the built-ins the kernel calls, OpenCL SPIR-V environment §6.6)");
  cmd->add_option("--abs", options.abs, "floating-point results also agree within this absolute difference");
  cmd->add_option("--rel", options.rel, "floating-point results also agree within this relative difference");
  cmd->add_option("--timeout", options.timeout,
                  "stop a re-run still going after this many seconds (0: no limit; default 300)");
  add_report_output_options(*cmd, options.format, options.output, options.colour);
  cmd->callback([] { set_exit_status(diff_trace(options)); });
}

}  // namespace clvet::cli
