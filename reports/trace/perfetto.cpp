// Export to the Trace Event Format that Perfetto and chrome://tracing read. Events are
// written one by one, so a trace of millions of calls never sits in memory as JSON.
#include "clvet/trace/perfetto.h"

#include <nlohmann/json.hpp>

#include <map>
#include <optional>
#include <set>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "clvet/reports/finding.h"
#include "clvet/trace/cl_names.h"
#include "clvet/trace/print.h"

namespace clvet::trace {
namespace {

using json = nlohmann::ordered_json;

// The device timeline is its own process in the viewer, beside the application's.
std::uint64_t device_pid(std::uint64_t pid) { return pid + 1'000'000'000; }

double micros(std::int64_t ns) { return static_cast<double>(ns) / 1000.0; }

// What the first pass learns.
struct Layout {
  std::uint64_t pid = 0;
  std::string process_name = "application";
  std::set<std::uint64_t> threads;
  std::set<std::uint64_t> queues;
  std::unordered_map<std::uint64_t, std::uint64_t> queue_device;   // queue id -> device id
  std::unordered_map<std::uint64_t, std::vector<ClockSync>> device_syncs;  // by device id
  std::unordered_map<std::uint64_t, std::int64_t> queue_offset;    // guessed, per queue
  std::unordered_set<std::uint64_t> enqueues;  // calls that have a device command
};

class EventWriter {
 public:
  explicit EventWriter(std::ostream& out) : out_(out) { out_ << "{\"displayTimeUnit\":\"ns\",\"traceEvents\":[\n"; }
  void add(const json& event) {
    if (!first_) out_ << ",\n";
    first_ = false;
    // Strings from the trace are bytes, not always UTF-8: replace what is not.
    out_ << event.dump(-1, ' ', false, json::error_handler_t::replace);
  }
  void finish() { out_ << "\n]}\n"; }

 private:
  std::ostream& out_;
  bool first_ = true;
};

Layout learn(Reader& reader) {
  Layout layout;
  std::unordered_map<std::uint64_t, std::pair<std::uint64_t, std::uint64_t>> first_command;  // queue -> (call, queued)
  RecordView r;
  reader.rewind();
  while (reader.next(r)) {
    switch (r.kind) {
      case RecordKind::ProcessInfo: {
        ProcessInfo info;
        if (!reader.decode(r, info)) break;
        layout.pid = info.pid;
        if (!info.command_line.empty()) layout.process_name = info.command_line[0];
        break;
      }
      case RecordKind::Call:
      case RecordKind::CallEnter: {
        // The thread is the call's second field; no need to decode the whole call here.
        Call c;
        if (reader.decode(r, c)) layout.threads.insert(c.thread);
        break;
      }
      case RecordKind::Object: {
        ObjectEvent e;
        if (!reader.decode(r, e) || e.object.kind != api::ObjectKind::CommandQueue) break;
        for (const Handle& parent : e.parents)
          if (parent.kind == api::ObjectKind::Device) layout.queue_device[e.object.id] = parent.id;
        break;
      }
      case RecordKind::ClockSync: {
        ClockSync s;
        if (reader.decode(r, s)) layout.device_syncs[s.device.id].push_back(s);
        break;
      }
      case RecordKind::DeviceCommand: {
        DeviceCommand c;
        if (!reader.decode(r, c)) break;
        layout.queues.insert(c.queue.id);
        layout.enqueues.insert(c.call_index);
        first_command.try_emplace(c.queue.id, c.call_index, c.queued);
        break;
      }
      default: break;
    }
  }
  // Without a clock pair, a command is taken to be queued when its enqueue call began.
  for (const auto& [queue, first] : first_command) {
    if (auto call = reader.call(first.first))
      layout.queue_offset[queue] =
          static_cast<std::int64_t>(call->enter_ns) - static_cast<std::int64_t>(first.second);
  }
  return layout;
}

// The device's clock pair for device time `at`: a timer reading where there is one, else an
// estimate (FORMAT.md, ClockSync); of those, the nearest in device time.
const ClockSync* sync_for(const std::vector<ClockSync>& syncs, std::uint64_t at) {
  bool timer = false;
  for (const ClockSync& s : syncs) timer = timer || s.method == ClockSync::Method::Timer;
  auto distance = [at](const ClockSync& s) {
    return s.device_ns > at ? s.device_ns - at : at - s.device_ns;
  };
  const ClockSync* best = nullptr;
  for (const ClockSync& s : syncs) {
    if (timer && s.method != ClockSync::Method::Timer) continue;
    if (best == nullptr || distance(s) < distance(*best)) best = &s;
  }
  return best;
}

// Host time minus device time for the commands of `queue` around device time `at`.
std::int64_t offset_for(const Layout& layout, std::uint64_t queue, std::uint64_t at) {
  auto device = layout.queue_device.find(queue);
  if (device != layout.queue_device.end()) {
    auto syncs = layout.device_syncs.find(device->second);
    if (syncs != layout.device_syncs.end())
      if (const ClockSync* s = sync_for(syncs->second, at))
        return static_cast<std::int64_t>(s->host_ns) - static_cast<std::int64_t>(s->device_ns);
  }
  auto guess = layout.queue_offset.find(queue);
  return guess == layout.queue_offset.end() ? 0 : guess->second;
}

std::string command_name(const DeviceCommand& c) {
  if (!c.label.empty()) return c.label;
  if (auto name = constant_name("cl_command_type", c.command_type)) return std::string(*name);
  return "command";
}

}  // namespace

PerfettoStats export_perfetto(Reader& reader, std::ostream& out) {
  const Layout layout = learn(reader);
  const std::uint64_t pid = layout.pid;
  const std::uint64_t dpid = device_pid(pid);
  PerfettoStats stats;
  EventWriter events(out);
  events.add({{"ph", "M"}, {"name", "process_name"}, {"pid", pid},
              {"args", {{"name", layout.process_name + " (host calls)"}}}});
  for (std::uint64_t tid : layout.threads)
    events.add({{"ph", "M"}, {"name", "thread_name"}, {"pid", pid}, {"tid", tid},
                {"args", {{"name", "thread " + std::to_string(tid)}}}});
  if (!layout.queues.empty()) {
    events.add({{"ph", "M"}, {"name", "process_name"}, {"pid", dpid},
                {"args", {{"name", "OpenCL device commands"}}}});
    for (std::uint64_t queue : layout.queues)
      events.add({{"ph", "M"}, {"name", "thread_name"}, {"pid", dpid}, {"tid", queue},
                  {"args", {{"name", "queue#" + std::to_string(queue)}}}});
  }

  std::unordered_map<std::uint64_t, Call> unfinished;  // CallEnter records not yet completed
  RecordView r;
  reader.rewind();
  while (reader.next(r)) {
    switch (r.kind) {
      case RecordKind::CallEnter: {
        Call c;
        if (reader.decode(r, c)) unfinished.emplace(c.index, std::move(c));
        break;
      }
      case RecordKind::Call: {
        Call c;
        if (!reader.decode(r, c)) break;
        unfinished.erase(c.index);
        ++stats.calls;
        const auto ts = static_cast<std::int64_t>(c.enter_ns);
        json args = {{"call", c.index}, {"error", reports::error_name(c.error)}};
        if (c.timed)
          events.add({{"name", c.name}, {"cat", "api"}, {"ph", "X"}, {"ts", micros(ts)},
                      {"dur", micros(static_cast<std::int64_t>(c.exit_ns - c.enter_ns))},
                      {"pid", pid}, {"tid", c.thread}, {"args", std::move(args)}});
        else  // returned, its end not timed: an instant, not a span of a made-up length
          events.add({{"name", c.name}, {"cat", "api"}, {"ph", "i"}, {"s", "t"}, {"ts", micros(ts)},
                      {"pid", pid}, {"tid", c.thread}, {"args", std::move(args)}});
        if (layout.enqueues.count(c.index))
          events.add({{"name", "enqueue"}, {"cat", "flow"}, {"ph", "s"}, {"id", c.index},
                      {"ts", micros(ts)}, {"pid", pid}, {"tid", c.thread}});
        break;
      }
      case RecordKind::DeviceCommand: {
        DeviceCommand c;
        if (!reader.decode(r, c)) break;
        ++stats.device_commands;
        const std::int64_t offset = offset_for(layout, c.queue.id, c.start);
        const std::int64_t start = static_cast<std::int64_t>(c.start) + offset;
        json args = {{"call", c.call_index}, {"queued", c.queued}, {"submit", c.submit},
                     {"start", c.start}, {"end", c.end}};
        events.add({{"name", command_name(c)}, {"cat", "device"}, {"ph", "X"},
                    {"ts", micros(start)},
                    {"dur", micros(c.end >= c.start ? static_cast<std::int64_t>(c.end - c.start) : 0)},
                    {"pid", dpid}, {"tid", c.queue.id}, {"args", std::move(args)}});
        if (c.call_index)
          events.add({{"name", "enqueue"}, {"cat", "flow"}, {"ph", "f"}, {"bp", "e"},
                      {"id", c.call_index}, {"ts", micros(start)}, {"pid", dpid},
                      {"tid", c.queue.id}});
        break;
      }
      case RecordKind::Finding: {
        reports::Finding f;
        if (!reader.decode(r, f)) break;
        ++stats.findings;
        std::optional<Call> call = f.call_index ? reader.call(f.call_index) : std::nullopt;
        events.add({{"name", f.rule_id}, {"cat", "finding"}, {"ph", "i"}, {"s", call ? "t" : "g"},
                    {"ts", call ? micros(static_cast<std::int64_t>(call->enter_ns)) : 0.0},
                    {"pid", pid}, {"tid", call ? call->thread : 0},
                    {"args", {{"call", f.call_index}, {"text", reports::render_text(f)}}}});
        break;
      }
      default: break;
    }
  }
  for (const auto& [index, c] : unfinished)
    events.add({{"name", c.name + " (never returned)"}, {"cat", "api"}, {"ph", "i"}, {"s", "t"},
                {"ts", micros(static_cast<std::int64_t>(c.enter_ns))}, {"pid", pid},
                {"tid", c.thread}, {"args", {{"call", index}}}});
  events.finish();
  return stats;
}

}  // namespace clvet::trace
