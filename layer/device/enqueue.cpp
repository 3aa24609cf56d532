// Submission of commands: dependencies, the application's event, blocking calls.
#include "enqueue.h"

#include <algorithm>

namespace clvet::device {

Status submit(Queue& queue, cl_command_type type, cl_uint num_events, const cl_event* events,
              cl_event* event_out, bool blocking, std::function<cl_int()> work,
              const rules::Rule* blocked_by_failure, bool waits_for_all, bool blocks_later) {
  Command command;
  command.type = type;
  command.work = std::move(work);
  command.waits_for_all_previous = waits_for_all;
  command.blocks_later = blocks_later;
  for (cl_uint i = 0; events && i < num_events; ++i) {
    // The rules checked the list; only an event another thread released since then can be
    // missing here, and the application broke the wait list's contract doing that.
    Ref<Event> e = lookup<Event>(events[i]);
    if (e) command.wait_list.push_back(std::move(e));
  }
  std::vector<Ref<Event>> wait_list = command.wait_list;  // kept for the blocking check
  Ref<Event> event = queue.enqueue(std::move(command));
  if (event_out)
    *event_out = event->id();
  else
    event->release();  // nobody may name it; internal references keep it until it is done
  if (!blocking) return {};
  event->wait();
  // §5.2.2 et seq.: CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST "if the read and write
  // operations are blocking and the execution status of any of the events in event_wait_list
  // is a negative integer value".
  bool failed = std::any_of(wait_list.begin(), wait_list.end(),
                            [](const Ref<Event>& e) { return e->status() < 0; });
  if (failed && blocked_by_failure)
    return fail(*blocked_by_failure, "a blocking command's wait list contains a failed event");
  return {};
}

}  // namespace clvet::device
