// The layer's notes on stderr, as CLVET_NOTES says.
#include "notes.h"

#include <cstdio>

#include "settings.h"

namespace clvet::layer {

void note(std::string_view note) {
  if (!settings().notes) return;
  std::fprintf(stderr, "%.*s\n", static_cast<int>(note.size()), note.data());
}

}  // namespace clvet::layer
