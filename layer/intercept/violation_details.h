// What a finding of a broken precheck rule says beyond the rule's clause, where the clause
// covers several causes and the user must know which one applied.
#pragma once

#include <string>

#include "clvet/rules/rule.h"
#include "clvet/rules/world.h"

namespace clvet::layer {

// The cause of `rule`'s violation by the call's arguments `args` (the rule's argument struct),
// as `world` tells it; "" when the clause says all there is.
std::string violation_detail(const rules::Rule& rule, const void* args, const rules::World& world);

}  // namespace clvet::layer
