// The layer's dispatch tables.
#include "dispatch.h"

#include <algorithm>
#include <cstring>

namespace clvet::layer {
namespace {

// Both live for the whole process: the loader keeps pointers into the layer's table, and
// wrappers may run during exit.
cl_icd_dispatch& next_table() {
  static auto* table = new cl_icd_dispatch{};
  return *table;
}

}  // namespace

const cl_icd_dispatch& next() {
  return next_table();
}

cl_icd_dispatch& next_for_interposers() {
  return next_table();
}

void set_next(const cl_icd_dispatch* target, cl_uint num_entries) {
  constexpr std::size_t kOurs = sizeof(cl_icd_dispatch) / sizeof(void*);
  const std::size_t copied = std::min<std::size_t>(num_entries, kOurs);
  cl_icd_dispatch& table = next_table();
  std::memset(&table, 0, sizeof table);
  std::memcpy(&table, target, copied * sizeof(void*));
}

bool driver_offers(const void* object, int slot) {
  if (object == nullptr || slot < 0) return true;
  const auto* table = *static_cast<void* const* const*>(object);
  return table != nullptr && table[slot] != nullptr;
}

const cl_icd_dispatch& layer_dispatch() {
  static const cl_icd_dispatch* table = [] {
    auto* t = new cl_icd_dispatch{};
    fill_layer_dispatch(*t);
    return t;
  }();
  return *table;
}

}  // namespace clvet::layer
