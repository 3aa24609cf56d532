// The source files a launch's kernel findings point into: the engine's lines carry their
// file's index (clvet/interp/source_position.h); each finding gets its file's name as the
// debug info gives it (the program's main source, an #include'd or embedded header, a #line
// name), its line in that file and, when the file can be read, the text of that line.
#pragma once

#include <string>
#include <vector>

#include "clvet/reports/finding.h"

namespace clvet::device {

class KernelSources {
 public:
  // `files`: the executable's file table, main source first; `main_source`: the program's
  // source text when it was built from source (empty otherwise).
  KernelSources(std::vector<std::string> files, std::string main_source);

  // The main source's name ("program-1f0c82a9.cl", interp's compile_opencl_c), for findings
  // with no line.
  std::string main_name() const;
  // Splits the finding's packed lines into file and line, with the line's text.
  void locate(reports::Finding& finding);
  // An engine position (a packed line and a column) as "file:line:column".
  std::string where(std::uint32_t line, std::uint32_t column) const;

 private:
  void locate(reports::KernelSite& site);
  const std::vector<std::string>& lines_of(std::uint32_t file);

  std::vector<std::string> files_;
  std::string main_source_;
  std::vector<std::vector<std::string>> lines_;  // per file, read when first needed
  std::vector<bool> read_;
};

}  // namespace clvet::device
