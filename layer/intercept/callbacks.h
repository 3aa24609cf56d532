// The application's callbacks, seen by the layer: the driver gets a trampoline and a binding
// as user_data; the trampoline tells the observer and calls the application's function with
// its own user_data. Every OpenCL callback takes user_data last, which is what makes one
// template enough.
#pragma once

#include <cstdint>
#include <tuple>

#include "call.h"
#include "clvet/rules/opencl.h"

namespace clvet::layer::callbacks {

struct Binding {
  void* function = nullptr;   // the application's callback
  void* user_data = nullptr;  // the application's user_data
  std::uint32_t entry = 0;    // the entry point that registered it
  std::uint64_t call = 0;     // that call's index
  // Called once (build, event, destructor, SVM free callbacks): freed after the call.
  // Context notifications may come any number of times, so theirs live to the end.
  bool once = true;
};

void callback_begin(const Binding& binding);
void callback_end(const Binding& binding);
// Whether callbacks registered by `entry` are called at most once.
bool called_once(const api::EntryPoint& entry);

template <class Fn>
struct Bound {
  Fn function;
  void* user_data;
};

template <class Fn>
struct Trampoline;

template <class... A>
struct Trampoline<void(CL_CALLBACK*)(A...)> {
  static_assert(sizeof...(A) > 0, "an OpenCL callback takes user_data last");
  static void CL_CALLBACK run(A... args) {
    std::tuple<A...> forwarded(args...);
    auto& user_data = std::get<sizeof...(A) - 1>(forwarded);
    auto* binding = static_cast<Binding*>(user_data);
    user_data = binding->user_data;
    callback_begin(*binding);
    std::apply(reinterpret_cast<void(CL_CALLBACK*)(A...)>(binding->function), forwarded);
    callback_end(*binding);
    if (binding->once) delete binding;
  }
};

// What goes to the driver in place of (`function`, `user_data`). A NULL function stays NULL.
// A binding whose call fails is never freed: a driver might still call it, and a few bytes
// per failed registration are cheaper than a use after free.
template <class Fn>
Bound<Fn> bind(Fn function, void* user_data, const Call& call) {
  if (function == nullptr) return {function, user_data};
  auto* binding = new Binding{reinterpret_cast<void*>(function), user_data, call.entry_index(),
                              call.index(), called_once(call.entry())};
  return {&Trampoline<Fn>::run, binding};
}

}  // namespace clvet::layer::callbacks
