// The one CallObserver slot.
#include "call_observer.h"

#include <atomic>

namespace clvet::layer {
namespace {
std::atomic<CallObserver*> g_observer{nullptr};
}  // namespace

void set_call_observer(CallObserver* observer) {
  g_observer.store(observer, std::memory_order_release);
}

CallObserver* call_observer() {
  return g_observer.load(std::memory_order_acquire);
}

}  // namespace clvet::layer
