// One launch's objects and folded findings (see launch_findings.h).
#include "launch_findings.h"

#include <fmt/format.h>

#include <algorithm>
#include <sstream>

namespace clvet::checker {

LaunchFindings::LaunchFindings(LaunchDescription launch, KernelChecks checks)
    : launch_(std::move(launch)), checks_(checks) {
  std::istringstream in(launch_.source);
  for (std::string line; std::getline(in, line);) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    lines_.push_back(std::move(line));
  }
  for (std::size_t i = 0; i < launch_.args.size(); ++i) {
    const interp::LaunchArg& a = launch_.args[i];
    if (a.kind != interp::LaunchArg::Kind::Buffer) continue;
    LaunchObject o;
    o.arg = static_cast<std::uint32_t>(i);
    o.name = a.name;
    o.base = reinterpret_cast<std::uint64_t>(a.pointer);
    o.size = a.size;
    o.read_only = a.read_only;
    o.write_only = a.write_only;
    o.constant = a.constant;
    o.origin = a.created_by;
    sorted_.push_back(std::move(o));
  }
  for (const interp::LaunchMemory& m : launch_.memory) {
    LaunchObject o;
    o.label = m.label;
    o.base = reinterpret_cast<std::uint64_t>(m.pointer);
    o.size = m.size;
    o.read_only = m.read_only;
    o.write_only = m.write_only;
    o.not_named = m.not_named;
    o.origin = m.created_by;
    sorted_.push_back(std::move(o));
  }
  std::sort(sorted_.begin(), sorted_.end(),
            [](const LaunchObject& a, const LaunchObject& b) { return a.base < b.base; });
  for (const LaunchObject& o : sorted_) {
    any_read_only_ |= o.read_only || o.constant;
    any_write_only_ |= o.write_only;
    any_not_named_ |= o.not_named;
  }
  for (int d = 0; d < 3; ++d)
    groups_[d] = std::max<std::uint64_t>(
        1, (launch_.global_size[d] + launch_.local_size[d] - 1) / launch_.local_size[d]);
}

const LaunchObject* LaunchFindings::object_at(std::uint64_t address, std::uint64_t size) const {
  auto it = std::upper_bound(sorted_.begin(), sorted_.end(), address,
                             [](std::uint64_t a, const LaunchObject& o) { return a < o.base; });
  if (it == sorted_.begin()) return nullptr;
  --it;
  if (address + size > it->base + it->size) return nullptr;
  return &*it;
}

const LaunchObject* LaunchFindings::nearest(std::uint64_t address) const {
  const LaunchObject* best = nullptr;
  std::uint64_t distance = 1 << 16;
  for (const LaunchObject& o : sorted_) {
    std::uint64_t d = address < o.base               ? o.base - address
                      : address >= o.base + o.size ? address - (o.base + o.size) + 1
                                                   : 0;
    if (d < distance) {
      distance = d;
      best = &o;
    }
  }
  return best;
}

std::string LaunchFindings::object_name(const LaunchObject& o) const {
  if (!o.label.empty()) return o.label;
  return o.name.empty() ? fmt::format("argument {}", o.arg)
                        : fmt::format("argument {} '{}'", o.arg, o.name);
}

reports::WorkItemIds LaunchFindings::ids(std::uint64_t group_linear, std::uint32_t lane) const {
  reports::WorkItemIds w;
  std::uint64_t g[3] = {group_linear % groups_[0], (group_linear / groups_[0]) % groups_[1],
                        group_linear / (groups_[0] * groups_[1])};
  // A lane is a linear local id in its own work-group's shape: the last group of a dimension
  // may be smaller than the enqueued size (non-uniform work-groups, 3.0 §5.10).
  std::uint64_t size[3];
  for (int d = 0; d < 3; ++d)
    size[d] = std::min(launch_.local_size[d], launch_.global_size[d] - g[d] * launch_.local_size[d]);
  const std::uint64_t lx = std::max<std::uint64_t>(1, size[0]), ly = std::max<std::uint64_t>(1, size[1]);
  std::uint64_t l[3] = {lane % lx, (lane / lx) % ly, lane / (lx * ly)};
  for (int d = 0; d < 3; ++d) {
    w.group[d] = g[d];
    w.local[d] = l[d];
    w.global[d] = g[d] * launch_.local_size[d] + l[d] + launch_.global_offset[d];
  }
  return w;
}

reports::KernelSite LaunchFindings::site(std::uint32_t line, std::uint32_t column) const {
  reports::KernelSite s;
  s.file = launch_.file;
  s.line = line;
  s.column = column;
  if (line >= 1 && line <= lines_.size()) s.source_line = lines_[line - 1];
  return s;
}

reports::Finding LaunchFindings::finding(reports::KernelKind kind, std::uint32_t line,
                                         std::uint32_t column, std::string detail) const {
  const reports::KernelKindInfo& info = reports::describe(kind);
  reports::Finding f;
  f.category = reports::Category::Application;
  f.severity = info.severity;
  f.rule_id = "Kernel." + std::string(info.name);
  f.entry = "clEnqueueNDRangeKernel";
  f.spec = info.spec;
  f.detail = std::move(detail);
  f.call_index = launch_.enqueue;
  reports::KernelEvidence k;
  k.kind = kind;
  k.kernel = launch_.kernel;
  k.at = site(line, column);
  k.enqueue = launch_.enqueue;
  f.kernel = std::move(k);
  return f;
}

void LaunchFindings::add(std::vector<reports::Finding>& findings) {
  std::lock_guard lock(mutex_);
  for (reports::Finding& f : findings) add_locked(std::move(f));
  findings.clear();
}

void LaunchFindings::add(reports::Finding f) {
  std::lock_guard lock(mutex_);
  add_locked(std::move(f));
}

void LaunchFindings::add_locked(reports::Finding f) {
  std::string key = reports::fold_key(f);
  auto it = index_.find(key);
  if (it != index_.end()) {
    findings_[it->second].count += f.count;
    return;
  }
  if (findings_.size() >= checks_.cap) {
    dropped_ += f.count;
    return;
  }
  index_.emplace(std::move(key), findings_.size());
  findings_.push_back(std::move(f));
}

std::vector<reports::Finding> LaunchFindings::take() {
  std::lock_guard lock(mutex_);
  std::vector<reports::Finding> out = std::move(findings_);
  if (dropped_)
    out.push_back(finding(reports::KernelKind::FindingsCapped, 0, 0,
                          fmt::format("{} more findings of this launch were not kept "
                                      "(CLVET_KERNEL_FINDINGS)",
                                      dropped_)));
  findings_.clear();
  index_.clear();
  dropped_ = 0;
  return out;
}

}  // namespace clvet::checker
