// The layer's dispatch tables.
#include "dispatch.h"

#include <algorithm>
#include <cstring>
#include <type_traits>

namespace clvet::layer {
namespace detail {
// Lives for the whole process, as the layer's own table does: the loader keeps pointers into
// the layer's table, and wrappers may run during exit.
constinit cl_icd_dispatch g_next{};
static_assert(std::is_trivially_destructible_v<cl_icd_dispatch>);
}  // namespace detail

namespace {
cl_icd_dispatch& next_table() {
  return detail::g_next;
}
}  // namespace

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

const cl_icd_dispatch& layer_dispatch() {
  static const cl_icd_dispatch* table = [] {
    auto* t = new cl_icd_dispatch{};
    fill_layer_dispatch(*t);
    return t;
  }();
  return *table;
}

}  // namespace clvet::layer
