// Printable names of the trace format's enumerations.
#include "clvet/trace/format.h"
#include "clvet/trace/records.h"
#include "clvet/trace/value.h"

namespace clvet::trace {

std::string_view to_string(RecordKind kind) {
  switch (kind) {
    case RecordKind::ApiTable: return "api-table";
    case RecordKind::ProcessInfo: return "process";
    case RecordKind::Platform: return "platform";
    case RecordKind::CallEnter: return "call-enter";
    case RecordKind::Call: return "call";
    case RecordKind::Blob: return "blob";
    case RecordKind::Object: return "object";
    case RecordKind::DeviceCommand: return "device-command";
    case RecordKind::ClockSync: return "clock-sync";
    case RecordKind::KernelBuffers: return "kernel-buffers";
    case RecordKind::ReadBytes: return "read-bytes";
    case RecordKind::Finding: return "finding";
    case RecordKind::Index: return "index";
    case RecordKind::IndexRoot: return "index-root";
    case RecordKind::End: return "end";
    case RecordKind::CallBlock: return "call-block";
  }
  return "unknown";
}

std::string_view to_string(ValueKind kind) {
  switch (kind) {
    case ValueKind::Null: return "null";
    case ValueKind::UInt: return "uint";
    case ValueKind::Int: return "int";
    case ValueKind::Float: return "float";
    case ValueKind::Handle: return "handle";
    case ValueKind::Pointer: return "pointer";
    case ValueKind::String: return "string";
    case ValueKind::Bytes: return "bytes";
    case ValueKind::Blob: return "blob";
    case ValueKind::Array: return "array";
    case ValueKind::Properties: return "properties";
  }
  return "unknown";
}

std::string_view to_string(ClockSync::Method method) {
  switch (method) {
    case ClockSync::Method::Timer: return "clGetDeviceAndHostTimer";
    case ClockSync::Method::Estimate: return "estimate from a command's queued time";
  }
  return "unknown";
}

std::string_view to_string(ObjectEvent::Action action) {
  switch (action) {
    case ObjectEvent::Action::Created: return "created";
    case ObjectEvent::Action::Retained: return "retained";
    case ObjectEvent::Action::Released: return "released";
    case ObjectEvent::Action::Destroyed: return "destroyed";
  }
  return "unknown";
}

}  // namespace clvet::trace
