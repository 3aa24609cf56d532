// The layer's notes to the user (not findings of the program's): on stderr, unless
// CLVET_NOTES=none, which clvet run sets when the report goes to stderr as JSON or SARIF and
// must be alone there (the layer also keeps quiet when its own report goes there as data).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace clvet::layer {

// Writes `note` and a newline on stderr, unless notes are off.
void note(std::string_view note);

// What went wrong with clvet's own work that the user must hear of whatever becomes of stderr
// (the trace could not be written whole): a finding of severity note named `id` in the report,
// at call `call_index` (0: none), and "clvet: `text`" on stderr as note() writes it.
void report_note(std::string_view id, std::uint64_t call_index, std::string text);

}  // namespace clvet::layer
