// The two dispatch tables of the layer: the next one down (the loader's, or another layer's),
// and the layer's own, whose entries are the generated wrappers.
#pragma once

#include <string_view>

#include "clvet/rules/opencl.h"

namespace clvet::layer {

// Where the layer forwards calls. Slots the loader did not offer are NULL.
const cl_icd_dispatch& next();
// Copies the first `num_entries` slots of `target`: a loader older than our table offers
// fewer, and reading past them would read garbage.
void set_next(const cl_icd_dispatch* target, cl_uint num_entries);
// The next table, for the layer's own interposers between its wrappers and the driver
// (queue_profiling.h). Only at clInitLayer time, after set_next().
cl_icd_dispatch& next_for_interposers();

// The layer's own table, filled once with the wrappers (generated).
const cl_icd_dispatch& layer_dispatch();
void fill_layer_dispatch(cl_icd_dispatch& table);
// The wrapper of the entry point `name` (dispatch slot or extension), NULL if there is none.
void* wrapper_address(std::string_view name);

}  // namespace clvet::layer
