// One worker thread's findings while its groups run: folded by kind and source position (or by
// race kind and site pair) with integer keys, so that a finding seen again costs one lookup and
// no text; handed to the launch when the worker ends.
#pragma once

#define XXH_INLINE_ALL  // a few dozen bytes per key: no call into a shared library
#include <xxhash.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "clvet/interp/observer.h"
#include "launch_findings.h"
#include "local_objects.h"

namespace clvet::checker {

class WorkerFindings {
 public:
  explicit WorkerFindings(LaunchFindings& launch) : launch_(launch) {}
  ~WorkerFindings() { launch_.add(findings_); }
  WorkerFindings(const WorkerFindings&) = delete;
  WorkerFindings& operator=(const WorkerFindings&) = delete;

  LaunchFindings& launch() { return launch_; }
  // The running group's __local objects (set at each group's start).
  LocalObjects locals;

  // The key of a finding of `kind` at a source position.
  static std::uint64_t key(reports::KernelKind kind, std::uint32_t line, std::uint32_t column) {
    std::uint64_t position = std::uint64_t(line) << 32 | column;
    // The top bit is clear: race findings use keys of their own with it set.
    return XXH3_64bits_withSeed(&kind, sizeof kind, position) & ~(1ull << 63);
  }
  // Counts one more occurrence of the finding with `key`; false when it is new.
  bool seen(std::uint64_t key) {
    auto it = index_.find(key);
    if (it == index_.end()) return false;
    findings_[it->second].count += 1;
    return true;
  }
  // A finding of `kind` at `site` by the work-item (group, lane), with the buffer it touched;
  // `detail()` makes its text, only when the finding is new.
  template <class Detail>
  void report(reports::KernelKind kind, const interp::SourceSite& site, std::uint64_t group,
              std::uint32_t lane, Detail&& detail, const LaunchObject* object,
              std::uint64_t address, std::uint64_t size) {
    const std::uint64_t k = key(kind, site.line, site.column);
    if (seen(k)) return;
    reports::Finding f = launch_.finding(kind, site.line, site.column, std::string(detail()));
    f.kernel->at.work_item = launch_.ids(group, lane);
    if (object) {
      f.kernel->object = launch_.object_name(*object);
      f.kernel->object_origin = object->origin;
      const auto offset = static_cast<std::int64_t>(address - object->base);
      const auto element_size = static_cast<std::int64_t>(size);
      f.kernel->offset = offset;
      f.kernel->size = size;
      if (size)
        f.kernel->element = offset >= 0 ? offset / element_size
                                        : -((-offset + element_size - 1) / element_size);
    } else if (const interp::LocalObject* local = address ? locals.near(address) : nullptr) {
      LocalObjects::describe(*f.kernel, *local, launch_.launch(), address, size);
    } else if (size) {
      f.kernel->size = size;
    }
    add(k, std::move(f));
  }

  void add(std::uint64_t key, reports::Finding f) {
    index_.emplace(key, findings_.size());
    findings_.push_back(std::move(f));
  }

 private:
  LaunchFindings& launch_;
  std::vector<reports::Finding> findings_;
  std::unordered_map<std::uint64_t, std::size_t> index_;
};

}  // namespace clvet::checker
