// Findings as JSON, for scripts: one object per finding with every field of the model.
#include <nlohmann/json.hpp>

#include "clvet/reports/formats.h"

namespace clvet::reports {
namespace {

nlohmann::ordered_json ids_json(const WorkItemIds& w) {
  return {{"global", {w.global[0], w.global[1], w.global[2]}},
          {"local", {w.local[0], w.local[1], w.local[2]}},
          {"group", {w.group[0], w.group[1], w.group[2]}}};
}

nlohmann::ordered_json site_json(const KernelSite& site) {
  nlohmann::ordered_json j;
  j["file"] = site.file;
  j["line"] = site.line;
  j["column"] = site.column;
  if (!site.source_line.empty()) j["source_line"] = site.source_line;
  if (site.work_item) j["work_item"] = ids_json(*site.work_item);
  if (site.atomic) j["atomic"] = true;
  return j;
}

// The kernel checkers' fields, at the top level of the finding: kind, line, column, kernel
// and, for races, other (tests/kernels/corpus/README.md).
void add_kernel_fields(const KernelEvidence& k, nlohmann::ordered_json& j) {
  j["checker"] = describe(k.kind).checker;
  j["kind"] = to_string(k.kind);
  j["kernel"] = k.kernel;
  j["file"] = k.at.file;
  j["line"] = k.at.line;
  j["column"] = k.at.column;
  if (!k.at.source_line.empty()) j["source_line"] = k.at.source_line;
  if (k.at.work_item) j["work_item"] = ids_json(*k.at.work_item);
  if (k.at.atomic) j["atomic"] = true;
  if (k.other) j["other"] = site_json(*k.other);
  if (!k.object.empty()) {
    nlohmann::ordered_json o;
    o["name"] = k.object;
    if (!k.object_origin.empty()) o["created_by"] = k.object_origin;
    if (k.offset) o["offset"] = *k.offset;
    o["size"] = k.size;
    if (k.element) o["element"] = *k.element;
    j["object"] = std::move(o);
  }
  j["enqueue"] = k.enqueue;
}

}  // namespace

std::string_view tool_version() { return CLVET_VERSION; }

std::string render_json(const std::vector<Finding>& findings, const ReportSource& source) {
  nlohmann::ordered_json out;
  out["tool"] = "clvet";
  out["version"] = tool_version();
  if (!source.artifact.empty()) out["source"] = source.artifact;
  std::size_t application = 0, platform = 0;
  nlohmann::ordered_json list = nlohmann::ordered_json::array();
  for (const Finding& f : findings) {
    (f.category == Category::Application ? application : platform) += 1;
    nlohmann::ordered_json j;
    j["category"] = to_string(f.category);
    j["severity"] = to_string(f.severity);
    j["rule"] = f.rule_id;
    j["entry"] = f.entry;
    j["error_code"] = f.error_code;
    j["error"] = f.error_code ? error_name(f.error_code) : "";
    j["spec"] = f.spec;
    j["clause"] = f.clause;
    j["detail"] = f.detail;
    j["call_index"] = f.call_index;
    j["count"] = f.count;
    if (f.kernel) add_kernel_fields(*f.kernel, j);
    list.push_back(std::move(j));
  }
  out["summary"] = {{"findings", findings.size()}, {"application", application}, {"platform", platform}};
  out["findings"] = std::move(list);
  return out.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + "\n";
}

}  // namespace clvet::reports
