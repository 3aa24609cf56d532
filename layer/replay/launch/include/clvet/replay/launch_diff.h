// A kernel launch re-run on another platform (the reference device with its checkers on, by
// default) from its recorded inputs, and its outputs compared with what the recorded device
// produced: element by element, by the argument's element type, within the accuracy the
// OpenCL specification allows.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "clvet/replay/launch.h"
#include "clvet/reports/finding.h"

namespace clvet::replay {

// How far apart two floating-point results may be and still agree: an element agrees when any
// of the three holds.
struct Tolerance {
  double ulp = 0;  // distance in units in the last place (representable values between them)
  double abs = 0;  // |device - reference|
  double rel = 0;  // |device - reference| / |reference|
  std::string why; // where the numbers come from (the spec's table, a built-in, an option)
};

// The accuracy the specification allows a program's results: the largest ULP limit among the
// built-ins its source calls (OpenCL SPIR-V environment §6.6 tables; OpenCL C 1.2 §7.4), for
// each precision, under its build options (-cl-fast-relaxed-math, -cl-unsafe-math-optimizations:
// §6.6.3). `lanes` widens the geometric functions' limits (length, distance, normalize).
struct Accuracy {
  Tolerance half, single, double_;
};
Accuracy accuracy_of(const std::string& source, const std::string& build_options);

// The element type of a buffer argument, from its kernel argument type name ("float4*").
struct ElementType {
  enum class Base { Bytes, Signed, Unsigned, Half, Float, Double };
  Base base = Base::Bytes;
  std::uint32_t scalar_size = 1;  // bytes of one component
  std::uint32_t lanes = 1;        // components per element (a 3-vector occupies 4)
  std::string name;               // as given, without the '*'
};
ElementType element_type(const std::string& type_name);

// The type names of kernel `kernel`'s parameters read from its OpenCL C source, for when the
// platform gives no kernel argument info (a program from IL or a binary that kept its source
// elsewhere); empty when the source does not define that kernel plainly.
std::vector<std::string> parameter_types(const std::string& source, const std::string& kernel);

// Distance in ULPs between two values of a floating-point type given as bits (scalar_size 2,
// 4 or 8); NaNs compare by class: two NaNs are 0 apart, a NaN and a number infinitely far.
double ulp_distance(std::uint64_t a, std::uint64_t b, std::uint32_t scalar_size);

struct Mismatch {
  std::uint64_t element = 0;  // component index in the buffer
  std::string device, reference;  // both values, as text
  double ulp = 0;            // floating-point types only
  std::string work_item;     // the work-item that wrote it, as far as it can be known
  // The work-item that last stored to it on the reference device (which keeps, for each byte
  // of a launch's buffers, the last store's work-item), when it stored to it at all.
  struct WorkItem {
    std::array<std::uint64_t, 3> global{}, group{}, local{};
  };
  std::optional<WorkItem> writer;
};

struct ArgumentDiff {
  std::uint32_t index = 0;
  std::string name, type;
  std::uint64_t compared = 0, mismatches = 0;
  bool floating = false;  // half, float or double: compared by ULP distance
  double max_ulp = 0;  // over all compared elements, mismatching or not
  std::optional<Mismatch> first;
  Tolerance tolerance;  // floating-point types
  // Where the mismatches are: ranges of mismatching element indices as (first, count), in
  // ascending order, adjacent ranges joined; at most kMaxMismatchRuns, after which
  // runs_truncated is set and the rest are only counted.
  std::vector<std::pair<std::uint64_t, std::uint64_t>> mismatch_runs;
  bool runs_truncated = false;
  static constexpr std::size_t kMaxMismatchRuns = 65536;
};

struct LaunchDiff {
  enum class Status {
    Same,       // every element agreed
    Different,  // at least one element did not
    NotRun,     // the trace does not hold what a re-run needs (reason)
    Failed,     // the re-run failed on the target (reason)
  };
  std::uint64_t call_index = 0;
  std::string kernel;
  // The NDRange as the application enqueued it; unused dimensions are 1. has_local is false
  // when the application let the platform choose the work-group size.
  std::uint32_t work_dim = 1;
  std::array<std::uint64_t, 3> offset{0, 0, 0}, global{1, 1, 1}, local{1, 1, 1};
  bool has_local = false;
  Status status = Status::NotRun;
  std::string reason;
  std::string target;  // the platform and device that re-ran it
  std::string build_log;
  std::vector<ArgumentDiff> arguments;
  // The target's own findings of this launch (the reference device's checkers): the likely
  // cause of a mismatch. Their call_index is the launch's in the trace.
  std::vector<reports::Finding> findings;

  std::uint64_t compared() const;
  std::uint64_t mismatches() const;
  double max_ulp() const;
};

std::string_view to_string(LaunchDiff::Status status);

struct DiffOptions {
  // "reference" (the reference device, alone through the ICD loader, checkers on), or a
  // platform of the system's loader: its index or a unique part of its name.
  std::string against = "reference";
  std::optional<double> ulp, abs, rel;  // replace the spec's defaults
  std::string runner;   // clvet-launch-runner; empty: the one this build made
  std::string icd_dir;  // the folder of clvet.icd; empty: this build's
  // A re-run still going after this many seconds is stopped (a kernel that never ends);
  // 0: no limit.
  unsigned timeout_seconds = 300;
};

// What a launch re-run on the target left: the replay controller's "re-run a launch with
// checks".
struct Rerun {
  bool ok = false;
  std::string error;      // why not, when !ok
  std::string build_log;  // when the build failed
  std::string target;     // "platform (device)"
  struct Argument {
    std::uint32_t index = 0;
    std::string name, type;  // kernel argument info (1.2 §5.7.3)
  };
  std::vector<Argument> arguments;  // every argument of the kernel, by index
  // Each buffer argument's contents after the run (an argument aliasing an earlier one is
  // left out), by argument index.
  std::vector<std::pair<std::uint32_t, std::string>> buffers;
  // The target's findings of this launch (the reference device's checkers), their call index
  // the launch's in the trace.
  std::vector<reports::Finding> findings;
};

class RunnerProcess;

// Re-runs launches on the target one after another in a process apart from clvet
// (clvet-launch-runner, through the ICD loader) that builds each distinct program (its source,
// IL or binary and build options) once for all the launches that use it. A launch that crashes
// the runner or passes the timeout fails alone, with the reason; the next launch starts a new
// runner. Launches given other DiffOptions::against, runner or icd_dir start a new runner too.
class LaunchRunner {
 public:
  LaunchRunner();
  ~LaunchRunner();
  LaunchRunner(const LaunchRunner&) = delete;
  LaunchRunner& operator=(const LaunchRunner&) = delete;

  // Re-runs `launch` (of the trace `reader` reads); it must be rerunnable().
  Rerun rerun(trace::Reader& reader, const KernelLaunch& launch, const DiffOptions& options);
  // Re-runs `launch` and compares its buffers after the run with the trace's.
  LaunchDiff diff(trace::Reader& reader, const KernelLaunch& launch, const DiffOptions& options);
  // Runner processes started so far.
  unsigned processes_started() const;

 private:
  RunnerProcess& process(const DiffOptions& options);
  // The work-item that last stored to bytes [offset, offset + size) of buffer argument
  // `argument` in the launch just re-run, as the runner's reference device kept it.
  std::optional<Mismatch::WorkItem> last_store(std::uint32_t argument, std::uint64_t offset, std::uint64_t size,
                                               const DiffOptions& options);
  std::unique_ptr<RunnerProcess> process_;
  unsigned started_before_ = 0;  // by runners replaced for other options
};

// One launch re-run or diffed by a LaunchRunner of its own (the controller's methods keep one
// for all the launches they are asked for).
Rerun rerun_launch(trace::Reader& reader, const KernelLaunch& launch, const DiffOptions& options);
LaunchDiff diff_launch(trace::Reader& reader, const KernelLaunch& launch, const DiffOptions& options);

// The reports of a whole diff: every launch, then a table across launches.
struct DiffReport {
  std::string trace;
  std::string against;
  std::vector<LaunchDiff> launches;
  bool differed() const;
};
std::string render_text(const DiffReport& report, bool colour = false);
// One launch's result in one line (its first differing argument's first mismatch).
std::string render_line(const LaunchDiff& launch);
std::string render_json(const DiffReport& report);
// SARIF 2.1.0: a result per differing argument (rule KernelOutputMismatch) and the target's
// findings of each differing launch.
std::string render_sarif(const DiffReport& report);

}  // namespace clvet::replay
