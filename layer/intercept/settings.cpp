// Reads the layer's options from the environment, once.
#include "settings.h"

#include "options.h"

namespace clvet::layer {

const Settings& settings() {
  static const Settings* s = [] {
    auto* read = new Settings;  // never destroyed: wrappers may run during exit
    read->enforce = options::value("enforce") == "1";
    read->leaks = options::value("leaks") == "1";
    read->report = options::with_process_id(options::value("report"));
    // A report of JSON or SARIF on stderr is alone there, whoever started the layer: no notes
    // (the report holds those that matter) and no findings as they come (the report holds
    // them all).
    const bool report_alone = read->report == "stderr" && options::value("report_format") != "text";
    read->live = options::value("live") == "1" && !report_alone;
    read->notes = options::value("notes") != "none" && !report_alone;
    read->colour = options::value("colour");
    return read;
  }();
  return *s;
}

}  // namespace clvet::layer
