// The math built-ins (OpenCL 1.2 §6.12.2): registers every part of the family.
#include "clvet/interp/builtin_abi.h"
#include "math_lanes.h"

namespace clvet::interp {

void register_math_builtins(BuiltinRegistry& registry) {
  math::register_math_trigonometric(registry);
  math::register_math_exponential(registry);
  math::register_math_exact(registry);
  math::register_math_reduced(registry);
}

}  // namespace clvet::interp
