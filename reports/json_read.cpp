// Findings read back from the JSON report render_json() writes: what a viewer loads beside a
// trace (the kernel checkers' findings of a run on the reference device carry the lines and
// work-items a trace does not).
#include <nlohmann/json.hpp>

#include <fmt/format.h>

#include "clvet/reports/formats.h"

namespace clvet::reports {
namespace {

using Json = nlohmann::json;

std::string text(const Json& j, const char* key) {
  auto it = j.find(key);
  return it != j.end() && it->is_string() ? it->get<std::string>() : std::string();
}

template <typename T>
T number(const Json& j, const char* key, T fallback = 0) {
  auto it = j.find(key);
  return it != j.end() && it->is_number() ? it->get<T>() : fallback;
}

WorkItemIds ids(const Json& j) {
  WorkItemIds w;
  for (const char* part : {"global", "local", "group"}) {
    auto it = j.find(part);
    if (it == j.end() || !it->is_array()) continue;
    std::uint64_t* out = part[1] == 'l' ? w.global : part[1] == 'o' ? w.local : w.group;
    for (std::size_t d = 0; d < 3 && d < it->size(); ++d)
      if ((*it)[d].is_number_unsigned()) out[d] = (*it)[d].get<std::uint64_t>();
  }
  return w;
}

KernelSite site(const Json& j) {
  KernelSite s;
  s.file = text(j, "file");
  s.line = number<std::uint32_t>(j, "line");
  s.column = number<std::uint32_t>(j, "column");
  s.source_line = text(j, "source_line");
  if (auto it = j.find("work_item"); it != j.end() && it->is_object()) s.work_item = ids(*it);
  s.atomic = j.value("atomic", false);
  return s;
}

}  // namespace

std::optional<std::vector<Finding>> read_json(std::string_view input, std::string& error) {
  const Json doc = Json::parse(input, nullptr, false);
  if (doc.is_discarded() || !doc.is_object()) {
    error = "not JSON";
    return std::nullopt;
  }
  if (text(doc, "tool") != "clvet" || !doc.contains("findings") || !doc["findings"].is_array()) {
    error = "not a clvet report (it has no \"tool\": \"clvet\" and \"findings\" list)";
    return std::nullopt;
  }
  std::vector<Finding> out;
  for (const Json& j : doc["findings"]) {
    if (!j.is_object()) continue;
    Finding f;
    f.category = text(j, "category") == "platform" ? Category::Platform : Category::Application;
    const std::string severity = text(j, "severity");
    f.severity = severity == "note" ? Severity::Note : severity == "warning" ? Severity::Warning : Severity::Error;
    f.rule_id = text(j, "rule");
    f.entry = text(j, "entry");
    f.error_code = number<int>(j, "error_code");
    f.spec = text(j, "spec");
    f.clause = text(j, "clause");
    f.detail = text(j, "detail");
    f.call_index = number<std::uint64_t>(j, "call_index");
    f.count = number<std::uint64_t>(j, "count", 1);
    if (j.contains("checker")) {
      KernelEvidence k;
      // A kind this clvet does not know (a report of another version) still has its name in the
      // finding's rule ("Kernel.<kind>").
      k.kind = kernel_kind(text(j, "kind")).value_or(KernelKind::UndefinedBehaviour);
      k.kernel = text(j, "kernel");
      k.at = site(j);
      if (auto it = j.find("other"); it != j.end() && it->is_object()) k.other = site(*it);
      if (auto it = j.find("object"); it != j.end() && it->is_object()) {
        k.object = text(*it, "name");
        k.object_origin = text(*it, "created_by");
        if (it->contains("offset") && (*it)["offset"].is_number()) k.offset = (*it)["offset"].get<std::int64_t>();
        k.size = number<std::uint64_t>(*it, "size");
        if (it->contains("element") && (*it)["element"].is_number()) k.element = (*it)["element"].get<std::int64_t>();
      }
      k.enqueue = number<std::uint64_t>(j, "enqueue");
      f.kernel = std::move(k);
    }
    out.push_back(std::move(f));
  }
  return out;
}

}  // namespace clvet::reports
