// The uninitialised-value checker's taint configuration and the words of its findings.
#include "uninitialised_checker.h"

#include <fmt/format.h>

namespace clvet::checker {

interp::TaintConfig uninitialised_value_taint() {
  interp::TaintConfig c;
  c.sources.private_memory = true;
  c.sources.local_memory = true;
  c.sources.buffer_marks = true;
  c.sinks.conditions = true;
  c.sinks.addresses = true;
  c.sinks.global_stores = true;
  return c;
}

std::string describe_uninitialised_use(const interp::EngineProblem& use) {
  using interp::TaintSink;
  constexpr const char* kNothingWrote = "a value that nothing wrote (uninitialised)";
  const std::string& builtin = use.message;
  switch (use.sink) {
    case TaintSink::BranchCondition:
      return "a branch depends on a value that nothing wrote (uninitialised)";
    case TaintSink::SwitchCondition:
      return "a switch depends on a value that nothing wrote (uninitialised)";
    case TaintSink::Comparison:
      return "a comparison that decides the program's path reads a value that nothing wrote "
             "(uninitialised)";
    case TaintSink::SelectCondition:
      return "a condition depends on a value that nothing wrote (uninitialised)";
    case TaintSink::LoadAddress:
      return "a load's address is computed from a value that nothing wrote (uninitialised)";
    case TaintSink::StoreAddress:
      return "a store's address is computed from a value that nothing wrote (uninitialised)";
    case TaintSink::AtomicAddress:
      return "an atomic operation's address is computed from a value that nothing wrote "
             "(uninitialised)";
    case TaintSink::CopyAddress:
      return "a memory copy's address is computed from a value that nothing wrote "
             "(uninitialised)";
    case TaintSink::BuiltinPointer:
      return fmt::format("a pointer passed to {} is computed from a value that nothing wrote "
                         "(uninitialised)", builtin);
    case TaintSink::GlobalStore:
      return fmt::format("{} is stored to global memory ({} of its {} bytes)", kNothingWrote,
                         use.tainted, use.size);
    case TaintSink::AtomicGlobalStore:
      return fmt::format("an atomic operation stores {} to global memory", kNothingWrote);
    case TaintSink::BuiltinGlobalStore:
      return fmt::format("{} stores {} to global memory", builtin, kNothingWrote);
    case TaintSink::BuiltinValue:
      return fmt::format("{} is passed {}", builtin, kNothingWrote);
    case TaintSink::None:
      break;
  }
  return kNothingWrote;
}

}  // namespace clvet::checker
