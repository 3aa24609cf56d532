// The common tail of every clEnqueue* on the reference device.
#pragma once

#include <functional>

#include "clvet/rules/result.h"
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

}  // namespace clvet::device
