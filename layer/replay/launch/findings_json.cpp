// Findings read back from the JSON report that reports/json.cpp writes.
#include "findings_json.h"

#include <nlohmann/json.hpp>

namespace clvet::replay {
namespace {

using nlohmann::json;

reports::WorkItemIds ids(const json& j) {
  reports::WorkItemIds w;
  for (int d = 0; d < 3; ++d) {
    w.global[d] = j.at("global").at(d).get<std::uint64_t>();
    w.local[d] = j.at("local").at(d).get<std::uint64_t>();
    w.group[d] = j.at("group").at(d).get<std::uint64_t>();
  }
  return w;
}

reports::KernelSite site(const json& j) {
  reports::KernelSite s;
  s.file = j.value("file", std::string());
  s.line = j.value("line", 0u);
  s.column = j.value("column", 0u);
  s.source_line = j.value("source_line", std::string());
  if (j.contains("work_item")) s.work_item = ids(j["work_item"]);
  s.atomic = j.value("atomic", false);
  return s;
}

reports::Severity severity(const std::string& s) {
  if (s == "error") return reports::Severity::Error;
  if (s == "warning") return reports::Severity::Warning;
  return reports::Severity::Note;
}

}  // namespace

std::vector<reports::Finding> findings_from_json(const std::string& text) {
  std::vector<reports::Finding> out;
  if (text.empty()) return out;
  try {
    const json report = json::parse(text);
    for (const json& j : report.at("findings")) {
      reports::Finding f;
      f.category = j.value("category", std::string()) == "platform" ? reports::Category::Platform
                                                                    : reports::Category::Application;
      f.severity = severity(j.value("severity", std::string()));
      f.rule_id = j.value("rule", std::string());
      f.entry = j.value("entry", std::string());
      f.error_code = j.value("error_code", 0);
      f.spec = j.value("spec", std::string());
      f.clause = j.value("clause", std::string());
      f.detail = j.value("detail", std::string());
      f.call_index = j.value("call_index", std::uint64_t{0});
      f.count = j.value("count", std::uint64_t{1});
      if (j.contains("checker")) {
        reports::KernelEvidence k;
        k.kind = reports::kernel_kind(j.value("kind", std::string()))
                     .value_or(reports::KernelKind::UndefinedBehaviour);
        k.kernel = j.value("kernel", std::string());
        k.at = site(j);
        if (j.contains("other")) k.other = site(j["other"]);
        if (j.contains("object")) {
          const json& o = j["object"];
          k.object = o.value("name", std::string());
          k.object_origin = o.value("created_by", std::string());
          if (o.contains("offset")) k.offset = o["offset"].get<std::int64_t>();
          k.size = o.value("size", std::uint64_t{0});
          if (o.contains("element")) k.element = o["element"].get<std::int64_t>();
        }
        k.enqueue = j.value("enqueue", std::uint64_t{0});
        f.kernel = std::move(k);
      }
      out.push_back(std::move(f));
    }
  } catch (const json::exception&) {
    return {};
  }
  return out;
}

}  // namespace clvet::replay
