// The memory checker (bounds): accesses against their buffer's flags and alignment (OpenCL 1.2
// §5.2.1, §6.1.5), and the engine's out-of-bounds and NULL accesses with the buffer they
// missed; one per worker.
#pragma once

#include <cstdint>
#include <string_view>

#include "clvet/interp/observer.h"
#include "worker_findings.h"

namespace clvet::checker {

class MemoryChecker {
 public:
  explicit MemoryChecker(WorkerFindings& findings) : findings_(findings) {}

  void memory(const interp::AccessBatch& batch, std::uint64_t group);
  // out-of-bounds, null-access, misaligned: an access the engine did not do.
  void engine_problem(reports::KernelKind kind, const interp::EngineProblem& problem,
                      std::uint64_t group);

 private:
  WorkerFindings& findings_;
};

}  // namespace clvet::checker
