// A recorded call re-issued straight from its record's bytes: the generated direct re-issuers
// (replay_calls.gen.cpp) read each parameter into its argument slot, without the trace's value
// model, for the entry points whose parameters are all scalars, handles and room for answers
// (a retain, a release, an info query: the calls a replay makes most of). Anything else in
// the record (a value of another kind, an object the call created, an error recorded) makes
// it decline before the call is issued, and the controller re-issues it the general way.
#pragma once

#include <cstdint>
#include <span>

#include "clvet/rules/api.h"
#include "clvet/rules/opencl.h"
#include "clvet/trace/format.h"
#include "session.h"

namespace clvet::replay {

class DirectCall {
 public:
  // `payload`: a Call record's; its header (index, thread, time, entry) is read here.
  DirectCall(Session& session, std::span<const std::uint8_t> payload);

  // False: the record is not one this path takes; nothing was issued.
  bool ok() const { return ok_; }

  // --- Parameters, in order --------------------------------------------------------------
  template <typename T>
  void scalar(T& out) {
    const std::uint8_t t = take_byte();
    if (t == trace::tag::kUInt || t == trace::tag::kPointer) {
      const std::uint64_t v = varint();
      if constexpr (std::is_pointer_v<T>)
        out = reinterpret_cast<T>(static_cast<std::uintptr_t>(v));
      else
        out = static_cast<T>(v);
    } else if (t == trace::tag::kInt) {
      const std::uint64_t z = varint();
      out = static_cast<T>(static_cast<std::int64_t>(z >> 1) ^ -static_cast<std::int64_t>(z & 1));
    } else if (t != trace::tag::kNull) {
      ok_ = false;
    }
  }
  template <typename T>
  void handle(T& out, api::ObjectKind kind) {
    out = static_cast<T>(live_handle(kind));
  }
  // Room the call writes an answer into (`size` bytes), where the application gave some.
  void room(void*& out, std::size_t size) { out = given() ? allocate(size == 0 ? 1 : size) : nullptr; }
  template <typename T>
  void room(T*& out) {
    out = given() ? static_cast<T*>(allocate(sizeof(T))) : nullptr;
  }

  // After the parameters: the rest of the record read (no object created, CL_SUCCESS
  // recorded, its end reached). False when it declines.
  bool rest();
  // The target's entry point `entry`, nullptr (declined) when it has none.
  template <typename F>
  F function(std::uint32_t entry) {
    void* f = ok_ ? s_.function(entry) : nullptr;
    if (f == nullptr) ok_ = false;
    return reinterpret_cast<F>(f);
  }
  // What the target returned. CL_SUCCESS: counted as replayed; otherwise error() says what,
  // and the controller judges it as it judges any call's result.
  void returned(cl_int error) { error_ = error; }
  cl_int error() const { return error_; }

 private:
  std::uint8_t take_byte() {
    if (at_ >= end_) {
      ok_ = false;
      return 0;
    }
    return *at_++;
  }
  // LEB128; one byte (the usual case: ids, enums, sizes below 128) without a loop.
  std::uint64_t varint() {
    if (at_ < end_ && *at_ < 0x80) return *at_++;
    return long_varint();
  }
  std::uint64_t long_varint();
  void skip_varint() {
    while (at_ < end_ && (*at_++ & 0x80) != 0) {
    }
  }
  bool given();  // a Pointer parameter's value: not NULL
  void* live_handle(api::ObjectKind kind);
  void* allocate(std::size_t size) { return s_.scratch().allocate(size, alignof(std::max_align_t)); }
  void skip_value(int depth = 0);

  Session& s_;
  const std::uint8_t* at_;
  const std::uint8_t* end_;
  bool ok_ = true;
  cl_int error_ = CL_SUCCESS;
};

// Generated: re-issues call record `d` of entry point `entry` directly, when the entry point
// has a direct re-issuer (false otherwise, or when it declines: then nothing was issued).
bool reissue_directly(DirectCall& d, std::uint32_t entry);

}  // namespace clvet::replay
