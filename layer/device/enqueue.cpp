// Submission of commands: dependencies, the application's event, blocking calls.
#include "enqueue.h"

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
    Ref<Event> e = lookup<Event>(events[i]);
    if (e) command.wait_list.push_back(std::move(e));
  }
  Ref<Event> event = queue.enqueue(std::move(command));
  if (event_out)
    *event_out = event->id();  // the application owns the event's first reference
  else
    event->release();  // nobody may name it; internal references keep it until it is done
  if (!blocking) return {};
  cl_int status = event->wait();
  if (status < 0 && blocked_by_failure) return fail(*blocked_by_failure, "a blocking command's wait list contains a failed event");
  return {};
}

}  // namespace clvet::device
