// The platforms behind the loader: found once through the next dispatch table, with their
// devices, their OpenCL version, and the platform the loader uses in place of NULL.
#pragma once

#include <array>
#include <atomic>
#include <cstddef>

#include "clvet/rules/rule.h"

namespace clvet::layer::driver_platforms {

// What the layer asks of a platform, once: its OpenCL version and whether it is clvet's
// reference device.
struct Facts {
  rules::Version version{3, 0};
  bool reference = false;
};

namespace detail {
extern std::atomic<bool> g_discovered;
void discover_once();
// The platforms whose facts were asked, read without a lock: entries are only ever added,
// each published by its key.
inline constexpr std::size_t kMaxPlatforms = 64;
struct Known {
  std::array<std::atomic<const void*>, kMaxPlatforms> keys{};
  std::array<Facts, kMaxPlatforms> facts{};
  std::atomic<std::size_t> count{0};
};
extern constinit Known g_known;
// Asks the driver for a platform's facts and keeps them.
const Facts& remember(const void* platform);
}  // namespace detail

// Lists every platform and its devices into the object table (once; later calls return at once).
inline void discover() {
  if (!detail::g_discovered.load(std::memory_order_acquire)) [[unlikely]]
    detail::discover_once();
}
// Whether discover() has ended (on any thread).
inline bool discovered() { return detail::g_discovered.load(std::memory_order_acquire); }
// CL_PLATFORM_VERSION's "OpenCL <major>.<minor>", asked once per platform; 3.0 when unknown.
rules::Version version_of(const void* platform);
// True for clvet's reference device, which reports the rules it enforces itself.
bool is_reference(const void* platform);
// Both, in one look-up (a NULL platform: 3.0, not the reference device).
inline Facts facts_of(const void* platform) {
  if (platform == nullptr) return {};
  const std::size_t count = detail::g_known.count.load(std::memory_order_acquire);
  for (std::size_t i = 0; i < count; ++i)
    if (detail::g_known.keys[i].load(std::memory_order_acquire) == platform)
      return detail::g_known.facts[i];
  return detail::remember(platform);
}
// The platform the loader answers for when a call passes NULL (ocl-icd does, the Khronos
// loader does not: then NULL).
const void* default_platform();
// The platform of `device`, asking the driver when the table does not know it.
const void* platform_of_device(const void* device);
// Records the devices of a new context that the table does not know yet; returns their
// platform (NULL when the driver does not say).
const void* register_context_devices(const void* context);

}  // namespace clvet::layer::driver_platforms
