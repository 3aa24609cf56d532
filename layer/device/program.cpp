// Program objects: per-device build state, attached kernels and release callbacks.
#include "program.h"

#include <algorithm>
#include <cassert>

namespace clvet::device {

Program::Program(Ref<Context> context, std::vector<Ref<Device>> devices, Origin origin)
    : Object(kKind, static_cast<_cl_program*>(this)),
      context_(std::move(context)),
      devices_(std::move(devices)),
      origin_(origin),
      builds_(devices_.size()) {}

bool Program::has_device(const Device* device) const {
  return std::any_of(devices_.begin(), devices_.end(),
                     [&](const Ref<Device>& d) { return d.get() == device; });
}

std::size_t Program::index_of(const Device& device) const {
  for (std::size_t i = 0; i < devices_.size(); ++i)
    if (devices_[i].get() == &device) return i;
  assert(false && "device is not one of the program's devices");
  return 0;
}

const Program::Build& Program::applying_build(const Device& device) const {
  const Build& own = builds_[index_of(device)];
  if (own.status != CL_BUILD_NONE) return own;
  for (const Device* d = device.parent(); d; d = d->parent())
    if (has_device(d) && builds_[index_of(*d)].status != CL_BUILD_NONE) return builds_[index_of(*d)];
  return own;
}

Program::Build Program::build_of(const Device& device) const {
  std::lock_guard lock(mutex_);
  return applying_build(device);
}

void Program::set_build(const Device& device, Build build) {
  std::lock_guard lock(mutex_);
  builds_[index_of(device)] = std::move(build);
}

bool Program::begin_build(const std::vector<Device*>& devices) {
  std::lock_guard lock(mutex_);
  for (Device* d : devices)
    if (builds_[index_of(*d)].status == CL_BUILD_IN_PROGRESS) return false;
  for (Device* d : devices) builds_[index_of(*d)].status = CL_BUILD_IN_PROGRESS;
  return true;
}

namespace {
bool executable(const Program::Build& b) {
  return b.status == CL_BUILD_SUCCESS && b.binary_type == CL_PROGRAM_BINARY_TYPE_EXECUTABLE;
}
}  // namespace

std::string Program::uniform_reason(const Device& device) const {
  std::lock_guard lock(mutex_);
  return applying_build(device).uniform_reason;
}

std::shared_ptr<interp::Executable> Program::executable_for(const Device& device) const {
  std::lock_guard lock(mutex_);
  return applying_build(device).executable;
}

bool Program::has_executable_for(const Device& device) const {
  std::lock_guard lock(mutex_);
  return executable(applying_build(device));
}

bool Program::has_executable() const {
  std::lock_guard lock(mutex_);
  return std::any_of(builds_.begin(), builds_.end(), executable);
}

std::vector<KernelSignature> Program::kernels() const {
  std::lock_guard lock(mutex_);
  for (const Build& b : builds_)
    if (executable(b)) return b.kernels;
  return {};
}

std::optional<KernelSignature> Program::kernel(std::string_view name) const {
  for (KernelSignature& k : kernels())
    if (k.name == name) return std::move(k);
  return std::nullopt;
}

void Program::set_specialization_constant(cl_uint id, std::vector<unsigned char> value) {
  std::lock_guard lock(mutex_);
  for (auto& entry : specialization_)
    if (entry.first == id) {
      entry.second = std::move(value);
      return;
    }
  specialization_.emplace_back(id, std::move(value));
}

}  // namespace clvet::device

namespace clvet::device {

std::vector<std::pair<cl_uint, std::vector<unsigned char>>> Program::specialization_constants()
    const {
  std::lock_guard lock(mutex_);
  return specialization_;
}

}  // namespace clvet::device
