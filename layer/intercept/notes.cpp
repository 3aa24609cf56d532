// The layer's notes on stderr, as CLVET_NOTES says, and those kept in the report as well.
#include "notes.h"

#include <cstdio>
#include <utility>

#include "findings.h"
#include "settings.h"

namespace clvet::layer {

void note(std::string_view note) {
  if (!settings().notes) return;
  std::fprintf(stderr, "%.*s\n", static_cast<int>(note.size()), note.data());
}

void report_note(std::string_view id, std::uint64_t call_index, std::string text) {
  note("clvet: " + text);
  record_check(id, reports::Category::Application, reports::Severity::Note, "", CL_SUCCESS,
               call_index, std::move(text));
}

}  // namespace clvet::layer
