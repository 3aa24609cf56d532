// Reads a trace's calls once and puts them in the recorded global order.
#include "call_order.h"

#include <algorithm>
#include <set>
#include <string_view>
#include <tuple>
#include <unordered_map>

#include "clvet/rules/api.h"

namespace clvet::replay {
namespace {

std::uint64_t key(trace::Handle h) { return static_cast<std::uint64_t>(h.kind) << 56 | h.id; }

// Whether the call returned only once something else had happened (a command completed, an
// event was set): it is ordered by its return, not its entry.
bool waited(const trace::Call& c) {
  if (c.entry >= api::entry_points().size()) return false;
  const api::EntryPoint& entry = api::entry_points()[c.entry];
  if (entry.effect == api::Effect::Finish || entry.effect == api::Effect::WaitForEvents) return true;
  for (std::size_t i = 0; i < entry.params.size() && i < c.params.size(); ++i)
    if (entry.params[i].blocking) return c.params[i].number != 0;
  return false;
}

std::uint32_t entry_of(std::string_view name) {
  const api::EntryPoint* e = api::find_entry_point(name);
  return e == nullptr ? trace::kUnknownEntry : static_cast<std::uint32_t>(e - api::entry_points().data());
}

// The devices a trace names and which of them its calls use (RecordedDevice).
class DeviceNames {
 public:
  void saw(const trace::Call& c, std::vector<RecordedDevice>& out) {
    static const std::uint32_t get_ids = entry_of("clGetDeviceIDs");
    static const std::uint32_t partition[] = {entry_of("clCreateSubDevices"), entry_of("clCreateSubDevicesEXT")};
    // Calls that ask about a device or count its references: they need no device of the
    // target of its own (an answer that depends on the platform is not compared).
    static const std::uint32_t queries[] = {entry_of("clGetDeviceInfo"), entry_of("clRetainDevice"),
                                            entry_of("clReleaseDevice"), entry_of("clRetainDeviceEXT"),
                                            entry_of("clReleaseDeviceEXT"), entry_of("clGetDeviceAndHostTimer"),
                                            entry_of("clGetHostTimer")};
    if (c.entry == get_ids) {
      for (const trace::ParamValue& o : c.outputs) each_device(o.value, [&](std::uint64_t id) { name(id, c.index, false, out); });
      return;
    }
    const bool partitions = c.entry == partition[0] || c.entry == partition[1];
    if (partitions && !c.params.empty() && c.params[0].kind == trace::ValueKind::Handle)
      for (const trace::ParamValue& o : c.outputs)
        each_device(o.value, [&](std::uint64_t id) { parent_[id] = c.params[0].number; });
    const bool query = std::find(std::begin(queries), std::end(queries), c.entry) != std::end(queries);
    for (const trace::Value& v : c.params) each_device(v, [&](std::uint64_t id) { name(id, c.index, !query, out); });
  }

 private:
  template <typename F>
  static void each_device(const trace::Value& v, F f) {
    if (v.kind == trace::ValueKind::Handle && v.object == api::ObjectKind::Device) f(v.number);
    if (v.kind == trace::ValueKind::Array)
      for (const trace::Value& item : v.items)
        if (item.kind == trace::ValueKind::Handle && item.object == api::ObjectKind::Device) f(item.number);
  }
  // A sub-device's use is its root device's.
  void name(std::uint64_t id, std::uint64_t call, bool used, std::vector<RecordedDevice>& out) {
    for (int depth = 0; depth < 16; ++depth) {
      auto parent = parent_.find(id);
      if (parent == parent_.end()) break;
      id = parent->second;
    }
    auto [at, fresh] = at_.try_emplace(id, out.size());
    if (fresh) out.push_back({{api::ObjectKind::Device, id}, call, false});
    out[at->second].used = out[at->second].used || used;
  }
  std::unordered_map<std::uint64_t, std::size_t> at_;       // device id -> position in the list
  std::unordered_map<std::uint64_t, std::uint64_t> parent_;  // sub-device -> the device it divides
};

}  // namespace

CallOrder CallOrder::read(trace::Reader& reader) {
  CallOrder order;
  struct Seen {
    std::uint64_t time;
    Entry call;
  };
  std::vector<Seen> seen;
  std::set<std::uint64_t> threads;
  trace::RecordView record;
  trace::Call call;
  trace::ObjectEvent event;
  DeviceNames devices;
  reader.rewind();
  while (reader.next(record)) {
    if (record.kind == trace::RecordKind::Object && reader.decode(record, event)) {
      if (event.action == trace::ObjectEvent::Action::Destroyed)
        order.destroyed_.try_emplace(key(event.object), event.call_index);
      if (event.action == trace::ObjectEvent::Action::Created &&
          event.object.kind == api::ObjectKind::CommandQueue)
        order.queues.push_back(event.object);
      continue;
    }
    if (record.kind == trace::RecordKind::ReadBytes) {
      trace::ReadBytes read;
      if (reader.decode(record, read)) order.read_bytes[read.call_index].push_back(std::move(read));
      continue;
    }
    if (record.kind != trace::RecordKind::Call || !reader.decode(record, call)) continue;
    for (const trace::ObjectEvent& counted : call.counted)  // 1.3 on: a release's in its call
      if (counted.action == trace::ObjectEvent::Action::Destroyed)
        order.destroyed_.try_emplace(key(counted.object), counted.call_index);
    threads.insert(call.thread);
    if (call.error == 0) devices.saw(call, order.devices);
    seen.push_back({waited(call) ? call.exit_ns : call.enter_ns,
                    {call.index, record.offset, call.entry, order.compact.add(call), call.thread}});
  }
  order.threads = threads.size();
  // One thread: its calls' indices are their order (and the file's, mostly). Several: their
  // times interleave them.
  const auto by_index = [](const Seen& a, const Seen& b) { return a.call.index < b.call.index; };
  if (order.threads <= 1) {
    if (!std::is_sorted(seen.begin(), seen.end(), by_index)) std::sort(seen.begin(), seen.end(), by_index);
  } else {
    std::sort(seen.begin(), seen.end(), [](const Seen& a, const Seen& b) {
      return std::tie(a.time, a.call.index) < std::tie(b.time, b.call.index);
    });
  }
  order.calls.reserve(seen.size());
  for (const Seen& s : seen) order.calls.push_back(s.call);
  // Positions by index: a sorted list of indices and, beside each, where it is replayed.
  std::vector<std::size_t> by_position(seen.size());
  for (std::size_t k = 0; k < by_position.size(); ++k) by_position[k] = k;
  if (order.threads > 1)
    std::sort(by_position.begin(), by_position.end(),
              [&](std::size_t a, std::size_t b) { return order.calls[a].index < order.calls[b].index; });
  order.indices.reserve(seen.size());
  for (std::size_t k : by_position) order.indices.push_back(order.calls[k].index);
  order.positions_ = std::move(by_position);
  return order;
}

std::optional<std::size_t> CallOrder::position_of(std::uint64_t index) const {
  auto found = std::lower_bound(indices.begin(), indices.end(), index);
  if (found == indices.end() || *found != index) return std::nullopt;
  return positions_[static_cast<std::size_t>(found - indices.begin())];
}

bool CallOrder::destroyed_by(trace::Handle object, std::uint64_t call) const {
  auto found = destroyed_.find(key(object));
  return found != destroyed_.end() && found->second != 0 && found->second <= call;
}

}  // namespace clvet::replay
