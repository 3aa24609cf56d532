// Every worker's __local and private memory during one launch (see launch_spaces.h).
#include "exec/launch_spaces.h"

#include "clvet/interp/builtin_abi.h"

namespace clvet::interp {

void LaunchSpaces::add(const void* base, std::size_t size, std::uint8_t space) {
  if (size == 0) return;
  const auto at = reinterpret_cast<std::uint64_t>(base);
  std::lock_guard lock(mutex_);
  ranges_[at] = {at + size, space};
}

std::uint8_t LaunchSpaces::space_of(std::uint64_t address) const {
  std::lock_guard lock(mutex_);
  auto it = ranges_.upper_bound(address);
  if (it == ranges_.begin()) return kGlobal;
  --it;
  return address < it->second.first ? it->second.second : static_cast<std::uint8_t>(kGlobal);
}

}  // namespace clvet::interp
