// One kernel launch as a trace recorded it: the kernel, its program, arguments, work sizes and
// the contents of its buffers before and after. What `clvet extract` cuts out, what
// `clvet diff` re-runs, and what the replay controller's "re-run a launch" and "diff a
// launch" take.
#pragma once

#include <array>
#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "clvet/trace/reader.h"
#include "clvet/trace/value.h"

namespace clvet::replay {

struct KernelArgument {
  enum class Kind {
    Unset,   // no clSetKernelArg for it before the launch (the launch would have failed)
    Buffer,  // a buffer argument: its contents before (and after) the launch
    Scalar,  // a value passed by value (bytes as clSetKernelArg received them)
    Local,   // a __local argument: arg_value NULL, arg_size bytes
    Missing, // set, but its value is not in the trace (see note)
  };
  Kind kind = Kind::Unset;
  std::uint32_t index = 0;
  std::uint64_t size = 0;  // Scalar: arg_size; Local: bytes; Buffer: the buffer's size
  std::string value;       // Scalar: the bytes
  // Buffer: contents read beside the kernel (KernelBuffers records), as trace values (Bytes
  // or Blob); Null when the read failed or the trace has no record of that moment.
  trace::Value before, after;
  // Buffer: the first argument that holds the same buffer (kernel arguments may alias), or
  // its own index.
  std::uint32_t same_buffer_as = 0;
  std::string note;  // Missing: why
};

enum class ProgramKind { Source, IL, Binary };

struct KernelLaunch {
  std::uint64_t call_index = 0;  // the clEnqueueNDRangeKernel call
  std::uint64_t kernel_id = 0, program_id = 0, queue_id = 0;
  std::string kernel_name;
  ProgramKind program_kind = ProgramKind::Source;
  std::string program;  // the source text, IL or binary
  std::string build_options;
  std::uint32_t work_dim = 1;
  std::array<std::uint64_t, 3> offset{0, 0, 0}, global{1, 1, 1}, local{0, 0, 0};
  bool has_local = false;  // local_work_size given (otherwise the platform chooses)
  std::vector<KernelArgument> arguments;  // by index, 0 to the highest set
  bool has_before = false, has_after = false;  // KernelBuffers records found
  // Why this launch cannot be re-run from the trace alone; empty when it can.
  std::vector<std::string> problems;

  bool rerunnable() const { return problems.empty(); }
};

// Every clEnqueueNDRangeKernel call of a trace, in call order, with what the trace holds to
// re-run it: one sequential pass over the trace.
std::vector<KernelLaunch> read_launches(trace::Reader& reader);

// Kernel launches put together from a trace's records as they are given, each record once: a
// whole trace (read_launches) or one still being written (clvet run --diff). Calls are
// followed in the order given: a launch is what the calls given before it made of its kernel,
// program and arguments.
class LaunchRecords {
 public:
  LaunchRecords();
  ~LaunchRecords();
  LaunchRecords(const LaunchRecords&) = delete;
  LaunchRecords& operator=(const LaunchRecords&) = delete;

  // Whether a call is one a launch depends on (programs, kernels, arguments, launches); the
  // others are passed over.
  static bool wanted(const trace::Call& call);
  // A Call or KernelBuffers record, decoded here; other records are passed over. Blobs the
  // call names (a program's source) are read through `reader`.
  void add(trace::Reader& reader, const trace::RecordView& record);
  void add(trace::Reader& reader, const trace::Call& call);
  void add(trace::KernelBuffers buffers);

  // The launches so far that take_complete() has not taken, in the order their calls came.
  std::vector<KernelLaunch> launches() const;
  // The launches whose call and buffers before and after the kernel have all come and that
  // were not taken before, in call order; they are forgotten here.
  std::vector<KernelLaunch> take_complete();

 private:
  struct State;
  std::unique_ptr<State> state_;
  trace::Call call_;  // decoded into again and again
};

// The bytes of a recorded data value (Bytes inline, or a Blob through the reader); nullopt
// when it is Null or its blob is missing or damaged.
std::optional<std::string> bytes_of(trace::Reader& reader, const trace::Value& value);

// Writes `launch` as a trace of its own that runs alone: a platform, device, context and
// queue, the program built with its options, the kernel, a buffer per buffer argument created
// with its contents before the launch, the arguments, the launch, a read of every buffer
// (with the contents after it, when the trace had them) and KernelBuffers records before and
// after, so that `clvet replay` and `clvet diff` take it like any trace. False and `error`
// when it cannot be written.
bool write_launch_trace(trace::Reader& reader, const KernelLaunch& launch,
                        const std::string& path, std::string& error);

// Writes, in `folder`, a C program (launch.c) that runs `launch` with only libOpenCL, the data
// files it reads (argN.before.bin, and argN.expected.bin when the trace has the contents
// after), and writes argN.out.bin for each buffer. False and `error` on failure.
bool write_launch_program(trace::Reader& reader, const KernelLaunch& launch,
                          const std::string& folder, std::string& error);

}  // namespace clvet::replay
