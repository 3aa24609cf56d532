// Which broken rules the driver may not survive: a NULL pointer, list or region out of bounds
// it would read or write through, or a request a driver is known to end the process on. Such
// a call is never forwarded, whatever CLVET_ENFORCE says, as a call with a bad handle is not.
#pragma once

#include "clvet/rules/rule.h"

namespace clvet::layer {

// Whether a call that breaks this precheck rule must not reach the driver.
bool guards_the_driver(const rules::Rule& rule);
// Of those, the ones that guard a dereference (the rest: requests a driver aborts on).
bool guards_a_dereference(const rules::Rule& rule);

}  // namespace clvet::layer
