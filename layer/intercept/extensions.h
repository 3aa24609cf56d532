// Extension functions: clGetExtensionFunctionAddress(ForPlatform) hand out the layer's
// wrapper for every entry point the API table knows, so extension calls are checked and
// traced too. Wrappers of dispatch slots forward through the next table; for extension-only
// entry points the driver's own address is remembered per platform for the wrapper to call.
#pragma once

#include <string_view>

namespace clvet::layer::extensions {

// What the application gets for `name`, given the driver's `address` (NULL: no such
// function) from `platform` (NULL: clGetExtensionFunctionAddress). Names the table does not
// know get the driver's address unchanged.
void* hand_out(const char* name, void* address, const void* platform);
// The driver's address for `name` on `platform`, else the last one handed out for it on
// any platform; NULL if none was.
void* target(std::string_view name, const void* platform);

}  // namespace clvet::layer::extensions
