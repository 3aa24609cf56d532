// Why a program clLinkProgram made must run uniform work-groups: no query answers what its
// inputs were, and they may be released once it is linked, so the layer keeps it when the link
// returns (3.0 §5.10: "If the program was created using clLinkProgram and any of the linked
// programs were compiled in a way that only supports uniform work-group sizes, the linked
// program only supports uniform work group sizes").
#pragma once

#include <cstdint>
#include <string>

#include "clvet/rules/args.gen.h"
#include "clvet/rules/world.h"

namespace clvet::layer {

// Kept for the program (by its object id) that the link `a` returned: for each of its devices,
// the first input's reason (rules::uniformity::program_reason(), or its own kept one for an
// input that was linked too), asked of `world` while the inputs are alive.
void learn_linked_program(std::uint64_t program_id, const args::LinkProgram& a,
                          const rules::World& world);
// The kept reason for the linked program on `device`; "" when none was kept or its inputs allow
// non-uniform work-groups.
std::string linked_uniform_reason(std::uint64_t program_id, const void* device);

}  // namespace clvet::layer
