// The answers to clGet*Info questions that cannot change while the object lives (a queue's
// context and device, a buffer's size and flags, a kernel's argument count), remembered per
// thread so that the rules of an application's inner loop do not ask the driver again on every
// call. Answers that can change (reference counts, event status, build results) are never kept.
#pragma once

#include <cstddef>
#include <cstdint>

#include "clvet/rules/opencl.h"
#include "clvet/rules/world.h"

namespace clvet::layer::immutable_info {

// Whether `param` of `query` is fixed from the object's creation to its release.
bool immutable(rules::InfoQuery query, cl_uint param);

// One question: the object is named by its id in the object table, which a new object at a
// released one's address does not share, so an answer never outlives its object.
struct Question {
  std::uint64_t object = 0;
  std::uint64_t extra = 0;  // the device's id (ProgramBuild, KernelWorkGroup), the argument index
  cl_uint param = 0;
  rules::InfoQuery query = rules::InfoQuery::Platform;
};

// Answers of at most this many bytes are kept; longer ones (names, device lists of a large
// context) go to the driver each time.
constexpr std::size_t kMaxAnswer = 64;

struct Answer {
  std::uint8_t size = 0;
  std::uint8_t bytes[kMaxAnswer];
};

// The calling thread's remembered answer, or nullptr.
const Answer* find(const Question& question);
// The epoch to remember an answer under: read before asking the driver, so that an answer the
// driver gave before a forget_all() is not kept as a current one.
std::uint32_t epoch();
void remember(const Question& question, std::uint32_t epoch, const void* value, std::size_t size);
// Drops every thread's answers: clSetCommandQueueProperty changed a queue's CL_QUEUE_PROPERTIES,
// the one "immutable" fact an OpenCL 1.0 call may change.
void forget_all();

}  // namespace clvet::layer::immutable_info
