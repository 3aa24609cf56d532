// Recorded calls turned into direct re-issuers' slots: the same judgement a call gets on the
// general path (a NULL is NULL, a handle names an object of the parameter's kind), made once.
#include "compact_calls.h"

#include "direct_call.h"

namespace clvet::replay {

std::uint32_t CompactCalls::add(const trace::Call& call) {
  if (call.entry == trace::kUnknownEntry || !call.completed || call.error != 0 || !call.created.empty())
    return kNone;
  const std::span<const DirectSlot> shape = direct_slots(call.entry);
  if (shape.empty() || shape.size() != call.params.size()) return kNone;
  const std::size_t start = slots_.size();
  if (start + shape.size() > kNone) return kNone;  // past what a position says: the general way
  for (std::size_t i = 0; i < shape.size(); ++i) {
    const trace::Value& v = call.params[i];
    std::uint64_t slot = 0;
    bool fits = v.kind == trace::ValueKind::Null;
    switch (shape[i].kind) {
      case DirectSlot::Kind::Scalar:
        if (v.kind == trace::ValueKind::UInt || v.kind == trace::ValueKind::Int ||
            v.kind == trace::ValueKind::Pointer) {
          slot = v.number;
          fits = true;
        }
        break;
      case DirectSlot::Kind::Handle:
        // A platform or device is the target's whatever the recorder called it; any other
        // object must be of the parameter's kind. An address the recorder did not know is
        // said the general way.
        if (v.kind == trace::ValueKind::Handle && v.number != 0 &&
            (v.object == shape[i].object || shape[i].object == api::ObjectKind::Platform ||
             shape[i].object == api::ObjectKind::Device)) {
          slot = v.number;
          fits = true;
        }
        break;
      case DirectSlot::Kind::Room:
        if (v.kind == trace::ValueKind::Pointer) {
          slot = v.number != 0;
          fits = true;
        }
        break;
    }
    if (!fits) {
      slots_.resize(start);
      return kNone;
    }
    slots_.push_back(slot);
  }
  return static_cast<std::uint32_t>(start);
}

}  // namespace clvet::replay
