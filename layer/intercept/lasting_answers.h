// Which answers of clGet*Info cannot change while the object lives, so that the layer may
// keep them with the object (checker::ObjectTable::remember) instead of asking the driver
// again on every call whose rules need them.
#pragma once

#include <cstddef>

#include "clvet/rules/opencl.h"
#include "clvet/rules/world.h"

namespace clvet::layer {

// True when the answer `value` (of `size` bytes) to `param` of `query` holds for the rest of
// the object's life: fixed at creation by the spec (a buffer's size and flags, a kernel's
// context, a device's limits), or final once reached (a successful build, until the layer
// sees the program built again).
bool lasting_answer(rules::InfoQuery query, cl_uint param, const void* value, std::size_t size);

}  // namespace clvet::layer
