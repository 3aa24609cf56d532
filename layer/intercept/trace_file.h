// Which file a process records its trace into when CLVET_TRACE names one file for every
// process of a program (no %p): no process overwrites another's trace.
#pragma once

#include <string>

namespace clvet::layer {

// The path this process records into for the trace path `given` (%p already replaced): `given`
// itself, unless a live process records into it (it holds the file's lock) or a process of
// the same clvet run wrote it (the trace's recorded CLVET_REPORT is this run's folder); then
// options::per_process(given) with this process's id, and `note` says so. The chosen file is
// locked for the life of the process.
std::string claim_trace_file(const std::string& given, std::string& note);

}  // namespace clvet::layer
