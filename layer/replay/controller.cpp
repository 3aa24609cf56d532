// The replay controller: opens a trace, orders its calls, re-issues them on the selected
// platform through the generated re-issuers, and reads objects' contents between calls.
#include "clvet/replay/controller.h"

#include <fmt/format.h>

#include <algorithm>
#include <condition_variable>
#include <limits>
#include <map>
#include <mutex>
#include <optional>
#include <thread>
#include <unordered_map>

#include "call_order.h"
#include "compact_calls.h"
#include "device_map.h"
#include "direct_call.h"
#include "clvet/rules/api.h"
#include "clvet/rules/opencl.h"
#include "clvet/trace/print.h"
#include "clvet/trace/reader.h"
#include "platform_choice.h"
#include "reissue.h"
#include "session.h"

namespace clvet::replay {

std::string Divergence::describe() const {
  std::string out = fmt::format("call {} {}", call, entry);
  if (object.id != 0) {
    out += fmt::format(" of {}", trace::format_handle(object));
    if (created_by != 0) out += fmt::format(" (created by call {})", created_by);
  }
  if (!pixel.empty())
    out += fmt::format(": {} byte(s) differ, the first at offset {} (pixel {}, {} bytes: {} of the region): "
                       "recorded {}, replayed {}",
                       differing, offset, pixel, pixel_size, element, recorded, replayed);
  else if (entry.find('(') == std::string::npos)
    out += fmt::format(": {} byte(s) differ, the first at offset {} (32-bit element {}): "
                       "recorded {}, replayed {}",
                       differing, offset, element, recorded, replayed);
  else
    out += fmt::format(": recorded {}, replayed {}", recorded, replayed);
  if (last_writer != 0)
    out += fmt::format("; last written by the launch of {} at call {}",
                       last_writer_kernel.empty() ? std::string("a kernel") : last_writer_kernel,
                       last_writer);
  return out;
}

struct Controller::State {
  std::unique_ptr<trace::Reader> reader;
  CallOrder order;
  std::vector<PlatformChoice> choices;
  PlatformChoice selected;
  cl_platform_id platform = nullptr;
  std::vector<cl_device_id> devices;
  std::vector<DeviceMapping> mapping;
  Target target;
  std::unique_ptr<Session> session;
  std::size_t next = 0;        // position in order.calls of the next call to replay
  std::uint64_t position = 0;  // the trace index of the last call replayed
  std::string stop_reason;
  std::function<void(std::uint64_t, std::uint64_t)> progress;
  std::atomic<bool> cancel{false};
  // The call being re-issued is decoded into the one kept for its entry point, whose lists
  // then already have the right length: decoding allocates and initialises nothing.
  std::vector<trace::Call> calls_by_entry = std::vector<trace::Call>(api::entry_points().size() + 1);
  std::vector<Divergence> no_divergences;
  std::vector<Skipped> no_skipped;

  bool direct = false;  // the compact form is used: target.direct, without --verify
  bool issue(std::size_t at, trace::Call& c);
  std::optional<bool> issue_directly(const CallOrder::Entry& entry, trace::Call& c);
  // Positions next..last re-issued each from a host thread of its recorded thread, in the
  // replay order (recorded_threads.cpp); nullopt when they all were, else how it stopped.
  std::optional<Outcome> issue_on_recorded_threads(std::size_t last);

  void restart() {
    direct = target.direct && !target.verify;
    session.reset();
    if (platform != nullptr)
      session = std::make_unique<Session>(*reader, platform, devices, target.device, target, mapping);
    if (session) session->use_read_bytes(&order.read_bytes);
    next = 0;
    position = 0;
    stop_reason.clear();
  }

  // Finishes every queue the application still holds, so that contents read now include
  // every command replayed so far.
  void finish_queues() {
    using Finish = cl_int(CL_API_CALL*)(cl_command_queue);
    auto finish = reinterpret_cast<Finish>(session->function("clFinish"));
    if (finish == nullptr) return;
    for (const trace::Handle& queue : order.queues)
      if (!order.destroyed_by(queue, position))
        if (void* live = session->live(queue)) finish(static_cast<cl_command_queue>(live));
  }
};

Controller::Controller() : state_(std::make_unique<State>()) {}
Controller::~Controller() = default;

std::unique_ptr<Controller> Controller::open(const std::string& path, std::string& error) {
  auto reader = trace::Reader::open(path, error);
  if (!reader) return nullptr;
  std::unique_ptr<Controller> controller(new Controller());
  controller->state_->order = CallOrder::read(*reader);
  controller->state_->reader = std::move(reader);
  return controller;
}

std::vector<PlatformChoice> Controller::platforms() { return platform_choice::list(); }

bool Controller::select(const Target& target, std::string& error) {
  State& s = *state_;
  s.choices = platform_choice::list();
  auto chosen = platform_choice::find(s.choices, target.platform, error);
  if (!chosen) return false;
  auto live = platform_choice::open(*chosen, target.device, error);
  if (!live) return false;
  auto mapping = map_devices(s.order.devices, *chosen, target, error);
  if (!mapping) return false;
  s.mapping = std::move(*mapping);
  s.selected = *chosen;
  s.platform = live->first;
  s.devices = std::move(live->second);
  s.target = target;
  s.restart();
  return true;
}

const PlatformChoice& Controller::selected() const { return state_->selected; }
const std::vector<DeviceMapping>& Controller::device_mapping() const { return state_->mapping; }
const std::vector<std::uint64_t>& Controller::calls() const { return state_->order.indices; }
const std::vector<std::string>& Controller::trace_problems() const { return state_->reader->problems(); }
const std::vector<std::string>& Controller::trace_notes() const { return state_->reader->notes(); }

std::optional<trace::Call> Controller::recorded_call(std::uint64_t call) const {
  const auto position = state_->order.position_of(call);
  if (!position) return std::nullopt;
  trace::Call c;
  if (!state_->reader->call_at(state_->order.calls[*position].offset, c)) return std::nullopt;
  return c;
}

// Re-issues a call from its compact form, decoded when the trace was opened: nullopt when it
// declines (the general path re-issues it), else what issue() returns.
std::optional<bool> Controller::State::issue_directly(const CallOrder::Entry& entry, trace::Call& c) {
  DirectCall d(*session, order.compact.slots(entry.compact));
  session->about_to_issue(entry.index);
  if (!reissue_directly(d, entry.entry)) return std::nullopt;
  position = entry.index;
  ++session->replayed_directly;
  if (d.error() == CL_SUCCESS) {
    ++session->replayed;
    return true;
  }
  // The target failed what succeeded when recorded: judged as any call's result is.
  if (!reader->call_at(entry.offset, c, /*checked=*/true)) {
    stop_reason = fmt::format("call {} at offset {:#x} cannot be read again", entry.index, entry.offset);
    return false;
  }
  Reissue r(*session, c);
  r.returned(d.error());
  if (!session->stopped()) return true;
  stop_reason = session->stop_reason();
  return false;
}

// Re-issues the call at position `at` of the replay order, decoded into `c`: false, with
// stop_reason, when the replay stops there.
bool Controller::State::issue(std::size_t at, trace::Call& c) {
  using Finish = cl_int(CL_API_CALL*)(cl_command_queue);
  static const std::uint32_t release_queue_entry = static_cast<std::uint32_t>(
      api::find_entry_point("clReleaseCommandQueue") - api::entry_points().data());
  const CallOrder::Entry& entry = order.calls[at];
  // The cheapest calls from their compact form; any other, or one of them that declines, the
  // general way (decoded into the value model, rebuilt by role).
  if (entry.compact != CompactCalls::kNone && direct)
    if (const std::optional<bool> issued = issue_directly(entry, c)) return *issued;
  if (!reader->call_at(entry.offset, c, /*checked=*/true)) {
    stop_reason = fmt::format("call {} at offset {:#x} cannot be read again", entry.index, entry.offset);
    return false;
  }
  position = c.index;
  if (c.entry == trace::kUnknownEntry) {
    session->skip({c.index, c.name, "an entry point this clvet does not know", true});
    if (target.skip_unsupported) return true;
    session->stop(fmt::format("call {} {}: an entry point this clvet does not know", c.index, c.name));
    stop_reason = session->stop_reason();
    return false;
  }
  // A call that failed when recorded changed nothing (the spec's calls have no effect when
  // they return an error): it is not re-issued, and a handle it was given may be garbage.
  const bool null_pointer = c.result.kind == trace::ValueKind::Pointer && c.result.number == 0 &&
                            api::entry_points()[c.entry].returns == api::Returns::Pointer;
  if (c.error != CL_SUCCESS || null_pointer) {
    ++session->failed_when_recorded;
    return true;
  }
  // The queue's commands may still use host memory the replay holds for them.
  if (c.entry == release_queue_entry && !c.params.empty())
    if (void* queue = session->live(c.params[0].as_handle())) {
      auto finish = reinterpret_cast<Finish>(session->function("clFinish"));
      if (finish != nullptr) finish(static_cast<cl_command_queue>(queue));
      session->queue_finished(static_cast<cl_command_queue>(queue));
    }
  session->about_to_issue(c.index);
  Reissue r(*session, c);
  reissue(r, c.entry);
  if (!session->stopped()) return true;
  stop_reason = session->stop_reason();
  return false;
}

std::optional<Outcome> Controller::State::issue_on_recorded_threads(std::size_t last) {
  std::map<std::uint64_t, std::vector<std::size_t>> positions;  // each recorded thread's, in order
  for (std::size_t at = next; at < last; ++at) positions[order.calls[at].thread].push_back(at);
  std::mutex mutex;
  std::condition_variable turn_changed;
  std::size_t turn = next;  // the position whose call is issued next, by its thread
  std::optional<Outcome> outcome;
  auto run = [&](const std::vector<std::size_t>& mine) {
    trace::Call c;
    for (const std::size_t at : mine) {
      {
        std::unique_lock lock(mutex);
        turn_changed.wait(lock, [&] { return turn == at || outcome.has_value(); });
        if (outcome) return;
      }
      // The turnstile lets one thread at a time past: the session is used as by one thread.
      std::optional<Outcome> stop;
      if (cancel.load(std::memory_order_relaxed)) {
        stop = Outcome::Cancelled;
      } else {
        next = at + 1;
        if (progress && next % 4096 == 0) progress(next, order.calls.size());
        if (!issue(at, c)) stop = Outcome::Stopped;
      }
      {
        std::lock_guard lock(mutex);
        if (stop) outcome = stop;
        else turn = at + 1;
      }
      turn_changed.notify_all();
      if (stop) return;
    }
  };
  std::vector<std::thread> threads;
  threads.reserve(positions.size());
  for (const auto& [thread, mine] : positions) threads.emplace_back(run, std::cref(mine));
  for (std::thread& t : threads) t.join();
  return outcome;
}

Outcome Controller::seek(std::uint64_t call) {
  State& s = *state_;
  if (!s.session) {
    s.stop_reason = "no platform selected";
    return Outcome::Stopped;
  }
  std::size_t last = s.order.calls.size();  // one past the last position to replay
  if (call != std::numeric_limits<std::uint64_t>::max()) {
    auto position = s.order.position_of(call);
    if (!position) {
      // Not a call of the trace: replay what comes before it in index order.
      last = static_cast<std::size_t>(std::lower_bound(s.order.indices.begin(), s.order.indices.end(), call) -
                                      s.order.indices.begin());
      if (last < s.order.calls.size()) last = *s.order.position_of(s.order.indices[last]);
    } else {
      last = *position + 1;
    }
  }
  if (last < s.next) s.restart();
  if (s.session->stopped()) return Outcome::Stopped;
  s.cancel.store(false, std::memory_order_relaxed);
  if (s.target.recorded_threads && s.order.threads > 1) {
    const std::optional<Outcome> stopped = s.issue_on_recorded_threads(last);
    if (stopped) return *stopped;
  }
  while (s.next < last) {
    if (s.cancel.load(std::memory_order_relaxed)) return Outcome::Cancelled;
    const std::size_t at = s.next++;
    trace::Call& c = s.calls_by_entry[std::min<std::size_t>(s.order.calls[at].entry, s.calls_by_entry.size() - 1)];
    if (s.progress && s.next % 4096 == 0) s.progress(s.next, s.order.calls.size());
    if (!s.issue(at, c)) return Outcome::Stopped;
  }
  if (s.progress) s.progress(s.next, s.order.calls.size());
  return s.next >= s.order.calls.size() ? Outcome::End : Outcome::Reached;
}

std::uint64_t Controller::position() const { return state_->position; }
const std::string& Controller::stop_reason() const { return state_->stop_reason; }

std::optional<std::vector<std::uint8_t>> Controller::buffer_contents(trace::Handle mem,
                                                                     std::string& error) {
  State& s = *state_;
  if (!s.session) {
    error = "no platform selected";
    return std::nullopt;
  }
  void* live = mem.kind == api::ObjectKind::Mem ? s.session->live(mem) : nullptr;
  if (live == nullptr || s.order.destroyed_by(mem, s.position)) {
    error = fmt::format("{}#{} has no live object at call {}", api::to_string(mem.kind), mem.id, s.position);
    return std::nullopt;
  }
  auto* object = static_cast<cl_mem>(live);
  using MemInfo = cl_int(CL_API_CALL*)(cl_mem, cl_mem_info, size_t, void*, size_t*);
  using Read = cl_int(CL_API_CALL*)(cl_command_queue, cl_mem, cl_bool, size_t, size_t, void*,
                                    cl_uint, const cl_event*, cl_event*);
  auto info = reinterpret_cast<MemInfo>(s.session->function("clGetMemObjectInfo"));
  auto read = reinterpret_cast<Read>(s.session->function("clEnqueueReadBuffer"));
  cl_mem_object_type type = 0;
  size_t size = 0;
  if (info == nullptr || read == nullptr ||
      info(object, CL_MEM_TYPE, sizeof type, &type, nullptr) != CL_SUCCESS ||
      info(object, CL_MEM_SIZE, sizeof size, &size, nullptr) != CL_SUCCESS) {
    error = fmt::format("mem#{}: the target does not describe it", mem.id);
    return std::nullopt;
  }
  if (type != CL_MEM_OBJECT_BUFFER) {
    error = fmt::format("mem#{} is not a buffer", mem.id);
    return std::nullopt;
  }
  s.finish_queues();
  cl_command_queue queue = s.session->queue_for(object);
  std::vector<std::uint8_t> bytes(size);
  const cl_int status =
      queue == nullptr ? CL_INVALID_COMMAND_QUEUE
                       : read(queue, object, CL_TRUE, 0, size, bytes.data(), 0, nullptr, nullptr);
  if (status != CL_SUCCESS) {
    error = fmt::format("mem#{}: reading it failed with {}", mem.id, status);
    return std::nullopt;
  }
  return bytes;
}

std::optional<std::vector<std::uint8_t>> Controller::image_contents(trace::Handle image,
                                                                    std::string& error) {
  State& s = *state_;
  if (!s.session) {
    error = "no platform selected";
    return std::nullopt;
  }
  void* live = image.kind == api::ObjectKind::Mem ? s.session->live(image) : nullptr;
  if (live == nullptr || s.order.destroyed_by(image, s.position)) {
    error = fmt::format("{}#{} has no live object at call {}", api::to_string(image.kind), image.id, s.position);
    return std::nullopt;
  }
  auto* object = static_cast<cl_mem>(live);
  using ImageInfo = cl_int(CL_API_CALL*)(cl_mem, cl_image_info, size_t, void*, size_t*);
  using Read = cl_int(CL_API_CALL*)(cl_command_queue, cl_mem, cl_bool, const size_t*, const size_t*,
                                    size_t, size_t, void*, cl_uint, const cl_event*, cl_event*);
  auto info = reinterpret_cast<ImageInfo>(s.session->function("clGetImageInfo"));
  auto read = reinterpret_cast<Read>(s.session->function("clEnqueueReadImage"));
  size_t element = 0, width = 0, height = 0, depth = 0, layers = 0;
  if (info == nullptr || read == nullptr ||
      info(object, CL_IMAGE_ELEMENT_SIZE, sizeof element, &element, nullptr) != CL_SUCCESS ||
      info(object, CL_IMAGE_WIDTH, sizeof width, &width, nullptr) != CL_SUCCESS ||
      info(object, CL_IMAGE_HEIGHT, sizeof height, &height, nullptr) != CL_SUCCESS ||
      info(object, CL_IMAGE_DEPTH, sizeof depth, &depth, nullptr) != CL_SUCCESS ||
      info(object, CL_IMAGE_ARRAY_SIZE, sizeof layers, &layers, nullptr) != CL_SUCCESS) {
    error = fmt::format("mem#{} is not an image the target describes", image.id);
    return std::nullopt;
  }
  const size_t origin[3] = {0, 0, 0};
  // 1D arrays keep their layers in the second coordinate, 2D arrays in the third (1.2 §5.3.3).
  size_t region[3] = {width, height == 0 ? 1 : height, depth == 0 ? 1 : depth};
  if (layers != 0) (height == 0 ? region[1] : region[2]) = layers;
  s.finish_queues();
  cl_command_queue queue = s.session->queue_for(object);
  std::vector<std::uint8_t> bytes(element * region[0] * region[1] * region[2]);
  const cl_int status = queue == nullptr ? CL_INVALID_COMMAND_QUEUE
                                         : read(queue, object, CL_TRUE, origin, region, 0, 0,
                                                bytes.data(), 0, nullptr, nullptr);
  if (status != CL_SUCCESS) {
    error = fmt::format("mem#{}: reading it failed with {}", image.id, status);
    return std::nullopt;
  }
  return bytes;
}

const std::vector<Divergence>& Controller::divergences() const {
  return state_->session ? state_->session->divergences() : state_->no_divergences;
}
const std::vector<Skipped>& Controller::skipped() const {
  return state_->session ? state_->session->skipped() : state_->no_skipped;
}
std::uint64_t Controller::replayed_count() const {
  return state_->session ? state_->session->replayed : 0;
}
std::uint64_t Controller::replayed_directly_count() const {
  return state_->session ? state_->session->replayed_directly : 0;
}
std::uint64_t Controller::failed_when_recorded() const {
  return state_->session ? state_->session->failed_when_recorded : 0;
}

const std::vector<std::string>& Controller::notes() const {
  static const std::vector<std::string> none;
  return state_->session ? state_->session->notes() : none;
}

std::uint64_t Controller::compared_count() const {
  return state_->session ? state_->session->compared : 0;
}

void Controller::on_progress(std::function<void(std::uint64_t, std::uint64_t)> progress) {
  state_->progress = std::move(progress);
}
void Controller::cancel() { state_->cancel.store(true, std::memory_order_relaxed); }

void* Controller::live(trace::Handle handle) const {
  return state_->session ? state_->session->live(handle) : nullptr;
}
void* Controller::function(const char* name) const {
  return state_->session ? state_->session->function(name) : nullptr;
}
trace::Reader& Controller::reader() { return *state_->reader; }

}  // namespace clvet::replay
