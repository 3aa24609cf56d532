// The hook where the trace recorder plugs into the layer: every call, object event, callback
// and finding passes through one CallObserver. The layer itself does not record anything.
#pragma once

#include <atomic>
#include <cstdint>
#include <span>

#include "clvet/checker/object_table.h"
#include "clvet/reports/finding.h"
#include "clvet/rules/opencl.h"

namespace clvet::layer {

// One application call, as the wrapper received it.
struct ObservedCall {
  std::uint32_t entry = 0;  // index in api::entry_points()
  std::uint64_t index = 0;  // the layer's call index, from 1
  const void* args =
      nullptr;  // the call's clvet::args::<Entry>, exactly as the application passed them
  std::uint64_t thread = 0;    // gettid()
  std::uint64_t enter_ns = 0;  // CLOCK_MONOTONIC at entry
};

// How the call ended.
struct CallOutcome {
  cl_int error = CL_SUCCESS;     // returned code, what went to errcode_ret, or CL_SUCCESS
  const void* result = nullptr;  // the value returned (handle, pointer), NULL for cl_int and void
  bool forwarded = true;         // false: the layer answered without calling the driver
  std::span<const checker::ObjectRecord> created;  // objects the call created or first returned
};

// An object whose application-visible count a retain or release changed: what an observer is
// told of it (not a whole checker::ObjectRecord, which applications' loops of retains and
// releases would build and zero each time).
struct CountedObject {
  const void* handle = nullptr;
  api::ObjectKind kind = api::ObjectKind::None;
  std::uint64_t id = 0;
  std::uint32_t refcount = 0;  // after the change
};

// A callback of the application, called by the driver through the layer's trampoline.
struct ObservedCallback {
  std::uint32_t entry = 0;          // the entry point that registered it
  std::uint64_t registered_by = 0;  // that call's index
  const void* function = nullptr;   // the application's function
  void* user_data = nullptr;        // the application's user_data
};

class CallObserver {
 public:
  virtual ~CallObserver() = default;
  virtual void call_begin(const ObservedCall& call) = 0;
  virtual void call_end(const ObservedCall& call, const CallOutcome& outcome) = 0;
  // clRetain* / clRelease* changed an object's application-visible count.
  virtual void object_retained(const CountedObject& object, std::uint64_t call) = 0;
  virtual void object_released(const CountedObject& object, std::uint64_t call) = 0;
  virtual void callback_begin(const ObservedCallback& callback) = 0;
  virtual void callback_end(const ObservedCallback& callback) = 0;
  virtual void finding(const reports::Finding& finding) = 0;
  // A command's event: whether the observer wants one where the application passes NULL,
  // and the event once the command is enqueued (`layer_owned`: the observer must release it
  // through the next dispatch table).
  virtual bool wants_command_event(const ObservedCall& call, const void* queue) = 0;
  virtual void command_enqueued(const ObservedCall& call, const void* queue, const void* event,
                                bool layer_owned) = 0;
  // The process is exiting (or the loader unloads the layer): last chance to write.
  virtual void close() = 0;
};

// Installs the observer (nullptr: none). Not synchronised with calls in flight: install it
// before the application's first call reaches the layer (clInitLayer time).
void set_call_observer(CallObserver* observer);

namespace detail {
extern std::atomic<CallObserver*> g_observer;
}  // namespace detail
// Every call asks, several times: inline, one load.
inline CallObserver* call_observer() { return detail::g_observer.load(std::memory_order_acquire); }

}  // namespace clvet::layer
