// The prechecks whose violation the driver may not survive: named by what their clause forbids.
#include "driver_guards.h"

#include <string_view>

namespace clvet::layer {

bool guards_a_dereference(const rules::Rule& rule) {
  // The catalogue names a rule by what it forbids: a NULL pointer or list the call reads or
  // writes through, a count its list does not have, a region past the end of the memory, a
  // callback the driver would call. tests/layer/driver_guards_test.cpp checks that every rule
  // these endings pick says NULL, out of bounds or outside in its clause.
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

bool guards_the_driver(const rules::Rule& rule) {
  if (guards_a_dereference(rule)) return true;
  // Requests a driver ends the process on instead of answering with the error: PoCL 3.1
  // exits with status 2 ("Device side queue is unimplemented") on CL_QUEUE_ON_DEVICE, valid
  // or not, found by tests/layer/fuzz/api_sequences.c.
  static constexpr std::string_view kAborts[] = {
      "CreateCommandQueueWithPropertiesInvalidProperties",
      "CreateCommandQueueWithPropertiesUnsupportedProperties",
      "CreateCommandQueueWithPropertiesKHRInvalidProperties",
      "CreateCommandQueueWithPropertiesKHRUnsupportedProperties"};
  for (std::string_view id : kAborts)
    if (rule.id == id) return true;
  return false;
}

}  // namespace clvet::layer
