// The platform order a loader gave `clvet run`'s probe, kept between runs: the probe loads
// every driver in a child process (tens of milliseconds for PoCL, more for a GPU driver's first
// start) on every run whose loader clvet replaces, and what decides its answer rarely changes.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "platform_order.h"

namespace clvet::cli {

// What decides the order `loader` lists the platforms in, as text: the loader's file, the ICD
// files it reads (the folder OCL_ICD_VENDORS names, else /etc/OpenCL/vendors; OCL_ICD_FILENAMES)
// and the libraries they name (path, size, modification time, inode), the dynamic linker's
// cache, and every environment variable a loader or a driver reads to decide which platforms
// exist (OCL_*, OPENCL_* but OPENCL_LAYERS, POCL_*, CUDA_*, LD_*).
std::string platform_order_key(const std::string& loader);

// The order kept for `key`, if any (and it parses).
std::optional<std::vector<platform_order::Identity>> kept_platform_order(const std::string& key);
// Keeps `order` for `key` ($XDG_CACHE_HOME/clvet/platform-order, else ~/.cache/clvet/...);
// nothing when there is no such folder or it cannot be written.
void keep_platform_order(const std::string& key, const std::vector<platform_order::Identity>& order);

}  // namespace clvet::cli
