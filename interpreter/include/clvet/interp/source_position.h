// How the engine's source lines name their file: SourceSite::line (and every line the engine
// reports) holds the line in its file, with the file's index in the program's file table
// (KernelInfo::source_files) in the top bits. Observers fold findings by line and keep
// positions in two files apart without knowing files; whoever names a finding splits it.
#pragma once

#include <cstdint>

namespace clvet::interp {

inline constexpr unsigned kSourceLineBits = 24;  // 16 million lines a file, 255 more files
inline constexpr std::uint32_t kSourceLineMask = (1u << kSourceLineBits) - 1;

inline std::uint32_t pack_source_line(std::uint32_t file, std::uint32_t line) {
  const std::uint32_t last_file = (1u << (32 - kSourceLineBits)) - 1;
  return (file < last_file ? file : last_file) << kSourceLineBits | (line & kSourceLineMask);
}
inline std::uint32_t source_file_of(std::uint32_t packed) { return packed >> kSourceLineBits; }
inline std::uint32_t source_line_of(std::uint32_t packed) { return packed & kSourceLineMask; }

}  // namespace clvet::interp
