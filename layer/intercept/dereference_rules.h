// Which broken rules mean that the driver would read or write through what is wrong: such a
// call is never forwarded, whatever CLVET_ENFORCE says, as a call with a bad handle is not.
#pragma once

#include "clvet/rules/rule.h"

namespace clvet::layer {

// Whether breaking this precheck rule means a NULL pointer, a missing list or a region out of
// bounds that the driver would read or write through, or a missing callback it would call.
bool guards_dereference(const rules::Rule& rule);

}  // namespace clvet::layer
