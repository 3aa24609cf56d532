// What the reference device says to its user beside its findings (a profile it lowered or
// cannot use, a kernel that could not run): on stderr, or as a note of the report where the
// report goes to stderr as JSON or SARIF and must be alone there.
#pragma once

#include <string>
#include <string_view>

namespace clvet::device {

// Whether stderr holds the report alone: the device's own report goes there as JSON or SARIF,
// or clvet run says so (CLVET_NOTES=none, set where its report goes there).
bool report_alone_on_stderr();

// "clvet: `text`" on stderr, or, when the report is alone there, a finding of severity note
// named `id` with `text` as its detail.
void say(std::string_view id, std::string text);

}  // namespace clvet::device
