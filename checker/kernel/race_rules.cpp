// Which race two unordered accesses of one byte by different work-items make (OpenCL 1.2
// §3.3.1; atomics §6.12.11).
#include "clvet/checker/kernel_checker.h"

namespace clvet::checker {

unsigned race_kinds(const RaceAccess& a, const RaceAccess& b) {
  if (a.atomic && b.atomic) return 0;  // atomic against atomic is no race (§6.12.11)
  unsigned kinds = 0;
  if ((a.read && b.write) || (a.write && b.read)) kinds |= 1;
  if (a.write && b.write) {
    // Equal values only count as the lower-severity kind when both stores are plain and known.
    bool same = !a.atomic && !b.atomic && a.has_value && b.has_value && a.value == b.value &&
                a.size == b.size && a.byte == b.byte;
    kinds |= same ? 4 : 2;
  }
  return kinds;
}

}  // namespace clvet::checker
