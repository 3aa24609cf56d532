// Buffer contents compared element by element (compare.cpp), for diff.cpp.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "clvet/replay/launch_diff.h"

namespace clvet::replay {

double half_to_double(std::uint16_t bits);
std::string format_element(std::uint64_t bits, const ElementType& type);

// `device` against `reference`, by `type`; `writer_of(n)` names the work-item that wrote
// element n (n counts elements of the type, vectors whole).
ArgumentDiff compare_buffers(const std::string& device, const std::string& reference,
                             const ElementType& type, const Tolerance& tolerance,
                             const std::function<std::string(std::uint64_t)>& writer_of);

}  // namespace clvet::replay
