// What every rules/catalogue family header needs: the rule macros, the call argument structs,
// the World's questions and the recurring clauses.
#pragma once

#include "clvet/rules/args.gen.h"
#include "clvet/rules/rule.h"
#include "clvet/rules/world.h"
#include "recurring.h"

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

// Defines rule `Name` in namespace clvet::catalogue and registers it; clvet::rule::Name (the
// generated clvet/rules/rule_ids.gen.h) names it outside rules/.
#define CLVET_RULE(Name, ...)                                               \
  namespace clvet::catalogue {                                              \
  using namespace ::clvet::rules;                                           \
  inline constexpr ::clvet::rules::Rule Name{#Name, __VA_ARGS__};           \
  inline const ::clvet::rules::Registration Name##_registration{Name};      \
  }

// A precheck over the arguments of clvet::args::ArgsType (bound to `a`) and the World `w`.
#define CLVET_CHECK(ArgsType, ...)                                                    \
  +[](const void* raw_args, const ::clvet::rules::World& w) -> bool {                 \
    [[maybe_unused]] const auto& a = *static_cast<const ::clvet::args::ArgsType*>(raw_args); \
    [[maybe_unused]] const auto& world = w;                                           \
    return (__VA_ARGS__);                                                             \
  }
