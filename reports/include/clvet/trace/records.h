// What a trace holds besides raw bytes: calls, object lifetimes, device command times,
// clock pairs, process and platform facts. The writer takes these, the reader gives them back.
#pragma once

#include <cstdint>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "clvet/trace/value.h"

namespace clvet::trace {

// What a call read through one of its pointer parameters (an input: the bytes of a write,
// the host_ptr data of a buffer) or wrote through one (an output, read after it returned).
struct ParamValue {
  std::uint32_t param = 0;  // index into the entry point's parameters
  Value value;
  bool operator==(const ParamValue&) const = default;
};

// A change in an object's life that the recorder saw.
struct ObjectEvent {
  enum class Action : std::uint8_t { Created = 1, Retained = 2, Released = 3, Destroyed = 4 };
  Action action = Action::Created;
  Handle object;
  std::uint64_t call_index = 0;   // the call that caused it (0: none, e.g. at exit)
  std::uint64_t time_ns = 0;      // host time since the trace's origin
  std::uint32_t refcount = 0;     // the application-visible reference count afterwards
  std::vector<Handle> parents;    // Created: context, device, program, buffer... it depends on
  bool operator==(const ObjectEvent&) const = default;
};

std::string_view to_string(ObjectEvent::Action action);

inline constexpr std::uint32_t kUnknownEntry = std::numeric_limits<std::uint32_t>::max();

struct Call {
  std::uint64_t index = 0;     // the call's position in the process, from 1
  std::uint64_t thread = 0;    // the OS thread id (gettid)
  std::uint64_t enter_ns = 0;  // host time at entry, ns since the trace's origin
  // Host time at return; equal to enter_ns for a CallEnter and for a call that returned
  // without its end time read (timed false): its duration is unknown, at most the time to the
  // next call of its thread.
  std::uint64_t exit_ns = 0;
  // Writing: the index in api::entry_points(). Read back: the reader's own index of the entry
  // with the same name, or kUnknownEntry when this build does not know it.
  std::uint32_t entry = 0;
  std::string name;            // read back: the entry point's name as the writer knew it
  std::vector<Value> params;   // one per parameter, in the entry point's order
  Value result;                // the return value: error code, handle, pointer, or Null (void)
  std::int32_t error = 0;      // CL_SUCCESS or the error code (returned or in errcode_ret)
  std::vector<ParamValue> inputs;   // data behind pointer parameters, read before the call
  std::vector<ParamValue> outputs;  // what the call wrote through pointer parameters
  std::vector<Handle> created;  // objects the call created
  // Objects whose application-visible reference count the call changed (a retain, a release:
  // Retained, Released or Destroyed), with the call's index and entry time. A 1.2 trace keeps
  // them in Object records instead.
  std::vector<ObjectEvent> counted;
  bool completed = true;        // false: read from a CallEnter record, the call had not returned
  // False: the call returned, but the recorder did not read the clock when it did (3.0: the
  // cheapest calls, an info query, a retain, are not timed). Its exit_ns is its enter_ns.
  bool timed = true;

  bool operator==(const Call&) const = default;
};

// One command's device times, read from its event (CL_PROFILING_COMMAND_*), in device ns.
struct DeviceCommand {
  std::uint64_t call_index = 0;  // the enqueue call
  Handle queue;
  Handle event;
  std::uint32_t command_type = 0;  // cl_command_type, e.g. CL_COMMAND_NDRANGE_KERNEL
  std::string label;               // e.g. the kernel's name
  std::uint64_t queued = 0, submit = 0, start = 0, end = 0;
  bool operator==(const DeviceCommand&) const = default;
};

// A device timer read together with the host timer, so device times can be placed on the
// host timeline: the device's time `device_ns` happened at host time `host_ns`, give or take
// `uncertainty_ns`.
struct ClockSync {
  enum class Method : std::uint8_t {
    // clGetDeviceAndHostTimer's device timestamp (2.1 §4.2), read between two host readings:
    // host_ns is their midpoint, uncertainty_ns half the time between them.
    Timer = 1,
    // A command's CL_PROFILING_COMMAND_QUEUED (1.2 §5.12), which the device takes while the
    // enqueue call runs: host_ns is the call's midpoint, uncertainty_ns half its duration.
    Estimate = 2,
  };
  Handle device;
  std::uint64_t device_ns = 0;
  std::uint64_t host_ns = 0;  // since the trace's origin
  Method method = Method::Timer;
  std::uint64_t uncertainty_ns = 0;
  bool operator==(const ClockSync&) const = default;
};

std::string_view to_string(ClockSync::Method method);

// The contents of a kernel's buffer arguments just before or just after it ran
// (CLVET_TRACE_KERNEL_BUFFERS): read by commands the recorder enqueued beside the kernel, and
// written when they completed, so the application never waits for them.
struct KernelBuffers {
  std::uint64_t call_index = 0;  // the clEnqueueNDRangeKernel call
  bool after = false;            // false: before the kernel ran
  // Array of [UInt argument index, Bytes or Blob], one per buffer argument; Null in place of
  // the bytes when the read failed.
  Value buffers;
  bool operator==(const KernelBuffers&) const = default;
};

// The parameter number under which a call keeps the contents of the fine-grain SVM
// allocations (CL_MEM_SVM_FINE_GRAIN_BUFFER), which the host reads and writes with no map or
// command (2.0 §5.6.2.1): a kernel launch's Input (what the host had written before it), and a
// clFinish's or clWaitForEvents' Output (what the host found once the commands were complete).
// Its value is an Array of [Pointer address, Bytes or Blob], one per live allocation.
constexpr std::uint32_t kSharedMemoryParam = 0xffff;

// The bytes a read gave the application once it completed: a non-blocking
// clEnqueueReadBuffer(Rect)'s destination, or a region mapped for reading (CL_MAP_READ) when
// the map completed. Blocking reads keep theirs as the call's Output instead.
struct ReadBytes {
  static constexpr std::uint32_t kMappedRegion = 0xffffffff;  // `param` of a map's region
  std::uint64_t call_index = 0;  // the read or map call
  std::uint32_t param = 0;       // the destination parameter (ptr), or kMappedRegion
  Value bytes;                   // Bytes or Blob
  bool operator==(const ReadBytes&) const = default;
};

struct ProcessInfo {
  std::uint64_t pid = 0;
  std::vector<std::string> command_line;
  std::string executable;
  std::uint64_t start_realtime_ns = 0;  // wall-clock time at the trace's origin
  std::string host;                     // host name
  std::string recorder;                 // e.g. "clvet 0.1.0 layer"
  std::vector<std::pair<std::string, std::string>> environment;  // the variables that matter
  bool operator==(const ProcessInfo&) const = default;
};

// The facts of an OpenCL platform the process used.
struct Platform {
  Handle platform;
  std::string name, vendor, version, library;
  bool operator==(const Platform&) const = default;
};

// What the reader knows of a Blob record without decompressing it.
struct BlobInfo {
  std::uint64_t hash = 0;
  std::uint64_t size = 0;         // bytes before compression
  std::uint64_t stored_size = 0;  // bytes in the record
  std::uint8_t compression = 0;   // 0: stored as is, 1: zstd
};

// The facts of the trace as a file.
struct TraceInfo {
  std::uint16_t major = 0, minor = 0;
  std::uint64_t created_realtime_ns = 0;
  std::uint64_t origin_monotonic_ns = 0;
  std::uint64_t file_size = 0;
  bool closed_cleanly = false;  // has a valid footer
  std::uint64_t call_count = 0; // from the footer, 0 when there is none
  std::uint64_t record_count = 0;
};

}  // namespace clvet::trace
