// Reads the layer's options from the environment, once.
#include "settings.h"

#include "options.h"

namespace clvet::layer {

const Settings& settings() {
  static const Settings* s = [] {
    auto* read = new Settings;  // never destroyed: wrappers may run during exit
    read->enforce = options::value("enforce") == "1";
    read->live = options::value("live") == "1";
    read->leaks = options::value("leaks") == "1";
    read->report = options::with_process_id(options::value("report"));
    // A report of JSON or SARIF on stderr is alone there, whoever started the layer.
    read->notes = options::value("notes") != "none" &&
                  !(read->report == "stderr" && options::value("report_format") != "text");
    read->colour = options::value("colour");
    return read;
  }();
  return *s;
}

}  // namespace clvet::layer
