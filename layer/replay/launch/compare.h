// Buffer contents compared element by element (compare.cpp), for diff.cpp.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "clvet/replay/launch_diff.h"

namespace clvet::replay {

double half_to_double(std::uint16_t bits);
std::string format_element(std::uint64_t bits, const ElementType& type);

// `device` against `reference`, by `type`; `writer_of(i, m)` names in `m` the work-item that
// wrote component i, the first mismatch.
ArgumentDiff compare_buffers(const std::string& device, const std::string& reference,
                             const ElementType& type, const Tolerance& tolerance,
                             const std::function<void(std::uint64_t, Mismatch&)>& writer_of);

}  // namespace clvet::replay
