// The trace recorder: each call is begun at entry (arguments encoded while they are what the
// application passed) and committed at exit with its result, outputs and created objects.
#include "trace_observer.h"

#include <fmt/format.h>

#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "call_observer.h"
#include "objects.h"
#include "options.h"
#include "trace_encode.h"

namespace clvet::layer {

namespace encode {

void handle(trace::CallEncoder& e, const void* object, api::ObjectKind kind) {
  if (object == nullptr) return e.null();
  if (auto record = objects().find(object)) return e.handle(record->kind, record->id);
  (void)kind;
  e.pointer(object);  // not an object the layer knows: the raw value says what was passed
}

void strings(trace::CallEncoder& e, const char** list, cl_uint count, const size_t* lengths,
             bool data) {
  if (list == nullptr || !data) return e.pointer(list);
  const cl_uint n = count < kMaxElements ? count : static_cast<cl_uint>(kMaxElements);
  e.array(n);
  for (cl_uint i = 0; i < n; ++i) {
    if (list[i] == nullptr) {
      e.null();
      continue;
    }
    const std::size_t size =
        lengths != nullptr && lengths[i] != 0 ? lengths[i] : std::strlen(list[i]);
    e.data(list[i], size);  // sources can be megabytes: blobs, stored once per content
  }
}

void binaries(trace::CallEncoder& e, const unsigned char** list, cl_uint count,
              const size_t* lengths, bool data) {
  if (list == nullptr || lengths == nullptr || !data) return e.pointer(list);
  const cl_uint n = count < kMaxElements ? count : static_cast<cl_uint>(kMaxElements);
  e.array(n);
  for (cl_uint i = 0; i < n; ++i) {
    if (list[i] == nullptr) e.null();
    else e.data(list[i], lengths[i]);
  }
}

}  // namespace encode

namespace {

trace::Handle handle_of(const checker::ObjectRecord& o) { return {o.kind, o.id}; }

class TraceObserver final : public CallObserver {
 public:
  TraceObserver(std::unique_ptr<trace::Writer> writer, bool data)
      : writer_(std::move(writer)), data_(data) {}

  void call_begin(const ObservedCall& call) override {
    auto encoder = writer_->begin_call(call.entry, call.index, since_origin(call.enter_ns),
                                       call.thread);
    if (encoder) {
      TraceEncoding t{encoder, data_, false};
      encode_arguments(t, call.entry, call.args);
    }
    open_calls().emplace_back(call.index, std::move(encoder));
  }

  void call_end(const ObservedCall& call, const CallOutcome& outcome) override {
    auto& open = open_calls();
    // Calls on one thread nest (a callback calling OpenCL): the one ending is the innermost.
    if (open.empty() || open.back().first != call.index) return;
    trace::CallEncoder encoder = std::move(open.back().second);
    open.pop_back();
    if (!encoder) return;
    const api::EntryPoint& entry = api::entry_points()[call.entry];
    TraceEncoding t{encoder, data_, outcome.error == CL_SUCCESS};
    encode_outputs(t, call.entry, call.args);
    switch (entry.returns) {
      case api::Returns::ErrorCode: encoder.result(outcome.error).sint(outcome.error); break;
      case api::Returns::ObjectWithErrcode:
        encoder.result(outcome.error);
        encode::handle(encoder, outcome.result, api::ObjectKind::None);
        break;
      case api::Returns::Void: encoder.result(outcome.error).null(); break;
      default: encoder.result(outcome.error).pointer(outcome.result); break;
    }
    for (const checker::ObjectRecord& o : outcome.created) {
      encoder.created(o.kind, o.id);
      object_event(trace::ObjectEvent::Action::Created, o, call.index);
    }
    encoder.commit(since_origin(outcome.exit_ns));
  }

  void object_retained(const checker::ObjectRecord& object, std::uint64_t call) override {
    object_event(trace::ObjectEvent::Action::Retained, object, call);
  }
  void object_released(const checker::ObjectRecord& object, std::uint64_t call) override {
    object_event(object.refcount == 0 ? trace::ObjectEvent::Action::Destroyed
                                      : trace::ObjectEvent::Action::Released,
                 object, call);
  }
  // Callbacks run inside the driver; the OpenCL calls they make are traced as calls.
  void callback_begin(const ObservedCallback&) override {}
  void callback_end(const ObservedCallback&) override {}
  void finding(const reports::Finding& finding) override { writer_->write_finding(finding); }
  void close() override { writer_->close(); }

 private:
  using OpenCalls = std::vector<std::pair<std::uint64_t, trace::CallEncoder>>;
  static OpenCalls& open_calls() {
    thread_local OpenCalls calls;
    return calls;
  }

  // The layer's clock is CLOCK_MONOTONIC; the trace's starts at the writer's creation.
  std::uint64_t since_origin(std::uint64_t monotonic_ns) const {
    const std::uint64_t origin = writer_->origin_ns();
    return monotonic_ns > origin ? monotonic_ns - origin : 0;
  }

  void object_event(trace::ObjectEvent::Action action, const checker::ObjectRecord& o,
                    std::uint64_t call) {
    trace::ObjectEvent event;
    event.action = action;
    event.object = handle_of(o);
    event.call_index = call;
    event.time_ns = writer_->now();
    event.refcount = o.refcount;
    if (action == trace::ObjectEvent::Action::Created)
      for (std::uint8_t i = 0; i < o.parent_count; ++i)
        if (auto parent = objects().find(o.parents[i])) event.parents.push_back(handle_of(*parent));
    writer_->write_object_event(event);
  }

  std::unique_ptr<trace::Writer> writer_;
  bool data_ = true;
};

}  // namespace

void start_trace() {
  const std::string path = options::value("trace");
  if (path.empty() || path == "none") return;
  std::string error;
  auto writer = trace::Writer::create(path, error);
  if (!writer) {
    std::fprintf(stderr, "clvet: cannot record the trace: %s\n", error.c_str());
    return;
  }
  writer->write_process_info(trace::current_process_info("clvet layer"));
  // Never destroyed: calls may still arrive during exit, after close() (they are dropped).
  set_call_observer(new TraceObserver(std::move(writer), options::value("trace_data") != "0"));
}

}  // namespace clvet::layer
