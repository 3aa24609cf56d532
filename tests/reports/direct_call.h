// Shared by the trace tests of the recorder's hot path: one call recorded through the writer's
// direct path (Writer::DirectCall with RawEncoders) as the layer's recorder records it, the
// call they record and the call that opens a thread's block.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <optional>
#include <vector>

#include "clvet/rules/opencl.h"
#include "clvet/trace/raw_encoder.h"
#include "clvet/trace/writer.h"
#include "trace_test_support.h"

namespace clvet::trace::testing {

inline constexpr std::uint64_t kHostPointer = 0x7ffd12345678;  // a 7-byte varint, as real addresses

// The parameters of clGetMemObjectInfo(mem#4, CL_MEM_SIZE, 8, kHostPointer, NULL), through
// either encoder (CallEncoder, RawEncoder).
template <typename E>
void mem_size_parameters(E& e) {
  e.handle(api::ObjectKind::Mem, 4);
  e.uint(CL_MEM_SIZE);
  e.uint(8);
  e.pointer(kHostPointer);
  e.null();
}

// A first call through begin_call(): it opens the thread's block, which the hot path needs.
inline void first_call(Writer& writer) {
  auto call = writer.begin_call(entry_index("clFinish"), 1, 10);
  call.handle(api::ObjectKind::CommandQueue, 2);
  call.enter(true);
  call.result(CL_SUCCESS).sint(CL_SUCCESS);
  call.commit(20);
}

// Where a call's entry and parameters went, for the calls that repeat it (RawEncoder::repeat).
struct DirectWritten {
  std::uint64_t entry = 0;
  const std::uint8_t* params = nullptr;
  std::uint32_t params_size = 0;
};

// A call of `entry`, number `index`, entered at index * 100: `parameters(e, direct)` encodes its
// parameters (or a Repeat, setting `direct`'s repeated parameters), then, where `returns`,
// `rest(e)` its rest: in its block where it fits, else moved to a record of its own, as the
// recorder does; where not, the call is left entered (a call that did not return). Nothing when
// the block could not take the call.
template <class Parameters, class Rest>
std::optional<DirectWritten> direct_call(Writer& writer, const char* entry, std::uint64_t index,
                                         Parameters&& parameters, Rest&& rest,
                                         bool returns = true) {
  Writer::DirectCall direct;
  std::uint8_t* limit = nullptr;
  std::uint8_t* at = writer.open_direct(direct, entry_index(entry), index, index * 100,
                                        Writer::thread_id(), limit);
  if (at == nullptr) return std::nullopt;
  RawEncoder e(at, limit, &writer, writer.inline_data_limit());
  parameters(e, direct);
  EXPECT_FALSE(e.overflowed());
  writer.enter_direct(direct, e.end());
  const DirectWritten written{direct.entry, at, static_cast<std::uint32_t>(e.end() - at)};
  if (!returns) {
    writer.end_direct(direct);
    return written;
  }
  bool closed = false;
  std::uint8_t* from = writer.resume_direct(direct, limit, closed);
  EXPECT_FALSE(closed);
  if (from != nullptr) {
    RawEncoder r(from, limit, &writer, writer.inline_data_limit());
    rest(r);
    if (!r.overflowed()) {
      writer.complete_direct(direct, r.end(), index);
      return written;
    }
    writer.unresume_direct(direct, from, r.end());
  }
  // The rest apart, as the recorder does when it does not fit in place.
  std::vector<std::uint8_t> apart(1 << 16);
  RawEncoder r(apart.data(), apart.data() + apart.size(), &writer, writer.inline_data_limit());
  rest(r);
  EXPECT_FALSE(r.overflowed());
  writer.move_direct(direct, apart.data(), static_cast<std::size_t>(r.end() - apart.data()), index,
                     index * 100, entry_index(entry));
  return written;
}

}  // namespace clvet::trace::testing
