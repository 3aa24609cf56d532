// The pass over a trace behind every view: calls, objects and the calls that name them,
// findings, device commands, clock pairs, kernel buffers, process and platforms.
#include "trace_scan.h"

#include <algorithm>

#include "clvet/trace/reader.h"

namespace clvet::gui {
namespace {

// The handles a value names, nested arrays and property lists included.
void handles_in(const trace::Value& v, std::vector<trace::Handle>& out) {
  if (v.kind == trace::ValueKind::Handle) {
    if (v.number != 0) out.push_back(v.as_handle());
    return;
  }
  for (const trace::Value& item : v.items) handles_in(item, out);
}

class Scan {
 public:
  explicit Scan(trace::Reader& reader) : reader_(reader) {}

  void call(const trace::RecordView& r) {
    trace::Call c;
    if (!reader_.decode(r, c)) return;
    if (!c.completed) {
      // A CallEnter: the Call with the same index, if it comes, replaces it.
      entered_.emplace(c.index, all_rows_.size() + pending_.size());
    } else if (auto it = entered_.find(c.index); it != entered_.end()) {
      dropped_entered_.push_back(it->second);
      entered_.erase(it);
    }
    CallRow row;
    row.index = c.index;
    row.offset = r.offset;
    row.enter_ns = c.enter_ns;
    row.exit_ns = c.exit_ns;
    row.entry = c.entry;
    row.error = c.error;
    row.completed = c.completed;
    row.timed = c.timed;
    row.thread = thread_position(c.thread);
    row.name = name_position(c.name);
    facts_.last_ns = std::max(facts_.last_ns, c.exit_ns);
    pending_.push_back(row);

    if (!c.completed) return;
    handles_.clear();
    for (const trace::Value& p : c.params) handles_in(p, handles_);
    handles_in(c.result, handles_);
    for (const trace::ParamValue& o : c.outputs) handles_in(o.value, handles_);
    for (const trace::Handle& h : c.created) handles_.push_back(h);
    std::sort(handles_.begin(), handles_.end(), [](const trace::Handle& a, const trace::Handle& b) {
      return HandleKey::of(a) < HandleKey::of(b);
    });
    handles_.erase(std::unique(handles_.begin(), handles_.end()), handles_.end());
    for (const trace::Handle& h : handles_) {
      ObjectLife& life = object(h);
      life.calls.push_back(c.index);
    }
    for (const trace::Handle& h : c.created) {
      ObjectLife& life = object(h);
      if (!life.created_by) life.created_by = c.index;
    }
    // Retains and releases (1.3 on: in the call's record; before, Object records).
    for (trace::ObjectEvent& e : c.counted) object_event(std::move(e));
  }

  void object_event(const trace::RecordView& r) {
    trace::ObjectEvent e;
    if (reader_.decode(r, e)) object_event(std::move(e));
  }

  void object_event(trace::ObjectEvent e) {
    ObjectLife& life = object(e.object);
    if (e.action == trace::ObjectEvent::Action::Created) {
      if (!life.created_by) life.created_by = e.call_index;
      for (const trace::Handle& p : e.parents) {
        if (std::find(life.parents.begin(), life.parents.end(), p) == life.parents.end())
          life.parents.push_back(p);
        ObjectLife& parent = object(p);
        if (std::find(parent.children.begin(), parent.children.end(), e.object) ==
            parent.children.end())
          parent.children.push_back(e.object);
      }
    }
    facts_.last_ns = std::max(facts_.last_ns, e.time_ns);
    life.events.push_back(std::move(e));
  }

  TraceFacts finish() {
    // Calls that only entered and later completed are not rows of their own.
    flush_pending();
    for (std::size_t position : dropped_entered_) all_rows_[position] = CallRow{};
    std::erase_if(all_rows_, [](const CallRow& row) { return row.index == 0 && row.offset == 0; });
    std::stable_sort(all_rows_.begin(), all_rows_.end(),
                     [](const CallRow& a, const CallRow& b) { return a.index < b.index; });
    for (std::size_t i = 0; i < facts_.findings.size(); ++i)
      facts_.findings_by_call.emplace(facts_.findings[i].call_index, i);
    for (CallRow& row : all_rows_) {
      const auto n = facts_.findings_by_call.count(row.index);
      row.findings = static_cast<std::uint8_t>(std::min<std::size_t>(n, 255));
    }
    // In time order: a call block (2.0) lies in the file before the Object records its calls
    // wrote, and a retain's or release's event is in its call's entry.
    for (auto& [key, life] : facts_.objects) {
      std::stable_sort(life.events.begin(), life.events.end(),
                       [](const trace::ObjectEvent& a, const trace::ObjectEvent& b) {
                         return a.time_ns < b.time_ns;
                       });
      mark_use_after_release(life);
    }
    facts_.rows = std::move(all_rows_);
    facts_.problems = reader_.problems();
    facts_.notes = reader_.notes();
    return std::move(facts_);
  }

  std::vector<CallRow>& pending() { return pending_; }
  // Moves the pending rows to the whole list; returns where they start in it.
  std::size_t flush_pending() {
    const std::size_t start = all_rows_.size();
    all_rows_.insert(all_rows_.end(), pending_.begin(), pending_.end());
    pending_.clear();
    return start;
  }

  TraceFacts& facts() { return facts_; }

 private:
  ObjectLife& object(const trace::Handle& h) {
    auto [it, inserted] = facts_.objects.try_emplace(HandleKey::of(h));
    if (inserted) it->second.handle = h;
    return it->second;
  }

  std::uint32_t thread_position(std::uint64_t tid) {
    auto [it, inserted] = thread_positions_.try_emplace(tid, facts_.threads.size());
    if (inserted) facts_.threads.push_back(tid);
    return static_cast<std::uint32_t>(it->second);
  }

  std::uint16_t name_position(const std::string& name) {
    auto [it, inserted] = name_positions_.try_emplace(name, facts_.entry_names.size());
    if (inserted) facts_.entry_names.push_back(name);
    return static_cast<std::uint16_t>(std::min<std::size_t>(it->second, 0xffff));
  }

  // A call that names an object after the release that brought its count to 0.
  static void mark_use_after_release(ObjectLife& life) {
    std::uint64_t released_at = 0;
    for (const trace::ObjectEvent& e : life.events) {
      if ((e.action == trace::ObjectEvent::Action::Released ||
           e.action == trace::ObjectEvent::Action::Destroyed) &&
          e.refcount == 0) {
        released_at = e.call_index;
        break;
      }
    }
    if (!released_at) return;
    for (std::uint64_t call : life.calls)
      if (call > released_at) {
        life.used_after_release = call;
        return;
      }
  }

  trace::Reader& reader_;
  TraceFacts facts_;
  std::vector<CallRow> pending_;
  std::vector<CallRow> all_rows_;
  std::unordered_map<std::uint64_t, std::size_t> entered_;  // call index -> position in all rows
  std::vector<std::size_t> dropped_entered_;
  std::unordered_map<std::uint64_t, std::size_t> thread_positions_;
  std::unordered_map<std::string, std::size_t> name_positions_;
  std::vector<trace::Handle> handles_;
};

}  // namespace

TraceFacts scan_trace(trace::Reader& reader, const std::function<void(ScanProgress&)>& batch,
                      const std::atomic<bool>& cancel, std::size_t batch_rows) {
  reader.rewind();
  Scan scan(reader);
  TraceFacts& facts = scan.facts();
  trace::RecordView r;
  while (!cancel.load(std::memory_order_relaxed) && reader.next(r)) {
    switch (r.kind) {
      case trace::RecordKind::Call:
      case trace::RecordKind::CallEnter: scan.call(r); break;
      case trace::RecordKind::Object: scan.object_event(r); break;
      case trace::RecordKind::Finding: {
        reports::Finding f;
        if (reader.decode(r, f)) facts.findings.push_back(std::move(f));
        break;
      }
      case trace::RecordKind::DeviceCommand: {
        trace::DeviceCommand d;
        if (reader.decode(r, d)) facts.commands.push_back(std::move(d));
        break;
      }
      case trace::RecordKind::ClockSync: {
        trace::ClockSync s;
        if (reader.decode(r, s)) facts.clock_syncs.push_back(s);
        break;
      }
      case trace::RecordKind::KernelBuffers: {
        trace::KernelBuffers b;
        if (reader.decode(r, b)) facts.kernel_buffers.push_back({b.call_index, b.after, r.offset});
        break;
      }
      case trace::RecordKind::ProcessInfo: reader.decode(r, facts.process); break;
      case trace::RecordKind::Platform: {
        trace::Platform p;
        if (reader.decode(r, p)) facts.platforms.push_back(std::move(p));
        break;
      }
      default: break;
    }
    if (batch && scan.pending().size() >= batch_rows) {
      ScanProgress progress;
      progress.rows = scan.pending();
      progress.threads = facts.threads;
      progress.entry_names = facts.entry_names;
      progress.bytes_done = r.offset;
      progress.bytes_total = reader.info().file_size;
      scan.flush_pending();
      batch(progress);
    }
  }
  return scan.finish();
}

}  // namespace clvet::gui
