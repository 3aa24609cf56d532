// One launch's objects and findings: which buffer an address falls in, work-item ids from a
// lane, source sites, and the launch's folded findings (shared by every worker, under a lock).
#pragma once

#include <cstdint>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "clvet/checker/kernel_checker.h"

namespace clvet::checker {

class LaunchFindings {
 public:
  LaunchFindings(LaunchDescription launch, KernelChecks checks);

  const LaunchDescription& launch() const { return launch_; }
  const KernelChecks& checks() const { return checks_; }
  const std::uint64_t* groups() const { return groups_; }
  // The launch's buffers by base address.
  const std::vector<LaunchObject>& objects() const { return sorted_; }
  // Whether some buffer is read-only (or __constant), or write-only.
  bool any_read_only() const { return any_read_only_; }
  bool any_write_only() const { return any_write_only_; }
  // Whether the launch reaches an SVM allocation it was not given.
  bool any_not_named() const { return any_not_named_; }

  // The buffer holding [address, address + size), if any.
  const LaunchObject* object_at(std::uint64_t address, std::uint64_t size) const;
  // The buffer nearest to `address` (for an access outside every object), within 64 KiB.
  const LaunchObject* nearest(std::uint64_t address) const;
  std::string object_name(const LaunchObject& o) const;

  reports::WorkItemIds ids(std::uint64_t group_linear, std::uint32_t lane) const;
  reports::KernelSite site(std::uint32_t line, std::uint32_t column) const;
  // A finding of this launch with its severity and spec section (the kind's), kernel and
  // enqueue filled in.
  reports::Finding finding(reports::KernelKind kind, std::uint32_t line, std::uint32_t column,
                           std::string detail) const;

  // Folds findings into the launch's (same kind and both source positions: one finding).
  void add(std::vector<reports::Finding>& findings);
  void add(reports::Finding f);
  std::vector<reports::Finding> take();

 private:
  void add_locked(reports::Finding f);

  LaunchDescription launch_;
  KernelChecks checks_;
  std::vector<std::string> lines_;    // the source, by line
  std::vector<LaunchObject> sorted_;  // buffers by base
  std::uint64_t groups_[3] = {1, 1, 1};
  bool any_read_only_ = false, any_write_only_ = false, any_not_named_ = false;

  std::mutex mutex_;
  std::vector<reports::Finding> findings_;
  std::unordered_map<std::string, std::size_t> index_;
  std::uint64_t dropped_ = 0;
};

}  // namespace clvet::checker
