// A recorded call re-issued straight from its compact form (compact_calls.h): the generated
// direct re-issuers (replay_calls.gen.cpp) take each parameter from its slot, without the
// trace's value model, for the entry points whose parameters are all scalars, handles and room
// for answers (a retain, a release, an info query: the calls a replay makes most of). A call
// that did not fit the compact form (a value of another kind, an object created, an error
// recorded) has none, and one whose handle has no live object now declines before anything is
// issued: the controller re-issues those the general way.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <type_traits>

#include "clvet/rules/api.h"
#include "clvet/rules/opencl.h"
#include "session.h"

namespace clvet::replay {

// What a parameter of a direct entry point takes from its slot.
struct DirectSlot {
  enum class Kind : std::uint8_t {
    Scalar,  // the value, an Int's two's complement, 0 for NULL
    Handle,  // the recorded object's id, 0 for NULL
    Room,    // 1 where the application gave room for an answer, 0 for NULL
  };
  Kind kind = Kind::Scalar;
  api::ObjectKind object = api::ObjectKind::None;  // Handle: the kind the parameter takes
};

class DirectCall {
 public:
  // `slots`: the call's, one per parameter, as direct_slots() lays them out.
  DirectCall(Session& session, const std::uint64_t* slots) : s_(session), at_(slots) {}

  // --- Parameters, in order --------------------------------------------------------------
  template <typename T>
  [[gnu::always_inline]] void scalar(T& out) {
    const std::uint64_t v = *at_++;
    if constexpr (std::is_pointer_v<T>)
      out = reinterpret_cast<T>(static_cast<std::uintptr_t>(v));
    else
      out = static_cast<T>(v);
  }
  template <typename T>
  [[gnu::always_inline]] void handle(T& out, api::ObjectKind kind) {
    out = static_cast<T>(live_handle(kind, *at_++));
  }
  // Room the call writes an answer into (`size` bytes), where the application gave some.
  [[gnu::always_inline]] void room(void*& out, std::size_t size) { out = *at_++ != 0 ? allocate(size == 0 ? 1 : size) : nullptr; }
  template <typename T>
  [[gnu::always_inline]] void room(T*& out) {
    out = *at_++ != 0 ? static_cast<T*>(allocate(sizeof(T))) : nullptr;
  }

  // After the parameters: false when the call declines (a handle with no live object).
  bool rest() const { return ok_; }
  // The target's entry point `entry`, nullptr (declined) when it has none.
  template <typename F>
  [[gnu::always_inline]] F function(std::uint32_t entry) {
    void* f = ok_ ? s_.function(entry) : nullptr;
    if (f == nullptr) ok_ = false;
    return reinterpret_cast<F>(f);
  }
  // What the target returned. CL_SUCCESS: counted as replayed; otherwise error() says what,
  // and the controller judges it as it judges any call's result.
  void returned(cl_int error) { error_ = error; }
  cl_int error() const { return error_; }

 private:
  [[gnu::always_inline]] void* live_handle(api::ObjectKind kind, std::uint64_t id) {
    if (id == 0) return nullptr;
    if (kind == api::ObjectKind::Platform) return s_.platform();
    if (kind == api::ObjectKind::Device) return s_.device_for(id);
    void* live = s_.live({kind, id});
    if (live == nullptr) ok_ = false;  // skipped or never made: said the general way
    return live;
  }
  // Answers land in the call's own room; one larger than it in the session's scratch.
  [[gnu::always_inline]] void* allocate(std::size_t size) {
    constexpr std::size_t kAlign = alignof(std::max_align_t);
    const std::size_t at = (used_ + kAlign - 1) & ~(kAlign - 1);
    if (at + size <= sizeof room_) {
      used_ = at + size;
      return room_ + at;
    }
    return allocate_large(size);
  }
  [[gnu::noinline]] void* allocate_large(std::size_t size) {
    if (!scratch_reset_) s_.scratch().reset();
    scratch_reset_ = true;
    return s_.scratch().allocate(size, alignof(std::max_align_t));
  }

  Session& s_;
  const std::uint64_t* at_;
  bool ok_ = true;
  bool scratch_reset_ = false;
  cl_int error_ = CL_SUCCESS;
  std::size_t used_ = 0;
  alignas(std::max_align_t) std::byte room_[512];
};

// Generated: re-issues call `d` of entry point `entry` directly, when the entry point has a
// direct re-issuer (false otherwise, or when it declines: then nothing was issued).
bool reissue_directly(DirectCall& d, std::uint32_t entry);
// Generated: the slots of a direct entry point's parameters, in order; empty for any other.
std::span<const DirectSlot> direct_slots(std::uint32_t entry);

}  // namespace clvet::replay
