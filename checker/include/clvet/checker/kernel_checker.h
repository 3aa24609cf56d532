// The kernel checkers as one observer of the interpreter: memory (bounds, read-only
// and write-only buffers, alignment, NULL), data races within and between work-groups, barrier
// divergence and async copies, each switched on or off by CLVET_CHECK, and the budget's findings.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "clvet/interp/executable.h"
#include "clvet/interp/observer.h"
#include "clvet/reports/finding.h"

namespace clvet::checker {

// Which checkers run (CLVET_CHECK: "all", "none" or a list of races, bounds, divergence,
// uninit). The budget is no checker: it holds whatever this says.
struct KernelChecks {
  bool races = true, bounds = true, divergence = true, uninit = true;
  // Not a checker: keep the work-item that last stored to each byte of the buffers, for
  // last_store() (CLVET_LAST_WRITERS; 4 bytes per byte of buffer).
  bool last_stores = false;
  std::size_t cap = 100;  // distinct findings kept per launch
  bool any_observer() const { return races || bounds || divergence || last_stores; }
  static KernelChecks parse(std::string_view list);
};

// A buffer a launch reaches through a kernel argument (from its LaunchArg), or an SVM
// allocation it reaches (from its LaunchMemory, named by `label`).
struct LaunchObject {
  std::uint32_t arg = 0;
  std::string name;          // the parameter's name, if the program has it
  std::string label;         // an SVM allocation: "SVM allocation of 256 bytes"
  std::uint64_t base = 0;    // host address of the first byte
  std::uint64_t size = 0;
  bool read_only = false, write_only = false, constant = false;
  bool not_named = false;    // an SVM allocation the launch was not given (LaunchMemory's)
  std::string origin;        // "clCreateSubBuffer", ...
};

struct LaunchDescription {
  std::string kernel;
  std::string file;          // the source's name in reports
  std::string source;        // the program's OpenCL C source, may be empty
  std::uint64_t enqueue = 0; // the enqueue's call index
  // The launch's arguments, as the engine gets them: buffers are found by address in them, and
  // arguments (__local ones too) named by their declared names.
  std::vector<interp::LaunchArg> args;
  std::vector<interp::LaunchMemory> memory;  // the SVM allocations the launch reaches
  std::uint64_t global_size[3] = {1, 1, 1};
  std::uint64_t local_size[3] = {1, 1, 1};
  std::uint64_t global_offset[3] = {0, 0, 0};
};

class KernelChecker final : public interp::LaunchObserver {
 public:
  KernelChecker(LaunchDescription launch, KernelChecks checks);
  ~KernelChecker() override;
  std::unique_ptr<interp::GroupObserver> for_worker() override;
  void launch_end() override;

  // How the launch's engine keeps its taint shadow: the uninitialised-value checker's
  // configuration when it is on, off otherwise (no shadow at all).
  interp::TaintConfig taint() const;
  // The launch's findings, folded by kind and source positions (after launch_end).
  std::vector<reports::Finding> take_findings();
  // Findings from what the engine met in a launch without an observer (only a budget):
  // LaunchResult::problems and more_problems. Each is reported, whatever CLVET_CHECK says.
  void engine_problems(const std::vector<interp::EngineProblem>& problems, std::uint64_t more);
  // The race checker's shadow memory at its largest, in bytes (cells, overflow and epoch
  // table; not the workers' __local shadow), and the bytes of buffers it covered (for bytes of
  // shadow per byte of buffer).
  std::uint64_t shadow_peak_bytes() const;
  std::uint64_t covered_bytes() const;
  // With KernelChecks::last_stores, after the launch: the work-item that last stored to the
  // bytes [address, address + size) (the first of them stored to), or nullopt.
  std::optional<reports::WorkItemIds> last_store(std::uint64_t address, std::uint64_t size) const;
  bool keeps_last_stores() const;
  // Frees what only the launch needed (the race shadow), keeping the last stores.
  void keep_only_last_stores();

  struct Impl;

 private:
  std::unique_ptr<Impl> impl_;
};

// The race rules on their own, for tests: which race kinds two accesses of one byte by
// different work-items make, unordered. Bit 0: race-read-write, bit 1: race-write-write,
// bit 2: race-same-value.
// Writes compare the whole stored value (its bytes' hash beyond 8 bytes), its size and this
// byte's place in it: ints 1 and 2 differ though their upper bytes agree.
struct RaceAccess {
  bool read = false, write = false, atomic = false;
  bool has_value = false;
  std::uint64_t value = 0;
  std::uint32_t size = 0, byte = 0;
};
unsigned race_kinds(const RaceAccess& first, const RaceAccess& second);

}  // namespace clvet::checker
