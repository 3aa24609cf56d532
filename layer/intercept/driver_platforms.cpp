// Platform discovery through the next dispatch table.
#include "driver_platforms.h"

#include <array>
#include <atomic>
#include <cstdio>
#include <cstring>
#include <mutex>
#include <string>
#include <type_traits>
#include <vector>

#include "dispatch.h"
#include "objects.h"

namespace clvet::layer::driver_platforms {
namespace {

using detail::g_known;
using detail::kMaxPlatforms;

// Every call asks for its platform's facts (detail::g_known, read without a lock). A process
// sees a handful of platforms.
struct State {
  std::once_flag discovered;
  std::mutex mutex;  // serialises additions to g_known
  Facts unknown;  // for platforms past kMaxPlatforms
  const void* default_platform = nullptr;
};

// Constant-initialised, with nothing to destroy: every call reads it without a guard, and
// wrappers may run during exit.
constinit State g_state;
static_assert(std::is_trivially_destructible_v<State>);

State& state() {
  return g_state;
}

std::string platform_string(cl_platform_id platform, cl_platform_info param) {
  auto* get_info = next().clGetPlatformInfo;
  if (get_info == nullptr) return {};
  std::size_t size = 0;
  if (get_info(platform, param, 0, nullptr, &size) != CL_SUCCESS || size == 0) return {};
  std::string value(size, '\0');
  if (get_info(platform, param, size, value.data(), nullptr) != CL_SUCCESS) return {};
  value.resize(std::strlen(value.c_str()));
  return value;
}

// "OpenCL 3.0 PoCL 3.1": the spec fixes the first two words.
rules::Version parse_version(const std::string& text) {
  int major = 0, minor = 0;
  if (std::sscanf(text.c_str(), "OpenCL %d.%d", &major, &minor) != 2) return {3, 0};
  return {major, minor};
}

Facts ask_facts(const void* platform) {
  auto* p = static_cast<cl_platform_id>(const_cast<void*>(platform));
  Facts facts;
  facts.version = parse_version(platform_string(p, CL_PLATFORM_VERSION));
  facts.reference = platform_string(p, CL_PLATFORM_NAME) == "clvet";
  return facts;
}

const Facts* find_facts(const void* platform) {
  const std::size_t count = g_known.count.load(std::memory_order_acquire);
  for (std::size_t i = 0; i < count; ++i)
    if (g_known.keys[i].load(std::memory_order_acquire) == platform) return &g_known.facts[i];
  return nullptr;
}

const Facts& remembered(const void* platform) {
  if (const Facts* known = find_facts(platform)) return *known;
  return detail::remember(platform);
}

void register_devices(cl_platform_id platform) {
  auto* get_ids = next().clGetDeviceIDs;
  if (get_ids == nullptr) return;
  cl_uint count = 0;
  if (get_ids(platform, CL_DEVICE_TYPE_ALL, 0, nullptr, &count) != CL_SUCCESS || count == 0) return;
  std::vector<cl_device_id> devices(count);
  if (get_ids(platform, CL_DEVICE_TYPE_ALL, count, devices.data(), nullptr) != CL_SUCCESS) return;
  for (cl_device_id device : devices) {
    checker::ObjectTable::Creation creation;
    creation.kind = api::ObjectKind::Device;
    creation.entry = "clGetDeviceIDs";
    creation.counted = false;
    creation.platform = platform;
    creation.parents[0] = platform;
    creation.parent_count = 1;
    objects().created(device, creation);
  }
}

void discover_now() {
  auto* get_ids = next().clGetPlatformIDs;
  if (get_ids == nullptr) return;
  cl_uint count = 0;
  if (get_ids(0, nullptr, &count) != CL_SUCCESS || count == 0) return;
  std::vector<cl_platform_id> list(count);
  if (get_ids(count, list.data(), nullptr) != CL_SUCCESS) return;
  for (cl_platform_id platform : list) {
    checker::ObjectTable::Creation creation;
    creation.kind = api::ObjectKind::Platform;
    creation.entry = "clGetPlatformIDs";
    creation.counted = false;
    creation.platform = platform;
    objects().created(platform, creation);
    remembered(platform);
    register_devices(platform);
  }
  // A loader that answers for NULL (ocl-icd) answers as its default platform: the one whose
  // name and version it gives back.
  const std::string name = platform_string(nullptr, CL_PLATFORM_NAME);
  const std::string version = platform_string(nullptr, CL_PLATFORM_VERSION);
  if (name.empty()) return;
  for (cl_platform_id platform : list) {
    if (platform_string(platform, CL_PLATFORM_NAME) == name &&
        platform_string(platform, CL_PLATFORM_VERSION) == version) {
      state().default_platform = platform;
      return;
    }
  }
}

}  // namespace

namespace detail {
std::atomic<bool> g_discovered{false};
constinit Known g_known;
static_assert(std::is_trivially_destructible_v<Known>);

const Facts& remember(const void* platform) {
  State& s = state();
  Facts facts = ask_facts(platform);  // asked outside the lock: the driver may take its time
  std::lock_guard lock(s.mutex);
  if (const Facts* known = find_facts(platform)) return *known;
  const std::size_t i = g_known.count.load(std::memory_order_relaxed);
  if (i == kMaxPlatforms) return s.unknown;
  g_known.facts[i] = facts;
  g_known.keys[i].store(platform, std::memory_order_release);
  g_known.count.store(i + 1, std::memory_order_release);
  return g_known.facts[i];
}

void discover_once() {
  State& s = state();
  // A driver that calls back into the loader while being listed must not wait for itself.
  thread_local bool discovering = false;
  if (discovering) return;
  discovering = true;
  std::call_once(s.discovered, discover_now);
  g_discovered.store(true, std::memory_order_release);
  discovering = false;
}
}  // namespace detail

rules::Version version_of(const void* platform) {
  if (platform == nullptr) return {3, 0};
  return remembered(platform).version;
}



bool is_reference(const void* platform) {
  return platform != nullptr && remembered(platform).reference;
}

const void* default_platform() {
  return state().default_platform;
}

const void* platform_of_device(const void* device) {
  if (const void* known = objects().platform_of(device)) return known;
  auto* get_info = next().clGetDeviceInfo;
  cl_platform_id platform = nullptr;
  if (get_info == nullptr ||
      get_info(static_cast<cl_device_id>(const_cast<void*>(device)), CL_DEVICE_PLATFORM,
               sizeof platform, &platform, nullptr) != CL_SUCCESS)
    return nullptr;
  return platform;
}

const void* register_context_devices(const void* context) {
  auto* get_info = next().clGetContextInfo;
  auto* handle = static_cast<cl_context>(const_cast<void*>(context));
  std::size_t size = 0;
  if (get_info == nullptr ||
      get_info(handle, CL_CONTEXT_DEVICES, 0, nullptr, &size) != CL_SUCCESS || size == 0)
    return nullptr;
  std::vector<cl_device_id> devices(size / sizeof(cl_device_id));
  if (get_info(handle, CL_CONTEXT_DEVICES, devices.size() * sizeof(cl_device_id), devices.data(),
               nullptr) != CL_SUCCESS)
    return nullptr;
  const void* first_platform = nullptr;
  for (cl_device_id device : devices) {
    const void* platform = platform_of_device(device);
    if (first_platform == nullptr) first_platform = platform;
    if (objects().find(device)) continue;  // known, or released by the application
    checker::ObjectTable::Creation creation;
    creation.kind = api::ObjectKind::Device;
    creation.entry = "clGetContextInfo";
    creation.counted = false;
    creation.platform = platform;
    objects().created(device, creation);
  }
  return first_platform;
}

}  // namespace clvet::layer::driver_platforms
