// A context (§4.4): the devices it spans, its properties, and its callbacks.
#pragma once

#include <functional>
#include <mutex>
#include <string>
#include <vector>

#include "clvet/rules/result.h"
#include "object.h"
#include "platform.h"

namespace clvet::device {

class Context final : public Object, public _cl_context {
 public:
  static constexpr ObjectKind kKind = ObjectKind::Context;
  static Context* from(cl_context handle) { return static_cast<Context*>(handle); }
  cl_context id() { return this; }

  using Notify = void(CL_CALLBACK*)(const char* errinfo, const void* private_info, size_t cb,
                                    void* user_data);
  using Destructor = void(CL_CALLBACK*)(cl_context context, void* user_data);

  Context(std::vector<Ref<Device>> devices, std::vector<cl_context_properties> properties,
          Notify notify, void* user_data);
  ~Context() override;

  const std::vector<Ref<Device>>& devices() const { return devices_; }
  bool has_device(const Device* device) const;
  // The properties as given, zero-terminated, or empty when NULL was given.
  const std::vector<cl_context_properties>& properties() const { return properties_; }

  // Reports an error through the application's pfn_notify (§4.4), if it gave one.
  void notify(const std::string& message) const;
  // Raises `rule` for an error that occurred in this context, telling pfn_notify first
  // (§4.4: pfn_notify reports "errors that occur at runtime in this context").
  Error fail(const rules::Rule& rule, std::string detail = {}) const;
  // clSetContextDestructorCallback: called in LIFO order when the context is destroyed.
  void add_destructor_callback(Destructor callback, void* user_data);

 private:
  std::vector<Ref<Device>> devices_;
  std::vector<cl_context_properties> properties_;
  Notify notify_;
  void* user_data_;
  std::mutex mutex_;
  std::vector<std::pair<Destructor, void*>> destructors_;
};

}  // namespace clvet::device
