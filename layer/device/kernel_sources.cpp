// Naming the source file and line of kernel findings (see kernel_sources.h).
#include "kernel_sources.h"

#include <fstream>
#include <sstream>

#include "clvet/interp/source_position.h"

namespace clvet::device {

namespace {

std::vector<std::string> split_lines(std::istream& in) {
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    lines.push_back(std::move(line));
  }
  return lines;
}

}  // namespace

KernelSources::KernelSources(std::vector<std::string> files, std::string main_source)
    : files_(std::move(files)), main_source_(std::move(main_source)) {
  lines_.resize(files_.size());
  read_.assign(files_.size(), false);
}

std::string KernelSources::main_name() const {
  return files_.empty() ? std::string("program.cl") : files_.front();
}

const std::vector<std::string>& KernelSources::lines_of(std::uint32_t file) {
  if (!read_[file]) {
    read_[file] = true;
    if (file == 0 && !main_source_.empty()) {
      std::istringstream in(main_source_);
      lines_[file] = split_lines(in);
    } else if (std::ifstream in(files_[file]); in) {
      // A header #include'd from the application's folders (-I), or a #line name that
      // happens to be a file: its text as it is now.
      lines_[file] = split_lines(in);
    }
  }
  return lines_[file];
}

void KernelSources::locate(reports::KernelSite& site) {
  const std::uint32_t file = interp::source_file_of(site.line);
  site.line = interp::source_line_of(site.line);
  site.file = file < files_.size() ? files_[file] : main_name();
  if (file >= files_.size() || site.line == 0) return;
  const std::vector<std::string>& lines = lines_of(file);
  site.source_line = site.line <= lines.size() ? lines[site.line - 1] : std::string();
}

void KernelSources::locate(reports::Finding& finding) {
  if (!finding.kernel) return;
  locate(finding.kernel->at);
  if (finding.kernel->other) locate(*finding.kernel->other);
}

std::string KernelSources::where(std::uint32_t line, std::uint32_t column) const {
  const std::uint32_t file = interp::source_file_of(line);
  return (file < files_.size() ? files_[file] : main_name()) + ":" +
         std::to_string(interp::source_line_of(line)) + ":" + std::to_string(column);
}

}  // namespace clvet::device
