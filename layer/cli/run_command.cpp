// `clvet run -- APP ARGS...`: runs APP with the layer under it on its own platforms;
// `clvet run --device=reference -- APP ARGS...`: with the reference device as its only
// platform. Either way the findings print at the end, and the exit status says whether
// there were any.
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fmt/format.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <sstream>
#include <optional>
#include <set>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "commands.h"
#include "device_profile.h"
#include "live_diff.h"
#include "loader.h"
#include "options.h"
#include "own_files.h"
#include "platform_probe.h"
#include "run_report.h"

namespace clvet::cli {
namespace {

// The trace of each process of the program, named after its process id, in the current folder.
constexpr const char* kDefaultTrace = "clvet-%p.clvt";

// Files and folders made for the program's run, removed when it ends.
std::vector<std::string>& made_for_the_run() {
  static std::vector<std::string> paths;
  return paths;
}

// What clvet run would say on stderr, kept as notes of the report instead when the report goes
// there as JSON or SARIF and must be alone.
std::vector<reports::Finding>& notes_of_the_run() {
  static std::vector<reports::Finding> notes;
  return notes;
}

// Says `text` (a line that starts "clvet: ") on stderr, or keeps it as note `id` of the report
// when the report is alone there.
void say(const std::string& id, const std::string& text) {
  if (!report_to_stderr_as_data()) {
    fmt::print(stderr, "{}\n", text);
    return;
  }
  constexpr std::string_view kPrefix = "clvet: ";
  notes_of_the_run().push_back(
      run_note(id, text.starts_with(kPrefix) ? text.substr(kPrefix.size()) : text));
}

// The environment the program runs in: variable -> value (empty value: unset it).
using Environment = std::vector<std::pair<std::string, std::string>>;

// The reference device as the only platform: a folder of one .icd file, made for the run,
// naming the device library found from clvet's own location (an installed tree's .icd names
// the place it was installed for, which a copy of the tree is not).
Environment reference_environment() {
  const std::filesystem::path device = own_file("libclvet-device.so");
  if (!std::filesystem::exists(device))
    throw CLI::RuntimeError(
        fmt::format("clvet: the reference device is missing ({})", device.string()), 2);
  char folder[] = "/tmp/clvet-icd-XXXXXX";
  if (mkdtemp(folder) == nullptr)
    throw CLI::RuntimeError("clvet: cannot create a folder for the reference device's .icd", 2);
  made_for_the_run().push_back(folder);
  std::ofstream(std::filesystem::path(folder) / "clvet.icd") << device.string() << "\n";
  return {{"OCL_ICD_VENDORS", folder}, {"OCL_ICD_FILENAMES", ""}};
}

// OPENCL_LAYERS names the layer (after any the user listed: ocl-icd makes the last one the
// outermost, the one that sees exactly what the application calls). A loader that ignores
// it is replaced for this run, and clvet says so.
Environment layer_environment(const std::string& program) {
  Environment env;
  const char* layers = std::getenv("OPENCL_LAYERS");
  const std::string layer = clvet_layer_path();
  env.emplace_back("OPENCL_LAYERS", layers && *layers ? std::string(layers) + ":" + layer : layer);
  const LoaderPlan plan = plan_loader(program, options::value("loader"));
  // A loader put in the application's loader's place may list the platforms in another order
  // (ocl-icd sorts GPUs first): the layer gives the application its own loader's order.
  PlatformOrderHandOver order;
  if (!plan.put_first.empty()) order = hand_over_platform_order(plan.application_loader);
  if (!plan.message.empty()) say("LoaderReplaced", plan.message + order.note);
  if (!order.value.empty()) env.emplace_back("CLVET_PLATFORM_ORDER", order.value);
  if (!plan.put_first.empty()) {
    const char* path = std::getenv("LD_LIBRARY_PATH");
    env.emplace_back("LD_LIBRARY_PATH",
                     path && *path ? plan.put_first + ":" + path : plan.put_first);
  }
  if (!plan.icd_dir.empty()) {
    env.emplace_back("OCL_ICD_VENDORS", plan.icd_dir);
    made_for_the_run().push_back(plan.icd_dir);
  }
  return env;
}

// The reports the application's processes wrote at exit into `folder` (CLVET_REPORT=folder/%p:
// a file per process, so that an application that starts others, a test runner or piglit,
// loses none of theirs), in the order they were written. `reported`: the ids of the processes
// that wrote theirs.
ExitReports read_process_reports(const std::filesystem::path& folder, std::set<long>& reported,
                                 std::string& error) {
  std::vector<std::filesystem::directory_entry> files;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(folder, ec))
    if (entry.is_regular_file()) files.push_back(entry);
  std::sort(files.begin(), files.end(), [](const auto& a, const auto& b) {
    return a.last_write_time() < b.last_write_time();
  });
  ExitReports all;
  for (const auto& file : files) {
    std::string unreadable;
    ExitReports one = read_exit_reports(file.path().string(), unreadable);
    if (!unreadable.empty()) error += (error.empty() ? "" : "; ") + unreadable;
    const std::string name = file.path().filename().string();
    if (one.reports > 0 && !name.empty() && name.find_first_not_of("0123456789") == std::string::npos &&
        name.size() < 10)
      reported.insert(std::stol(name));
    all.reports += one.reports;
    all.findings.insert(all.findings.end(), std::make_move_iterator(one.findings.begin()),
                        std::make_move_iterator(one.findings.end()));
  }
  return all;
}

// What a line of clvet run --diff says of the process whose launch it is: nothing for the
// program itself, "process N: " for one it started.
std::string live_label(const ProcessTrace& trace, long direct_child) {
  if (trace.pid == direct_child || trace.pid == 0) return "";
  return fmt::format("process {}: ", trace.pid);
}

// The report at the end of clvet run --diff: one per process's trace that holds kernel launches,
// the program's own first (the launches diffed while it ran taken as they were), all in one
// document: one JSON or SARIF document whatever the number of traces. With no launch anywhere,
// the program's own trace (`direct`) says so. 0: every re-run agreed; 1: some differed; 2:
// nothing was compared.
// What the diff would say on stderr of the traces goes to `said` where it is not NULL.
int diff_the_run(DiffCommand command, const std::vector<ProcessTrace>& traces,
                 const std::map<std::string, std::unique_ptr<LiveDiff>>& live, const std::string& direct,
                 std::vector<std::string>* said) {
  bool differed = false, compared = false;
  std::vector<replay::DiffReport> reports;
  for (const ProcessTrace& t : traces) {
    if (!holds_launches(t.path)) continue;
    command.file = t.path;
    const auto followed = live.find(t.path);
    TraceDiff diff = followed != live.end() ? diff_launches(command, followed->second->done(), said)
                                            : diff_launches(command, {}, said);
    differed = differed || diff.status == 1;
    compared = compared || diff.status == 0;
    if (diff.report) reports.push_back(std::move(*diff.report));
  }
  if (reports.empty()) {
    command.file = traces.empty() ? direct : traces.front().path;
    return diff_trace(command, {}, said);
  }
  if (!write_diff_reports(command, reports)) return 2;
  return differed ? 1 : compared ? 0 : 2;
}

// `diff`: the kernel launches diffed against the reference device while the program runs, each
// as soon as the trace holds its buffers after the kernel, and reported together once it has
// ended (clvet run --diff), or nullptr.
int run_program(const std::vector<std::string>& command, const Environment& environment,
                DiffCommand* diff) {
  if (command.empty()) throw CLI::ValidationError("run", "no program given after --");
  // The launches' buffers before and after each kernel are what the diff compares.
  if (diff != nullptr) setenv("CLVET_TRACE_KERNEL_BUFFERS", "1", 1);
  char report_folder[] = "/tmp/clvet-report-XXXXXX";
  if (mkdtemp(report_folder) == nullptr)
    throw CLI::RuntimeError("cannot create a temporary folder for the reports", 2);
  // A trace unless the user said none: one per process (%p: its id), in the current directory.
  const std::string user_trace = options::value("trace");
  const std::string trace_pattern = user_trace.empty() ? std::string(kDefaultTrace) : user_trace;
  // Every process of the run reports into the run's own folder: that tells its traces from
  // those of earlier runs, or of another clvet run in the same folder.
  const std::string run_report = std::string(report_folder) + "/%p";

  // Every process's trace, diffed as it grows: the program may start others under the layer,
  // and the one that launches kernels need not be the program itself (a script that runs it).
  std::map<std::string, std::unique_ptr<LiveDiff>> live;
  // Asked before the child's CLVET_REPORT becomes the run's folder.
  const bool report_alone = report_to_stderr_as_data();
  // Closed by a successful exec; otherwise the child writes its errno there, so that the parent
  // says why the program did not run, on stderr or in the report.
  int exec_failure[2] = {-1, -1};
  if (pipe2(exec_failure, O_CLOEXEC) != 0)
    throw CLI::RuntimeError(fmt::format("clvet: cannot make a pipe: {}", std::strerror(errno)), 2);
  pid_t child = fork();
  if (child == 0) {
    close(exec_failure[0]);
    for (const auto& [name, value] : environment) {
      if (value.empty())
        unsetenv(name.c_str());
      else
        setenv(name.c_str(), value.c_str(), 1);
    }
    // A report per process: the application may start others under the layer.
    setenv("CLVET_REPORT", run_report.c_str(), 1);
    // Read back and rendered by clvet as --report-format asks (run_report.h).
    setenv("CLVET_REPORT_FORMAT", "json", 1);
    // The report alone on stderr when it goes there as JSON or SARIF: the layer's notes (the
    // file each process records its trace into) are left out, as clvet's own are.
    if (report_alone) {
      setenv("CLVET_NOTES", "none", 1);
      setenv("CLVET_LIVE", "0", 1);  // each finding as it comes: the report holds them all
    }
    if (user_trace == "none")
      unsetenv("CLVET_TRACE");
    else if (user_trace.empty())
      setenv("CLVET_TRACE", kDefaultTrace, 1);
    std::vector<char*> argv;
    for (const std::string& arg : command) argv.push_back(const_cast<char*>(arg.c_str()));
    argv.push_back(nullptr);
    execvp(argv[0], argv.data());
    const int error = errno;
    if (write(exec_failure[1], &error, sizeof error) != sizeof error) _exit(126);
    _exit(127);
  }
  close(exec_failure[1]);
  int exec_error = 0;
  ssize_t got = 0;
  do got = read(exec_failure[0], &exec_error, sizeof exec_error);
  while (got < 0 && errno == EINTR);
  close(exec_failure[0]);
  if (got == sizeof exec_error)
    say("ProgramNotRun", fmt::format("clvet: cannot run {}: {}", command[0], std::strerror(exec_error)));
  int status = 0;
  if (diff != nullptr) {
    // The launches diffed while the program runs, as each process's trace receives them.
    for (;;) {
      const pid_t ended = waitpid(child, &status, WNOHANG);
      if (ended == child || (ended < 0 && errno != EINTR)) break;
      for (const ProcessTrace& t : traces_of_the_run(trace_pattern, child, run_report))
        if (!live.count(t.path))
          live.emplace(t.path, std::make_unique<LiveDiff>(*diff, t.path, live_label(t, child)));
      for (auto& [path, followed] : live) followed->poll();
      std::this_thread::sleep_for(std::chrono::milliseconds(200));
    }
  } else {
    waitpid(child, &status, 0);
  }

  for (const std::string& path : made_for_the_run()) std::filesystem::remove_all(path);
  // Nothing but the report on stderr when it goes there as JSON or SARIF.
  const bool quiet = report_to_stderr_as_data();
  // Every process's trace: the program may start others under the layer.
  const std::vector<ProcessTrace> traces =
      user_trace == "none" ? std::vector<ProcessTrace>{}
                           : traces_of_the_run(trace_pattern, child, run_report);
  for (const ProcessTrace& t : traces) say("TraceWritten", fmt::format("clvet: trace written to {}", t.path));

  std::string unreadable;
  std::set<long> reported;
  ExitReports written = read_process_reports(report_folder, reported, unreadable);
  std::filesystem::remove_all(report_folder);
  if (!unreadable.empty()) say("ReportNotRead", "clvet: " + unreadable);
  std::vector<reports::Finding> findings = std::move(written.findings);
  // A process that died, or left without running its exit handlers, wrote no report: its
  // findings are in its trace, written as they happened. Beside what the others reported.
  for (const ProcessTrace& t : traces) {
    const bool direct = t.pid == child || t.pid == 0;
    const bool ended_early = direct ? WIFSIGNALED(status) || (!reported.count(child) && unreadable.empty())
                                    : !reported.count(t.pid);
    if (!ended_early) continue;
    auto recorded = read_trace_findings(t.path);
    if (!recorded) continue;
    findings.insert(findings.end(), recorded->begin(), recorded->end());
    findings.push_back(direct ? ending_note(command[0], status, t.path)
                              : started_process_note(fmt::format("process {}", t.pid), t.path));
  }
  // How the program ended, said after the report on stderr, or a note of it when the report is
  // alone there (unless its trace's note says it already).
  if (quiet && WIFSIGNALED(status) &&
      std::none_of(findings.begin(), findings.end(),
                   [](const reports::Finding& f) { return f.rule_id == "ProcessEndedEarly"; }))
    notes_of_the_run().push_back(
        run_note("ProcessEndedEarly", fmt::format("{} was {}", command[0], how_it_ended(status))));
  // The launches diffed before the report, so that what the diff says of the traces (a damaged
  // one, one without launches) is a note of it when the report is alone on stderr.
  int diff_status = 0;
  if (diff != nullptr && !WIFSIGNALED(status)) {
    std::vector<std::string> said;
    diff_status = diff_the_run(*diff, traces, live, options::with_process_id_of(trace_pattern, child),
                               quiet ? &said : nullptr);
    // Once each: the trace's reader and the diff's may both tell of where the trace ends.
    std::sort(said.begin(), said.end());
    said.erase(std::unique(said.begin(), said.end()), said.end());
    for (const std::string& line : said)
      notes_of_the_run().push_back(run_note(line.starts_with("error: ")  ? "DiffTraceDamaged"
                                            : line.starts_with("note: ") ? "DiffTraceNote"
                                                                          : "DiffNothingCompared",
                                            line));
  }
  findings.insert(findings.end(), notes_of_the_run().begin(), notes_of_the_run().end());
  deliver_run_report(findings);
  if (WIFSIGNALED(status)) {
    if (!quiet) fmt::print(stderr, "clvet: {} was {}\n", command[0], how_it_ended(status));
    return 128 + WTERMSIG(status);
  }
  const int app_status = WIFEXITED(status) ? WEXITSTATUS(status) : 1;
  if (app_status != 0) return app_status;
  // Notes are reported but fail nothing: a program whose only findings are notes succeeds.
  return !any_failure(findings) && diff_status != 1 ? 0 : 1;
}

}  // namespace

void add_run_command(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "run",
      "Run a program under the clvet layer on its own OpenCL platforms (or, with "
      "--device=reference, on the reference device alone); report findings");
  static std::string device;
  static std::vector<std::string> command;
  static bool diff = false;
  static DiffCommand diff_options;
  cmd->add_flag("--diff", diff,
                "record each kernel's buffers (--trace-kernel-buffers=1), re-run each launch of "
                "every process of the program on the reference device while it runs and compare "
                "(a line on stderr each), then report them all when it has ended (clvet diff: a "
                "report per process's trace that holds launches)");
  cmd->add_option("--diff-against", diff_options.against,
                  "with --diff: reference, or a platform's index or a unique part of its name");
  cmd->add_option("--ulp", diff_options.ulp, "with --diff: floating-point results agree within this many ULPs");
  cmd->add_option("--abs", diff_options.abs, "with --diff: ... within this absolute difference");
  cmd->add_option("--rel", diff_options.rel, "with --diff: ... within this relative difference");
  cmd->add_option("--diff-format", diff_options.format, "with --diff: text, json or sarif")
      ->check(CLI::IsMember({"text", "json", "sarif"}));
  cmd->add_option("--diff-output", diff_options.output, "with --diff: write the diff to this file, not stdout");
  cmd->add_option("--device", device,
                  "reference: the clvet reference device as the only platform; without it, the "
                  "program's own platforms under the layer")
      ->check(CLI::IsMember({"reference"}));
  for (const options::Option& o : options::all()) {
    cmd->add_option_function<std::string>(
        std::string(o.flag),
        [env = std::string(o.env)](const std::string& v) { setenv(env.c_str(), v.c_str(), 1); },
        fmt::format("{} (env {}, default {})", o.description, o.env, o.fallback));
  }
  cmd->add_option("command", command, "the program and its arguments, after --")->required();
  cmd->callback([] {
    if (command.empty()) throw CLI::ValidationError("run", "no program given after --");
    if (diff && (device == "reference" || options::value("trace") == "none"))
      throw CLI::ValidationError("--diff", "needs the layer's trace: not with --device=reference or --trace=none");
    // A device profile by name becomes its file's path, read here first: a profile that cannot
    // be used stops the run before the program starts, not as a line the device prints.
    if (const std::string given = options::value("device_profile"); !given.empty()) {
      const std::string path = profile::find(given, {own_file("profiles").string()});
      if (path.empty())
        throw CLI::ValidationError("--device-profile", "'" + given + "' is neither a profile's "
                                   "file nor a name among `clvet profile --list`");
      std::string error;
      if (!profile::load(path, error)) throw CLI::ValidationError("--device-profile", path + ": " + error);
      setenv("CLVET_DEVICE_PROFILE", std::filesystem::absolute(path).c_str(), 1);
      if (device != "reference")
        std::fprintf(stderr, "clvet: --device-profile changes the reference device only "
                             "(--device=reference)\n");
    }
    set_exit_status(run_program(command,
                                device == "reference" ? reference_environment() : layer_environment(command[0]),
                                diff ? &diff_options : nullptr));
  });
}

void add_options_command(CLI::App& app) {
  auto* cmd = app.add_subcommand("options", "List clvet's options (environment and flags)");
  static bool markdown = false, man = false;
  cmd->add_flag("--markdown", markdown, "as the README's Markdown table");
  cmd->add_flag("--man", man, "as the man page's roff list");
  cmd->callback([] {
    if (markdown) {
      fmt::print("{}", options::markdown_table());
      return;
    }
    if (man) {
      fmt::print("{}", options::roff_list());
      return;
    }
    for (const options::Option& o : options::all())
      fmt::print("{:<22} {:<18} default {:<8} {}\n", o.env, o.flag, o.fallback, o.description);
  });
}

}  // namespace clvet::cli
