// SVM allocations by address: live ones, and the most recent freed ones (a use after free is
// told apart from a pointer never allocated).
#include "svm_allocations.h"

#include <cstdint>
#include <iterator>
#include <map>
#include <mutex>

namespace clvet::layer {
namespace {

struct Allocation {
  std::size_t size = 0;
  bool live = true;
};

struct Allocations {
  std::mutex mutex;
  std::map<std::uintptr_t, Allocation> by_address;
  std::size_t freed = 0;
};

Allocations& allocations() {
  static auto* kept = new Allocations;  // never destroyed: calls may arrive during exit
  return *kept;
}

// Freed allocations kept to name a use after free; past this many the oldest addresses go.
constexpr std::size_t kFreedKept = 4096;

}  // namespace

void svm_allocated(const void* pointer, std::size_t size) {
  Allocations& a = allocations();
  std::lock_guard lock(a.mutex);
  auto [at, inserted] = a.by_address.insert_or_assign(reinterpret_cast<std::uintptr_t>(pointer),
                                                       Allocation{size == 0 ? 1 : size, true});
  (void)at;
  (void)inserted;
}

void svm_freed(const void* pointer) {
  Allocations& a = allocations();
  std::lock_guard lock(a.mutex);
  auto found = a.by_address.find(reinterpret_cast<std::uintptr_t>(pointer));
  if (found == a.by_address.end() || !found->second.live) return;
  found->second.live = false;
  if (++a.freed > kFreedKept) {
    for (auto it = a.by_address.begin(); it != a.by_address.end(); ++it)
      if (!it->second.live) {
        a.by_address.erase(it);
        --a.freed;
        break;
      }
  }
}

SvmPointer svm_pointer(const void* pointer) {
  const auto address = reinterpret_cast<std::uintptr_t>(pointer);
  Allocations& a = allocations();
  std::lock_guard lock(a.mutex);
  auto after = a.by_address.upper_bound(address);
  if (after == a.by_address.begin()) return SvmPointer::Unknown;
  const auto& [start, allocation] = *std::prev(after);
  if (address - start >= allocation.size) return SvmPointer::Unknown;
  return allocation.live ? SvmPointer::Live : SvmPointer::Freed;
}

}  // namespace clvet::layer
