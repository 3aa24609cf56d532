// The error clauses the spec restates for every entry point that has a parameter of some
// role (a command-queue, a context, an event wait list): each with its code, its usual words
// and one check that finds the parameter by its role in the API table (the role_* accessors
// of the generated argument structs). A family header states such a rule with its own id,
// section and version in one CLVET_ROLE_RULE line, in the place where it is checked.
#pragma once

#include <string_view>

#include "clvet/rules/args.gen.h"
#include "clvet/rules/rule.h"
#include "clvet/rules/world.h"

namespace clvet::rules::recurring {

// CL_INVALID_COMMAND_QUEUE: the command-queue parameter names no live command-queue.
struct InvalidCommandQueue {
  static constexpr cl_int kCode = CL_INVALID_COMMAND_QUEUE;
  static constexpr std::string_view kWords =
      "CL_INVALID_COMMAND_QUEUE if command_queue is not a valid command-queue.";
  template <class Args> static bool check(const void* args, const World& w) {
    return !valid(w, static_cast<const Args*>(args)->role_command_queue());
  }
};

// CL_INVALID_COMMAND_QUEUE where OpenCL 2.x asks for a *host* command-queue: a device-side
// queue (CL_QUEUE_ON_DEVICE) takes no host commands.
struct InvalidHostCommandQueue {
  static constexpr cl_int kCode = CL_INVALID_COMMAND_QUEUE;
  static constexpr std::string_view kWords =
      "CL_INVALID_COMMAND_QUEUE if command_queue is not a valid host command-queue.";
  template <class Args> static bool check(const void* args, const World& w) {
    const cl_command_queue queue = static_cast<const Args*>(args)->role_command_queue();
    if (!valid(w, queue)) return true;
    auto properties =
        get<cl_command_queue_properties>(w, InfoQuery::CommandQueue, queue, CL_QUEUE_PROPERTIES);
    return properties && (*properties & CL_QUEUE_ON_DEVICE);
  }
};

// CL_INVALID_CONTEXT: the context parameter names no live context.
struct InvalidContext {
  static constexpr cl_int kCode = CL_INVALID_CONTEXT;
  static constexpr std::string_view kWords =
      "CL_INVALID_CONTEXT if context is not a valid context.";
  template <class Args> static bool check(const void* args, const World& w) {
    return !valid(w, static_cast<const Args*>(args)->role_context());
  }
};

// CL_INVALID_EVENT_WAIT_LIST (§5.9 and every enqueue): a NULL list with a non-zero count, a
// list with a zero count, or an event that is not valid.
struct InvalidEventWaitList {
  static constexpr cl_int kCode = CL_INVALID_EVENT_WAIT_LIST;
  static constexpr std::string_view kWords =
      "CL_INVALID_EVENT_WAIT_LIST if event_wait_list is NULL and num_events_in_wait_list > 0, or "
      "event_wait_list is not NULL and num_events_in_wait_list is 0, or if event objects in "
      "event_wait_list are not valid events.";
  template <class Args> static bool check(const void* args, const World& w) {
    const args::EventWaitList list = static_cast<const Args*>(args)->role_event_wait_list();
    return wait_list_malformed(w, list.count, list.events);
  }
};

// CL_INVALID_CONTEXT: an event of the wait list belongs to another context than the
// command-queue. Checked after the queue and the list are known valid; the words are each
// entry point's own, since the same clause names its other objects too.
struct WaitListContextDiffers {
  static constexpr cl_int kCode = CL_INVALID_CONTEXT;
  template <class Args> static bool check(const void* args, const World& w) {
    const auto& a = *static_cast<const Args*>(args);
    const args::EventWaitList list = a.role_event_wait_list();
    return wait_list_context_differs(w, a.role_command_queue(), list.count, list.events);
  }
};

// The same, for entry points that check it before the list's validity: only a valid event
// of another context than a valid command-queue counts.
struct ValidEventsContextDiffers {
  static constexpr cl_int kCode = CL_INVALID_CONTEXT;
  template <class Args> static bool check(const void* args, const World& w) {
    const auto& a = *static_cast<const Args*>(args);
    const args::EventWaitList list = a.role_event_wait_list();
    return valid_events_in_other_context(w, a.role_command_queue(), list.count, list.events);
  }
};

}  // namespace clvet::rules::recurring

// Rule `Name` of entry point `Args` (its argument struct's name) for a recurring clause: the
// code, the usual words and the check come from recurring::Clause; the rule applies from
// `Since` on.
#define CLVET_ROLE_RULE(Name, Args, Clause, SpecDoc, Section, Since)                         \
  CLVET_ROLE_RULE_WORDED(Name, Args, Clause, SpecDoc, Section, Since,                         \
                         ::clvet::rules::recurring::Clause::kWords)

// The same in the words of the entry point's own description.
#define CLVET_ROLE_RULE_WORDED(Name, Args, Clause, SpecDoc, Section, Since, Words)            \
  CLVET_RULE(Name, ::clvet::args::Args::kName, ::clvet::rules::recurring::Clause::kCode,       \
             SpecDoc, Section, Words, Since, ::clvet::rules::Still,                              \
             &::clvet::rules::recurring::Clause::check<::clvet::args::Args>)
