// The common tail of every clEnqueue* on the reference device.
#pragma once

#include <array>
#include <cstddef>
#include <functional>
#include <new>
#include <utility>
#include <vector>

#include "clvet/rules/result.h"
#include "memory.h"
#include "queue.h"

namespace clvet::device {

// Turns the (already validated) wait list into dependencies, enqueues `work` on `queue`, hands
// the application its event if it asked for one (event_out != NULL: it then owns the event's
// first reference), and for blocking commands waits for it.
// `blocked_by_failure` is the command's rule for a blocking call whose wait list contains a
// failed event (CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST); it is raised only then. A
// blocking command whose own work fails returns success: its event carries the error.
// `waits_for_all` / `blocks_later` make markers and barriers (see Command).
Status submit(Queue& queue, cl_command_type type, cl_uint num_events, const cl_event* events,
              cl_event* event_out, bool blocking, std::function<cl_int()> work,
              const rules::Rule* blocked_by_failure = nullptr, bool waits_for_all = false,
              bool blocks_later = false);

// A command's origin or region, copied: the application may reuse its arrays once the call
// returns.
using Triple = std::array<std::size_t, 3>;
inline Triple triple(const std::size_t* values) { return {values[0], values[1], values[2]}; }

// Runs `body` (which queues a command), turning a failed host allocation into `out_of_memory`.
template <class Body>
Status with_host_memory(const rules::Rule& out_of_memory, Body body) {
  try {
    return body();
  } catch (const std::bad_alloc&) {
    return fail(out_of_memory, "allocating the command failed");
  }
}

// A command's work that holds `objects` until it has run. They are let go before the command
// completes, so a memory object the application released is deleted -- and its destructor
// callbacks have run -- by the time clFinish or clWaitForEvents returns (§5.4.1).
template <class Work>
std::function<cl_int()> holding(std::vector<Ref<Mem>> objects, Work work) {
  return [objects = std::move(objects), work = std::move(work)]() mutable {
    const cl_int status = work();
    objects.clear();
    return status;
  };
}

}  // namespace clvet::device
