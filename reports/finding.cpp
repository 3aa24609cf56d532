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

std::string render_text(const Finding& f, bool colour) {
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
