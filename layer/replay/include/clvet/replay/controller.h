// The replay controller: a trace re-run on any OpenCL platform, call by call. `clvet replay`,
// `clvet extract`/`clvet diff`, the GUI and the tests all drive replay through this class only;
// re-running and diffing one kernel launch (launch_diff.h) are its methods too.
//
//   std::string error;
//   auto replay = replay::Controller::open("app.clvt", error);   // reads the trace
//   replay->select({.platform = "reference"}, error);             // a platform of the loader
//   replay->seek(1834);                                          // calls 1..1834 re-issued
//   auto bytes = replay->buffer_contents(1834, {api::ObjectKind::Mem, 7}, error);
//
// A Controller lives on one thread at a time (the GUI keeps it on a worker thread); only
// cancel() may be called from another thread while seek() runs.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "clvet/replay/launch_diff.h"
#include "clvet/trace/value.h"

namespace clvet::trace {
class Reader;
struct Call;
}  // namespace clvet::trace

namespace clvet::replay {

class Session;

// An OpenCL platform the ICD loader offers, as `--platform` can name it.
struct PlatformChoice {
  std::size_t index = 0;  // position in clGetPlatformIDs' list
  std::string name, vendor, version;
  std::vector<std::string> devices;  // CL_DEVICE_NAME of each device, in clGetDeviceIDs order
  bool reference = false;            // clvet's reference device (platform name "clvet")
};

// Where and how to replay.
struct Target {
  // A platform's index in the loader's list, its name or a part of its name that no other
  // platform's name contains (case-insensitive), or "reference" for clvet's reference device.
  // Empty: the first platform.
  std::string platform;
  // The platform's device the trace's devices map to, in the order the trace names them: its
  // first device used by a call maps here, the next to the device after it, and so on
  // (DeviceMapping). `devices` overrides that for some: {K, N} maps the trace's device K to
  // the platform's device N, several of them to one device if they name it.
  std::size_t device = 0;
  std::vector<std::pair<std::size_t, std::size_t>> devices;
  // Compare what the application read (blocking buffer reads, clGet*Info answers that do not
  // depend on the platform) with the recorded bytes; divergences() lists what differs.
  bool verify = false;
  // A call that needs what the target lacks (an extension, an image format, fp64, a larger
  // work-group) is skipped and listed in skipped(); without it, replay stops there.
  bool skip_unsupported = false;
  // Each recorded thread's calls issued from a host thread of its own (one per recorded
  // thread), still one at a time in the replay order: a turnstile on the order's positions.
  // Without it, one host thread issues every call.
  bool recorded_threads = false;
  // The cheapest calls (a retain, a release, an info query) re-issued straight from their
  // records' bytes; false: every call through the trace's value model (the replay benchmark
  // measures both).
  bool direct = true;
};

// One device of the recording platform and the target's device that replays it.
struct DeviceMapping {
  trace::Handle recorded;   // device#N of the trace
  std::size_t ordinal = 0;  // the trace's device K, in the order the trace first names them
  bool used = false;        // a call other than an info query uses it (else it is only asked about)
  std::size_t device = 0;   // the platform's device it maps to (an index in PlatformChoice::devices)
  std::string how;          // why that one: "--device 1=0", "in order from --device 0", ...
};

// A place where the replayed results differ from what the application saw when recorded.
struct Divergence {
  std::uint64_t call = 0;        // the trace's index of the read or query that differs
  std::string entry;             // e.g. clEnqueueReadBuffer
  trace::Handle object;          // the object read (mem#7), or none for a query
  std::uint64_t created_by = 0;  // the call that created it (0: unknown)
  std::uint64_t offset = 0;      // first differing byte, from the start of what was read
  std::uint64_t element = 0;     // that byte's 32-bit word: offset / 4; an image's pixel, in the region
  std::string pixel;             // an image's: that pixel's coordinates, "(x, y, z)"
  std::uint64_t pixel_size = 0;  // its bytes
  std::string recorded, replayed;  // the values there (words in hex, a pixel's bytes, info answers decoded)
  std::uint64_t last_writer = 0;   // the last kernel launch with the object as an argument
  std::string last_writer_kernel;  // its kernel's name
  std::uint64_t differing = 0;     // bytes (or answers) that differ in this read
  std::string describe() const;    // one line naming all of the above
};

// A call that replay did not issue, and why.
struct Skipped {
  std::uint64_t call = 0;
  std::string entry;
  std::string reason;  // "needs cl_khr_fp64", "depends on call 12, which was skipped", ...
  bool unsupported = false;  // the target lacks something (as opposed to a damaged argument)
};

// How far a seek got.
enum class Outcome {
  Reached,    // every call up to the one asked for was replayed (or skipped, when allowed)
  End,        // the trace has no more calls (seek past the last call)
  Stopped,    // a call failed or needs what the target lacks: stop_reason() says which
  Cancelled,  // cancel() was called
};

class Controller {
 public:
  // Reads the trace's calls and their order; nullptr with `error` when it cannot be read at
  // all or is of a format version this build does not know ("trace format 2.0 is newer than
  // 1.x, which this clvet reads"). A damaged trace opens: its calls up to the damage replay,
  // and trace_problems() names the damage.
  static std::unique_ptr<Controller> open(const std::string& path, std::string& error);
  ~Controller();
  Controller(const Controller&) = delete;
  Controller& operator=(const Controller&) = delete;

  // The platforms and devices the ICD loader offers now (the reference device among them
  // when OCL_ICD_VENDORS or OCL_ICD_FILENAMES names clvet's ICD).
  static std::vector<PlatformChoice> platforms();

  // Chooses the platform and device to replay on; false with `error` when `target.platform`
  // names none or several, or the device index is out of range. Replay restarts from the
  // first call (objects of an earlier choice are released).
  bool select(const Target& target, std::string& error);
  const PlatformChoice& selected() const;
  // How each device the trace names maps to the selected platform's devices (select()
  // refuses a platform with fewer devices than the trace uses, unless
  // Target::skip_unsupported lets them share one). Sub-devices are not listed: replay
  // partitions the mapped device as the application did.
  const std::vector<DeviceMapping>& device_mapping() const;

  // The calls in replay order: the trace's call indices, sorted by the recorded global order
  // (calls from several threads interleave as they entered; a call that waited, such as
  // clWaitForEvents or a blocking read, is placed where it returned).
  const std::vector<std::uint64_t>& calls() const;
  // Damage and notes of the trace itself (a truncated record, a trace without its footer).
  const std::vector<std::string>& trace_problems() const;
  const std::vector<std::string>& trace_notes() const;
  // The recorded call with this index, as the trace holds it.
  std::optional<trace::Call> recorded_call(std::uint64_t call) const;

  // Replays up to and including call `call` (a trace index; replay order decides what comes
  // before it). Forward from the current position; backward: restarts from the first call.
  // seek(UINT64_MAX) replays everything.
  Outcome seek(std::uint64_t call);
  // The last call replayed (a trace index), 0 before the first.
  std::uint64_t position() const;
  // Why the last seek stopped (Outcome::Stopped): the call, what it needed or what the
  // target answered, and for a failed build the build log.
  const std::string& stop_reason() const;

  // The contents of a buffer (or sub-buffer) at the current position, read from the target
  // with a blocking clEnqueueReadBuffer after the commands replayed so far; nullopt with
  // `error` when the object is unknown, not yet created or already destroyed, or not a buffer.
  std::optional<std::vector<std::uint8_t>> buffer_contents(trace::Handle mem, std::string& error);
  // An image's pixels at the current position, rows packed (width × element size bytes),
  // slices after each other.
  std::optional<std::vector<std::uint8_t>> image_contents(trace::Handle image, std::string& error);

  // What replay found so far: divergences (with Target::verify), calls skipped, and the
  // recorded calls that failed when recorded, which replay does not re-issue.
  const std::vector<Divergence>& divergences() const;
  const std::vector<Skipped>& skipped() const;
  std::uint64_t replayed_count() const;          // calls issued to the target
  std::uint64_t replayed_directly_count() const; // of those, issued straight from their records (Target::direct)
  std::uint64_t failed_when_recorded() const;    // calls not re-issued: they failed then
  std::uint64_t compared_count() const;          // reads and answers compared (verify)
  // What replay did differently from the recording, and why (a binary rebuilt from source).
  const std::vector<std::string>& notes() const;

  // Called every few thousand calls during seek() with (calls done, calls in the trace).
  void on_progress(std::function<void(std::uint64_t, std::uint64_t)> progress);
  // Makes a seek() running on another thread return Outcome::Cancelled at its next call.
  void cancel();

  // The trace's kernel launches (every clEnqueueNDRangeKernel call, in call order) with what
  // the trace holds to re-run each (launch.h); read once, at the first call.
  const std::vector<KernelLaunch>& launches();
  // Re-runs the launch of call `call` alone, from its recorded inputs, on `options.against`
  // (the reference device with its checkers on, by default) in a runner process that the
  // controller keeps for the launches it re-runs next (a program built once for them all;
  // launch_diff.h's LaunchRunner), and gives its buffers afterwards and the target's findings
  // of it. Independent of select() and seek(). Not ok, with the reason, when `call` is no
  // launch or cannot be re-run.
  Rerun rerun_launch(std::uint64_t call, const DiffOptions& options);
  // Re-runs the launch of call `call` as rerun_launch() does and compares its buffers with
  // what the recorded device left in them (launch_diff.h); NotRun when `call` is no launch.
  LaunchDiff diff_launch(std::uint64_t call, const DiffOptions& options);

  // For layer/replay/launch (re-running and diffing one launch): the live object that the
  // recorded handle maps to at the current position (nullptr: none), the platform's entry
  // point addresses through the loader, and the reader of the trace.
  void* live(trace::Handle handle) const;
  void* function(const char* name) const;
  trace::Reader& reader();

 private:
  Controller();
  const KernelLaunch* launch_of(std::uint64_t call);
  struct State;
  std::unique_ptr<State> state_;
  std::optional<std::vector<KernelLaunch>> launches_;
  std::unique_ptr<LaunchRunner> runner_;
};

}  // namespace clvet::replay
