// The one CallObserver slot.
#include "call_observer.h"

namespace clvet::layer {

namespace detail {
std::atomic<CallObserver*> g_observer{nullptr};
}  // namespace detail

void set_call_observer(CallObserver* observer) {
  detail::g_observer.store(observer, std::memory_order_release);
}

}  // namespace clvet::layer
