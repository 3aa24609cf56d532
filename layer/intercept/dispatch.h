// The two dispatch tables of the layer: the next one down (the loader's, or another layer's),
// and the layer's own, whose entries are the generated wrappers.
#pragma once

#include <string_view>

#include "clvet/rules/opencl.h"

namespace clvet::layer {

namespace detail {
// Constant-initialised and never destroyed: wrappers read it on every call, also during exit.
extern constinit cl_icd_dispatch g_next;
}  // namespace detail

// Where the layer forwards calls. Slots the loader did not offer are NULL.
inline const cl_icd_dispatch& next() {
  return detail::g_next;
}
// Copies the first `num_entries` slots of `target`: a loader older than our table offers
// fewer, and reading past them would read garbage.
void set_next(const cl_icd_dispatch* target, cl_uint num_entries);
// The next table, for the layer's own interposers between its wrappers and the driver
// (queue_profiling.h). Only at clInitLayer time, after set_next().
cl_icd_dispatch& next_for_interposers();

// Whether the driver that made `object` offers dispatch slot `slot` (-1: not a slot, true).
// `object` must be a live object the driver returned: its first member is the driver's
// dispatch table (cl_khr_icd), the pointer the loader itself follows to call the driver.
inline bool driver_offers(const void* object, int slot) {
  if (object == nullptr || slot < 0) return true;
  const auto* table = *static_cast<void* const* const*>(object);
  return table != nullptr && table[slot] != nullptr;
}

// The layer's own table, filled once with the wrappers (generated).
const cl_icd_dispatch& layer_dispatch();
void fill_layer_dispatch(cl_icd_dispatch& table);
// The wrapper of the entry point `name` (dispatch slot or extension), NULL if there is none.
void* wrapper_address(std::string_view name);

}  // namespace clvet::layer
