// Reads a trace's calls once and puts them in the recorded global order.
#include "call_order.h"

#include <algorithm>
#include <set>
#include <string_view>
#include <tuple>

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
    threads.insert(call.thread);
    seen.push_back({waited(call) ? call.exit_ns : call.enter_ns, {call.index, record.offset, call.entry}});
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
