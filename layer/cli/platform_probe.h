// The platform order the application's own loader gives, learnt before `clvet run` puts
// clvet's copy of ocl-icd in its place (which may list the same platforms in another order:
// ocl-icd sorts GPUs first), and handed to the layer in CLVET_PLATFORM_ORDER.
#pragma once

#include <string>
#include <vector>

#include "platform_order.h"

namespace clvet::cli {

struct PlatformProbe {
  bool ok = false;
  std::vector<platform_order::Identity> platforms;  // in the loader's order
  std::string failure;                              // why not, when !ok
};

// Opens `loader` in a child process (a driver that hangs or crashes must not take clvet run
// with it), in this process's environment less OPENCL_LAYERS, and lists its platforms: their
// CL_PLATFORM_NAME, _VENDOR and _VERSION. A child that has not answered within
// `timeout_seconds` is killed.
PlatformProbe probe_platforms(const std::string& loader, int timeout_seconds);

// What `clvet run` does with it: the value for CLVET_PLATFORM_ORDER (empty: leave the
// variable as it is) and the words it adds to its one-line message.
struct PlatformOrderHandOver {
  std::string value;
  std::string note;
};
PlatformOrderHandOver hand_over_platform_order(const std::string& loader);

}  // namespace clvet::cli
