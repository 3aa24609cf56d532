// The layer's notes to the user (not findings): on stderr, unless CLVET_NOTES=none, which
// clvet run sets when the report goes to stderr as JSON or SARIF and must be alone there.
#pragma once

#include <string_view>

namespace clvet::layer {

// Writes `note` and a newline on stderr, unless notes are off.
void note(std::string_view note);

}  // namespace clvet::layer
