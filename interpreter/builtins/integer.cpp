// The integer built-ins (placeholder until the family is written).
#include "clvet/interp/builtin_abi.h"

namespace clvet::interp {

void register_integer_builtins(BuiltinRegistry&) {}

}  // namespace clvet::interp
