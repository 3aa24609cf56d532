// Object reference counting, the handle registry and the quarantine of freed objects.
#include "object.h"

#include <cassert>
#include <deque>
#include <mutex>
#include <shared_mutex>
#include <unordered_map>

namespace clvet::device {
namespace {

constexpr std::uint64_t kApplication = std::uint64_t{1} << 32;
constexpr std::uint64_t kInternal = 1;

struct Registry {
  std::shared_mutex mutex;
  std::unordered_map<const void*, Object*> live;
};

Registry& registry() {
  static auto* instance = new Registry;  // never destroyed: objects may die after main()
  return *instance;
}

}  // namespace

Object::Object(ObjectKind kind, void* handle)
    : kind_(kind), handle_(handle), counts_(kApplication) {
  static_cast<_cl_context*>(handle)->dispatch = dispatch_table();
  ObjectRegistry::add(this);
}

Object::~Object() = default;

cl_uint Object::reference_count() const {
  return static_cast<cl_uint>(counts_.load(std::memory_order_relaxed) >> 32);
}

void Object::retain() { counts_.fetch_add(kApplication, std::memory_order_relaxed); }

void Object::release() {
  // Keep the object alive while on_released() runs, whatever other threads do.
  retain_internal();
  std::uint64_t before = counts_.fetch_sub(kApplication, std::memory_order_acq_rel);
  assert(before >= kApplication && "release without an application reference");
  if ((before >> 32) == 1) {
    ObjectRegistry::remove(this);
    on_released();
  }
  release_internal();
}

void Object::retain_internal() { counts_.fetch_add(kInternal, std::memory_order_relaxed); }

void Object::release_internal() { drop(kInternal); }

void Object::drop(std::uint64_t amount) {
  if (counts_.fetch_sub(amount, std::memory_order_acq_rel) == amount) delete this;
}

// Freed objects are kept, their handle bytes intact, for a while: an application that uses
// a handle after releasing it reaches clvet through the loader, which reads the dispatch
// pointer from the handle. Freeing at once would let that read hit reused memory.
void* Object::operator new(std::size_t size) { return ::operator new(size); }

// Both constant-initialised, with no guard of a function-local static: a process that forks
// while another thread is inside the first delete would leave its child waiting on that guard.
namespace {
constinit std::mutex quarantine_mutex;
constinit std::deque<void*>* quarantine = nullptr;
}  // namespace

void Object::operator delete(void* memory) {
  constexpr std::size_t kQuarantined = 4096;
  void* oldest = nullptr;
  {
    std::lock_guard lock(quarantine_mutex);
    if (quarantine == nullptr) quarantine = new std::deque<void*>;
    quarantine->push_back(memory);
    if (quarantine->size() > kQuarantined) {
      oldest = quarantine->front();
      quarantine->pop_front();
    }
  }
  ::operator delete(oldest);
}

void ObjectRegistry::add(Object* object) {
  Registry& r = registry();
  std::unique_lock lock(r.mutex);
  r.live[object->handle_] = object;
}

void ObjectRegistry::remove(Object* object) {
  Registry& r = registry();
  std::unique_lock lock(r.mutex);
  r.live.erase(object->handle_);
}

ObjectKind ObjectRegistry::kind_of(const void* handle) {
  if (handle == nullptr) return ObjectKind::None;
  Registry& r = registry();
  std::shared_lock lock(r.mutex);
  auto it = r.live.find(handle);
  return it == r.live.end() ? ObjectKind::None : it->second->kind_;
}

Ref<Object> ObjectRegistry::lookup(const void* handle, ObjectKind kind) {
  if (handle == nullptr) return nullptr;
  Registry& r = registry();
  std::shared_lock lock(r.mutex);
  auto it = r.live.find(handle);
  if (it == r.live.end() || it->second->kind_ != kind) return nullptr;
  return Ref<Object>(it->second);
}

std::size_t ObjectRegistry::live_count() {
  Registry& r = registry();
  std::shared_lock lock(r.mutex);
  return r.live.size();
}

}  // namespace clvet::device
