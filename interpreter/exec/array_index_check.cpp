// The array-bounds check's arithmetic and message (see array_index_check.h).
#include "exec/array_index_check.h"

#include <fmt/format.h>

#include "exec/frame.h"

namespace clvet::interp {

std::optional<std::string> index_outside_array(const ir::Instr& in, const ir::Function& fn,
                                               const ir::Module& module, const std::byte* index) {
  const std::int64_t count = fn.extra_imm[in.extra];
  std::int64_t value = read_signed(index, in.ty);
  // An odd-width index (i33 after the optimiser's widening) is signed at its own width.
  if (in.bits) {
    const unsigned shift = 64 - in.bits;
    value = static_cast<std::int64_t>(static_cast<std::uint64_t>(value) << shift) >> shift;
  }
  if (value >= 0 && value < count) return std::nullopt;
  // "access of N bytes" first: the memory checker reads the size from it.
  return fmt::format("access of {} bytes through index {} of {} ({} elements): {} the array",
                     in.size, value, module.arrays[in.b], count,
                     value < 0 ? "before the start of" : "past the end of");
}

}  // namespace clvet::interp
