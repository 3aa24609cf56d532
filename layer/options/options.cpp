// The option table and its environment lookup.
#include "options.h"

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

std::string markdown_table() {
  std::string out = "| environment | flag | default | what it does |\n| --- | --- | --- | --- |\n";
  for (const Option& o : all())
    out += "| `" + std::string(o.env) + "` | `" + std::string(o.flag) + "` | `" +
           std::string(o.fallback) + "` | " + std::string(o.description) + " |\n";
  return out;
}

}  // namespace clvet::options
