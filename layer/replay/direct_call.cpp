// Reading a Call record's bytes straight into argument slots (FORMAT.md, "Values" and "Call").
#include "direct_call.h"

namespace clvet::replay {

DirectCall::DirectCall(Session& session, std::span<const std::uint8_t> payload)
    : s_(session), at_(payload.data()), end_(payload.data() + payload.size()) {
  s_.scratch().reset();
  // The header: the controller knows the call's index and entry point already.
  for (int field = 0; field < 4; ++field) skip_varint();  // index, thread, enter time, entry
}

std::uint64_t DirectCall::long_varint() {
  std::uint64_t v = 0;
  for (int shift = 0; shift < 64; shift += 7) {
    const std::uint8_t b = take_byte();
    v |= static_cast<std::uint64_t>(b & 0x7f) << shift;
    if ((b & 0x80) == 0) return v;
  }
  ok_ = false;
  return 0;
}

bool DirectCall::given() {
  const std::uint8_t t = take_byte();
  if (t == trace::tag::kNull) return false;
  if (t != trace::tag::kPointer) {
    ok_ = false;
    return false;
  }
  return varint() != 0;
}

void* DirectCall::live_handle(api::ObjectKind kind) {
  const std::uint8_t t = take_byte();
  if (t == trace::tag::kNull) return nullptr;
  if (t != trace::tag::kHandle) {
    ok_ = false;  // an address the recorder did not know: the general path says so
    return nullptr;
  }
  const auto recorded_kind = static_cast<api::ObjectKind>(take_byte());
  const std::uint64_t id = varint();
  if (kind == api::ObjectKind::Platform) return s_.platform();
  if (kind == api::ObjectKind::Device) return s_.device_for(id);
  void* live = recorded_kind == kind ? s_.live({kind, id}) : nullptr;
  if (live == nullptr) ok_ = false;  // skipped, never made or of another kind: said the general way
  return live;
}

void DirectCall::skip_value(int depth) {
  if (depth > 32) {
    ok_ = false;
    return;
  }
  switch (take_byte()) {
    case trace::tag::kNull: return;
    case trace::tag::kUInt:
    case trace::tag::kInt:
    case trace::tag::kPointer: varint(); return;
    case trace::tag::kFloat:
      if (end_ - at_ < 8) ok_ = false;
      else at_ += 8;
      return;
    case trace::tag::kHandle:
      take_byte();
      varint();
      return;
    case trace::tag::kString:
    case trace::tag::kBytes: {
      const std::uint64_t n = varint();
      if (static_cast<std::uint64_t>(end_ - at_) < n) ok_ = false;
      else at_ += n;
      return;
    }
    case trace::tag::kBlob:
      if (end_ - at_ < 8) ok_ = false;
      else at_ += 8;
      varint();
      return;
    case trace::tag::kArray:
      for (std::uint64_t n = varint(); n > 0 && ok_; --n) skip_value(depth + 1);
      return;
    case trace::tag::kProperties:
      for (std::uint64_t n = varint(); n > 0 && ok_; --n) {
        varint();
        skip_value(depth + 1);
      }
      return;
    default: ok_ = false; return;
  }
}

bool DirectCall::rest() {
  // The parameters end at the first section marker; more values mean a table that differs.
  if (at_ >= end_ || *at_ < trace::tag::kMarkResult) ok_ = false;
  while (ok_) {
    switch (take_byte()) {
      case trace::tag::kMarkResult: {
        const std::uint64_t error = varint();
        if (error != 0) ok_ = false;  // failed when recorded: the general path counts it
        skip_value();
        break;
      }
      case trace::tag::kMarkOutput:
      case trace::tag::kMarkInput:
        varint();
        skip_value();
        break;
      case trace::tag::kMarkEnd: skip_varint(); return ok_;
      default: ok_ = false; break;  // an object created, or damage
    }
  }
  return false;
}

}  // namespace clvet::replay
