// A trace cut down to the records of some kinds, read from its file in bounded parts: what a
// reader needs of a trace of gigabytes of data to find, say, its findings.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "clvet/trace/format.h"

namespace clvet::trace {

// The trace at `path` as a trace of its own (its file header, then its whole records of
// `kinds` in file order, as they lie in the file) for Reader::from_memory(): the records that a
// sequential Reader of the whole file gives, of those kinds. The file is read with pread, at
// most kRecordsOfKindsPart bytes at a time, never mapped, so that another process cutting it meanwhile only
// ends the trace early; the memory needed is that of the records kept and one part. nullopt,
// with `error`, when the file cannot be opened or has no readable header.
inline constexpr std::size_t kRecordsOfKindsPart = std::size_t{1} << 20;
std::optional<std::vector<std::uint8_t>> records_of_kinds(const std::string& path,
                                                          std::span<const RecordKind> kinds,
                                                          std::string& error);

}  // namespace clvet::trace
