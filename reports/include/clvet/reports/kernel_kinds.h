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
  SvmNotNamed,
};

struct KernelKindInfo {
  KernelKind kind;
  std::string_view name;     // the JSON report's `kind`, the corpus's `// expect:` word
  std::string_view checker;  // the CLVET_CHECK word that switches it ("engine": always on)
  Severity severity;
  std::string_view spec;     // the section whose sentence the kernel breaks
  std::string_view description;
};

inline constexpr std::array<KernelKindInfo, 15> kKernelKinds = {{
    {KernelKind::RaceWriteWrite, "race-write-write", "races", Severity::Error,
     "OpenCL 1.2 §3.3.1",
     "two work-items write different values to the same bytes with nothing ordering them: in "
     "one work-group with no barrier of the right fence between, in two work-groups, or one "
     "write atomic and the other plain; or a write into bytes an async copy the work-group has "
     "not yet waited for writes (§6.12.10)"},
    {KernelKind::RaceReadWrite, "race-read-write", "races", Severity::Error, "OpenCL 1.2 §3.3.1",
     "a work-item reads bytes another one writes with nothing ordering them (an atomic read, a "
     "failed compare-exchange included, against a plain write), or reads an async copy's "
     "destination or writes its source before the work-group has waited for it (§6.12.10)"},
    {KernelKind::RaceSameValue, "race-same-value", "races", Severity::Warning,
     "OpenCL 1.2 §3.3.1",
     "two work-items write the same value to the same bytes, unordered: still a race, harmless "
     "on most devices"},
    {KernelKind::OutOfBounds, "out-of-bounds", "bounds", Severity::Error,
     "OpenCL 1.2 §6 (C99 §6.5.6)",
     "an access outside the object its pointer was derived from (a buffer or sub-buffer, a "
     "__local argument, a __local, private, __constant or program-scope variable), or to an "
     "element of a static array through an index outside the array, even where the address "
     "stays inside the enclosing struct or row"},
    {KernelKind::ReadOnlyWrite, "read-only-write", "bounds", Severity::Error,
     "OpenCL 1.2 §5.2.1, §6.5.3",
     "a write (a store, an atomic or a built-in's) to a buffer created CL_MEM_READ_ONLY, or to "
     "__constant memory"},
    {KernelKind::WriteOnlyRead, "write-only-read", "bounds", Severity::Error,
     "OpenCL 1.2 §5.2.1",
     "a read (a load, an atomic or a built-in's) of a buffer created CL_MEM_WRITE_ONLY; a store "
     "of some components of a vector reads nothing"},
    {KernelKind::Misaligned, "misaligned", "bounds", Severity::Error,
     "OpenCL 1.2 §6.1.5, §6.11.1",
     "an access at an address that is not a multiple of its type's alignment: the type's size "
     "(four components' for a 3-component vector), 1 for a member of a packed struct"},
    {KernelKind::NullAccess, "null-access", "bounds", Severity::Error,
     "OpenCL 1.2 §6 (C99 §6.5.3.2)",
     "an access through a NULL pointer (an address in the page at 0, where no object ever is)"},
    {KernelKind::Uninitialised, "uninitialised", "uninit", Severity::Error,
     "OpenCL 1.2 §6.5.2 (C99 §6.7.8)",
     "a value nothing wrote (bytes of a buffer created without host data, __local memory, a "
     "private variable, struct member or vector component) is stored to global memory, used "
     "as an address or decides the program's path"},
    {KernelKind::BarrierDivergence, "barrier-divergence", "divergence", Severity::Error,
     "OpenCL 1.2 §6.12.8, §6.12.10",
     "a barrier reached by part of the work-group or with different fence flags, or an async "
     "copy or wait_group_events reached by part of it or with different arguments"},
    {KernelKind::UnwaitedAsyncCopy, "unwaited-async-copy", "divergence", Severity::Error,
     "OpenCL 1.2 §6.12.10",
     "an async copy whose event the work-group never waited for (wait_group_events) before "
     "the kernel ended"},
    {KernelKind::BudgetExceeded, "budget-exceeded", "engine", Severity::Error,
     "clvet's CLVET_BUDGET_SECONDS and CLVET_BUDGET_INSTRUCTIONS (no spec rule)",
     "the launch ran past the budget of seconds or instructions it was given and was stopped "
     "(a loop that never ends, or a kernel longer than the budget); it holds whatever "
     "CLVET_CHECK says"},
    {KernelKind::UndefinedBehaviour, "undefined-behaviour", "engine", Severity::Error,
     "OpenCL 1.2 §6",
     "the kernel did what OpenCL C leaves undefined: an image access outside what §8 defines "
     "(outside the image with no sampler, a layer outside the array, the wrong function for "
     "its format or access qualifier), wait_group_events for an event no async copy of the "
     "work-group returned or one already waited for (§6.12.10), unreachable code reached"},
    {KernelKind::FindingsCapped, "findings-capped", "engine", Severity::Note,
     "clvet's CLVET_KERNEL_FINDINGS (no spec rule)",
     "the launch had more distinct findings than CLVET_KERNEL_FINDINGS keeps: the others are "
     "not reported"},
    {KernelKind::SvmNotNamed, "svm-not-named", "bounds", Severity::Error, "OpenCL 2.2 §5.9.2",
     "an access of a coarse- or fine-grain buffer SVM allocation that the kernel was given "
     "neither as an argument nor by clSetKernelExecInfo(CL_KERNEL_EXEC_INFO_SVM_PTRS), as one "
     "stored in another SVM allocation must be"},
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
