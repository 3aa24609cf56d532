// The reference device's words to its user: on stderr, or notes of a report alone there.
#include "user_notes.h"

#include <cstdio>
#include <utility>

#include "clvet/checker/api_validation.h"
#include "options.h"

namespace clvet::device {

bool report_alone_on_stderr() {
  static const bool alone =
      options::value("notes") == "none" ||
      (options::value("report") == "stderr" && options::value("report_format") != "text");
  return alone;
}

void say(std::string_view id, std::string text) {
  if (!report_alone_on_stderr()) {
    std::fprintf(stderr, "clvet: %s\n", text.c_str());
    return;
  }
  reports::Finding note;
  note.category = reports::Category::Application;
  note.severity = reports::Severity::Note;
  note.rule_id = std::string(id);
  note.detail = std::move(text);
  checker::FindingLog::instance().add(std::move(note));
}

}  // namespace clvet::device
