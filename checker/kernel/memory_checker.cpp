// The memory checker (see memory_checker.h).
#include "memory_checker.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <string>

namespace clvet::checker {

using interp::Access;

namespace {

const char* verb(Access kind) {
  switch (kind) {
    case Access::Read: return "read";
    case Access::Write: return "write";
    case Access::ReadWrite: return "read-modify-write";
    case Access::Atomic: return "atomic update";
    case Access::AtomicRead: return "atomic read";
  }
  return "access";
}

}  // namespace

void MemoryChecker::memory(const interp::AccessBatch& b, std::uint64_t group) {
  const bool global = b.address_space == interp::kGlobal || b.address_space == interp::kConstant;
  const bool reads = b.kind != Access::Write;
  const bool writes = b.kind != Access::Read && b.kind != Access::AtomicRead;
  const LaunchFindings& launch = findings_.launch();
  // Only a buffer's flags can make this access wrong: find its buffer only when one could.
  const bool flags_matter =
      global && ((writes && launch.any_read_only()) || (reads && launch.any_write_only()) ||
                 launch.any_not_named());
  const bool may_misalign = !b.builtin && b.alignment > 1;
  const bool constant_write = !global && b.address_space == interp::kConstant && writes;
  if (!flags_matter && !may_misalign && !constant_write) return;
  const LaunchObject* last = nullptr;  // lanes of a batch mostly reach one buffer
  auto object_of = [&](std::uint64_t address) -> const LaunchObject* {
    if (!global) return nullptr;
    if (last && address >= last->base && address + b.size <= last->base + last->size) return last;
    const LaunchObject* o = launch.object_at(address, b.size);
    if (o) last = o;
    return o;
  };
  for (std::uint32_t k = 0; k < b.count; ++k) {
    const std::uint32_t lane = b.lanes[k];
    const std::uint64_t address = b.addresses[lane];
    // Addresses below 4096 are the engine's NULL page: its null-access finding says more.
    if (may_misalign && address % b.alignment != 0 && address >= 4096)
      findings_.report(reports::KernelKind::Misaligned, b.site, group, lane, [&] {
        return fmt::format("{} of {} bytes at an address {} bytes past a multiple of its "
                           "alignment {}", verb(b.kind), b.size, address % b.alignment,
                           b.alignment);
      }, object_of(address), address, b.size);
    if (constant_write)
      findings_.report(reports::KernelKind::ReadOnlyWrite, b.site, group, lane,
                       [] { return "write to __constant memory"; }, nullptr, address, b.size);
    if (!flags_matter) continue;
    const LaunchObject* object = object_of(address);
    if (object && writes && (object->read_only || object->constant))
      findings_.report(reports::KernelKind::ReadOnlyWrite, b.site, group, lane, [&] {
        return fmt::format("{} of a buffer created CL_MEM_READ_ONLY", verb(b.kind));
      }, object, address, b.size);
    if (object && object->not_named)
      findings_.report(reports::KernelKind::SvmNotNamed, b.site, group, lane, [&] {
        return fmt::format("{} of an SVM allocation given to the kernel neither as an argument "
                           "nor by clSetKernelExecInfo(CL_KERNEL_EXEC_INFO_SVM_PTRS)",
                           verb(b.kind));
      }, object, address, b.size);
    if (object && reads && object->write_only)
      findings_.report(reports::KernelKind::WriteOnlyRead, b.site, group, lane, [&] {
        return fmt::format("{} of a buffer created CL_MEM_WRITE_ONLY", verb(b.kind));
      }, object, address, b.size);
  }
}

void MemoryChecker::engine_problem(reports::KernelKind kind, const interp::EngineProblem& problem,
                                   std::uint64_t group) {
  const std::uint64_t address = problem.address, size = problem.size;
  const LaunchFindings& launch = findings_.launch();
  const LaunchObject* near = kind == reports::KernelKind::OutOfBounds ? launch.nearest(address) : nullptr;
  const interp::LocalObject* local =
      kind == reports::KernelKind::OutOfBounds && !near ? findings_.locals.near(address) : nullptr;
  auto detail = [&]() -> std::string {
    if (local) {
      const std::string name = LocalObjects::name(*local, launch.launch());
      if (address < local->base)
        return fmt::format("access of {} bytes {} bytes before the start of {}", size,
                           local->base - address, name);
      return fmt::format("access of {} bytes {} bytes past the end of {} ({} bytes)", size,
                         address + std::max<std::uint64_t>(size, 1) - (local->base + local->size),
                         name, local->size);
    }
    if (near) {
      std::string where =
          address < near->base
              ? fmt::format("{} bytes before the start of {}", near->base - address,
                            launch.object_name(*near))
              : fmt::format("{} bytes past the end of {} ({} bytes)",
                            address + std::max<std::uint64_t>(size, 1) - (near->base + near->size),
                            launch.object_name(*near), near->size);
      return fmt::format("access of {} bytes {}", size, where);
    }
    if (kind == reports::KernelKind::NullAccess)
      return fmt::format("access of {} bytes through a NULL pointer (address 0x{:x})", size,
                         address);
    return problem.message;
  };
  findings_.report(kind, problem.site, group, problem.lane, detail, near, address, size);
}

}  // namespace clvet::checker
