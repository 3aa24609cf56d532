// Rules' questions answered by the driver under the layer.
#include "layer_world.h"

#include <array>
#include <cstddef>
#include <string_view>
#include <vector>
#include <cstring>

#include "associated_devices.h"
#include "dispatch.h"
#include "driver_platforms.h"
#include "lasting_answers.h"
#include "linked_programs.h"
#include "object_facts.h"
#include "objects.h"

namespace clvet::layer {
namespace {

using api::ObjectKind;
using rules::InfoQuery;

constexpr ObjectKind kind_asked_of(InfoQuery query) {
  switch (query) {
    case InfoQuery::Platform:
      return ObjectKind::Platform;
    case InfoQuery::Device:
      return ObjectKind::Device;
    case InfoQuery::Context:
      return ObjectKind::Context;
    case InfoQuery::CommandQueue:
      return ObjectKind::CommandQueue;
    case InfoQuery::Mem:
    case InfoQuery::Image:
    case InfoQuery::Pipe:
      return ObjectKind::Mem;
    case InfoQuery::Sampler:
      return ObjectKind::Sampler;
    case InfoQuery::Program:
    case InfoQuery::ProgramBuild:
      return ObjectKind::Program;
    case InfoQuery::Kernel:
    case InfoQuery::KernelWorkGroup:
    case InfoQuery::KernelArg:
      return ObjectKind::Kernel;
    case InfoQuery::Event:
    case InfoQuery::EventProfiling:
      return ObjectKind::Event;
  }
  return ObjectKind::None;
}

// The same as a table: asked on every question of the rules.
constexpr auto kKindAsked = [] {
  std::array<ObjectKind, static_cast<std::size_t>(InfoQuery::EventProfiling) + 1> kinds{};
  for (std::size_t q = 0; q < kinds.size(); ++q) kinds[q] = kind_asked_of(static_cast<InfoQuery>(q));
  return kinds;
}();

ObjectKind kind_asked(InfoQuery query) {
  return kKindAsked[static_cast<std::size_t>(query)];
}

// The queries whose second handle is a device (NULL allowed where the spec allows it).
bool extra_is_device(InfoQuery query) {
  return query == InfoQuery::ProgramBuild || query == InfoQuery::KernelWorkGroup;
}

template <class Handle>
Handle as(const void* handle) {
  return static_cast<Handle>(const_cast<void*>(handle));
}

// An entry point the loader did not offer answers like a failed query.
template <class Fn, class... Args>
cl_int ask(Fn fn, Args... args) {
  if (fn == nullptr) return CL_INVALID_OPERATION;
  return fn(args...);
}

// The dispatch slot of the entry point that answers `query`.
int slot_of(InfoQuery query) {
  static const auto* slots = [] {
    static constexpr std::array<std::string_view, 15> kNames = {
        "clGetPlatformInfo",     "clGetDeviceInfo",         "clGetContextInfo",
        "clGetCommandQueueInfo", "clGetMemObjectInfo",      "clGetImageInfo",
        "clGetPipeInfo",         "clGetSamplerInfo",        "clGetProgramInfo",
        "clGetProgramBuildInfo", "clGetKernelInfo",         "clGetKernelWorkGroupInfo",
        "clGetKernelArgInfo",    "clGetEventInfo",          "clGetEventProfilingInfo"};
    auto* table = new std::array<int, kNames.size()>;
    for (std::size_t i = 0; i < kNames.size(); ++i) {
      const api::EntryPoint* entry = api::find_entry_point(kNames[i]);
      (*table)[i] = entry ? entry->slot : -1;
    }
    return table;
  }();
  return (*slots)[static_cast<std::size_t>(query)];
}

// The devices kept (`list`), or their number, answered as a driver answers.
cl_int answer_devices(const std::vector<cl_device_id>& devices, bool list, std::size_t size,
                      void* value, std::size_t* size_ret) {
  const auto count = static_cast<cl_uint>(devices.size());
  const void* data = list ? static_cast<const void*>(devices.data()) : &count;
  const std::size_t bytes = list ? devices.size() * sizeof(cl_device_id) : sizeof count;
  if (value != nullptr && size < bytes) return CL_INVALID_VALUE;
  if (value != nullptr) std::memcpy(value, data, bytes);
  if (size_ret != nullptr) *size_ret = bytes;
  return CL_SUCCESS;
}

}  // namespace

api::ObjectKind LayerWorld::kind_of(const void* handle) const {
  if (seen_ != nullptr)
    for (std::uint8_t i = 0; i < seen_->count; ++i)
      if (seen_->handles[i].handle == handle) return seen_->handles[i].kind;
  return objects().kind_of(handle);
}

// The object table's kept answer, else the driver's (not_kept); inline, on every judged call.
inline cl_int LayerWorld::kept_or_asked(InfoQuery query, const void* handle, const void* extra,
                                        cl_uint param, std::size_t size, void* value,
                                        std::size_t* size_ret) const {
  const checker::ObjectTable::AnswerKey key{static_cast<std::uint32_t>(query), param, extra};
  switch (objects().recall(handle, kind_asked(query), key, size, value, size_ret)) {
    case checker::ObjectTable::Recall::Answered:
      return CL_SUCCESS;
    case checker::ObjectTable::Recall::NotLive:
      return CL_INVALID_VALUE;
    case checker::ObjectTable::Recall::NotKnown:
      break;
  }
  return not_kept(query, handle, extra, param, size, value, size_ret);
}

cl_int LayerWorld::info(InfoQuery query, const void* handle, const void* extra, cl_uint param,
                        std::size_t size, void* value, std::size_t* size_ret) const {
  // What the rules of inner-loop calls ask is kept as the object's facts (object_facts.h): a
  // small function for them, the rest out of line.
  if (const FactPlace fact = fact_place(query, param); fact.size != 0 &&
                                                       (extra != nullptr) == fact.keyed &&
                                                       (value == nullptr || size >= fact.size)) {
    std::uint64_t answer;
    switch (objects().fact(handle, kind_asked(query), fact.place, extra, answer)) {
      case checker::ObjectTable::Recall::Answered:
        if (value != nullptr) {
          if (fact.size == sizeof answer)
            std::memcpy(value, &answer, sizeof answer);
          else
            std::memcpy(value, &answer, sizeof(cl_uint));
        }
        if (size_ret != nullptr) *size_ret = fact.size;
        return CL_SUCCESS;
      case checker::ObjectTable::Recall::NotLive:
        return CL_INVALID_VALUE;
      case checker::ObjectTable::Recall::NotKnown:
        break;
    }
  }
  return not_a_fact(query, handle, extra, param, size, value, size_ret);
}

std::string LayerWorld::linked_uniform_reason(const void* program, const void* device) const {
  if (kind_of(program) != ObjectKind::Program) return {};
  return layer::linked_uniform_reason(objects().identity(program).id, device);
}

cl_int LayerWorld::not_a_fact(InfoQuery query, const void* handle, const void* extra,
                              cl_uint param, std::size_t size, void* value,
                              std::size_t* size_ret) const {
  // A context's and a program's devices are those the application created it with
  // (associated_devices.h), whatever the driver answers.
  const bool devices_asked =
      (query == InfoQuery::Context && (param == CL_CONTEXT_DEVICES || param == CL_CONTEXT_NUM_DEVICES)) ||
      (query == InfoQuery::Program && (param == CL_PROGRAM_DEVICES || param == CL_PROGRAM_NUM_DEVICES));
  if (devices_asked) return associated_or_asked(query, handle, extra, param, size, value, size_ret);
  // Most other questions of the rules are answered from what the table keeps.
  return kept_or_asked(query, handle, extra, param, size, value, size_ret);
}

cl_int LayerWorld::associated_or_asked(InfoQuery query, const void* handle, const void* extra,
                                       cl_uint param, std::size_t size, void* value,
                                       std::size_t* size_ret) const {
  if (const auto known = objects().identity(handle); known.kind == kind_asked(query))
    if (const auto devices = associated_devices::of(handle, known.id); !devices.empty())
      return answer_devices(devices, param == CL_CONTEXT_DEVICES || param == CL_PROGRAM_DEVICES,
                            size, value, size_ret);
  return kept_or_asked(query, handle, extra, param, size, value, size_ret);
}

cl_int LayerWorld::not_kept(InfoQuery query, const void* handle, const void* extra, cl_uint param,
                            std::size_t size, void* value, std::size_t* size_ret) const {
  if (extra_is_device(query) && extra != nullptr && kind_of(extra) != ObjectKind::Device)
    return CL_INVALID_DEVICE;
  // clGetPipeInfo is a 2.0 slot: never forwarded to an older platform (see driver_platforms.h).
  if (query == InfoQuery::Pipe &&
      driver_platforms::version_of(objects().platform_of(handle)) < rules::Version{2, 0})
    return CL_INVALID_MEM_OBJECT;
  // The whole answer is asked for, whatever the rule's buffer, so that it can be kept.
  if (size <= checker::ObjectTable::kAnswerBytes) {
    std::array<std::byte, checker::ObjectTable::kAnswerBytes> answer{};
    std::size_t answer_size = answer.size();
    // A rule that asks the size of a string or a list (rules::get_array()) may meet one longer
    // than a kept answer: its size is asked first, as a buffer too small for the value is a
    // misuse ("CL_INVALID_VALUE if ... param_value_size is < size of return type", §5.6.7 and
    // every clGet*Info) that a driver may report as the application's (the reference device
    // does).
    if (size == 0 && value == nullptr) {
      const cl_int sized = ask_driver(query, handle, extra, param, 0, nullptr, &answer_size);
      if (sized != CL_SUCCESS || answer_size == 0 || answer_size > answer.size()) {
        may_change();
        if (size_ret != nullptr) *size_ret = answer_size;
        return sized;
      }
    }
    const cl_int code = ask_driver(query, handle, extra, param, answer_size, answer.data(),
                                   &answer_size);
    if (code == CL_SUCCESS && answer_size <= answer.size()) {
      const checker::ObjectTable::AnswerKey key{static_cast<std::uint32_t>(query), param, extra};
      if (lasting_answer(query, param, answer.data(), answer_size))
        keep(query, handle, key, answer_size, answer.data());
      else
        may_change();
      if (value != nullptr && size < answer_size) return CL_INVALID_VALUE;  // as the driver would
      if (value != nullptr) std::memcpy(value, answer.data(), answer_size);
      if (size_ret != nullptr) *size_ret = answer_size;
      return CL_SUCCESS;
    }
    // Larger than a kept answer, or an error: asked as the rule asked it.
  }
  may_change();
  return ask_driver(query, handle, extra, param, size, value, size_ret);
}

void LayerWorld::keep(InfoQuery query, const void* handle,
                      const checker::ObjectTable::AnswerKey& key, std::size_t size,
                      const void* value) {
  if (const FactPlace fact = fact_place(query, key.param);
      fact.size == size && (key.extra != nullptr) == fact.keyed) {
    std::uint64_t answer = 0;
    std::memcpy(&answer, value, size);
    // A place already taken (by the fact for another device) leaves the answer to the others.
    if (objects().keep_fact(handle, fact.place, key.extra, answer)) return;
  }
  objects().remember(handle, key, size, value);
}

cl_int LayerWorld::ask_driver(InfoQuery query, const void* handle, const void* extra,
                              cl_uint param, std::size_t size, void* value,
                              std::size_t* size_ret) const {
  // The loader calls through the object's own dispatch table without looking: a query the
  // driver left out (a 1.1 driver has no clGetKernelArgInfo) would call a NULL pointer.
  if (!driver_offers(handle, slot_of(query))) return CL_INVALID_OPERATION;
  const cl_icd_dispatch& d = next();
  switch (query) {
    case InfoQuery::Platform:
      return ask(d.clGetPlatformInfo, as<cl_platform_id>(handle), param, size, value, size_ret);
    case InfoQuery::Device:
      return ask(d.clGetDeviceInfo, as<cl_device_id>(handle), param, size, value, size_ret);
    case InfoQuery::Context:
      return ask(d.clGetContextInfo, as<cl_context>(handle), param, size, value, size_ret);
    case InfoQuery::CommandQueue:
      return ask(d.clGetCommandQueueInfo, as<cl_command_queue>(handle), param, size, value,
                 size_ret);
    case InfoQuery::Mem:
      return ask(d.clGetMemObjectInfo, as<cl_mem>(handle), param, size, value, size_ret);
    case InfoQuery::Image:
      return ask(d.clGetImageInfo, as<cl_mem>(handle), param, size, value, size_ret);
    case InfoQuery::Pipe:
      return ask(d.clGetPipeInfo, as<cl_mem>(handle), param, size, value, size_ret);
    case InfoQuery::Sampler:
      return ask(d.clGetSamplerInfo, as<cl_sampler>(handle), param, size, value, size_ret);
    case InfoQuery::Program:
      return ask(d.clGetProgramInfo, as<cl_program>(handle), param, size, value, size_ret);
    case InfoQuery::ProgramBuild:
      return ask(d.clGetProgramBuildInfo, as<cl_program>(handle), as<cl_device_id>(extra), param,
                 size, value, size_ret);
    case InfoQuery::Kernel:
      return ask(d.clGetKernelInfo, as<cl_kernel>(handle), param, size, value, size_ret);
    case InfoQuery::KernelWorkGroup:
      return ask(d.clGetKernelWorkGroupInfo, as<cl_kernel>(handle), as<cl_device_id>(extra), param,
                 size, value, size_ret);
    case InfoQuery::KernelArg:
      return ask(d.clGetKernelArgInfo, as<cl_kernel>(handle),
                 static_cast<cl_uint>(reinterpret_cast<std::uintptr_t>(extra)), param, size, value,
                 size_ret);
    case InfoQuery::Event:
      return ask(d.clGetEventInfo, as<cl_event>(handle), param, size, value, size_ret);
    case InfoQuery::EventProfiling:
      return ask(d.clGetEventProfilingInfo, as<cl_event>(handle), param, size, value, size_ret);
  }
  return CL_INVALID_VALUE;
}

}  // namespace clvet::layer
