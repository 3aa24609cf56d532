// The option table and its environment lookup.
#include "options.h"

#include <unistd.h>

#include <cstdlib>

namespace clvet::options {

const std::vector<Option>& all() {
  // Never destroyed: the report written at exit (atexit) still reads options.
  static const auto* table = new std::vector<Option>{
#define CLVET_OPTION(id, env, flag, fallback, description) {#id, env, flag, fallback, description},
#include "options.def"
#undef CLVET_OPTION
  };
  return *table;
}

std::string value(std::string_view id) {
  for (const Option& o : all()) {
    if (o.id != id) continue;
    const char* set = std::getenv(std::string(o.env).c_str());
    return set ? std::string(set) : std::string(o.fallback);
  }
  return {};
}

std::string with_process_id(std::string_view path) {
  return with_process_id_of(path, getpid());
}

std::string with_process_id_of(std::string_view path, long pid) {
  std::string out;
  for (std::size_t i = 0; i < path.size(); ++i) {
    if (path[i] == '%' && i + 1 < path.size() && path[i + 1] == 'p') {
      out += std::to_string(pid);
      ++i;
    } else {
      out += path[i];
    }
  }
  return out;
}

std::string per_process(std::string_view path) {
  const std::size_t name = path.rfind('/') == std::string_view::npos ? 0 : path.rfind('/') + 1;
  const std::size_t dot = path.rfind('.');
  const std::size_t at = dot != std::string_view::npos && dot > name ? dot : path.size();
  return std::string(path.substr(0, at)) + "-%p" + std::string(path.substr(at));
}

std::string markdown_table() {
  std::string out = "| environment | flag | default | what it does |\n| --- | --- | --- | --- |\n";
  for (const Option& o : all())
    out += "| `" + std::string(o.env) + "` | `" + std::string(o.flag) + "` | `" +
           std::string(o.fallback) + "` | " + std::string(o.description) + " |\n";
  return out;
}

namespace {

// Text safe in roff: a backslash written as \e, a hyphen as \- (a minus sign, as flags are
// typed), a leading dot or quote escaped.
std::string roff_text(std::string_view text) {
  std::string out;
  for (char c : text) {
    if (c == '\\') out += "\\e";
    else if (c == '-') out += "\\-";
    else out += c;
  }
  if (!out.empty() && (out[0] == '.' || out[0] == '\'')) out.insert(0, "\\&");
  return out;
}

}  // namespace

std::string roff_list() {
  std::string out;
  for (const Option& o : all())
    out += ".TP\n.BR " + roff_text(o.flag) + " \" " + roff_text(o.env) + "\"\n" +
           roff_text(o.description) + " (default: " + roff_text(o.fallback) + ")\n";
  return out;
}

}  // namespace clvet::options
