// Text rendering of findings, in the style of compiler diagnostics.
#include <fmt/format.h>

#include "clvet/reports/finding.h"
#include "clvet/rules/error_codes.h"

namespace clvet::reports {

std::string_view to_string(Category category) {
  return category == Category::Application ? "application" : "platform";
}

std::string_view to_string(Severity severity) {
  switch (severity) {
    case Severity::Note: return "note";
    case Severity::Warning: return "warning";
    case Severity::Error: return "error";
  }
  return "?";
}

std::string error_name(int code) { return std::string(rules::error_code_name(code)); }

std::string fold_key(const Finding& f) {
  if (!f.kernel) return f.rule_id + "\n" + f.detail;
  const KernelEvidence& k = *f.kernel;
  std::string key = fmt::format("{}\n{}\n{}:{}", to_string(k.kind), k.kernel, k.at.line, k.at.column);
  if (k.other) key += fmt::format("\n{}:{}", k.other->line, k.other->column);
  return key;
}

namespace {

std::string ids_text(const WorkItemIds& w) {
  return fmt::format("work-item global ({},{},{}) local ({},{},{}) group ({},{},{})", w.global[0],
                     w.global[1], w.global[2], w.local[0], w.local[1], w.local[2], w.group[0],
                     w.group[1], w.group[2]);
}

// The source line with a caret under the column, as compilers show it.
std::string quote_line(const KernelSite& site, const char* green, const char* reset) {
  if (site.source_line.empty() || site.line == 0) return {};
  std::string out = fmt::format("{:>5} | {}\n", site.line, site.source_line);
  if (site.column == 0) return out;
  std::string pad;
  for (std::uint32_t c = 1; c < site.column && c <= site.source_line.size(); ++c)
    pad += site.source_line[c - 1] == '\t' ? '\t' : ' ';
  out += fmt::format("      | {}{}^{}\n", pad, green, reset);
  return out;
}

std::string where(const KernelSite& site) {
  std::string file = site.file.empty() ? std::string("<kernel>") : site.file;
  if (site.line == 0) return file;
  return site.column ? fmt::format("{}:{}:{}", file, site.line, site.column)
                     : fmt::format("{}:{}", file, site.line);
}

// file:line:col: error: kind [checker] in kernel 'k' (call #n) (xN), then the evidence.
std::string render_kernel_text(const Finding& f, bool colour) {
  const KernelEvidence& k = *f.kernel;
  const char* bold = colour ? "\033[1m" : "";
  const char* red = colour ? "\033[1;31m" : "";
  const char* magenta = colour ? "\033[1;35m" : "";
  const char* cyan = colour ? "\033[1;36m" : "";
  const char* green = colour ? "\033[1;32m" : "";
  const char* reset = colour ? "\033[0m" : "";
  const char* severity_colour =
      f.severity == Severity::Error ? red : f.severity == Severity::Warning ? magenta : cyan;
  std::string out = fmt::format("{}{}:{} {}{}:{} {}{}{} [{}] in kernel '{}'", bold, where(k.at),
                                reset, severity_colour, to_string(f.severity), reset, bold,
                                to_string(k.kind), reset, describe(k.kind).checker, k.kernel);
  if (k.enqueue) out += fmt::format(" (call #{})", k.enqueue);
  if (f.count > 1) out += fmt::format(" (x{})", f.count);
  out += "\n";
  if (!f.detail.empty()) out += fmt::format("  {}\n", f.detail);
  if (!k.object.empty()) {
    out += "  memory object: " + k.object;
    if (k.offset) out += fmt::format(", byte offset {}", *k.offset);
    if (k.size) out += fmt::format(", {} bytes", k.size);
    if (k.element) out += fmt::format(", element {}", *k.element);
    if (!k.object_origin.empty()) out += fmt::format(" (created by {})", k.object_origin);
    out += "\n";
  }
  if (k.at.work_item) out += fmt::format("  by {}\n", ids_text(*k.at.work_item));
  out += quote_line(k.at, green, reset);
  if (k.other) {
    out += fmt::format("{}{}:{} {}note:{} the other access{}\n", bold, where(*k.other), reset, cyan,
                       reset, k.other->atomic ? " (atomic)" : "");
    if (k.other->work_item) out += fmt::format("  by {}\n", ids_text(*k.other->work_item));
    out += quote_line(*k.other, green, reset);
  }
  return out;
}

}  // namespace

std::string render_text(const Finding& f, bool colour) {
  if (f.kernel) return render_kernel_text(f, colour);
  const char* bold = colour ? "\033[1m" : "";
  const char* red = colour ? "\033[1;31m" : "";
  const char* magenta = colour ? "\033[1;35m" : "";
  const char* reset = colour ? "\033[0m" : "";
  const char* severity_colour = f.severity == Severity::Error ? red : magenta;
  std::string out = fmt::format("{}{}:{} {}{}:{} {}", bold, f.entry.empty() ? "clvet" : f.entry,
                                reset, severity_colour, to_string(f.severity), reset,
                                f.category == Category::Application ? "" : "platform ");
  if (f.error_code != 0) out += fmt::format("{} ", error_name(f.error_code));
  out += fmt::format("[{}]", f.rule_id);
  if (f.call_index) out += fmt::format(" (call #{})", f.call_index);
  if (f.count > 1) out += fmt::format(" (x{})", f.count);
  out += "\n";
  if (!f.detail.empty()) out += fmt::format("  {}\n", f.detail);
  if (!f.clause.empty()) out += fmt::format("  {}: \"{}\"\n", f.spec, f.clause);
  return out;
}

std::string render_text(const std::vector<Finding>& findings, bool colour) {
  std::string out;
  for (const Finding& f : findings) out += render_text(f, colour);
  return out;
}

}  // namespace clvet::reports
