// clvet's options (options.def), read from the environment of the process clvet runs in.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace clvet::options {

struct Option {
  std::string_view id;
  std::string_view env;
  std::string_view flag;
  std::string_view fallback;
  std::string_view description;
};

// Every option, in options.def order.
const std::vector<Option>& all();
// The option's value: its environment variable if set, else its default.
std::string value(std::string_view id);
// `path` with each "%p" replaced by this process's id (CLVET_REPORT: one report per process of
// an application that starts others).
std::string with_process_id(std::string_view path);
// The same with another process's id (clvet run naming its child's files).
std::string with_process_id_of(std::string_view path, long pid);
// The pattern of the traces a program's other processes record when CLVET_TRACE names one
// file (no %p) that a first process took: "-%p" before the file name's extension
// ("run/trace.clvt" -> "run/trace-%p.clvt"), or at its end when it has none.
std::string per_process(std::string_view path);
// The README's option table, as Markdown.
std::string markdown_table();
// The man page's list of options, as roff (a .TP paragraph per option).
std::string roff_list();

}  // namespace clvet::options
