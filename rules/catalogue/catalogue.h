// What every rules/catalogue family header needs: the rule macros, the call argument structs
// and the World's questions.
#pragma once

#include "clvet/rules/args.gen.h"
#include "clvet/rules/rule.h"
#include "clvet/rules/world.h"

namespace clvet::rules {
inline constexpr Version V1_0{1, 0};
inline constexpr Version V1_1{1, 1};
inline constexpr Version V1_2{1, 2};
inline constexpr Version V2_0{2, 0};
inline constexpr Version V2_1{2, 1};
inline constexpr Version V2_2{2, 2};
inline constexpr Version V3_0{3, 0};
inline constexpr Version Still{};
}  // namespace clvet::rules
