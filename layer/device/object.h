// The base of every reference-device object: its handle, its reference counts and the registry
// that lets a handle be validated without dereferencing it.
#pragma once

#include <atomic>
#include <cstdint>
#include <utility>

#include "clvet/rules/api.h"
#include "handles.h"

namespace clvet::device {

using api::ObjectKind;

// Reference counting follows the spec (§4.4, §5.1, ...): the application's count decides when
// the handle stops being valid; internal references (a queued command holding its buffer, a
// buffer holding its context) keep the object alive, invisibly, until they are dropped too.
class Object {
 public:
  Object(const Object&) = delete;
  Object& operator=(const Object&) = delete;
  virtual ~Object();

  ObjectKind kind() const { return kind_; }
  const void* handle() const { return handle_; }
  // The count the application sees (CL_*_REFERENCE_COUNT).
  cl_uint reference_count() const;

  void retain();               // clRetain*: +1 application reference
  // clRelease*: -1 application reference. At zero the handle becomes invalid at once.
  void release();
  void retain_internal();
  void release_internal();

  // Freed objects go to a quarantine first (see object.cpp).
  static void* operator new(std::size_t size);
  static void operator delete(void* memory);

 protected:
  // `handle` is this object's _cl_* base sub-object; registered immediately, with one
  // application reference.
  Object(ObjectKind kind, void* handle);
  // Called once when the application's count reaches zero (before internal references go).
  virtual void on_released() {}

 private:
  void drop(std::uint64_t amount);

  ObjectKind kind_;
  void* handle_;
  // High 32 bits: application references; low 32 bits: internal references.
  std::atomic<std::uint64_t> counts_;

  friend class ObjectRegistry;
};

// A counted internal reference (RAII), like a std::shared_ptr that leaves the
// application-visible count alone.
template <class T> class Ref {
 public:
  Ref() = default;
  Ref(std::nullptr_t) {}
  explicit Ref(T* object) : object_(object) {
    if (object_) object_->retain_internal();
  }
  Ref(const Ref& other) : Ref(other.object_) {}
  Ref(Ref&& other) noexcept : object_(std::exchange(other.object_, nullptr)) {}
  template <class U> Ref(const Ref<U>& other) : Ref(static_cast<T*>(other.get())) {}
  Ref& operator=(Ref other) noexcept {
    std::swap(object_, other.object_);
    return *this;
  }
  ~Ref() {
    if (object_) object_->release_internal();
  }
  T* get() const { return object_; }
  T* operator->() const { return object_; }
  T& operator*() const { return *object_; }
  explicit operator bool() const { return object_ != nullptr; }
  friend bool operator==(const Ref& a, const Ref& b) { return a.object_ == b.object_; }

 private:
  T* object_ = nullptr;
};

// Live handles. Lookup never dereferences the pointer it is given: a garbage pointer, a
// released handle or a handle of another kind is simply not found.
class ObjectRegistry {
 public:
  // The kind of the live object `handle` names, ObjectKind::None if there is none.
  static ObjectKind kind_of(const void* handle);
  // The live object `handle` names if it is of `kind`, with an internal reference held.
  static Ref<Object> lookup(const void* handle, ObjectKind kind);
  static std::size_t live_count();

 private:
  friend class Object;
  static void add(Object* object);
  static void remove(Object* object);
};

// The typed object behind a handle of type T (e.g. cl_mem -> Mem), or null.
template <class Object, class Handle> Ref<Object> lookup(Handle handle) {
  Ref<clvet::device::Object> found = ObjectRegistry::lookup(handle, Object::kKind);
  return Ref<Object>(static_cast<Object*>(found.get()));
}

}  // namespace clvet::device
