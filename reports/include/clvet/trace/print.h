// Calls and other records as text, with parameters named and decoded by the API table:
//   #12 clCreateBuffer(context: context#1, flags: CL_MEM_READ_WRITE|CL_MEM_COPY_HOST_PTR,
//       size: 4096, host_ptr: 0x7ffd5a10, errcode_ret: 0x7ffd59fc) = mem#3
#pragma once

#include <string>

#include "clvet/rules/api.h"
#include "clvet/trace/reader.h"
#include "clvet/trace/records.h"

namespace clvet::trace {

struct PrintOptions {
  bool times = true;               // thread, start time and duration
  std::size_t max_bytes = 32;      // inline bytes shown before "..."
  std::size_t max_items = 16;      // array items shown before "..."
  std::size_t max_string = 120;    // string characters shown before "..."
};

// A value, decoded as the parameter it was recorded for when `param` is given.
std::string format_value(const Value& value, const api::Param* param = nullptr,
                         const PrintOptions& options = {});
// One call: a first line like C, then indented lines for inputs, outputs and created objects.
std::string format_call(const Call& call, const PrintOptions& options = {});
std::string format_handle(const Handle& handle);
// What follows " = " in format_call: the error code, the handle or pointer returned (with the
// error when it failed), or "" for a void entry point.
std::string format_result(const Call& call);
// The name of parameter `index` of the call's entry point, or "param N" when unknown.
std::string param_name(const Call& call, std::uint32_t index);
// The API table's description of parameter `index`, or nullptr when unknown.
const api::Param* param_of(const Call& call, std::uint32_t index);
// "12.3 µs", "4.000 ms": a duration as format_call prints it.
std::string format_duration(std::uint64_t ns);
// A call's duration as format_call prints it: "12.3 µs", "not timed" (it returned, its end time
// was not read: the recorder does not time the cheapest calls), or "never returned".
std::string format_call_duration(const Call& call);

std::string format(const ProcessInfo& info);
std::string format(const Platform& platform);
std::string format(const ObjectEvent& event);
std::string format(const DeviceCommand& command);
std::string format(const ClockSync& sync);
std::string format(const KernelBuffers& buffers);
std::string format(const ReadBytes& read);
std::string format(const BlobInfo& blob);

// Any record, decoded through `reader`: what `clvet trace dump --all` prints.
std::string format_record(Reader& reader, const RecordView& record,
                          const PrintOptions& options = {});

}  // namespace clvet::trace
