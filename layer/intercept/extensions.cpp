// Remembered driver addresses of extension functions.
#include "extensions.h"

#include <map>
#include <mutex>
#include <string>
#include <utility>

#include "clvet/rules/api.h"
#include "dispatch.h"

namespace clvet::layer::extensions {
namespace {

struct Addresses {
  std::mutex mutex;
  std::map<std::pair<const void*, std::string>, void*, std::less<>> by_platform;
  std::map<std::string, void*, std::less<>> latest;
};

Addresses& addresses() {
  static auto* a = new Addresses;  // never destroyed: wrappers may run during exit
  return *a;
}

}  // namespace

void* hand_out(const char* name, void* address, const void* platform) {
  if (address == nullptr || name == nullptr) return address;
  const api::EntryPoint* entry = api::find_entry_point(name);
  if (entry == nullptr || entry->returns == api::Returns::Unavailable) return address;
  void* wrapper = wrapper_address(name);
  if (wrapper == nullptr) return address;
  // A dispatch slot's wrapper forwards through the next table like any call; calling the
  // address handed out here instead could re-enter the layer (ocl-icd hands out its own
  // exported functions for the slots it knows).
  if (entry->slot >= 0) return wrapper;
  Addresses& a = addresses();
  std::lock_guard lock(a.mutex);
  a.by_platform[{platform, std::string(name)}] = address;
  a.latest[std::string(name)] = address;
  return wrapper;
}

void* target(std::string_view name, const void* platform) {
  Addresses& a = addresses();
  std::lock_guard lock(a.mutex);
  if (platform != nullptr) {
    auto it = a.by_platform.find(std::pair<const void*, std::string>{platform, std::string(name)});
    if (it != a.by_platform.end()) return it->second;
  }
  auto it = a.latest.find(name);
  return it == a.latest.end() ? nullptr : it->second;
}

}  // namespace clvet::layer::extensions
