// A diff's reports: text for a terminal (each launch, then a table across launches), JSON for
// scripts, SARIF for CI.
#include <fmt/format.h>

#include <cmath>
#include <nlohmann/json.hpp>

#include "clvet/replay/launch_diff.h"
#include "clvet/reports/formats.h"

namespace clvet::replay {
namespace {

std::string ulp_text(double ulp) {
  if (std::isinf(ulp)) return "inf";
  return fmt::format("{:g}", ulp);
}

std::string argument_label(const ArgumentDiff& a) {
  return a.name.empty() ? fmt::format("argument {} ({})", a.index, a.type)
                        : fmt::format("argument {} '{}' ({})", a.index, a.name, a.type);
}

// The target's findings most likely to explain a mismatch: those about a differing argument
// first, then the launch's other kernel findings, then the rest.
std::vector<const reports::Finding*> likely_causes(const LaunchDiff& l) {
  std::vector<const reports::Finding*> about, kernel, other;
  for (const reports::Finding& f : l.findings) {
    bool mine = false;
    for (const ArgumentDiff& a : l.arguments)
      if (a.mismatches && f.kernel && f.kernel->object.rfind(fmt::format("argument {}", a.index), 0) == 0)
        mine = true;
    (mine ? about : f.kernel ? kernel : other).push_back(&f);
  }
  about.insert(about.end(), kernel.begin(), kernel.end());
  about.insert(about.end(), other.begin(), other.end());
  return about;
}

std::string indent(const std::string& text, const std::string& prefix) {
  std::string out;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    out += prefix + text.substr(start, end - start) + "\n";
    start = end + 1;
  }
  return out;
}

std::string mismatch_detail(const ArgumentDiff& a) {
  std::string s = fmt::format("{} of {} elements differ", a.mismatches, a.compared);
  if (a.first)
    s += fmt::format("; first at element {}, written by {}: device {}, reference {}", a.first->element,
                     a.first->work_item, a.first->device, a.first->reference);
  if (a.first && a.first->ulp > 0) s += fmt::format(" ({} ulp apart)", ulp_text(a.first->ulp));
  return s;
}

}  // namespace

std::string render_line(const LaunchDiff& l) {
  std::string out = fmt::format("call #{} \"{}\": ", l.call_index, l.kernel);
  switch (l.status) {
    case LaunchDiff::Status::Same:
      return out + fmt::format("same ({} elements) on {}", l.compared(), l.target);
    case LaunchDiff::Status::NotRun:
      return out + "not re-run: " + l.reason;
    case LaunchDiff::Status::Failed:
      return out + "re-run failed: " + l.reason.substr(0, l.reason.find('\n'));
    case LaunchDiff::Status::Different:
      break;
  }
  out += fmt::format("different: {} of {} elements on {}", l.mismatches(), l.compared(), l.target);
  for (const ArgumentDiff& a : l.arguments)
    if (a.mismatches) return out + fmt::format("; {}: {}", argument_label(a), mismatch_detail(a));
  return out;
}

std::string render_text(const DiffReport& report, bool colour) {
  const char* red = colour ? "\033[1;31m" : "";
  const char* green = colour ? "\033[1;32m" : "";
  const char* reset = colour ? "\033[0m" : "";
  std::string out = fmt::format("clvet diff: {} against {}\n", report.trace,
                                report.against == "reference" ? "the reference device" : report.against);
  std::size_t same = 0, different = 0, not_run = 0, failed = 0;
  for (const LaunchDiff& l : report.launches) {
    out += fmt::format("call #{} \"{}\": ", l.call_index, l.kernel);
    switch (l.status) {
      case LaunchDiff::Status::Same:
        ++same;
        out += fmt::format("{}same{} ({} elements", green, reset, l.compared());
        if (l.max_ulp() > 0) out += fmt::format(", at most {} ulp apart", ulp_text(l.max_ulp()));
        out += fmt::format(") on {}\n", l.target);
        break;
      case LaunchDiff::Status::Different:
        ++different;
        out += fmt::format("{}different{}: {} of {} elements on {}\n", red, reset, l.mismatches(),
                           l.compared(), l.target);
        break;
      case LaunchDiff::Status::NotRun:
        ++not_run;
        out += fmt::format("not re-run: {}\n", l.reason);
        continue;
      case LaunchDiff::Status::Failed:
        ++failed;
        out += fmt::format("{}re-run failed{}: {}\n", red, reset, l.reason);
        if (!l.build_log.empty()) out += indent(l.build_log, "    ");
        break;
    }
    for (const ArgumentDiff& a : l.arguments) {
      if (a.mismatches == 0 && l.status != LaunchDiff::Status::Different) continue;
      out += fmt::format("  {}: {}\n", argument_label(a),
                         a.mismatches ? mismatch_detail(a) : fmt::format("same ({} elements)", a.compared));
      if (a.mismatches && !a.tolerance.why.empty())
        out += fmt::format("    allowed: {} ulp{}{} ({})\n", ulp_text(a.tolerance.ulp),
                           a.tolerance.abs > 0 ? fmt::format(" or {:g} absolute", a.tolerance.abs) : "",
                           a.tolerance.rel > 0 ? fmt::format(" or {:g} relative", a.tolerance.rel) : "",
                           a.tolerance.why);
    }
    if (l.status == LaunchDiff::Status::Different || l.status == LaunchDiff::Status::Failed) {
      const auto causes = likely_causes(l);
      if (!causes.empty()) {
        out += "  likely cause, found by the reference device in this launch:\n";
        for (const reports::Finding* f : causes) out += indent(reports::render_text(*f, colour), "    ");
      } else if (l.status == LaunchDiff::Status::Different && report.against == "reference") {
        out += "  the reference device found nothing wrong in this launch: the recorded device's "
               "results are suspect\n";
      }
    }
  }
  out += "\n  call      kernel                    elements  mismatches   max ulp  result\n";
  for (const LaunchDiff& l : report.launches) {
    bool floating = false;
    for (const ArgumentDiff& a : l.arguments) floating = floating || a.floating;
    out += fmt::format("  #{:<8} {:<24} {:>9} {:>11} {:>9}  {}\n", l.call_index,
                       l.kernel.size() > 24 ? l.kernel.substr(0, 21) + "..." : l.kernel, l.compared(),
                       l.mismatches(), floating ? ulp_text(l.max_ulp()) : "-", to_string(l.status));
  }
  out += fmt::format("{} launches: {} same, {} different, {} not re-run, {} failed\n",
                     report.launches.size(), same, different, not_run, failed);
  return out;
}

std::string render_json(const DiffReport& report) {
  nlohmann::ordered_json out;
  out["tool"] = "clvet";
  out["version"] = reports::tool_version();
  out["trace"] = report.trace;
  out["against"] = report.against;
  nlohmann::ordered_json launches = nlohmann::ordered_json::array();
  std::size_t counts[4] = {0, 0, 0, 0};
  for (const LaunchDiff& l : report.launches) {
    ++counts[static_cast<int>(l.status)];
    nlohmann::ordered_json j;
    j["call_index"] = l.call_index;
    j["kernel"] = l.kernel;
    j["result"] = to_string(l.status);
    if (!l.reason.empty()) j["reason"] = l.reason;
    if (!l.target.empty()) j["target"] = l.target;
    j["work_dim"] = l.work_dim;
    j["global_offset"] = l.offset;
    j["global_size"] = l.global;
    if (l.has_local) j["local_size"] = l.local;
    else j["local_size"] = nullptr;
    j["elements"] = l.compared();
    j["mismatches"] = l.mismatches();
    j["max_ulp"] = std::isinf(l.max_ulp()) ? -1 : l.max_ulp();
    nlohmann::ordered_json args = nlohmann::ordered_json::array();
    for (const ArgumentDiff& a : l.arguments) {
      nlohmann::ordered_json aj;
      aj["index"] = a.index;
      aj["name"] = a.name;
      aj["type"] = a.type;
      aj["elements"] = a.compared;
      aj["mismatches"] = a.mismatches;
      aj["max_ulp"] = a.max_ulp;
      aj["allowed"] = {{"ulp", a.tolerance.ulp}, {"abs", a.tolerance.abs}, {"rel", a.tolerance.rel},
                       {"why", a.tolerance.why}};
      if (a.first)
        aj["first_mismatch"] = {{"element", a.first->element}, {"work_item", a.first->work_item},
                                {"device", a.first->device}, {"reference", a.first->reference},
                                {"ulp", std::isinf(a.first->ulp) ? -1 : a.first->ulp}};
      if (a.first && a.first->writer)
        aj["first_mismatch"]["writer"] = {{"global_id", a.first->writer->global},
                                          {"group_id", a.first->writer->group},
                                          {"local_id", a.first->writer->local}};
      nlohmann::ordered_json runs = nlohmann::ordered_json::array();
      for (const auto& [first, count] : a.mismatch_runs) runs.push_back({first, count});
      aj["mismatch_runs"] = std::move(runs);
      if (a.runs_truncated) aj["mismatch_runs_truncated"] = true;
      args.push_back(std::move(aj));
    }
    j["arguments"] = std::move(args);
    // The target's findings, as `clvet report --format=json` gives them.
    j["findings"] = nlohmann::ordered_json::parse(reports::render_json(l.findings))["findings"];
    launches.push_back(std::move(j));
  }
  out["summary"] = {{"launches", report.launches.size()}, {"same", counts[0]}, {"different", counts[1]},
                    {"not_run", counts[2]}, {"failed", counts[3]}};
  out["launches"] = std::move(launches);
  return out.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + "\n";
}

std::string render_sarif(const DiffReport& report) {
  std::vector<reports::Finding> findings;
  for (const LaunchDiff& l : report.launches) {
    if (l.status != LaunchDiff::Status::Different) continue;
    const bool explained = !l.findings.empty();
    for (const ArgumentDiff& a : l.arguments) {
      if (a.mismatches == 0) continue;
      reports::Finding f;
      // A launch the reference device found at fault is the application's; one it ran cleanly
      // points at the recorded platform.
      f.category = explained ? reports::Category::Application : reports::Category::Platform;
      f.severity = reports::Severity::Error;
      f.rule_id = "KernelOutputMismatch";
      f.entry = "clEnqueueNDRangeKernel";
      f.spec = "OpenCL SPIR-V environment §6.6";
      f.clause = "The results of a kernel launch on the recorded device differ from the reference "
                 "device's beyond the accuracy the specification allows (integers exactly, "
                 "floating-point values within the ULP limits of the built-ins used).";
      f.detail = fmt::format("kernel \"{}\", {}: {}", l.kernel, argument_label(a), mismatch_detail(a));
      f.call_index = l.call_index;
      findings.push_back(std::move(f));
    }
    findings.insert(findings.end(), l.findings.begin(), l.findings.end());
  }
  return reports::render_sarif(findings, {report.trace});
}

}  // namespace clvet::replay
