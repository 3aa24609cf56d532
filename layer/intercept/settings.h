// The layer's options (layer/options/options.def), read once when the loader initialises it.
#pragma once

#include <string>

namespace clvet::layer {

struct Settings {
  bool enforce = false;  // CLVET_ENFORCE=1: return the rule's error instead of forwarding
  bool live = false;     // CLVET_LIVE=1 (and the report not on stderr as data)
  bool notes = true;     // CLVET_NOTES=stderr (none, or the report on stderr as data: false)
  bool leaks = true;     // CLVET_LEAKS=1
  std::string report;    // CLVET_REPORT
  std::string colour;    // CLVET_COLOUR
};

const Settings& settings();

}  // namespace clvet::layer
