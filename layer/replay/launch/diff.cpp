// Recorded kernel launches re-run on the target by a clvet-launch-runner process, and their
// buffers compared with what the recorded device left in them.
#include <unistd.h>

#include <fmt/format.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "clvet/replay/launch_diff.h"
#include "clvet/reports/formats.h"
#include "compare.h"
#include "runner_process.h"

namespace clvet::replay {
namespace {

namespace fs = std::filesystem;

fs::path beside_this_program(const std::string& relative) {
  std::error_code ec;
  const fs::path self = fs::read_symlink("/proc/self/exe", ec);
  return ec ? fs::path() : self.parent_path() / relative;
}

std::string runner_path(const DiffOptions& o) {
  if (!o.runner.empty()) return o.runner;
  const fs::path beside = beside_this_program("clvet-launch-runner");
  if (!beside.empty() && fs::exists(beside)) return beside.string();
  // An installed tree keeps it with clvet's libraries.
  return beside_this_program(CLVET_LIBRARY_DIR_FROM_BIN "/clvet-launch-runner").string();
}

// A folder whose clvet.icd names the reference device found from this program's own place
// (a build tree's layer/ beside clvet, or beside clvet-gui's folder; an installed tree's
// library folder), made once and removed at exit: the .icd a tree carries names the absolute
// path it was installed at, which a tree moved elsewhere no longer has.
std::string icd_dir(const DiffOptions& o) {
  if (!o.icd_dir.empty()) return o.icd_dir;
  static const std::string made = [] {
    std::error_code ec;
    fs::path device;
    for (const char* place : {"libclvet-device.so", "../layer/libclvet-device.so",
                              CLVET_LIBRARY_DIR_FROM_BIN "/libclvet-device.so"})
      if (const fs::path p = beside_this_program(place); !p.empty() && fs::exists(p, ec)) {
        device = fs::canonical(p, ec);
        break;
      }
    if (device.empty()) {
      const fs::path beside = beside_this_program("../icd");
      if (!beside.empty() && fs::exists(beside / "clvet.icd", ec)) return beside.string();
      return beside_this_program(CLVET_LIBRARY_DIR_FROM_BIN "/icd").string();
    }
    std::string folder = (fs::temp_directory_path(ec) / "clvet-diff-icd-XXXXXX").string();
    if (mkdtemp(folder.data()) == nullptr) return beside_this_program(CLVET_LIBRARY_DIR_FROM_BIN "/icd").string();
    std::ofstream(fs::path(folder) / "clvet.icd") << device.string() << "\n";
    static std::string to_remove;
    to_remove = folder;
    std::atexit([] {
      std::error_code ignored;
      fs::remove_all(to_remove, ignored);
    });
    return folder;
  }();
  return made;
}

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// The work-item that wrote element `n` (counted in whole elements), when the launch has one
// work-item per element of the buffer: the usual shape of a 1:1 kernel.
std::string writer_of(const KernelLaunch& launch, std::uint64_t elements, std::uint64_t n) {
  const std::uint64_t items = launch.global[0] * launch.global[1] * launch.global[2];
  if (items != elements)
    return fmt::format("unknown ({} work-items for {} elements: not one element per work-item)",
                       items, elements);
  const std::uint64_t x = n % launch.global[0], y = n / launch.global[0] % launch.global[1],
                      z = n / (launch.global[0] * launch.global[1]);
  const std::uint64_t gx = x + launch.offset[0], gy = y + launch.offset[1], gz = z + launch.offset[2];
  if (launch.work_dim == 1) return fmt::format("global id ({}) (one element per work-item)", gx);
  if (launch.work_dim == 2) return fmt::format("global id ({}, {}) (one element per work-item)", gx, gy);
  return fmt::format("global id ({}, {}, {}) (one element per work-item)", gx, gy, gz);
}

// "global id (5, 1), work-group (0, 0)": a work-item in the launch's dimensions.
std::string describe(const Mismatch::WorkItem& w, std::uint32_t work_dim) {
  auto ids = [&](const std::array<std::uint64_t, 3>& v) {
    if (work_dim <= 1) return fmt::format("({})", v[0]);
    if (work_dim == 2) return fmt::format("({}, {})", v[0], v[1]);
    return fmt::format("({}, {}, {})", v[0], v[1], v[2]);
  };
  return fmt::format("global id {}, work-group {}", ids(w.global), ids(w.group));
}

// The work-item that the target's findings saw touch the bytes [offset, offset + size) of
// argument `index` (a race names both sides, a bounds finding its work-item): the writer of an
// element a kernel does not map one to one; empty when no finding says.
std::string writer_found(const std::vector<reports::Finding>& findings, std::uint32_t index,
                         std::uint64_t offset, std::uint64_t size) {
  const std::string object = fmt::format("argument {} ", index);
  // Both sides of a write-write race wrote; other findings name who touched the bytes.
  using reports::KernelKind;
  auto wrote = [](const reports::Finding& f) {
    return f.kernel->kind == KernelKind::RaceWriteWrite ||
           f.kernel->kind == KernelKind::RaceSameValue;
  };
  auto rank = [&](const reports::Finding& f) {
    return f.kernel->kind == KernelKind::RaceWriteWrite ? 0 : wrote(f) ? 1 : 2;
  };
  std::vector<const reports::Finding*> order;
  for (int r = 0; r < 3; ++r)
    for (const reports::Finding& f : findings)
      if (f.kernel && rank(f) == r) order.push_back(&f);
  for (const reports::Finding* found : order) {
    const reports::Finding& f = *found;
    if (!f.kernel->offset || !f.kernel->at.work_item) continue;
    const reports::KernelEvidence& k = *f.kernel;
    if (k.object.rfind(object, 0) != 0) continue;
    const auto at = static_cast<std::uint64_t>(*k.offset);
    if (*k.offset < 0 || at + std::max<std::uint64_t>(k.size, 1) <= offset || at >= offset + size) continue;
    auto ids = [](const reports::WorkItemIds& w) {
      return fmt::format("({}, {}, {})", w.global[0], w.global[1], w.global[2]);
    };
    std::string who = fmt::format("global id {}", ids(*k.at.work_item));
    if (k.other && k.other->work_item) who += fmt::format(" or {}", ids(*k.other->work_item));
    return fmt::format("{} ({} the reference device's {} finding)", who, wrote(f) ? "in" : "touched it in", reports::to_string(k.kind));
  }
  return "";
}

Tolerance tolerance_for(const ElementType& type, const Accuracy& accuracy, const DiffOptions& o) {
  Tolerance t;
  if (type.base == ElementType::Base::Half) t = accuracy.half;
  else if (type.base == ElementType::Base::Float) t = accuracy.single;
  else if (type.base == ElementType::Base::Double) t = accuracy.double_;
  else return t;
  if (o.ulp) {
    t.ulp = *o.ulp;
    t.why = fmt::format("--ulp {}", *o.ulp);
  }
  if (o.abs) {
    t.abs = *o.abs;
    t.why += fmt::format(", --abs {}", *o.abs);
  }
  if (o.rel) {
    t.rel = *o.rel;
    t.why += fmt::format(", --rel {}", *o.rel);
  }
  return t;
}

}  // namespace

std::uint64_t LaunchDiff::compared() const {
  std::uint64_t n = 0;
  for (const ArgumentDiff& a : arguments) n += a.compared;
  return n;
}

std::uint64_t LaunchDiff::mismatches() const {
  std::uint64_t n = 0;
  for (const ArgumentDiff& a : arguments) n += a.mismatches;
  return n;
}

double LaunchDiff::max_ulp() const {
  double n = 0;
  for (const ArgumentDiff& a : arguments) n = std::max(n, a.max_ulp);
  return n;
}

std::string_view to_string(LaunchDiff::Status status) {
  switch (status) {
    case LaunchDiff::Status::Same: return "same";
    case LaunchDiff::Status::Different: return "different";
    case LaunchDiff::Status::NotRun: return "not run";
    case LaunchDiff::Status::Failed: return "failed";
  }
  return "?";
}

bool DiffReport::differed() const {
  for (const LaunchDiff& l : launches)
    if (l.status == LaunchDiff::Status::Different) return true;
  return false;
}

LaunchRunner::LaunchRunner() = default;
LaunchRunner::~LaunchRunner() = default;

unsigned LaunchRunner::processes_started() const {
  return started_before_ + (process_ ? process_->started() : 0);
}

RunnerProcess& LaunchRunner::process(const DiffOptions& options) {
  const std::string runner = runner_path(options), icds = icd_dir(options);
  if (process_ && (process_->runner() != runner || process_->icd_dir() != icds ||
                   process_->against() != options.against)) {
    started_before_ += process_->started();
    process_.reset();
  }
  if (!process_) process_ = std::make_unique<RunnerProcess>(runner, icds, options.against);
  return *process_;
}

Rerun LaunchRunner::rerun(trace::Reader& reader, const KernelLaunch& launch, const DiffOptions& options) {
  Rerun r;
  char folder_template[] = "/tmp/clvet-rerun-XXXXXX";
  if (mkdtemp(folder_template) == nullptr) {
    r.error = "cannot create a temporary folder";
    return r;
  }
  const fs::path folder = folder_template;
  struct Remove {
    fs::path path;
    ~Remove() {
      std::error_code ec;
      fs::remove_all(path, ec);
    }
  } remove{folder};

  if (!write_launch_trace(reader, launch, (folder / "launch.clvt").string(), r.error)) return r;
  std::string failure;
  if (!process(options).run(folder.string(), options.timeout_seconds, failure)) {
    std::string output = read_file(folder / "output.txt");
    if (output.size() > 2000) output = "..." + output.substr(output.size() - 2000);
    r.error = failure;
    if (!output.empty()) r.error += ":\n" + output;
    return r;
  }
  nlohmann::json result;
  try {
    result = nlohmann::json::parse(read_file(folder / "result.json"));
  } catch (const std::exception&) {
    r.error = "the runner wrote no readable result";
    return r;
  }
  r.target = fmt::format("{} ({})", result.value("platform", std::string("?")),
                         result.value("device", std::string("?")));
  // A report that is missing or unreadable (the runner ended before writing it) has no findings.
  std::string report_error;
  r.findings = reports::read_json(read_file(folder / "findings.json"), report_error).value_or(std::vector<reports::Finding>{});
  for (reports::Finding& f : r.findings) {
    f.call_index = launch.call_index;
    if (f.kernel) f.kernel->enqueue = launch.call_index;
  }
  if (result.contains("arguments"))
    for (const nlohmann::json& a : result["arguments"])
      r.arguments.push_back({a.value("index", 0u), a.value("name", std::string()), a.value("type", std::string())});
  if (result.value("status", std::string()) != "ok") {
    r.error = result.value("error", std::string("the re-run failed"));
    r.build_log = result.value("build_log", std::string());
    return r;
  }
  for (const nlohmann::json& out : result["outputs"])
    r.buffers.emplace_back(out.value("index", 0u), read_file(folder / out.value("file", std::string())));
  r.ok = true;
  return r;
}

std::optional<Mismatch::WorkItem> LaunchRunner::last_store(std::uint32_t argument, std::uint64_t offset,
                                                           std::uint64_t size, const DiffOptions& options) {
  if (!process_) return std::nullopt;
  const auto answer = process_->ask(fmt::format("writer {} {} {}", argument, offset, size), options.timeout_seconds);
  Mismatch::WorkItem w;
  if (!answer ||
      std::sscanf(answer->c_str(), "global %lu %lu %lu group %lu %lu %lu local %lu %lu %lu", &w.global[0],
                  &w.global[1], &w.global[2], &w.group[0], &w.group[1], &w.group[2], &w.local[0], &w.local[1],
                  &w.local[2]) != 9)
    return std::nullopt;
  return w;
}

Rerun rerun_launch(trace::Reader& reader, const KernelLaunch& launch, const DiffOptions& options) {
  LaunchRunner runner;
  return runner.rerun(reader, launch, options);
}

LaunchDiff diff_launch(trace::Reader& reader, const KernelLaunch& launch, const DiffOptions& options) {
  LaunchRunner runner;
  return runner.diff(reader, launch, options);
}

LaunchDiff LaunchRunner::diff(trace::Reader& reader, const KernelLaunch& launch, const DiffOptions& options) {
  LaunchDiff d;
  d.call_index = launch.call_index;
  d.kernel = launch.kernel_name;
  d.work_dim = launch.work_dim;
  d.offset = launch.offset;
  d.global = launch.global;
  d.has_local = launch.has_local;
  if (launch.has_local) d.local = launch.local;
  if (!launch.rerunnable()) {
    d.reason = launch.problems.front();
    for (std::size_t i = 1; i < launch.problems.size(); ++i) d.reason += "; " + launch.problems[i];
    return d;
  }
  if (!launch.has_after) {
    d.reason = "the trace holds no buffer contents after the launch (the reads did not complete)";
    return d;
  }
  Rerun rerun = this->rerun(reader, launch, options);
  d.target = rerun.target;
  d.findings = std::move(rerun.findings);
  if (!rerun.ok) {
    d.status = LaunchDiff::Status::Failed;
    d.reason = rerun.error;
    d.build_log = rerun.build_log;
    return d;
  }

  const Accuracy accuracy = launch.program_kind == ProgramKind::Source
                                ? accuracy_of(launch.program, launch.build_options)
                                : accuracy_of("", launch.build_options);
  for (const auto& [index, reference] : rerun.buffers) {
    const KernelArgument& arg = launch.arguments[index];
    auto device = bytes_of(reader, arg.after);
    if (!device) continue;  // that read failed when the trace was recorded
    std::string type_name, name;
    for (const Rerun::Argument& a : rerun.arguments)
      if (a.index == index) {
        type_name = a.type;
        name = a.name;
      }
    if (type_name.empty() && launch.program_kind == ProgramKind::Source) {
      // No kernel argument info from the target: the kernel's own definition says.
      const std::vector<std::string> types = parameter_types(launch.program, launch.kernel_name);
      if (index < types.size()) type_name = types[index];
    }
    const ElementType type = element_type(type_name);
    const std::uint64_t element_bytes = std::uint64_t{type.scalar_size} * type.lanes;
    ArgumentDiff a = compare_buffers(
        *device, reference, type, tolerance_for(type, accuracy, options), [&](std::uint64_t i, Mismatch& m) {
          m.writer = last_store(index, i * type.scalar_size, type.scalar_size, options);
          m.work_item = m.writer ? describe(*m.writer, launch.work_dim) + " (its last store on the reference device)"
                                 : writer_of(launch, device->size() / element_bytes, i / type.lanes);
        });
    a.index = index;
    a.name = name;
    if (a.type.empty()) a.type = "unknown element type: compared byte by byte";
    if (a.first && (a.first->writer || a.first->work_item.rfind("unknown", 0) == 0))
      if (std::string seen = writer_found(d.findings, index, a.first->element * type.scalar_size, type.scalar_size);
          !seen.empty())
        a.first->work_item = a.first->writer ? a.first->work_item + "; " + seen : seen;
    d.arguments.push_back(std::move(a));
  }
  d.status = d.mismatches() ? LaunchDiff::Status::Different : LaunchDiff::Status::Same;
  if (d.status == LaunchDiff::Status::Same && d.compared() == 0) {
    // Nothing compared is not "the same": the trace holds none of the launch's buffers after it.
    d.status = LaunchDiff::Status::NotRun;
    d.reason = "nothing to compare: the trace holds none of its buffers after the launch";
  }
  return d;
}

}  // namespace clvet::replay
