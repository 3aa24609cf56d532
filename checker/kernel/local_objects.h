// The __local objects of the group a worker runs (interp::GroupPosition::locals), so that a
// finding on __local memory names what it touched like one on a buffer: "__local 'tile' in
// kernel 'blur'", "argument 2 'scratch' (__local)", with the byte offset and element.
#pragma once

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <string>

#include "clvet/checker/kernel_checker.h"
#include "clvet/interp/observer.h"
#include "clvet/reports/finding.h"

namespace clvet::checker {

class LocalObjects {
 public:
  void set(const interp::GroupPosition& p) {
    objects_ = p.locals;
    count_ = p.local_count;
  }

  // The object holding `address`, or the one whose red zone (16 bytes after each object, the
  // engine's, interp::LaunchRequest::separate_objects) it is in: an overflow's object.
  const interp::LocalObject* near(std::uint64_t address) const {
    const interp::LocalObject* end = objects_ + count_;
    const interp::LocalObject* it = std::upper_bound(
        objects_, end, address,
        [](std::uint64_t a, const interp::LocalObject& o) { return a < o.base; });
    if (it != objects_) {
      const interp::LocalObject* before = it - 1;
      if (address < before->base + before->size + kRedZone) return before;
    }
    if (it != end && it->base - address <= kRedZone) return it;  // just before the start
    return nullptr;
  }

  static std::string name(const interp::LocalObject& o, const LaunchDescription& launch) {
    if (o.arg != interp::LocalObject::kNotArgument) {
      const std::string arg = o.arg < launch.args.size() ? launch.args[o.arg].name : std::string();
      return arg.empty() ? fmt::format("argument {} (__local)", o.arg)
                         : fmt::format("argument {} '{}' (__local)", o.arg, arg);
    }
    // OpenCL 1.2 §6.5.2: __local variables are declared in kernel functions only.
    return o.function.empty() ? fmt::format("__local '{}'", o.variable)
                              : fmt::format("__local '{}' in kernel '{}'", o.variable, o.function);
  }

  // Names the object in a finding of `size` bytes at `address`, with offset and element.
  static void describe(reports::KernelEvidence& k, const interp::LocalObject& o,
                       const LaunchDescription& launch, std::uint64_t address,
                       std::uint64_t size) {
    k.object = name(o, launch);
    const auto offset = static_cast<std::int64_t>(address - o.base);
    k.offset = offset;
    k.size = size;
    const auto element_size = static_cast<std::int64_t>(size);
    if (size)
      k.element = offset >= 0 ? offset / element_size
                              : -((-offset + element_size - 1) / element_size);
  }

 private:
  static constexpr std::uint64_t kRedZone = 16;
  const interp::LocalObject* objects_ = nullptr;
  std::uint32_t count_ = 0;
};

}  // namespace clvet::checker
