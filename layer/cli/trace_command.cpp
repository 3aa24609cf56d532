// `clvet trace dump|info|export`: reads a trace recorded by the layer and prints it as text,
// summarises it, or exports its timeline for Perfetto.
#include <fmt/format.h>

#include <cstdio>
#include <fstream>
#include <map>

#include "clvet/trace/perfetto.h"
#include "clvet/trace/print.h"
#include "clvet/trace/reader.h"
#include "commands.h"

namespace clvet::cli {
namespace {

// Exit statuses of the trace commands: what was asked was done; the trace is damaged (what
// could be read was); the trace could not be read at all.
constexpr int kDamaged = 1;
constexpr int kUnreadable = 2;

std::unique_ptr<trace::Reader> open_trace(const std::string& path, bool skip_damage) {
  trace::ReadOptions options;
  options.skip_damage = skip_damage;
  std::string error;
  auto reader = trace::Reader::open(path, error, options);
  if (!reader) fmt::print(stderr, "{}\n", error);
  return reader;
}

// Prints what the reader found wrong or worth knowing; the status the command ends with.
int report_reading(const trace::Reader& reader) {
  for (const std::string& note : reader.notes()) fmt::print(stderr, "note: {}\n", note);
  for (const std::string& problem : reader.problems()) fmt::print(stderr, "error: {}\n", problem);
  return reader.problems().empty() ? 0 : kDamaged;
}

struct DumpOptions {
  std::string file;
  std::uint64_t call = 0;
  std::string range;
  bool all = false;
  bool skip_damage = false;
  bool no_times = false;
};

std::pair<std::uint64_t, std::uint64_t> parse_range(const std::string& range) {
  const std::size_t colon = range.find(':');
  try {
    if (colon == std::string::npos) throw std::invalid_argument("no colon");
    const std::uint64_t first = std::stoull(range.substr(0, colon));
    const std::uint64_t last = std::stoull(range.substr(colon + 1));
    if (first == 0 || last < first) throw std::invalid_argument("empty");
    return {first, last};
  } catch (const std::exception&) {
    throw CLI::ValidationError("--range", "expected A:B with 1 <= A <= B, got \"" + range + "\"");
  }
}

int dump(const DumpOptions& o) {
  auto reader = open_trace(o.file, o.skip_damage);
  if (!reader) return kUnreadable;
  trace::PrintOptions print;
  print.times = !o.no_times;
  if (o.call || !o.range.empty()) {
    const auto [first, last] = o.call ? std::pair{o.call, o.call} : parse_range(o.range);
    int status = 0;
    for (std::uint64_t n = first; n <= last; ++n) {
      auto call = reader->call(n);
      if (!call) {
        fmt::print(stderr, "{}: there is no call {} in the trace\n", o.file, n);
        status = kDamaged;
        continue;
      }
      fmt::print("{}", trace::format_call(*call, print));
    }
    return std::max(status, report_reading(*reader));
  }
  // A CallEnter record is shown only if its Call never came: the call was in progress when
  // the process died (or the trace was cut).
  std::map<std::uint64_t, trace::Call> entered;
  trace::RecordView r;
  while (reader->next(r)) {
    if (o.all) {
      fmt::print("{}", trace::format_record(*reader, r, print));
      continue;
    }
    if (r.kind != trace::RecordKind::Call && r.kind != trace::RecordKind::CallEnter) continue;
    trace::Call call;
    if (!reader->decode(r, call)) continue;
    if (!call.completed) {
      entered.emplace(call.index, std::move(call));
      continue;
    }
    entered.erase(call.index);
    fmt::print("{}", trace::format_call(call, print));
  }
  for (const auto& [index, call] : entered) {
    fmt::print("{}", trace::format_call(call, print));
    fmt::print(stderr, "note: {}: call {} ({}) never returned\n", o.file, index, call.name);
  }
  return report_reading(*reader);
}

int info(const std::string& file) {
  auto reader = open_trace(file, false);
  if (!reader) return kUnreadable;
  const trace::TraceInfo& i = reader->info();
  fmt::print("{}: clvet trace format {}.{}, {} bytes, {}\n", file, i.major, i.minor, i.file_size,
             i.closed_cleanly ? "closed cleanly" : "not closed (the process died or is running)");
  std::map<std::string_view, std::uint64_t> counts;
  std::uint64_t blob_bytes = 0, blob_stored = 0;
  trace::RecordView r;
  while (reader->next(r)) {
    ++counts[trace::to_string(r.kind)];
    if (r.kind == trace::RecordKind::ProcessInfo) {
      trace::ProcessInfo p;
      if (reader->decode(r, p)) fmt::print("{}", trace::format(p));
    } else if (r.kind == trace::RecordKind::Platform) {
      trace::Platform p;
      if (reader->decode(r, p)) fmt::print("{}", trace::format(p));
    } else if (r.kind == trace::RecordKind::Blob) {
      trace::BlobInfo b;
      if (reader->decode(r, b)) {
        blob_bytes += b.size;
        blob_stored += b.stored_size;
      }
    }
  }
  for (const auto& [kind, count] : counts) fmt::print("  {:<16} {}\n", kind, count);
  if (blob_bytes) fmt::print("  blob data        {} bytes stored as {}\n", blob_bytes, blob_stored);
  return report_reading(*reader);
}

int export_perfetto(const std::string& file, const std::string& output) {
  auto reader = open_trace(file, false);
  if (!reader) return kUnreadable;
  std::ofstream out(output);
  if (!out) {
    fmt::print(stderr, "{}: cannot be written\n", output);
    return kUnreadable;
  }
  const trace::PerfettoStats stats = trace::export_perfetto(*reader, out);
  out.close();
  fmt::print(stderr, "{}: {} calls, {} device commands, {} findings (open it in ui.perfetto.dev)\n",
             output, stats.calls, stats.device_commands, stats.findings);
  return report_reading(*reader);
}

}  // namespace

void add_trace_command(CLI::App& app) {
  auto* trace = app.add_subcommand("trace", "Read a trace recorded by the clvet layer");
  trace->require_subcommand(1);

  static DumpOptions dump_options;
  auto* dump_cmd = trace->add_subcommand("dump", "Print the calls of a trace as text");
  dump_cmd->add_option("file", dump_options.file, "the trace (.clvt)")->required();
  dump_cmd->add_option("--call", dump_options.call, "print only call N (found through the index)");
  dump_cmd->add_option("--range", dump_options.range, "print calls A to B, both included (A:B)");
  dump_cmd->add_flag("--all", dump_options.all,
                     "print every record: objects, blobs, device commands, findings...");
  dump_cmd->add_flag("--skip-damage", dump_options.skip_damage,
                     "after damage, go on at the next whole record instead of stopping");
  dump_cmd->add_flag("--no-times", dump_options.no_times, "leave out threads and times");
  dump_cmd->callback([] { set_exit_status(dump(dump_options)); });

  static std::string info_file;
  auto* info_cmd = trace->add_subcommand("info", "Summarise a trace: process, platforms, records");
  info_cmd->add_option("file", info_file, "the trace (.clvt)")->required();
  info_cmd->callback([] { set_exit_status(info(info_file)); });

  static std::string export_file, export_output;
  static bool perfetto = false;
  auto* export_cmd = trace->add_subcommand(
      "export", "Export a trace's timeline: host calls per thread, device commands per queue");
  export_cmd->add_flag("--perfetto", perfetto,
                       "Chrome/Perfetto trace-event JSON (the only format for now)")
      ->required();
  export_cmd->add_option("file", export_file, "the trace (.clvt)")->required();
  export_cmd->add_option("-o,--output", export_output, "the JSON file to write")->required();
  export_cmd->callback([] { set_exit_status(export_perfetto(export_file, export_output)); });
}

}  // namespace clvet::cli
