// Context objects: device membership, error notification and destructor callbacks.
#include "context.h"

#include <algorithm>

namespace clvet::device {

Context::Context(std::vector<Ref<Device>> devices, std::vector<cl_context_properties> properties,
                 Notify notify, void* user_data)
    : Object(kKind, static_cast<_cl_context*>(this)),
      devices_(std::move(devices)),
      properties_(std::move(properties)),
      notify_(notify),
      user_data_(user_data) {}

Context::~Context() {
  // §4.4 (clSetContextDestructorCallback): called in reverse order of registration, once the
  // context and everything attached to it are gone.
  for (auto it = destructors_.rbegin(); it != destructors_.rend(); ++it)
    it->first(static_cast<cl_context>(this), it->second);
}

bool Context::has_device(const Device* device) const {
  return std::any_of(devices_.begin(), devices_.end(),
                     [&](const Ref<Device>& d) { return d.get() == device; });
}

void Context::notify(const std::string& message) const {
  if (notify_) notify_(message.c_str(), nullptr, 0, user_data_);
}

Error Context::fail(const rules::Rule& rule, std::string detail) const {
  std::string message = std::string(rule.entry) + ": " + std::string(rule.id);
  if (!detail.empty()) message += ": " + detail;
  notify(message);
  return clvet::fail(rule, std::move(detail));
}

void Context::add_destructor_callback(Destructor callback, void* user_data) {
  std::lock_guard lock(mutex_);
  destructors_.emplace_back(callback, user_data);
}

}  // namespace clvet::device
