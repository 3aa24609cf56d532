// The trace recorder: each call is begun at entry (arguments encoded while they are what the
// application passed) and committed at exit with its result, outputs and created objects.
#include "trace_observer.h"

#include <fmt/format.h>

#include <array>
#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <type_traits>
#include <unordered_map>
#include <utility>
#include <vector>

#include "call_observer.h"
#include "clvet/rules/args.gen.h"
#include "clvet/rules/host_span.h"
#include "command_times.h"
#include "dispatch.h"
#include "findings.h"
#include "host_clock.h"
#include "image_bytes.h"
#include "kernel_buffers.h"
#include "objects.h"
#include "options.h"
#include "queue_profiling.h"
#include "svm_allocations.h"
#include "trace_encode.h"
#include "notes.h"
#include "trace_file.h"

namespace clvet::layer {

namespace encode {

bool host_memory(const void* pointer) {
  return pointer != nullptr && svm_pointer(pointer) == SvmPointer::Unknown;
}

void Gathered::blob_bytes(const void* from, std::uint64_t n) {
  const std::optional<std::uint64_t> hash =
      writer != nullptr && blob_size == 0 ? writer->last_blob(from, n) : std::nullopt;
  if (!hash) {
    ok = false;
    return;
  }
  const std::uint64_t token[2] = {*hash, n};
  bytes(token, sizeof token);
  blob_size = n;
}

void Compared::blob_bytes(const void* from, std::uint64_t n) {
  std::uint64_t token[2];
  if (!ok || earlier_.size - at_ < sizeof token) {
    ok = false;
    return;
  }
  std::memcpy(token, earlier_.bytes_ + at_, sizeof token);
  if (token[1] != n || !earlier_.writer->last_blob_again(from, n, token[0])) {
    ok = false;
    return;
  }
  at_ += sizeof token;
}

}  // namespace encode

namespace {

template <typename Record>
trace::Handle handle_of(const Record& o) {
  return {o.kind, o.id};
}

bool live(const void* handle, api::ObjectKind kind) {
  return objects().brief(handle).kind == kind;
}

// The event of the kernel command being enqueued on this thread, for the reads after it.
struct KernelCommand {
  std::uint64_t call = 0;
  cl_event event = nullptr;
  bool release = false;  // the layer's own event, not wanted for device times
};
thread_local KernelCommand t_kernel_command;

// A read whose bytes are recorded once its command completes (a ReadBytes record): what a
// replay's --verify compares.
struct PendingRead {
  trace::Writer* writer;
  std::uint64_t call;
  std::uint32_t param;
  const void* bytes;
  std::size_t size;
  std::optional<image_bytes::Layout> image;  // an image's pixels: kept packed
};

void CL_CALLBACK read_completed(cl_event, cl_int status, void* user) {
  std::unique_ptr<PendingRead> read(static_cast<PendingRead*>(user));
  if (status != CL_COMPLETE || read->bytes == nullptr) return;
  trace::ReadBytes record;
  record.call_index = read->call;
  record.param = read->param;
  if (read->image) {
    const std::vector<unsigned char> pixels = image_bytes::packed(read->bytes, *read->image);
    if (pixels.empty()) return;
    record.bytes = read->writer->store_data(pixels.data(), pixels.size());
  } else {
    record.bytes = read->writer->store_data(read->bytes, read->size);
  }
  read->writer->write_read_bytes(record);
}

// The bytes a call reads for the host that complete after it returns: a non-blocking buffer
// or image read's destination, a map for reading's region (known once the map returns:
// `mapped`; a blocking map's too, recorded at once). Images' pixels are kept packed.
std::optional<PendingRead> later_read(trace::Writer& writer, const ObservedCall& call,
                                      const CallFacts& f, const void* mapped) {
  if (f.effect == api::Effect::Map) {
    if ((f.map_flags & CL_MAP_READ) == 0) return std::nullopt;
    if (f.map_image)
      return PendingRead{&writer, call.index, trace::ReadBytes::kMappedRegion, mapped, 0,
                         image_bytes::of_mapping(call.args)};
    return PendingRead{&writer, call.index, trace::ReadBytes::kMappedRegion, mapped, f.map_size, {}};
  }
  if (f.blocking) return std::nullopt;
  if (call.entry == args::EnqueueReadImage::kEntryIndex)
    return PendingRead{&writer, call.index, 7, static_cast<const args::EnqueueReadImage*>(call.args)->ptr, 0,
                       image_bytes::of_read(call.args)};
  if (f.read_param == CallFacts::kNoParam) return std::nullopt;
  return PendingRead{&writer, call.index, f.read_param, f.read_ptr, f.read_size, {}};
}

// Whether the call reads bytes for the host that complete after it returns.
bool non_blocking_read(const ObservedCall& call, const CallFacts& f) {
  if (f.blocking) return false;
  if (f.effect == api::Effect::Map) return (f.map_flags & CL_MAP_READ) != 0;
  return f.read_param != CallFacts::kNoParam || call.entry == args::EnqueueReadImage::kEntryIndex;
}

// The facts of a call that may have some (a blocking flag, an effect, a kernel argument); the
// cheapest calls skip the look-up.
bool may_have_facts(const ObservedCall& call) {
  const api::EntryPoint& entry = api::entry_points()[call.entry];
  return entry.effect != api::Effect::None || entry.blocking_param() != nullptr;
}

// The event of a non-blocking map for reading on this thread, retained until the call ends and
// its region is known.
struct MapCommand {
  std::uint64_t call = 0;
  cl_event event = nullptr;
};
thread_local MapCommand t_map_command;

// What the recorder asks of an entry point's table row on every call, read by index.
struct EntryTraits {
  api::Effect effect = api::Effect::None;
  api::Returns returns = api::Returns::ErrorCode;
  // Whether the call may keep the thread waiting (what a program stopped by hand was doing):
  // 0 never, 1 always, 2 when its blocking flag is set.
  std::uint8_t wait = 0;
  // Whether its end time is read. Not for the calls that only answer or change what the
  // driver keeps on the host, in a few ns: info queries, retains and releases (but a release
  // that destroys its object: the driver frees it), kernel arguments. Their end is the
  // clock's most expensive part here (a time-stamp counter read costs 28-38 ns on a virtual
  // machine), and a reader bounds their duration by the next call of their thread.
  bool timed = true;
  // Whether a call that returned changes what the recorder keeps (TraceObserver::after_call):
  // a queue created, a region mapped or unmapped, commands known complete (device times).
  // Most calls do not: a launch or a transfer does nothing there (kernel arguments are kept
  // only for CLVET_TRACE_KERNEL_BUFFERS, which sends every call there).
  bool after = false;
  // Whether the call is recorded by its encoders alone, nothing besides (no bytes of a mapped
  // region, of fine-grain SVM or of an image's pixels, no kernel buffers): then it may take
  // the hot path (TraceObserver::begin_direct), written straight into its thread's block.
  bool direct = false;
  // The bytes of its arguments when its parameters are encoded from their values alone and
  // they fit a RecentCall (repeatable_arguments): a call of it may then be a Repeat. 0: never.
  std::uint8_t repeat_size = 0;
  // Whether a Repeat of it compares bytes read through its pointers (repeat_reads_memory).
  bool repeat_reads = false;
  // Whether encode_outputs() may write anything for it (encodes_outputs): a retain, a release
  // or a clSetKernelArg has nothing to write, and skips the look-up of its encoder.
  bool outputs = true;
  // Where its outputs go through one pointer parameter alone (sole_output_pointer), that
  // pointer's offset in its arguments, else -1: a launch or a transfer whose event pointer is
  // NULL has no outputs to encode either.
  std::int16_t output_pointer = -1;
  // A launch traced with data, which records the bytes of fine-grain SVM the host may have
  // written (TraceObserver::shared_memory): by its encoders alone, on the hot path, while the
  // application has no fine-grain allocation (most programs never make one).
  bool direct_without_shared = false;
};

// Whether a call of an entry point with these traits may have outputs to encode.
bool may_have_outputs(const EntryTraits& traits, const void* args) {
  if (!traits.outputs) return false;
  if (traits.output_pointer < 0) return true;
  const void* pointer = nullptr;
  std::memcpy(&pointer, static_cast<const std::uint8_t*>(args) + traits.output_pointer, sizeof pointer);
  return pointer != nullptr;
}

// Arguments of at most this many bytes are kept for Repeats (clEnqueueNDRangeKernel's and
// clEnqueueWriteBuffer's nine parameters take 72).
constexpr std::size_t kRecentArguments = 96;

bool answered_on_the_host(const api::EntryPoint& entry) {
  if (entry.effect != api::Effect::None || entry.blocking_param() != nullptr) return false;
  for (const api::Param& p : entry.params)
    if (p.role == api::Role::InfoValueOut) return true;
  return entry.name.starts_with("clRetain") || entry.name.starts_with("clRelease") ||
         entry.name == "clSetKernelArg" || entry.name == "clSetKernelArgSVMPointer" ||
         entry.name == "clSetKernelExecInfo";
}

// Whether recording a call of `entry` takes more than its encoders (see EntryTraits::direct).
bool recorded_by_encoders_alone(std::uint32_t index, const api::EntryPoint& entry, bool data,
                                bool kernel_buffers) {
  if (kernel_buffers && index == args::EnqueueNDRangeKernel::kEntryIndex) return false;
  if (!data) return true;
  switch (entry.effect) {
    case api::Effect::Unmap:
    case api::Effect::Launch:
    case api::Effect::Finish:
    case api::Effect::WaitForEvents:
      return false;
    default:
      break;
  }
  switch (index) {  // image_bytes::encode_inputs and encode_outputs
    case args::CreateImage::kEntryIndex:
    case args::CreateImageWithProperties::kEntryIndex:
    case args::CreateImage2D::kEntryIndex:
    case args::CreateImage3D::kEntryIndex:
    case args::EnqueueWriteImage::kEntryIndex:
    case args::EnqueueReadImage::kEntryIndex:
      return false;
    default:
      return true;
  }
}

std::vector<EntryTraits> entry_traits(bool data, bool kernel_buffers, bool repeats) {
  std::vector<EntryTraits> traits;
  for (const api::EntryPoint& entry : api::entry_points()) {
    const std::size_t arguments = repeatable_arguments(static_cast<std::uint32_t>(traits.size()));
    const bool always = entry.effect == api::Effect::Finish ||
                        entry.effect == api::Effect::WaitForEvents ||
                        entry.effect == api::Effect::Build;
    traits.push_back({entry.effect, entry.returns,
                      static_cast<std::uint8_t>(always                              ? 1
                                                : entry.blocking_param() != nullptr ? 2
                                                                                    : 0),
                      !answered_on_the_host(entry),
                      entry.effect == api::Effect::Finish ||
                          entry.effect == api::Effect::WaitForEvents ||
                          entry.effect == api::Effect::Map || entry.effect == api::Effect::Unmap ||
                          entry.name == "clCreateCommandQueue" ||
                          entry.name == "clCreateCommandQueueWithProperties",
                      recorded_by_encoders_alone(static_cast<std::uint32_t>(traits.size()), entry,
                                                 data, kernel_buffers),
                      static_cast<std::uint8_t>(repeats && arguments <= kRecentArguments ? arguments : 0),
                      repeat_reads_memory(static_cast<std::uint32_t>(traits.size())),
                      encodes_outputs(static_cast<std::uint32_t>(traits.size())),
                      static_cast<std::int16_t>(sole_output_pointer(static_cast<std::uint32_t>(traits.size()))),
                      data && entry.effect == api::Effect::Launch &&
                          recorded_by_encoders_alone(static_cast<std::uint32_t>(traits.size()), entry,
                                                     false, kernel_buffers)});
  }
  return traits;
}

bool may_wait(const ObservedCall& call, const EntryTraits& traits) {
  return traits.wait == 1 || (traits.wait == 2 && call_facts(call.entry, call.args).blocking);
}

// How long the trace's close waits for kernel-buffer reads still running.
constexpr std::chrono::milliseconds kKernelBuffersAtExit{2000};

class TraceObserver final : public CallObserver {
 public:
  TraceObserver(std::unique_ptr<trace::Writer> writer, bool data, bool kernel_buffers, bool repeats)
      : writer_(std::move(writer)), data_(data), kernel_buffers_(kernel_buffers),
        traits_(entry_traits(data, kernel_buffers, repeats)) {}

  void call_begin(const ObservedCall& call) override {
    const EntryTraits& traits = traits_[call.entry];
    if ((traits.direct || (traits.direct_without_shared && !any_fine_grain_allocations())) &&
        begin_direct(call, traits)) [[likely]]
      return;
    begin_encoded(call, traits);
  }

  // A call that cannot take the hot path, recorded through an encoder. Out of line, so that the
  // hot path's instructions lie closer together: a kernel loop's driver work evicts the layer's
  // code between calls (an iteration of make bench's kernel loop, traced, executes 144 cache
  // lines of the layer's code where it executed 155). Not cold: with data, every launch and
  // finish comes this way.
  [[gnu::noinline]] void begin_encoded(const ObservedCall& call, const EntryTraits& traits) {
    // The call's encoder is made in its place on the thread's open calls and stays there until
    // the call ends: never moved (a move is some twenty loads and stores, and there were four).
    OpenCall& open = thread_calls().calls.emplace_back(call.index, call.enter_ns, traits.timed, [&] {
      return writer_->begin_call(call.entry, call.index, since_origin(call.enter_ns), call.thread);
    });
    trace::CallEncoder& encoder = open.encoder;
    if (encoder) {
      TraceEncoding t{encoder, data_, false};
      encode_arguments(t, call.entry, call.args);
      const api::Effect effect = traits.effect;
      if (data_ && effect == api::Effect::Unmap) {
        const CallFacts f = call_facts(call.entry, call.args);
        unmapped_bytes(encoder, f.unmapped, f.unmapped_param);
      }
      // What the host wrote into fine-grain SVM before the kernel runs: no call says so.
      if (data_ && effect == api::Effect::Launch) shared_memory(encoder, true);
      if (data_) image_bytes::encode_inputs(encoder, call.entry, call.args);
      if (call.entry == args::EnqueueNDRangeKernel::kEntryIndex && kernel_buffers_) {
        const auto& a = *static_cast<const args::EnqueueNDRangeKernel*>(call.args);
        kernel_buffers(call.index, false, a.command_queue, a.kernel, a.num_events_in_wait_list,
                       a.event_wait_list);
      }
    }
    // The call's parameters go into the trace before it is forwarded, into the thread's call
    // block (shared memory: a process killed inside the call, even by SIGKILL, leaves it in the
    // trace as one that did not return). A call inside another one (a callback's) is written
    // so only if it may wait long (a finish, a wait, a build, a blocking transfer), or if the
    // process crashes inside it (on_fatal_signal).
    if (encoder) encoder.enter(may_wait(call, traits));
  }

  // The calls this thread is inside, as CallEnter records: called when the process is about to
  // die of a signal, so that the call that crashed is in the trace with its arguments.
  void record_calls_in_flight() {
    for (OpenCall& open : thread_calls().calls)
      if (open.encoder) open.encoder.commit_enter();
  }

  bool wants_command_event(const ObservedCall& call, const void* queue) override {
    // A read or map for reading that completes after the call returns: its bytes are recorded
    // from its event's completion callback.
    return command_times_.profiling(queue) ||
           (kernel_buffers_ && call.entry == args::EnqueueNDRangeKernel::kEntryIndex) ||
           (data_ && may_have_facts(call) && non_blocking_read(call, call_facts(call.entry, call.args)));
  }

  void command_enqueued(const ObservedCall& call, const void* queue, const void* event,
                        bool layer_owned) override {
    auto* e = static_cast<cl_event>(const_cast<void*>(event));
    const bool kernel = call.entry == args::EnqueueNDRangeKernel::kEntryIndex;
    const bool profiled = command_times_.profiling(queue);
    const cl_icd_dispatch& d = next();
    // A map's region is known when the call returns (call_end); a read's destination now.
    const CallFacts facts = data_ && may_have_facts(call) ? call_facts(call.entry, call.args) : CallFacts{};
    const bool map = facts.effect == api::Effect::Map;
    if (data_ && non_blocking_read(call, facts) && !map)
      if (auto read = later_read(*writer_, call, facts, nullptr); read && d.clSetEventCallback != nullptr) {
        auto* pending = new PendingRead(*read);
        if (d.clSetEventCallback(e, CL_COMPLETE, read_completed, pending) != CL_SUCCESS) delete pending;
      }
    if (data_ && non_blocking_read(call, facts) && map && d.clRetainEvent != nullptr && d.clRetainEvent(e) == CL_SUCCESS)
      t_map_command = {call.index, e};
    // The reads after the kernel wait for this event: a reference of their own, whoever
    // else lets go of it meanwhile.
    if (kernel && kernel_buffers_ && d.clRetainEvent != nullptr && d.clRetainEvent(e) == CL_SUCCESS)
      t_kernel_command = {call.index, e, true};
    if (profiled) {
      const void* k =
          kernel ? static_cast<const args::EnqueueNDRangeKernel*>(call.args)->kernel : nullptr;
      if (command_times_.enqueued(call.index, queue, k, event, layer_owned, call.enter_ns,
                                  host_clock::now_ns()))
        command_times_.read_complete(*writer_, nullptr);
      return;
    }
    if (layer_owned && d.clReleaseEvent != nullptr) d.clReleaseEvent(e);
  }

  void call_end(const ObservedCall& call, const CallOutcome& outcome) override {
    ThreadCalls& calls = thread_calls();
    auto& open = calls.calls;
    // Calls on one thread nest (a callback calling OpenCL): the one ending is the innermost,
    // the hot-path call (always the outermost) once those inside it have ended.
    if (open.empty() || open.back().index != call.index) [[likely]] {
      if (calls.direct.index != call.index) return;
      end_direct(call, outcome, calls.direct);
      calls.direct.index = 0;
      if (writer_->failed()) [[unlikely]]
        unrecorded(call.index);
      const EntryTraits& entry = traits_[call.entry];
      if (outcome.forwarded && (entry.after || kernel_buffers_)) [[unlikely]]
        after_call(call, outcome, entry.effect);
      return;
    }
    end_encoded(call, outcome, open);
  }

  // The end of a call recorded through an encoder (begin_encoded): out of line too. (A template:
  // the thread's open calls are declared below.)
  template <typename Open>
  [[gnu::noinline]] void end_encoded(const ObservedCall& call, const CallOutcome& outcome,
                                                Open& open) {
    const EntryTraits& entry = traits_[call.entry];
    trace::CallEncoder& encoder = open.back().encoder;
    const bool timed = open.back().timed;
    if (!encoder) {
      open.pop_back();
      unrecorded(call.index);
      return;
    }
    TraceEncoding t{encoder, data_, outcome.error == CL_SUCCESS};
    encode_outputs(t, call.entry, call.args);
    if (data_ && t.success) image_bytes::encode_outputs(encoder, call.entry, call.args);
    // What the host finds in fine-grain SVM once the commands it waited for are complete.
    if (data_ && t.success && (entry.effect == api::Effect::Finish || entry.effect == api::Effect::WaitForEvents))
      shared_memory(encoder, false);
    encode_result(encoder, entry.returns, outcome);
    for (const checker::ObjectRecord& o : outcome.created) {
      encoder.created(o.kind, o.id);
      object_event(trace::ObjectEvent::Action::Created, o, call.index, false);
    }
    if (call.entry == args::EnqueueNDRangeKernel::kEntryIndex && kernel_buffers_)
      kernel_buffers_after(call, outcome);
    encoder.commit(timed ? since_origin(host_clock::now_ns()) : trace::CallEncoder::kNotTimed);
    open.pop_back();  // the encoder is spent: nothing to do but leave
    if (writer_->failed()) unrecorded(call.index);
    if (outcome.forwarded && (entry.after || kernel_buffers_)) after_call(call, outcome, entry.effect);
  }

  void object_retained(const CountedObject& object, std::uint64_t call) override {
    object_event(trace::ObjectEvent::Action::Retained, object, call);
  }
  void object_released(const CountedObject& object, std::uint64_t call) override {
    // A kernel destroyed takes its buffer arguments with it (a program making and releasing
    // kernels in a loop would otherwise grow by an entry a kernel, some 145 bytes).
    if (kernel_buffers_ && object.refcount == 0 && object.kind == api::ObjectKind::Kernel) {
      std::lock_guard lock(mutex_);
      kernel_arguments_.erase(object.id);
    }
    object_event(object.refcount == 0 ? trace::ObjectEvent::Action::Destroyed
                                      : trace::ObjectEvent::Action::Released,
                 object, call);
  }
  // Callbacks run inside the driver; the OpenCL calls they make are traced as calls.
  void callback_begin(const ObservedCallback&) override {}
  void callback_end(const ObservedCallback&) override {}
  void finding(const reports::Finding& finding) override { writer_->write_finding(finding); }
  void close() override {
    // A driver that ends the process inside a call (exit() instead of an error code) leaves
    // the call in flight on this thread: it goes into the trace as one that never returned.
    record_calls_in_flight();
    // Reads of kernel buffers still running at exit: a bounded wait, then the trace closes
    // without those that never finish (their kernel waits on an event never set).
    if (kernel_buffers_ && !kernel_buffers::wait_for_pending(kKernelBuffersAtExit))
      report_note(check::kTraceNotWritten, 0,
                  fmt::format("kernel-buffer reads still pending at exit after {} ms: their "
                              "records are left out of the trace",
                              kKernelBuffersAtExit.count()));
    command_times_.read_complete(*writer_, nullptr);
    command_times_.write_clock_pairs(*writer_);
    writer_->close();
    const std::uint64_t lost = unrecorded_.load(std::memory_order_relaxed);
    if (lost > 0 || writer_->failed())
      report_note(check::kTraceNotWritten, 0,
                  fmt::format("{} call{} not recorded in the trace: {}", lost,
                              lost == 1 ? " was" : "s were", writer_->error()));
  }

 private:
  // A count the call changed, kept for its record's rest (a call on the hot path).
  struct Counted {
    std::uint8_t action;
    api::ObjectKind kind;
    std::uint64_t id;
    std::uint32_t refcount;
  };
  static constexpr std::size_t kCountedKept = 4;

  // A call recorded through an encoder (not on the hot path).
  struct OpenCall {
    // The encoder made by `begin` in its place (emplace_back), not moved there.
    template <typename Begin>
    OpenCall(std::uint64_t i, std::uint64_t ns, bool t, Begin&& begin)
        : index(i), enter_ns(ns), timed(t), encoder(begin()) {}
    std::uint64_t index;
    std::uint64_t enter_ns;  // CLOCK_MONOTONIC
    bool timed;  // its end time is read (EntryTraits::timed, or a release that destroys)
    trace::CallEncoder encoder;
  };
  using OpenCalls = std::vector<OpenCall>;
  // The call on the hot path (begin_direct), written straight into its thread's block. A
  // thread has at most one: only its outermost call takes that path (Writer::open_direct).
  struct DirectOpen {
    std::uint64_t index = 0;  // 0: none open
    std::uint64_t enter_ns = 0;  // CLOCK_MONOTONIC
    bool timed = false;  // as OpenCall's
    std::uint8_t counted_size = 0;
    trace::Writer::DirectCall direct;  // its entry
    std::array<Counted, kCountedKept> counted;
  };
  // A thread's open calls: those encoded, innermost last, and the one on the hot path.
  struct ThreadCalls {
    OpenCalls calls;
    DirectOpen direct;
  };
  // The thread's latest call of an entry point whose parameters and inputs are encoded from
  // its arguments' values and the few bytes they point to (EntryTraits::repeat_size), one per
  // slot: where its entry and its parameters are in the thread's block, its arguments, the
  // bytes its encoder read through them (repeat_inputs) and the object table's count of
  // changes before it was encoded. A call of the same entry point with the same arguments and
  // the same bytes behind them, in the same block, the table unchanged, has the same
  // parameters and inputs: its entry says so in a Repeat item (FORMAT.md 5.0) instead of
  // encoding them again, its handles' look-ups included.
  struct RecentCall {
    std::uint32_t entry = ~std::uint32_t{0};
    std::uint32_t params_size = 0;
    std::uint64_t block = 0;                // its block's offset in the file
    std::uint64_t at = 0;                   // its entry's offset in the file
    const std::uint8_t* params = nullptr;   // its parameters, in the block
    std::uint64_t changes = 0;              // objects().changes() before they were encoded
    encode::Gathered inputs;
    alignas(8) std::uint8_t arguments[kRecentArguments];
  };
  // By entry index, and a kernel argument's index besides: a kernel loop sets each of its
  // arguments in turn (the wide benchmark's ten and its two other calls fall in twelve slots).
  static constexpr std::size_t kRecentSlots = 32;
  using RecentCalls = std::array<RecentCall, kRecentSlots>;
  static std::size_t recent_slot(const ObservedCall& call) {
    std::size_t key = call.entry;
    if (call.entry == args::SetKernelArg::kEntryIndex)
      key += 7 * static_cast<std::size_t>(static_cast<const args::SetKernelArg*>(call.args)->arg_index);
    return key % kRecentSlots;
  }
  // Read twice per call: its address is kept in a trivial initial-exec thread_local, one
  // load, where the vector itself costs a __tls_get_addr call in this dlopen()ed library.
  static inline thread_local ThreadCalls* t_known __attribute__((tls_model("initial-exec"))) =
      nullptr;
  // Set when the thread's vector is destroyed at its exit. A pthread key's destructor runs
  // after the thread's C++ thread_locals are gone and may still call OpenCL (the layer's
  // programs/thread_exit_calls.c does): such calls get a vector of their own, left to the
  // process, where the destroyed one would be written to.
  static inline thread_local bool t_open_calls_gone __attribute__((tls_model("initial-exec"))) =
      false;
  // The thread's recent calls, beside its open calls (nullptr in a thread's last destructors:
  // its calls are then encoded whole).
  static inline thread_local RecentCalls* t_recent __attribute__((tls_model("initial-exec"))) =
      nullptr;
  struct OpenCallsOwner {
    // On the heap: the library's thread_locals must fit the static TLS the loader leaves for
    // initial-exec libraries, some hundreds of bytes (a dlopen() of the layer fails otherwise;
    // tests/layer's static_tls_fits_glibcs_surplus keeps the bound).
    std::unique_ptr<ThreadCalls> calls = std::make_unique<ThreadCalls>();
    std::unique_ptr<RecentCalls> recent = std::make_unique<RecentCalls>();
    ~OpenCallsOwner() {
      t_known = nullptr;
      t_recent = nullptr;
      t_open_calls_gone = true;
    }
  };
  static ThreadCalls& thread_calls() {
    if (t_known != nullptr) return *t_known;
    return first_thread_calls();
  }
  [[gnu::noinline, gnu::cold]] static ThreadCalls& first_thread_calls() {
    if (t_open_calls_gone) {
      t_known = new ThreadCalls();  // a thread in its last destructors: a small one of its own
      return *t_known;
    }
    thread_local OpenCallsOwner owner;
    t_known = owner.calls.get();
    t_recent = owner.recent.get();
    return *owner.calls;
  }

  // The hot path: the call's entry written straight into its thread's block, its parameters
  // by the RawEncoder (the bytes a CallEncoder writes). False where it cannot go there (the
  // caller then records it through an encoder): not the thread's outermost call, no room in
  // its block (its parameters too large for it included), the writer closed.
  bool begin_direct(const ObservedCall& call, const EntryTraits& traits) {
    // Written in place: the thread's slot is free (its hot-path call, if any, has ended or
    // open_direct refuses this one as not the outermost).
    DirectOpen& open = thread_calls().direct;
    trace::Writer::DirectCall& direct = open.direct;
    std::uint8_t* limit = nullptr;
    std::uint8_t* at = writer_->open_direct(direct, call.entry, call.index,
                                            since_origin(call.enter_ns), call.thread, limit);
    if (at == nullptr) return false;
    trace::RawEncoder e(at, limit, writer_.get(), writer_->inline_data_limit());
    RecentCall* recent = nullptr;
    std::uint64_t changes = 0;
    if (traits.repeat_size != 0 && t_recent != nullptr) {
      recent = &(*t_recent)[recent_slot(call)];
      changes = objects().changes();
      if (recent->entry == call.entry && recent->block == direct.block &&
          recent->changes == changes &&
          same_call(call.entry, recent->arguments, recent->inputs, call.args, data_)) {
        e.repeat(direct.entry - recent->at);
        // Its blob, named by the entry repeated, is stored again as store_blob() would count it.
        if (recent->inputs.blob_size != 0) writer_->count_blob_again(recent->inputs.blob_size);
        direct.repeated = recent->params;
        direct.repeated_size = recent->params_size;
        recent = nullptr;  // the call repeated stays the one to repeat
      }
    }
    if (direct.repeated == nullptr) {
      RawTraceEncoding t{e, data_, false};
      encode_arguments(t, call.entry, call.args);
    }
    if (e.overflowed()) {
      writer_->drop_direct(direct, e.end());
      return false;
    }
    // In the trace before the call is forwarded: a process killed inside it leaves it there
    // as one that did not return.
    writer_->enter_direct(direct, e.end());
    // The call to repeat from now on: what it read through its pointers too (the same bytes its
    // encoder read, before the call is forwarded), unless they are too many to keep.
    if (recent != nullptr && traits.repeat_reads) {
      recent->inputs.clear();
      // A blob input is compared against this writer's thread state later: the process's one
      // recorder and its writer are never destroyed (start_trace).
      recent->inputs.writer = writer_.get();
      if (!repeat_inputs(call.entry, call.args, data_, recent->inputs)) {
        recent->entry = ~std::uint32_t{0};
        recent = nullptr;
      }
    }
    if (recent != nullptr) {
      recent->entry = call.entry;
      recent->params_size = static_cast<std::uint32_t>(e.end() - at);
      recent->block = direct.block;
      recent->at = direct.entry;
      recent->params = at;
      recent->changes = changes;
      std::memcpy(recent->arguments, call.args, traits.repeat_size);
    }
    open.index = call.index;
    open.enter_ns = call.enter_ns;
    open.timed = traits.timed;
    open.counted_size = 0;
    return true;
  }

  // The return value after the Result marker, by what the entry point returns.
  template <typename E>
  [[gnu::always_inline]] static void encode_result(E& e, api::Returns returns,
                                                   const CallOutcome& outcome) {
    switch (returns) {
      case api::Returns::ErrorCode:
        e.result(outcome.error).sint(outcome.error);
        break;
      case api::Returns::ObjectWithErrcode:
        e.result(outcome.error);
        encode::handle(e, outcome.result, api::ObjectKind::None);
        break;
      case api::Returns::Void:
        e.result(outcome.error).null();
        break;
      default:
        e.result(outcome.error).pointer(outcome.result);
        break;
    }
  }

  // A hot-path call's rest, as call_end() encodes a call's: the counts it changed, its
  // outputs, its result, the objects it created, its end.
  // (Each part on a local copy of the encoder, whose cursor then stays in a register.)
  [[gnu::always_inline]] void encode_rest(trace::RawEncoder& out, const ObservedCall& call,
                                         const CallOutcome& outcome, const DirectOpen& open,
                                         std::uint64_t exit_ns) {
    if (open.counted_size != 0) {
      trace::RawEncoder e = out;
      for (std::uint8_t i = 0; i < open.counted_size; ++i)
        e.counted(open.counted[i].action, open.counted[i].kind, open.counted[i].id,
                  open.counted[i].refcount);
      out = e;
    }
    const EntryTraits& traits = traits_[call.entry];
    if (may_have_outputs(traits, call.args)) {
      RawTraceEncoding t{out, data_, outcome.error == CL_SUCCESS};
      encode_outputs(t, call.entry, call.args);
    }
    trace::RawEncoder e = out;
    encode_result(e, traits.returns, outcome);
    for (const checker::ObjectRecord& o : outcome.created) e.created(o.kind, o.id);
    encode_end(e, open, exit_ns);
    out = e;
  }

  // A call's last item: its duration, or that it returned untimed.
  [[gnu::always_inline]] void encode_end(trace::RawEncoder& e, const DirectOpen& open,
                                         std::uint64_t exit_ns) const {
    if (exit_ns == trace::CallEncoder::kNotTimed) {
      e.returned();
    } else {
      const std::uint64_t enter = since_origin(open.enter_ns);
      e.end(exit_ns >= enter ? exit_ns - enter : 0);
    }
  }

  // Whether a hot-path call's rest is its error code and its end alone: no count changed, no
  // object created, no output, an error code returned (most calls of a loop).
  bool plain_rest(const ObservedCall& call, const CallOutcome& outcome, const DirectOpen& open) const {
    const EntryTraits& traits = traits_[call.entry];
    return open.counted_size == 0 && outcome.created.empty() &&
           traits.returns == api::Returns::ErrorCode && !may_have_outputs(traits, call.args);
  }

  // A hot-path call's end: its rest written in place after its entry and the entry completed;
  // where the rest does not fit there, the whole call as a Call record of its own.
  void end_direct(const ObservedCall& call, const CallOutcome& outcome, DirectOpen& open) {
    const std::uint64_t exit_ns =
        open.timed ? since_origin(host_clock::now_ns()) : trace::CallEncoder::kNotTimed;
    // Objects created are events of their own (once, whichever way the rest is written).
    for (const checker::ObjectRecord& o : outcome.created)
      object_event(trace::ObjectEvent::Action::Created, o, call.index, false);
    std::uint8_t* limit = nullptr;
    bool closed = false;
    if (std::uint8_t* at = writer_->resume_direct(open.direct, limit, closed)) {
      trace::RawEncoder e(at, limit, writer_.get(), writer_->inline_data_limit());
      if (plain_rest(call, outcome, open)) [[likely]] {
        // What encode_rest() writes for it, without the parts it would look at and skip.
        e.result(outcome.error).sint(outcome.error);
        encode_end(e, open, exit_ns);
      } else {
        encode_rest(e, call, outcome, open, exit_ns);
      }
      if (!e.overflowed()) return writer_->complete_direct(open.direct, e.end(), call.index);
      writer_->unresume_direct(open.direct, at, e.end());
    }
    if (closed) return writer_->end_direct(open.direct);
    move_rest(call, outcome, open, exit_ns);
  }

  // A hot-path call's rest that did not fit after its entry: encoded apart, in room that grows
  // until it fits (its outputs are read again), and the whole call written as a record.
  // Rare (a rest that outgrew its block): a vector of this call's own, not a thread_local,
  // which a call from a pthread key's destructor would find destroyed (glibc runs those after
  // the thread's C++ thread_locals). Out of line, so that encode_rest() inlines into
  // end_direct(), its one call on the hot path.
  [[gnu::noinline, gnu::cold]] void move_rest(const ObservedCall& call, const CallOutcome& outcome,
                                              DirectOpen& open, std::uint64_t exit_ns) {
    std::vector<std::uint8_t> rest;
    for (std::size_t room = 1024;; room *= 2) {
      rest.resize(room);
      trace::RawEncoder e(rest.data(), rest.data() + rest.size(), writer_.get(),
                          writer_->inline_data_limit());
      encode_rest(e, call, outcome, open, exit_ns);
      if (e.overflowed() && room < (std::size_t{1} << 30)) continue;
      if (e.overflowed()) return writer_->end_direct(open.direct);  // left a call that did not return
      writer_->move_direct(open.direct, rest.data(), static_cast<std::size_t>(e.end() - rest.data()),
                           call.index, since_origin(open.enter_ns), call.entry);
      return;
    }
  }

  // The layer's clock is CLOCK_MONOTONIC; the trace's starts at the writer's creation.
  std::uint64_t since_origin(std::uint64_t monotonic_ns) const {
    const std::uint64_t origin = writer_->origin_ns();
    return monotonic_ns > origin ? monotonic_ns - origin : 0;
  }

  // `during`: the call may still be open on this thread (an object created by a call ending is
  // an event of its own at the time it ends, as a count changed by a call that has ended).
  // `Record`: a checker::ObjectRecord (an object created: its parents too) or a CountedObject.
  template <typename Record>
  void object_event(trace::ObjectEvent::Action action, const Record& o, std::uint64_t call,
                    bool during = true) {
    // A count changed by the call in progress on this thread (a retain, a release) goes into
    // the call's own record: one record, not two, on the calls applications make in loops.
    ThreadCalls& calls = thread_calls();
    OpenCall* encoded = !calls.calls.empty() && calls.calls.back().index == call ? &calls.calls.back() : nullptr;
    DirectOpen* direct = encoded == nullptr && calls.direct.index == call ? &calls.direct : nullptr;
    const bool in_call = during && (encoded != nullptr || direct != nullptr);
    if (in_call && action != trace::ObjectEvent::Action::Created &&
        (direct == nullptr || direct->counted_size < kCountedKept)) {
      if (action == trace::ObjectEvent::Action::Destroyed) (direct != nullptr ? direct->timed : encoded->timed) = true;
      if (direct != nullptr)
        direct->counted[direct->counted_size++] = {static_cast<std::uint8_t>(action), o.kind, o.id,
                                                   o.refcount};
      else if (encoded->encoder)
        encoded->encoder.counted(static_cast<std::uint8_t>(action), o.kind, o.id, o.refcount);
      return;
    }
    trace::ObjectEvent event;
    event.action = action;
    event.object = handle_of(o);
    event.call_index = call;
    event.time_ns = since_origin(!in_call           ? host_clock::now_ns()
                                 : direct != nullptr ? direct->enter_ns
                                                     : encoded->enter_ns);
    event.refcount = o.refcount;
    if constexpr (std::is_same_v<Record, checker::ObjectRecord>)
      for (std::uint8_t i = 0; i < o.parent_count && action == trace::ObjectEvent::Action::Created; ++i)
        if (const auto parent = objects().identity(o.parents[i]); parent.id != 0)
          event.parents.push_back({parent.kind, parent.id});
    writer_->write_object_event(event);
  }

  // What a call that returned changes for the calls after it: queues, mappings, kernel
  // arguments, and commands known to be complete.
  void after_call(const ObservedCall& call, const CallOutcome& outcome, api::Effect effect) {
    const bool ok = outcome.error == CL_SUCCESS;
    switch (call.entry) {
      case args::CreateCommandQueue::kEntryIndex:
        if (ok && outcome.result != nullptr)
          command_times_.queue_created(
              *writer_, outcome.result,
              (static_cast<const args::CreateCommandQueue*>(call.args)->properties &
               CL_QUEUE_PROFILING_ENABLE) != 0 ||
                  queue_profiling::hidden(outcome.result),
              static_cast<const args::CreateCommandQueue*>(call.args)->device);
        return;
      case args::CreateCommandQueueWithProperties::kEntryIndex:
        if (ok && outcome.result != nullptr)
          command_times_.queue_created(
              *writer_, outcome.result,
              profiling_property(
                  static_cast<const args::CreateCommandQueueWithProperties*>(call.args)
                      ->properties) ||
                  queue_profiling::hidden(outcome.result),
              static_cast<const args::CreateCommandQueueWithProperties*>(call.args)->device);
        return;
      default:
        break;
    }
    if (effect == api::Effect::None && !kernel_buffers_) return;
    const CallFacts f = call_facts(call.entry, call.args);
    switch (effect) {
      case api::Effect::Finish:
      case api::Effect::WaitForEvents:
        command_times_.synchronised(*writer_);
        break;
      case api::Effect::Map: {
        // A buffer or image map returns its region; an SVM map was given it.
        const void* region = f.map_ptr != nullptr ? f.map_ptr : outcome.result;
        mapped_for_reading(call, outcome, f, region);
        if (ok && data_ && region != nullptr &&
            (f.map_flags & (CL_MAP_WRITE | CL_MAP_WRITE_INVALIDATE_REGION)) != 0) {
          const Mapping mapping = f.map_image ? Mapping{0, image_bytes::of_mapping(call.args)}
                                              : Mapping{f.map_size, std::nullopt};
          std::lock_guard lock(mutex_);
          mapped_[region] = mapping;
        }
        break;
      }
      case api::Effect::Unmap:
        if (ok && data_) {
          std::lock_guard lock(mutex_);
          mapped_.erase(f.unmapped);
        }
        break;
      default:
        break;
    }
    if (f.sets_kernel_argument && ok && kernel_buffers_) kernel_argument_set(f);
  }

  // The region of a map for reading: recorded now when the map blocked, else when its event
  // completes.
  void mapped_for_reading(const ObservedCall& call, const CallOutcome& outcome, const CallFacts& f,
                          const void* region) {
    const MapCommand command = std::exchange(t_map_command, MapCommand{});
    const cl_icd_dispatch& d = next();
    auto read = later_read(*writer_, call, f, region);
    if (data_ && read && outcome.error == CL_SUCCESS && region != nullptr) {
      if (f.blocking) {
        read_completed(nullptr, CL_COMPLETE, new PendingRead(*read));
      } else if (command.call == call.index && command.event != nullptr && d.clSetEventCallback != nullptr) {
        auto* pending = new PendingRead(*read);
        if (d.clSetEventCallback(command.event, CL_COMPLETE, read_completed, pending) != CL_SUCCESS)
          delete pending;
      }
    }
    if (command.call == call.index && command.event != nullptr && d.clReleaseEvent != nullptr)
      d.clReleaseEvent(command.event);
  }

  static bool profiling_property(const cl_queue_properties* list) {
    for (std::size_t i = 0; list != nullptr && i < 128 && list[2 * i] != 0; ++i)
      if (list[2 * i] == CL_QUEUE_PROPERTIES)
        return (list[2 * i + 1] & CL_QUEUE_PROFILING_ENABLE) != 0;
    return false;
  }

  // What the host wrote into a region it mapped for writing, as the unmap's input (its
  // mapped_ptr or svm_ptr, parameter `param`): the bytes a replay must put back.
  void unmapped_bytes(trace::CallEncoder& encoder, const void* mapped_ptr, std::uint32_t param) {
    Mapping mapping;
    {
      std::lock_guard lock(mutex_);
      auto found = mapped_.find(mapped_ptr);
      if (found == mapped_.end()) return;
      mapping = found->second;
    }
    if (mapping.image) {
      // An image region: its pixels packed, read with the pitches the map returned.
      const std::vector<unsigned char> pixels = image_bytes::packed(mapped_ptr, *mapping.image);
      if (pixels.empty()) return;
      encoder.input(param);
      encoder.data(pixels.data(), pixels.size());
      return;
    }
    const std::size_t size = mapping.size;
    if (size == 0) return;
    encoder.input(param);
    encoder.data(mapped_ptr, size);
  }

  // The fine-grain SVM allocations' bytes: a launch's Input, a wait's Output.
  static void shared_memory(trace::CallEncoder& encoder, bool input) {
    const std::vector<SharedAllocation> shared = fine_grain_allocations();
    if (shared.empty()) return;
    if (input)
      encoder.input(trace::kSharedMemoryParam);
    else
      encoder.output(trace::kSharedMemoryParam);
    encoder.array(shared.size());
    for (const SharedAllocation& a : shared) {
      encoder.array(2);
      encoder.pointer(a.pointer);
      encoder.data(a.pointer, a.size);
    }
  }

  void kernel_argument_set(const CallFacts& a) {
    const std::uint64_t kernel = objects().identity(a.kernel).id;
    const void* mem = nullptr;
    if (a.arg_value != nullptr && a.arg_size == sizeof(cl_mem)) {
      const void* value = *static_cast<const void* const*>(a.arg_value);
      if (live(value, api::ObjectKind::Mem)) mem = value;
    }
    std::lock_guard lock(mutex_);
    auto& arguments = kernel_arguments_[kernel];
    if (mem != nullptr)
      arguments[a.arg_index] = mem;
    else
      arguments.erase(a.arg_index);
  }

  // The buffer arguments of `kernel` read through the driver on `queue` after `wait`, without
  // waiting for them: a KernelBuffers record of call `call` once the reads complete.
  // `own_wait`: the wait list is the layer's own event, not the application's to judge.
  void kernel_buffers(std::uint64_t call, bool after, const void* queue, const void* kernel,
                      cl_uint wait_count, const cl_event* wait, bool own_wait = false) {
    if (!live(queue, api::ObjectKind::CommandQueue) || !live(kernel, api::ObjectKind::Kernel) ||
        (wait_count != 0 && wait == nullptr))
      return;
    for (cl_uint i = 0; i < wait_count && !own_wait; ++i)
      if (!live(wait[i], api::ObjectKind::Event)) return;
    std::vector<std::pair<cl_uint, cl_mem>> buffers;
    {
      std::lock_guard lock(mutex_);
      auto found = kernel_arguments_.find(objects().identity(kernel).id);
      if (found != kernel_arguments_.end())
        for (const auto& [index, mem] : found->second)
          if (live(mem, api::ObjectKind::Mem))
            buffers.emplace_back(index, static_cast<cl_mem>(const_cast<void*>(mem)));
    }
    kernel_buffers::read(*writer_, call, after,
                         static_cast<cl_command_queue>(const_cast<void*>(queue)), buffers,
                         wait_count, wait);
  }

  // The same buffers once the kernel has run: after the kernel's event.
  void kernel_buffers_after(const ObservedCall& call, const CallOutcome& outcome) {
    KernelCommand command = std::exchange(t_kernel_command, KernelCommand{});
    const bool have_event = command.call == call.index && command.event != nullptr;
    if (outcome.forwarded && outcome.error == CL_SUCCESS && have_event) {
      const auto& a = *static_cast<const args::EnqueueNDRangeKernel*>(call.args);
      kernel_buffers(call.index, true, a.command_queue, a.kernel, 1, &command.event, true);
    }
    if (have_event && command.release && next().clReleaseEvent != nullptr)
      next().clReleaseEvent(command.event);
  }

  // A call the trace could not take (the disk full, a write refused): said at once, counted,
  // and the count said at exit. Calls after the writer was closed at exit are not counted.
  void unrecorded(std::uint64_t call) {
    if (!writer_->failed()) return;
    unrecorded_.fetch_add(1, std::memory_order_relaxed);
    if (!failure_said_.exchange(true))
      report_note(check::kTraceNotWritten, call,
                  fmt::format("the trace stopped being written at call #{}: {}", call,
                              writer_->error()));
  }

  std::unique_ptr<trace::Writer> writer_;
  std::atomic<std::uint64_t> unrecorded_{0};
  std::atomic<bool> failure_said_{false};
  bool data_ = true;
  bool kernel_buffers_ = false;
  const std::vector<EntryTraits> traits_;  // by entry index
  CommandTimes command_times_;
  std::mutex mutex_;  // mapped regions and kernel arguments: not on the path of cheap calls
  // Regions mapped for writing, by pointer: a buffer's size, or an image region's layout.
  struct Mapping {
    std::size_t size = 0;
    std::optional<image_bytes::Layout> image;
  };
  std::unordered_map<const void*, Mapping> mapped_;
  std::unordered_map<std::uint64_t, std::map<cl_uint, const void*>> kernel_arguments_;
};

TraceObserver* g_trace = nullptr;

// The signals that end a process where it stands (a crash inside the driver, an abort).
constexpr std::array<int, 5> kFatalSignals = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT};
std::array<struct sigaction, kFatalSignals.size()> g_previous_actions{};

// The thread's calls in flight go into the trace, then the signal takes its course: the
// previous action is put back and the signal raised again (it is delivered once this returns).
void on_fatal_signal(int signal, siginfo_t* info, void* context) {
  static std::atomic<bool> recording{false};
  if (g_trace != nullptr && !recording.exchange(true)) g_trace->record_calls_in_flight();
  for (std::size_t i = 0; i < kFatalSignals.size(); ++i) {
    if (kFatalSignals[i] != signal) continue;
    const struct sigaction& previous = g_previous_actions[i];
    sigaction(signal, &previous, nullptr);
    if ((previous.sa_flags & SA_SIGINFO) != 0 && previous.sa_sigaction != nullptr) {
      previous.sa_sigaction(signal, info, context);
      return;
    }
    if (previous.sa_handler != SIG_DFL && previous.sa_handler != SIG_IGN &&
        previous.sa_handler != nullptr) {
      previous.sa_handler(signal);
      return;
    }
  }
  raise(signal);
}

void catch_fatal_signals() {
  struct sigaction action {};
  action.sa_sigaction = on_fatal_signal;
  action.sa_flags = SA_SIGINFO | SA_ONSTACK;
  sigemptyset(&action.sa_mask);
  for (std::size_t i = 0; i < kFatalSignals.size(); ++i)
    sigaction(kFatalSignals[i], &action, &g_previous_actions[i]);
}

}  // namespace

void start_trace() {
  const std::string given = options::value("trace");
  if (given.empty() || given == "none") return;
  // %p: this process's id, so that the processes an application starts each keep their own.
  // Without it, the first process takes the file and the others record beside it.
  std::string note;
  const std::string path = claim_trace_file(options::with_process_id(given), note);
  if (!note.empty()) layer::note(note);
  std::string error;
  auto writer = trace::Writer::create(path, error);
  if (!writer) {
    report_note(check::kTraceNotWritten, 0, "cannot record the trace: " + error);
    return;
  }
  writer->write_process_info(trace::current_process_info("clvet layer"));
  if (options::value("device_times") != "0") queue_profiling::install();
  // Never destroyed: calls may still arrive during exit, after close() (they are dropped).
  g_trace = new TraceObserver(std::move(writer), options::value("trace_data") != "0",
                              options::value("trace_kernel_buffers") == "1",
                              options::value("trace_repeats") != "0");
  set_call_observer(g_trace);
  catch_fatal_signals();
}

}  // namespace clvet::layer
