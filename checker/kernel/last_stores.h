// The work-item that last stored to each byte of a launch's buffers: what clvet diff names as
// the writer of a mismatching element, whatever the kernel's mapping of work-items to
// elements (CLVET_LAST_WRITERS).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "clvet/interp/observer.h"
#include "clvet/reports/finding.h"
#include "launch_findings.h"

namespace clvet::checker {

class LastStores {
 public:
  explicit LastStores(const LaunchFindings& launch);

  // A memory instruction of the work-group `group` (linear): every lane's global store marks
  // the bytes it writes with its work-item. Workers write different bytes unless the kernel
  // races; then the last store any worker made is kept, as the device left the bytes.
  void memory(const interp::AccessBatch& b, std::uint64_t group);
  // The work-item that last stored to any of the bytes [address, address + size) (the first
  // such byte's), or nullopt when none of them was stored to.
  std::optional<reports::WorkItemIds> writer(std::uint64_t address, std::uint64_t size) const;

 private:
  struct Object {
    std::uint64_t base = 0, size = 0;
    // Per byte: 1 + the work-item's number (group × work-items per group + lane), 0: none.
    std::unique_ptr<std::uint32_t[]> stores;
  };
  const Object* object_at(std::uint64_t address) const;

  const LaunchFindings& launch_;
  std::uint64_t per_group_ = 1;
  std::vector<Object> objects_;  // by base
};

}  // namespace clvet::checker
