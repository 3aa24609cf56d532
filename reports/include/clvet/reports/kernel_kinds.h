// The kernel checkers' finding kinds, one table of names, checkers, severities, spec sections
// and descriptions; it lives beside the finding model because every reader of findings (the
// checkers, the text/JSON/SARIF renderings, the GUI, the kernel corpus) reaches reports/, and
// the interpreter, which reports neutral engine events, needs none of it.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

#include "clvet/reports/severity.h"

namespace clvet::reports {

enum class KernelKind : std::uint8_t {
  RaceWriteWrite,
  RaceReadWrite,
  RaceSameValue,
  OutOfBounds,
  ReadOnlyWrite,
  WriteOnlyRead,
  Misaligned,
  NullAccess,
  Uninitialised,
  BarrierDivergence,
  UnwaitedAsyncCopy,
  BudgetExceeded,
  UndefinedBehaviour,
  FindingsCapped,
};

struct KernelKindInfo {
  KernelKind kind;
  std::string_view name;     // the JSON report's `kind`, the corpus's `// expect:` word
  std::string_view checker;  // the CLVET_CHECK word that switches it ("engine": always on)
  Severity severity;
  std::string_view spec;     // the section whose sentence the kernel breaks
  std::string_view description;
};

inline constexpr std::array<KernelKindInfo, 14> kKernelKinds = {{
    {KernelKind::RaceWriteWrite, "race-write-write", "races", Severity::Error,
     "OpenCL 1.2 §3.3.1",
     "two work-items write the same bytes with no barrier or atomic operation ordering them"},
    {KernelKind::RaceReadWrite, "race-read-write", "races", Severity::Error, "OpenCL 1.2 §3.3.1",
     "a work-item reads bytes another one writes with no barrier or atomic operation ordering "
     "them"},
    {KernelKind::RaceSameValue, "race-same-value", "races", Severity::Warning,
     "OpenCL 1.2 §3.3.1",
     "two work-items write the same value to the same bytes, unordered: still a race, harmless "
     "on most devices"},
    {KernelKind::OutOfBounds, "out-of-bounds", "bounds", Severity::Error, "OpenCL 1.2 §6",
     "an access outside the memory object (buffer, __local, private or __constant variable) it "
     "belongs to"},
    {KernelKind::ReadOnlyWrite, "read-only-write", "bounds", Severity::Error,
     "OpenCL 1.2 §5.2.1", "a write to a buffer created CL_MEM_READ_ONLY, or to __constant memory"},
    {KernelKind::WriteOnlyRead, "write-only-read", "bounds", Severity::Error,
     "OpenCL 1.2 §5.2.1", "a read of a buffer created CL_MEM_WRITE_ONLY"},
    {KernelKind::Misaligned, "misaligned", "bounds", Severity::Error, "OpenCL 1.2 §6.1.5",
     "an access at an address that is not a multiple of its type's size"},
    {KernelKind::NullAccess, "null-access", "bounds", Severity::Error, "OpenCL 1.2 §6",
     "an access through a NULL pointer"},
    {KernelKind::Uninitialised, "uninitialised", "uninit", Severity::Error, "OpenCL 1.2 §6",
     "a value nothing wrote is stored to global memory, used as an address or decides a branch"},
    {KernelKind::BarrierDivergence, "barrier-divergence", "divergence", Severity::Error,
     "OpenCL 1.2 §6.12.8",
     "a barrier, async copy or wait reached by part of the work-group, or with different "
     "arguments"},
    {KernelKind::UnwaitedAsyncCopy, "unwaited-async-copy", "divergence", Severity::Error,
     "OpenCL 1.2 §6.12.10", "an async copy that the work-items never waited for"},
    {KernelKind::BudgetExceeded, "budget-exceeded", "budget", Severity::Error, "OpenCL 1.2 §6",
     "the kernel ran past its budget of instructions or seconds and was stopped"},
    {KernelKind::UndefinedBehaviour, "undefined-behaviour", "engine", Severity::Error,
     "OpenCL 1.2 §6", "the kernel did what OpenCL C leaves undefined (reached unreachable code, "
     "recursed)"},
    {KernelKind::FindingsCapped, "findings-capped", "engine", Severity::Note, "OpenCL 1.2 §6",
     "the launch had more distinct findings than CLVET_KERNEL_FINDINGS keeps"},
}};

constexpr const KernelKindInfo& describe(KernelKind kind) {
  return kKernelKinds[static_cast<std::size_t>(kind)];
}
constexpr std::string_view to_string(KernelKind kind) { return describe(kind).name; }

// The kind of a name in the table, or nothing.
constexpr std::optional<KernelKind> kernel_kind(std::string_view name) {
  for (const KernelKindInfo& k : kKernelKinds)
    if (k.name == name) return k.kind;
  return std::nullopt;
}

// The table is in the enum's order (describe() indexes it), and no two kinds share a name.
static_assert([] {
  for (std::size_t i = 0; i < kKernelKinds.size(); ++i) {
    if (static_cast<std::size_t>(kKernelKinds[i].kind) != i) return false;
    for (std::size_t j = 0; j < i; ++j)
      if (kKernelKinds[j].name == kKernelKinds[i].name) return false;
  }
  return true;
}());

}  // namespace clvet::reports
