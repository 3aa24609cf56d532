// What a rule's check may ask about the objects of a call: the same questions the OpenCL
// API answers (handle validity, clGet*Info), so the reference device and the layer over a
// real driver can both answer them.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "clvet/rules/api.h"
#include "clvet/rules/rule.h"

namespace clvet::rules {

// Which clGet*Info query to ask. The second handle (`extra`) is the device for
// ProgramBuild / KernelWorkGroup / KernelSubGroup, and the argument index for KernelArg.
enum class InfoQuery {
  Platform,
  Device,
  Context,
  CommandQueue,
  Mem,
  Image,
  Pipe,
  Sampler,
  Program,
  ProgramBuild,
  Kernel,
  KernelWorkGroup,
  KernelArg,
  Event,
  EventProfiling,
};

// The parameter family of a query's param_name (its rows in clvet/rules/info_params.def).
std::string_view info_family(InfoQuery query);

class World {
 public:
  virtual ~World() = default;
  // The kind of live object `handle` names; ObjectKind::None for NULL, garbage or released
  // handles. Must never dereference a pointer it does not know.
  virtual api::ObjectKind kind_of(const void* handle) const = 0;
  // The OpenCL version of the platform the call goes to.
  virtual Version version() const = 0;
  // Answers a clGet*Info query; returns its error code. Only called with live handles.
  virtual cl_int info(InfoQuery query, const void* handle, const void* extra, cl_uint param,
                      std::size_t size, void* value, std::size_t* size_ret) const = 0;
  // The one question no query answers: why a live program that clLinkProgram made must run
  // uniform work-groups on `device` because of its inputs (3.0 §5.10), which a World that saw
  // the link kept; "" when its inputs allow non-uniform ones or the World cannot say.
  virtual std::string linked_uniform_reason(const void* program, const void* device) const {
    (void)program;
    (void)device;
    return {};
  }
  // How many kernel objects created from the live `program` the application holds (created
  // and not released by it): each is attached to the program (3.0 §5.9.1), so that the program
  // cannot be built or compiled again (§5.8.4, §5.8.5). A kernel the application released may
  // stay attached while an enqueued command needs it, which only the implementation knows: 0
  // where the World cannot say.
  virtual std::size_t kernels_held(const void* program) const {
    (void)program;
    return 0;
  }
};

template <class Handle> constexpr api::ObjectKind kind_of_handle() {
  using api::ObjectKind;
  if constexpr (std::is_same_v<Handle, cl_platform_id>) return ObjectKind::Platform;
  else if constexpr (std::is_same_v<Handle, cl_device_id>) return ObjectKind::Device;
  else if constexpr (std::is_same_v<Handle, cl_context>) return ObjectKind::Context;
  else if constexpr (std::is_same_v<Handle, cl_command_queue>) return ObjectKind::CommandQueue;
  else if constexpr (std::is_same_v<Handle, cl_mem>) return ObjectKind::Mem;
  else if constexpr (std::is_same_v<Handle, cl_sampler>) return ObjectKind::Sampler;
  else if constexpr (std::is_same_v<Handle, cl_program>) return ObjectKind::Program;
  else if constexpr (std::is_same_v<Handle, cl_kernel>) return ObjectKind::Kernel;
  else if constexpr (std::is_same_v<Handle, cl_event>) return ObjectKind::Event;
  else static_assert(sizeof(Handle) == 0, "not an OpenCL handle type");
}

// True when `handle` is a live object of the kind its type names.
template <class Handle> bool valid(const World& w, Handle handle) {
  return handle != nullptr && w.kind_of(handle) == kind_of_handle<Handle>();
}

// A fixed-size info value, or nullopt when the query fails.
template <class T>
std::optional<T> get(const World& w, InfoQuery query, const void* handle, cl_uint param,
                     const void* extra = nullptr) {
  T value{};
  if (w.info(query, handle, extra, param, sizeof(T), &value, nullptr) != CL_SUCCESS)
    return std::nullopt;
  return value;
}

// An array-valued info value (device lists, property lists); empty when the query fails.
template <class T>
std::vector<T> get_array(const World& w, InfoQuery query, const void* handle, cl_uint param,
                         const void* extra = nullptr) {
  std::size_t size = 0;
  if (w.info(query, handle, extra, param, 0, nullptr, &size) != CL_SUCCESS || size == 0) return {};
  std::vector<T> values(size / sizeof(T));
  if (w.info(query, handle, extra, param, values.size() * sizeof(T), values.data(), nullptr) !=
      CL_SUCCESS)
    return {};
  return values;
}

// Shorthands for the questions rules ask most.
cl_context context_of(const World& w, cl_command_queue queue);
cl_context context_of(const World& w, cl_mem mem);
cl_context context_of(const World& w, cl_event event);
cl_context context_of(const World& w, cl_program program);
cl_context context_of(const World& w, cl_kernel kernel);
cl_context context_of(const World& w, cl_sampler sampler);
cl_device_id device_of(const World& w, cl_command_queue queue);
std::vector<cl_device_id> devices_of(const World& w, cl_context context);
bool context_has_device(const World& w, cl_context context, cl_device_id device);

// CL_INVALID_EVENT_WAIT_LIST conditions shared by every enqueue (§5.9 and each enqueue):
// a NULL list with a non-zero count, a non-NULL list with a zero count, or an invalid event.
bool wait_list_malformed(const World& w, cl_uint count, const cl_event* list);
// CL_INVALID_CONTEXT: an event in the wait list belongs to another context than the queue.
bool wait_list_context_differs(const World& w, cl_command_queue queue, cl_uint count,
                               const cl_event* list);
// The same where it is checked before the list's validity: a valid event of another context
// than a valid queue (invalid events are the CL_INVALID_EVENT_WAIT_LIST clause's).
bool valid_events_in_other_context(const World& w, cl_command_queue queue, cl_uint count,
                                   const cl_event* list);

// A {key, value, ..., 0} property list: keys in order, with their values.
template <class Property> struct PropertyList {
  std::vector<std::pair<Property, Property>> entries;
  bool has(Property key) const {
    for (auto& e : entries)
      if (e.first == key) return true;
    return false;
  }
  std::optional<Property> value(Property key) const {
    for (auto& e : entries)
      if (e.first == key) return e.second;
    return std::nullopt;
  }
  // True when some key appears twice (CL_INVALID_PROPERTY in most property clauses).
  bool has_duplicate_key() const {
    for (std::size_t i = 0; i < entries.size(); ++i)
      for (std::size_t j = i + 1; j < entries.size(); ++j)
        if (entries[i].first == entries[j].first) return true;
    return false;
  }
};

// Reads a zero-terminated property list (at most `limit` pairs, so garbage cannot run away).
template <class Property>
PropertyList<Property> read_properties(const Property* list, std::size_t limit = 64) {
  PropertyList<Property> result;
  if (list == nullptr) return result;
  for (std::size_t i = 0; i < limit && list[2 * i] != 0; ++i)
    result.entries.emplace_back(list[2 * i], list[2 * i + 1]);
  return result;
}

}  // namespace clvet::rules
