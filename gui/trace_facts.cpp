// Questions asked of TraceFacts by several views.
#include "trace_facts.h"

#include <algorithm>
#include <cstdlib>

namespace clvet::gui {

bool ObjectLife::leaked() const {
  if (events.empty()) return false;
  // Platforms and devices are not reference counted by the application (root devices).
  if (handle.kind == api::ObjectKind::Platform || handle.kind == api::ObjectKind::Device)
    return false;
  return final_refcount() > 0;
}

std::uint32_t ObjectLife::final_refcount() const {
  if (events.empty()) return 0;
  if (events.back().action == trace::ObjectEvent::Action::Destroyed) return 0;
  return events.back().refcount;
}

std::int64_t TraceFacts::row_of(std::uint64_t index) const {
  auto it = std::lower_bound(rows.begin(), rows.end(), index,
                             [](const CallRow& r, std::uint64_t i) { return r.index < i; });
  if (it == rows.end() || it->index != index) return -1;
  return it - rows.begin();
}

const ObjectLife* TraceFacts::object(const trace::Handle& h) const {
  auto it = objects.find(HandleKey::of(h));
  return it == objects.end() ? nullptr : &it->second;
}

std::optional<std::uint64_t> TraceFacts::host_time(const trace::Handle& queue,
                                                   std::uint64_t device_ns) const {
  // The queue's device is among its parents; without one, any device's pairs will do.
  trace::Handle device{};
  if (const ObjectLife* q = object(queue))
    for (const trace::Handle& p : q->parents)
      if (p.kind == api::ObjectKind::Device) device = p;
  const trace::ClockSync* best = nullptr;
  std::uint64_t best_distance = 0;
  for (const trace::ClockSync& s : clock_syncs) {
    if (device.id && !(s.device == device)) continue;
    const std::uint64_t distance =
        device_ns > s.device_ns ? device_ns - s.device_ns : s.device_ns - device_ns;
    const bool better = !best || s.method < best->method ||
                        (s.method == best->method && distance < best_distance);
    if (better) {
      best = &s;
      best_distance = distance;
    }
  }
  if (!best) return std::nullopt;
  const auto host = static_cast<std::int64_t>(device_ns - best->device_ns + best->host_ns);
  return host < 0 ? 0 : static_cast<std::uint64_t>(host);
}

}  // namespace clvet::gui
