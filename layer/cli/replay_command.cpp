// `clvet replay TRACE`: re-issues a trace's calls on a platform the ICD loader offers (the
// reference device among them), optionally comparing what the application read with what it
// reads now, and says how far it got and why it stopped. With --contents it writes a memory
// object's bytes at the call it reached (the GUI's buffer and image viewers run it so, in a
// process of its own that they can stop).
#include <unistd.h>

#include <fmt/format.h>

#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "clvet/replay/controller.h"
#include "clvet/trace/print.h"
#include "commands.h"
#include "own_files.h"

namespace clvet::cli {
namespace {

// Exit statuses: replayed (and, with --verify, the same); a divergence, a failure or an
// unsupported call stopped it; the trace or the platform could not be opened.
constexpr int kDiverged = 1;
constexpr int kUnusable = 2;

struct ReplayOptions {
  std::string file;
  std::string platform;
  std::vector<std::string> devices;  // --device N and --device K=N, each possibly comma-separated
  std::uint64_t to = 0;
  bool verify = false;
  bool skip_unsupported = false;
  bool list_platforms = false;
  std::string contents;  // "mem#5" (or "5"): write its bytes at --to
  std::string output;    // where --contents writes them; empty or "-": stdout
  bool progress = false; // "progress DONE TOTAL" lines on stderr, for a program to read
  std::string threads = "one";  // "recorded": a host thread per recorded thread
};

// A folder of .icd files for the loader (ocl-icd reads OCL_ICD_VENDORS as a folder or one
// file), made for this run and removed when clvet exits: clvet.icd naming the reference
// device found from clvet's own location, and with `others` the .icd files OCL_ICD_VENDORS
// named (or the system's), so that the reference device is one platform among them.
std::string reference_vendors(bool others) {
  namespace fs = std::filesystem;
  const fs::path device = own_file("libclvet-device.so");
  if (!fs::exists(device))
    throw CLI::RuntimeError(fmt::format("clvet: the reference device is missing ({})", device.string()), 2);
  std::string folder = (fs::temp_directory_path() / "clvet-replay-icd-XXXXXX").string();
  if (mkdtemp(folder.data()) == nullptr)
    throw CLI::RuntimeError("clvet: cannot create a folder for the reference device's .icd", 2);
  static std::vector<std::string> made;
  if (made.empty()) std::atexit([] {
      for (const std::string& f : made) std::filesystem::remove_all(f);
    });
  made.push_back(folder);
  std::ofstream(fs::path(folder) / "clvet.icd") << device.string() << "\n";
  if (!others) return folder;
  std::error_code ec;
  const char* vendors = std::getenv("OCL_ICD_VENDORS");
  const fs::path listed = vendors != nullptr && *vendors != '\0' ? fs::path(vendors) : fs::path("/etc/OpenCL/vendors");
  if (fs::is_directory(listed, ec)) {
    for (const auto& entry : fs::directory_iterator(listed, ec))
      if (entry.path().extension() == ".icd" && entry.path().filename() != "clvet.icd")
        fs::copy_file(entry.path(), fs::path(folder) / entry.path().filename(), ec);
  } else if (fs::exists(listed, ec) && listed.filename() != "clvet.icd") {
    fs::copy_file(listed, fs::path(folder) / listed.filename(), ec);
  }
  return folder;
}

// Clears the bar's line, where the replay ends and where it stops early (--to, an error).
void erase_progress() { fmt::print(stderr, "\r{:80}\r", ""); }

// A bar on stderr when it is a terminal: done/total calls.
void show_progress(std::uint64_t done, std::uint64_t total) {
  constexpr int kWidth = 40;
  const int filled = total == 0 ? kWidth : static_cast<int>(kWidth * done / total);
  fmt::print(stderr, "\rreplay [{}{}] {:3}% {}/{} calls", std::string(filled, '#'),
             std::string(kWidth - filled, '.'), total == 0 ? 100 : 100 * done / total, done, total);
  if (done == total) erase_progress();
}

// "progress DONE TOTAL" on stderr, one line at a time: what the GUI reads to fill its bar.
void report_progress(std::uint64_t done, std::uint64_t total) {
  fmt::print(stderr, "progress {} {}\n", done, total);
  std::fflush(stderr);
}

// "mem#5" or "5": a memory object of the trace.
std::optional<trace::Handle> parse_mem(const std::string& text) {
  std::string_view id = text;
  if (const auto hash = id.find('#'); hash != std::string_view::npos) {
    if (id.substr(0, hash) != "mem") return std::nullopt;
    id.remove_prefix(hash + 1);
  }
  std::uint64_t number = 0;
  const auto [end, ec] = std::from_chars(id.data(), id.data() + id.size(), number);
  if (ec != std::errc() || end != id.data() + id.size() || id.empty()) return std::nullopt;
  return trace::Handle{api::ObjectKind::Mem, number};
}

// The bytes of a buffer, or else of an image, at the replay's position, written to `output`.
int write_contents(replay::Controller& replay, const trace::Handle& mem, const std::string& output) {
  std::string error;
  auto bytes = replay.buffer_contents(mem, error);
  if (!bytes && error.find("is not a buffer") != std::string::npos) bytes = replay.image_contents(mem, error);
  if (!bytes) {
    fmt::print(stderr, "clvet replay: {}\n", error);
    return kDiverged;
  }
  if (output.empty() || output == "-") {
    std::fwrite(bytes->data(), 1, bytes->size(), stdout);
    return std::fflush(stdout) == 0 ? 0 : kUnusable;
  }
  std::ofstream out(output, std::ios::binary);
  out.write(reinterpret_cast<const char*>(bytes->data()), static_cast<std::streamsize>(bytes->size()));
  if (!out.flush()) {
    fmt::print(stderr, "clvet replay: cannot write {}\n", output);
    return kUnusable;
  }
  return 0;
}

// --device's values: N (the device the trace's devices map to from) and K=N (the trace's
// device K to the platform's device N), into `target`; false with a message when one is not.
bool parse_devices(const std::vector<std::string>& texts, replay::Target& target) {
  auto number = [](std::string_view text, std::size_t& out) {
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
    return ec == std::errc() && end == text.data() + text.size() && !text.empty();
  };
  for (const std::string& text : texts)
    for (std::size_t start = 0; start <= text.size();) {
      std::size_t comma = text.find(',', start);
      if (comma == std::string::npos) comma = text.size();
      const std::string_view item = std::string_view(text).substr(start, comma - start);
      start = comma + 1;
      const std::size_t equals = item.find('=');
      std::size_t k = 0, n = 0;
      const bool ok = equals == std::string_view::npos
                          ? number(item, target.device)
                          : number(item.substr(0, equals), k) && number(item.substr(equals + 1), n);
      if (!ok) {
        fmt::print(stderr, "clvet replay: --device takes N or RECORDED=N (device numbers from 0), not '{}'\n", item);
        return false;
      }
      if (equals != std::string_view::npos) target.devices.emplace_back(k, n);
    }
  return true;
}

int list_platforms() {
  setenv("OCL_ICD_VENDORS", reference_vendors(true).c_str(), 1);
  for (const replay::PlatformChoice& p : replay::Controller::platforms()) {
    fmt::print("{}: {} ({}, {}){}\n", p.index, p.name, p.vendor, p.version,
               p.reference ? "  [--platform reference]" : "");
    for (std::size_t d = 0; d < p.devices.size(); ++d) fmt::print("   device {}: {}\n", d, p.devices[d]);
  }
  return 0;
}

int replay_trace(const ReplayOptions& o) {
  if (o.list_platforms) return list_platforms();
  if (o.file.empty()) {
    fmt::print(stderr, "clvet replay: a trace file is required\n");
    return kUnusable;
  }
  // The reference device alone: ocl-icd asks every platform of several for its GPUs to sort
  // them, which the reference device answers with an error and reports as a finding.
  if (o.platform == "reference" || o.platform == "clvet")
    setenv("OCL_ICD_VENDORS", reference_vendors(false).c_str(), 1);
  std::optional<trace::Handle> contents;
  if (!o.contents.empty() && !(contents = parse_mem(o.contents))) {
    fmt::print(stderr, "clvet replay: --contents takes a memory object as mem#ID, not '{}'\n", o.contents);
    return kUnusable;
  }
  std::string error;
  auto replay = replay::Controller::open(o.file, error);
  if (!replay) {
    fmt::print(stderr, "clvet replay: {}\n", error);
    return kUnusable;
  }
  for (const std::string& note : replay->trace_notes()) fmt::print(stderr, "note: {}\n", note);
  replay::Target target;
  target.platform = o.platform;
  if (!parse_devices(o.devices, target)) return kUnusable;
  target.verify = o.verify;
  target.skip_unsupported = o.skip_unsupported;
  target.recorded_threads = o.threads == "recorded";
  if (!replay->select(target, error)) {
    fmt::print(stderr, "clvet replay: {}\n", error);
    return kUnusable;
  }
  const replay::PlatformChoice& on = replay->selected();
  const bool bar = !o.progress && isatty(STDERR_FILENO) != 0 && replay->calls().size() >= 10000;
  if (o.progress) replay->on_progress(report_progress);
  else if (bar) replay->on_progress(show_progress);
  const std::uint64_t to = o.to == 0 ? std::numeric_limits<std::uint64_t>::max() : o.to;
  const replay::Outcome outcome = replay->seek(to);
  if (bar) erase_progress();
  if (contents) {
    // Only the bytes go to stdout: what replay did is said on stderr.
    for (const std::string& problem : replay->trace_problems()) fmt::print(stderr, "error: {}\n", problem);
    if (outcome == replay::Outcome::Stopped) {
      fmt::print(stderr, "replay stopped: {}\n", replay->stop_reason());
      return kDiverged;
    }
    for (const replay::Skipped& s : replay->skipped())
      fmt::print(stderr, "skipped: call {} {}: {}\n", s.call, s.entry, s.reason);
    return write_contents(*replay, *contents, o.output);
  }

  fmt::print("{} on {} (device {}: {}): {} calls replayed up to call {}", o.file, on.name, target.device,
             target.device < on.devices.size() ? on.devices[target.device] : std::string("?"),
             replay->replayed_count(), replay->position());
  if (replay->failed_when_recorded() != 0)
    fmt::print(", {} not re-issued (they failed when recorded)", replay->failed_when_recorded());
  fmt::print("\n");
  for (const replay::DeviceMapping& m : replay->device_mapping())
    fmt::print("device: the trace's device {} ({}{}) on device {}: {} ({})\n", m.ordinal,
               trace::format_handle(m.recorded), m.used ? "" : ", only asked about", m.device,
               m.device < on.devices.size() ? on.devices[m.device] : std::string("?"), m.how);
  int status = 0;
  for (const std::string& note : replay->notes()) fmt::print("note: {}\n", note);
  for (const replay::Skipped& s : replay->skipped())
    fmt::print("skipped: call {} {}: {}\n", s.call, s.entry, s.reason);
  for (const std::string& problem : replay->trace_problems()) {
    fmt::print(stderr, "error: {}\n", problem);
    fmt::print(stderr, "the trace is damaged: replay went up to its last whole call, {}\n",
               replay->position());
    status = kDiverged;
  }
  if (outcome == replay::Outcome::Stopped) {
    fmt::print(stderr, "replay stopped: {}\n", replay->stop_reason());
    status = kDiverged;
  }
  if (o.verify) {
    const auto& divergences = replay->divergences();
    if (divergences.empty()) {
      fmt::print("verify: {} reads and answers compared, all the same as recorded\n",
                 replay->compared_count());
    } else {
      fmt::print("verify: {} of {} reads and answers compared differ; the first:\n  {}\n",
                 divergences.size(), replay->compared_count(), divergences.front().describe());
      for (std::size_t i = 1; i < divergences.size() && i < 10; ++i)
        fmt::print("  then {}\n", divergences[i].describe());
      status = kDiverged;
    }
  }
  return status;
}

}  // namespace

void add_replay_command(CLI::App& app) {
  static ReplayOptions options;
  auto* cmd = app.add_subcommand(
      "replay", "re-issue a trace's calls on a platform of the ICD loader (the reference device "
                "among them) and, with --verify, compare what the application read");
  cmd->add_option("trace", options.file, "the trace (.clvt) recorded by clvet run");
  cmd->add_option("--platform", options.platform,
                  "the platform: its index, its name or a unique part of it, or reference (clvet's "
                  "reference device); default: the loader's first");
  cmd->add_option("--device", options.devices,
                  "N: the platform's device that the trace's devices map to, the first the trace "
                  "uses to device N, the next to the device after it (default 0); K=N: the "
                  "trace's device K to device N (repeat, or separate with commas; several may "
                  "share one). Replay says how it mapped them and refuses a platform with fewer "
                  "devices than the trace uses, unless --skip-unsupported lets them share one");
  cmd->add_option("--to", options.to, "stop after this call index (default: the trace's end)");
  cmd->add_flag("--verify", options.verify,
                "compare every blocking read and every clGet*Info answer that does not depend on "
                "the platform with the recorded bytes; name the first divergence");
  cmd->add_flag("--skip-unsupported", options.skip_unsupported,
                "skip calls that need what the target lacks (an extension, an image format, fp64, "
                "a larger work-group), and list them, instead of stopping");
  cmd->add_option("--threads", options.threads,
                  "one: every call issued from one host thread; recorded: each recorded thread's "
                  "calls from a host thread of its own, still in the recorded global order")
      ->check(CLI::IsMember({"one", "recorded"}))
      ->default_val("one");
  cmd->add_flag("--list-platforms", options.list_platforms, "list the platforms and devices and exit");
  cmd->add_option("--contents", options.contents,
                  "write this memory object's bytes (mem#ID: a buffer's, or an image's pixels with "
                  "rows packed) as they are after --to, instead of the summary");
  cmd->add_option("--output", options.output, "with --contents: the file to write them to (default: stdout)");
  cmd->add_flag("--progress", options.progress,
                "say how far replay is as lines 'progress DONE TOTAL' on stderr");
  cmd->callback([] { set_exit_status(replay_trace(options)); });
}

}  // namespace clvet::cli
