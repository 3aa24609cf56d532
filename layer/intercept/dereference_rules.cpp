// The prechecks that guard a dereference, named by what their clause forbids.
#include "dereference_rules.h"

#include <iterator>
#include <string_view>

namespace clvet::layer {

bool guards_dereference(const rules::Rule& rule) {
  // The catalogue names a rule by what it forbids: a NULL pointer or list the call reads or
  // writes through, a count its list does not have, a region past the end of the memory, a
  // callback the driver would call. tests/layer/dereference_rules_test.cpp checks that every
  // rule these endings pick says NULL or out of bounds in its clause.
  static constexpr std::string_view kEndings[] = {
      "InvalidWaitList",    "OutOfBounds",    "OutOfBoundsOrFlags", "NullPtr",
      "NullPointer",        "NullOriginOrRegion", "NullColor",      "NullRowPitch",
      "NullSlicePitch",     "NullName",       "NullDevices",        "NullEvent",
      "NullTimestamp",      "NullCreateInfo", "NullCallback",       "NullNotify",
      "NullFunction",       "NullArgs",       "NullResult",         "InvalidHostPtr",
      "BadList",            "BadStrings",     "NoDevices",          "NoMemObjects",
      "NoPointers",         "InvalidPattern", "BadPattern",         "MemListMissing",
      "DeviceListMismatch", "HeaderListMismatch", "InputListMismatch", "BadGlobalSize",
      "BadPointers"};
  for (std::string_view ending : kEndings)
    if (rule.id.ends_with(ending)) return true;
  return false;
}

}  // namespace clvet::layer
