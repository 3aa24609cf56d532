// The live SVM allocations and their marks of written bytes (svm.h).
#include "svm.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>

namespace clvet::device {

std::string SvmAllocation::label() const {
  return fmt::format("{}SVM allocation of {} bytes (clSVMAlloc, call #{})",
                     fine_grain() ? "fine-grain " : "", size, call);
}

SvmAllocations& SvmAllocations::instance() {
  static auto* allocations = new SvmAllocations;  // SVM may be freed after main()
  return *allocations;
}

void SvmAllocations::add(const SvmAllocation& allocation) {
  std::lock_guard lock(mutex_);
  live_[allocation.base] = allocation;
}

bool SvmAllocations::remove(void* ptr, cl_context context) {
  std::lock_guard lock(mutex_);
  auto it = live_.find(reinterpret_cast<std::uintptr_t>(ptr));
  if (it == live_.end() || it->second.context != context) return false;
  std::free(it->second.written);
  live_.erase(it);
  return true;
}

const SvmAllocation* SvmAllocations::holding(std::uintptr_t address) const {
  auto it = live_.upper_bound(address);
  if (it == live_.begin()) return nullptr;
  --it;
  return address - it->first < std::max<std::size_t>(it->second.size, 1) ? &it->second : nullptr;
}

std::optional<SvmAllocation> SvmAllocations::find(const void* ptr, std::size_t size,
                                                  cl_context context) const {
  std::lock_guard lock(mutex_);
  const auto p = reinterpret_cast<std::uintptr_t>(ptr);
  const SvmAllocation* a = holding(p);
  if (a == nullptr || a->context != context || size > a->size - (p - a->base)) return std::nullopt;
  return *a;
}

std::vector<SvmAllocation> SvmAllocations::of(cl_context context) const {
  std::lock_guard lock(mutex_);
  std::vector<SvmAllocation> list;
  for (const auto& [base, a] : live_)
    if (a.context == context) list.push_back(a);
  return list;
}

void SvmAllocations::mark_written(const void* ptr, std::size_t size) {
  std::lock_guard lock(mutex_);
  const auto p = reinterpret_cast<std::uintptr_t>(ptr);
  const SvmAllocation* a = holding(p);
  if (a == nullptr || a->written == nullptr) return;
  const std::size_t at = p - a->base;
  std::fill_n(a->written + at, std::min(size, a->size - at), std::uint8_t{1});
}

void SvmAllocations::copy_marks(void* dst, const void* src, std::size_t size) {
  std::lock_guard lock(mutex_);
  const auto d = reinterpret_cast<std::uintptr_t>(dst), s = reinterpret_cast<std::uintptr_t>(src);
  const SvmAllocation* to = holding(d);
  if (to == nullptr || to->written == nullptr) return;
  const std::size_t at = d - to->base, n = std::min(size, to->size - at);
  const SvmAllocation* from = holding(s);
  if (from == nullptr || from->written == nullptr || n > from->size - (s - from->base)) {
    std::fill_n(to->written + at, n, std::uint8_t{1});
    return;
  }
  std::memmove(to->written + at, from->written + (s - from->base), n);
}

void SvmAllocations::receive_marks(void* dst, const std::uint8_t* marks, std::size_t size) {
  std::lock_guard lock(mutex_);
  const auto d = reinterpret_cast<std::uintptr_t>(dst);
  const SvmAllocation* to = holding(d);
  if (to == nullptr || to->written == nullptr) return;
  const std::size_t at = d - to->base, n = std::min(size, to->size - at);
  if (marks == nullptr)
    std::fill_n(to->written + at, n, std::uint8_t{1});
  else
    std::memcpy(to->written + at, marks, n);
}

}  // namespace clvet::device
