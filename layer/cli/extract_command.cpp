// `clvet extract TRACE --enqueue N -o DIR`: one kernel launch of a trace cut out as a
// reproducer that runs alone: DIR/launch.clvt (a trace `clvet replay` and `clvet diff` take),
// and DIR/launch.c with the files it reads (a C program that needs only libOpenCL).
#include <fmt/format.h>

#include <filesystem>

#include "clvet/replay/launch.h"
#include "clvet/trace/reader.h"
#include "commands.h"

namespace clvet::cli {
namespace {

struct ExtractOptions {
  std::string file;
  std::uint64_t enqueue = 0;
  std::string output;
};

int extract(const ExtractOptions& o) {
  std::string error;
  auto reader = trace::Reader::open(o.file, error);
  if (!reader) {
    fmt::print(stderr, "{}\n", error);
    return 2;
  }
  const std::vector<replay::KernelLaunch> launches = replay::read_launches(*reader);
  for (const std::string& problem : reader->problems()) fmt::print(stderr, "error: {}\n", problem);
  const replay::KernelLaunch* launch = nullptr;
  std::string calls;
  for (const replay::KernelLaunch& l : launches) {
    if (l.call_index == o.enqueue) launch = &l;
    calls += fmt::format("{}#{} \"{}\"", calls.empty() ? "" : ", ", l.call_index, l.kernel_name);
  }
  if (launch == nullptr) {
    fmt::print(stderr, "{}: call {} is not a kernel launch; the launches are: {}\n", o.file, o.enqueue,
               calls.empty() ? "none" : calls);
    return 2;
  }
  if (!launch->rerunnable()) {
    fmt::print(stderr, "{}: call {} cannot run alone:\n", o.file, o.enqueue);
    for (const std::string& problem : launch->problems) fmt::print(stderr, "  {}\n", problem);
    return 2;
  }
  std::error_code ec;
  std::filesystem::create_directories(o.output, ec);
  const std::string trace_path = (std::filesystem::path(o.output) / "launch.clvt").string();
  if (!replay::write_launch_trace(*reader, *launch, trace_path, error) ||
      !replay::write_launch_program(*reader, *launch, o.output, error)) {
    fmt::print(stderr, "{}\n", error);
    return 2;
  }
  fmt::print("{}: call #{}, kernel \"{}\", {} arguments{}\n", o.output, launch->call_index,
             launch->kernel_name, launch->arguments.size(),
             launch->has_after ? "" : " (the trace has no buffer contents after it: nothing to compare)");
  fmt::print("  {}  a trace of that launch alone (clvet replay, clvet diff)\n", trace_path);
  fmt::print("  {}/launch.c  the same with only libOpenCL: cc launch.c -o launch -lOpenCL && ./launch\n",
             o.output);
  return 0;
}

}  // namespace

void add_extract_command(CLI::App& app) {
  static ExtractOptions options;
  auto* cmd = app.add_subcommand(
      "extract", "Cut one kernel launch out of a trace: a trace and a C program that run it alone");
  cmd->add_option("file", options.file, "the trace (.clvt), recorded with --trace-kernel-buffers=1")
      ->required();
  cmd->add_option("--enqueue", options.enqueue, "the call index of the clEnqueueNDRangeKernel")->required();
  cmd->add_option("-o,--output", options.output, "the folder to write into (made if missing)")->required();
  cmd->callback([] { set_exit_status(extract(options)); });
}

}  // namespace clvet::cli
