// Work-item and image queries freed of `convergent`, so that the link's optimiser moves them
// out of loops like any other pure computation.
#pragma once

#include <string_view>

namespace llvm {
class Module;
}

namespace clvet::interp {

// True for the built-ins that only read a work-item's place in the NDRange or an image's shape
// and format (OpenCL 1.2 §6.12.1 work-item functions, §6.12.14.5 image queries; 2.0 §6.13.1's
// linear ids, enqueued sizes and sub-group queries), by source-level name.
bool is_query_builtin(std::string_view name);

// Clang marks every OpenCL call `convergent`, which keeps LICM from hoisting it: a loop
// `for (y = 0; y < get_image_height(img); y++) if (y % n == get_global_id(0)) ...` (the CTS's
// test_allocations) then calls both queries on every trip, two interpreted built-in calls per
// work-item and trip. A query communicates with no other work-item, so nothing in §6.12.8 or
// LLVM's meaning of convergent ("may not be made control-dependent on more values") applies to
// it: drops the attribute from the queries' declarations and calls. The calls stay `readnone`,
// so LICM hoists one only where it ran on every trip anyway (it is not `speculatable`): no lane
// calls a query it would not have called.
void free_query_calls(llvm::Module& module);

}  // namespace clvet::interp
