// The callback trampolines' reports to the call observer.
#include "callbacks.h"

#include "call_observer.h"

namespace clvet::layer::callbacks {
namespace {

ObservedCallback observed(const Binding& binding) {
  return ObservedCallback{binding.entry, binding.call, binding.function, binding.user_data};
}

}  // namespace

void callback_begin(const Binding& binding) {
  if (CallObserver* observer = call_observer()) observer->callback_begin(observed(binding));
}

void callback_end(const Binding& binding) {
  if (CallObserver* observer = call_observer()) observer->callback_end(observed(binding));
}

bool called_once(const api::EntryPoint& entry) {
  return entry.name != "clCreateContext" && entry.name != "clCreateContextFromType";
}

}  // namespace clvet::layer::callbacks
