// Listing the platforms in the order the application's own loader gives (CLVET_PLATFORM_ORDER,
// set by `clvet run` when it puts ocl-icd in that loader's place): an interposer in the next
// dispatch table, beneath the generated clGetPlatformIDs wrapper, so that the wrapper's checks,
// object table and trace all see the list exactly as the application gets it.
#pragma once

namespace clvet::layer::platform_order_interposer {

// Puts the interposer into the next dispatch table when CLVET_PLATFORM_ORDER holds an order;
// otherwise leaves the table alone. Call after every set_next(), before the application's
// first call reaches the layer (clInitLayer time).
void install();

}  // namespace clvet::layer::platform_order_interposer
