// Platform discovery through the next dispatch table.
#include "driver_platforms.h"

#include <array>
#include <atomic>
#include <cstdio>
#include <cstring>
#include <mutex>
#include <string>
#include <vector>

#include "dispatch.h"
#include "objects.h"

namespace clvet::layer::driver_platforms {
namespace {

struct Facts {
  rules::Version version{3, 0};
  bool reference = false;
};

// Every call asks for its platform's facts: they are read without a lock. A process sees a
// handful of platforms; entries are only ever added, each published by its key.
constexpr std::size_t kMaxPlatforms = 64;

struct State {
  std::once_flag discovered;
  std::atomic<bool> done{false};
  std::mutex mutex;  // serialises additions
  std::array<std::atomic<const void*>, kMaxPlatforms> keys{};
  std::array<Facts, kMaxPlatforms> facts{};
  std::atomic<std::size_t> count{0};
  Facts unknown;  // for platforms past kMaxPlatforms
  const void* default_platform = nullptr;
};

State& state() {
  static auto* s = new State;  // never destroyed: wrappers may run during exit
  return *s;
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

Facts facts_of(const void* platform) {
  auto* p = static_cast<cl_platform_id>(const_cast<void*>(platform));
  Facts facts;
  facts.version = parse_version(platform_string(p, CL_PLATFORM_VERSION));
  facts.reference = platform_string(p, CL_PLATFORM_NAME) == "clvet";
  return facts;
}

const Facts* find_facts(const State& s, const void* platform) {
  const std::size_t count = s.count.load(std::memory_order_acquire);
  for (std::size_t i = 0; i < count; ++i)
    if (s.keys[i].load(std::memory_order_acquire) == platform) return &s.facts[i];
  return nullptr;
}

const Facts& remembered(const void* platform) {
  State& s = state();
  if (const Facts* known = find_facts(s, platform)) return *known;
  Facts facts = facts_of(platform);  // asked outside the lock: the driver may take its time
  std::lock_guard lock(s.mutex);
  if (const Facts* known = find_facts(s, platform)) return *known;
  const std::size_t i = s.count.load(std::memory_order_relaxed);
  if (i == kMaxPlatforms) return s.unknown;
  s.facts[i] = facts;
  s.keys[i].store(platform, std::memory_order_release);
  s.count.store(i + 1, std::memory_order_release);
  return s.facts[i];
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

void discover() {
  State& s = state();
  if (s.done.load(std::memory_order_acquire)) return;
  // A driver that calls back into the loader while being listed must not wait for itself.
  thread_local bool discovering = false;
  if (discovering) return;
  discovering = true;
  std::call_once(s.discovered, discover_now);
  s.done.store(true, std::memory_order_release);
  discovering = false;
}

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
