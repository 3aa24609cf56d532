// The geometric built-ins (placeholder until the family is written).
#include "clvet/interp/builtin_abi.h"

namespace clvet::interp {

void register_geometric_builtins(BuiltinRegistry&) {}

}  // namespace clvet::interp
