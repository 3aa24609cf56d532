// Printable names of the API table's enumerations.
#include "clvet/rules/api.h"
#include "clvet/rules/rule.h"

namespace clvet::api {

std::string_view to_string(ObjectKind kind) {
  switch (kind) {
    case ObjectKind::None: return "none";
    case ObjectKind::Platform: return "platform";
    case ObjectKind::Device: return "device";
    case ObjectKind::Context: return "context";
    case ObjectKind::CommandQueue: return "command-queue";
    case ObjectKind::Mem: return "memory object";
    case ObjectKind::Sampler: return "sampler";
    case ObjectKind::Program: return "program";
    case ObjectKind::Kernel: return "kernel";
    case ObjectKind::Event: return "event";
  }
  return "?";
}

std::string_view to_string(Role role) {
  switch (role) {
    case Role::Value: return "value";
    case Role::Count: return "count";
    case Role::Enum: return "enum";
    case Role::Bitfield: return "bitfield";
    case Role::HandleIn: return "handle-in";
    case Role::HandleOut: return "handle-out";
    case Role::HandleArrayIn: return "handle-array-in";
    case Role::HandleArrayOut: return "handle-array-out";
    case Role::CountOut: return "count-out";
    case Role::ArrayIn: return "array-in";
    case Role::ArrayOut: return "array-out";
    case Role::StringIn: return "string-in";
    case Role::StringArrayIn: return "string-array-in";
    case Role::BinaryArrayIn: return "binary-array-in";
    case Role::StructIn: return "struct-in";
    case Role::HostMemIn: return "host-mem-in";
    case Role::KernelArgValue: return "kernel-arg-value";
    case Role::HostMemOut: return "host-mem-out";
    case Role::HostPtr: return "host-ptr";
    case Role::MappedPtr: return "mapped-ptr";
    case Role::InfoValueOut: return "info-value-out";
    case Role::InfoSizeRet: return "info-size-ret";
    case Role::ValueOut: return "value-out";
    case Role::Properties: return "properties";
    case Role::Callback: return "callback";
    case Role::UserData: return "user-data";
    case Role::ErrcodeRet: return "errcode-ret";
    case Role::Opaque: return "opaque";
  }
  return "?";
}

std::string_view to_string(Effect effect) {
  switch (effect) {
    case Effect::None: return "none";
    case Effect::Map: return "map";
    case Effect::Unmap: return "unmap";
    case Effect::FreeSvm: return "free-svm";
    case Effect::Launch: return "launch";
    case Effect::Finish: return "finish";
    case Effect::WaitForEvents: return "wait-for-events";
    case Effect::Build: return "build";
  }
  return "?";
}

}  // namespace clvet::api

namespace clvet::rules {

std::string_view to_string(Spec spec) {
  switch (spec) {
    case Spec::OpenCL12: return "OpenCL 1.2";
    case Spec::Runtime22: return "OpenCL 2.2";
    case Spec::DeviceInfo30: return "OpenCL 3.0 clGetDeviceInfo";
    case Spec::Api30: return "OpenCL 3.0";
    case Spec::Extension: return "extension";
  }
  return "?";
}

}  // namespace clvet::rules
