// SVM allocations by address: live ones, and the most recent freed ones (a use after free is
// told apart from a pointer never allocated).
#include "svm_allocations.h"

#include <atomic>
#include <cstdint>
#include <iterator>
#include <map>
#include <mutex>

#include <CL/cl.h>

namespace clvet::layer {
namespace {

struct Allocation {
  std::size_t size = 0;
  bool live = true;
  bool fine_grain = false;
};

struct Allocations {
  std::mutex mutex;
  std::map<std::uintptr_t, Allocation> by_address;
  std::size_t freed = 0;
  // Live fine-grain allocations: none is the usual case, asked at every kernel launch.
  std::atomic<std::size_t> fine_grain{0};
};

Allocations& allocations() {
  static auto* kept = new Allocations;  // never destroyed: calls may arrive during exit
  return *kept;
}

// Freed allocations kept to name a use after free; past this many the oldest addresses go.
constexpr std::size_t kFreedKept = 4096;

}  // namespace

void svm_allocated(const void* pointer, std::size_t size, std::uint64_t flags) {
  Allocations& a = allocations();
  std::lock_guard lock(a.mutex);
  const bool fine_grain = (flags & CL_MEM_SVM_FINE_GRAIN_BUFFER) != 0;
  const auto start = reinterpret_cast<std::uintptr_t>(pointer);
  if (size == 0) size = 1;
  // The driver gave these addresses out again: what was freed there is no more (a lookup finds
  // the nearest start below an address, so no freed start may lie inside a live allocation,
  // and one below it ends where the new one begins).
  for (auto it = a.by_address.lower_bound(start); it != a.by_address.end() && it->first - start < size;) {
    if (it->second.live) {
      ++it;
      continue;
    }
    it = a.by_address.erase(it);
    --a.freed;
  }
  if (auto below = a.by_address.lower_bound(start); below != a.by_address.begin()) {
    auto& [below_start, earlier] = *std::prev(below);
    if (!earlier.live && below_start + earlier.size > start) earlier.size = start - below_start;
  }
  auto [at, inserted] = a.by_address.insert_or_assign(start, Allocation{size, true, fine_grain});
  (void)at;
  (void)inserted;
  if (fine_grain) a.fine_grain.fetch_add(1, std::memory_order_relaxed);
}

void svm_freed(const void* pointer) {
  Allocations& a = allocations();
  std::lock_guard lock(a.mutex);
  auto found = a.by_address.find(reinterpret_cast<std::uintptr_t>(pointer));
  if (found == a.by_address.end() || !found->second.live) return;
  found->second.live = false;
  if (found->second.fine_grain) a.fine_grain.fetch_sub(1, std::memory_order_relaxed);
  if (++a.freed > kFreedKept) {
    for (auto it = a.by_address.begin(); it != a.by_address.end(); ++it)
      if (!it->second.live) {
        a.by_address.erase(it);
        --a.freed;
        break;
      }
  }
}

SvmExtent svm_allocation_of(const void* pointer) {
  const auto address = reinterpret_cast<std::uintptr_t>(pointer);
  Allocations& a = allocations();
  std::lock_guard lock(a.mutex);
  auto after = a.by_address.upper_bound(address);
  if (after == a.by_address.begin()) return {};
  const auto& [start, allocation] = *std::prev(after);
  if (address - start >= allocation.size) return {};
  return {allocation.live ? SvmPointer::Live : SvmPointer::Freed,
          reinterpret_cast<const void*>(start), allocation.size};
}

SvmPointer svm_pointer(const void* pointer) { return svm_allocation_of(pointer).state; }

bool any_fine_grain_allocations() {
  return allocations().fine_grain.load(std::memory_order_relaxed) != 0;
}

std::vector<SharedAllocation> fine_grain_allocations() {
  Allocations& a = allocations();
  std::vector<SharedAllocation> shared;
  if (a.fine_grain.load(std::memory_order_relaxed) == 0) return shared;
  std::lock_guard lock(a.mutex);
  for (const auto& [start, allocation] : a.by_address)
    if (allocation.live && allocation.fine_grain)
      shared.push_back({reinterpret_cast<const void*>(start), allocation.size});
  return shared;
}

}  // namespace clvet::layer
