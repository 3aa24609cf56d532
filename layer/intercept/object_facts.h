// Which clGet*Info answers the layer keeps as facts of an object (checker::ObjectTable::fact),
// in a place of their own rather than among its other kept answers: those the rules ask on
// every call an application makes in its inner loops (clSetKernelArg, clEnqueueNDRangeKernel,
// clEnqueue{Read,Write}Buffer and their wait lists). Every one lasts for the object's life, or
// until the layer forgets it (lasting_answers.h), and fits 8 bytes.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

#include "clvet/checker/object_table.h"
#include "clvet/rules/opencl.h"
#include "clvet/rules/world.h"

namespace clvet::layer {

struct FactRow {
  rules::InfoQuery query;
  cl_uint param;
  std::uint8_t place;  // below checker::ObjectTable::kFacts, one per object kind
  std::uint8_t size;   // the answer's size: sizeof its type, 4 or 8
  bool keyed;          // about the object and the query's second handle (a device)
};

using rules::InfoQuery;
inline constexpr FactRow kFactRows[] = {
    // A queue: every enqueue's context and device rules.
    {InfoQuery::CommandQueue, CL_QUEUE_CONTEXT, 0, sizeof(cl_context), false},
    {InfoQuery::CommandQueue, CL_QUEUE_DEVICE, 1, sizeof(cl_device_id), false},
    {InfoQuery::CommandQueue, CL_QUEUE_PROPERTIES, 2, sizeof(cl_command_queue_properties), false},
    // A buffer: the reads' and writes' bounds, host access, sub-buffer alignment and context.
    {InfoQuery::Mem, CL_MEM_TYPE, 0, sizeof(cl_mem_object_type), false},
    {InfoQuery::Mem, CL_MEM_FLAGS, 1, sizeof(cl_mem_flags), false},
    {InfoQuery::Mem, CL_MEM_SIZE, 2, sizeof(size_t), false},
    {InfoQuery::Mem, CL_MEM_CONTEXT, 3, sizeof(cl_context), false},
    {InfoQuery::Mem, CL_MEM_ASSOCIATED_MEMOBJECT, 4, sizeof(cl_mem), false},
    {InfoQuery::Mem, CL_MEM_OFFSET, 5, sizeof(size_t), false},
    // A kernel: its argument indices, its program's build and its context.
    {InfoQuery::Kernel, CL_KERNEL_CONTEXT, 0, sizeof(cl_context), false},
    {InfoQuery::Kernel, CL_KERNEL_PROGRAM, 1, sizeof(cl_program), false},
    {InfoQuery::Kernel, CL_KERNEL_NUM_ARGS, 2, sizeof(cl_uint), false},
    {InfoQuery::KernelWorkGroup, CL_KERNEL_WORK_GROUP_SIZE, 3, sizeof(size_t), true},
    // A program: whether a kernel enqueue has an executable for the queue's device.
    {InfoQuery::Program, CL_PROGRAM_CONTEXT, 0, sizeof(cl_context), false},
    {InfoQuery::ProgramBuild, CL_PROGRAM_BUILD_STATUS, 1, sizeof(cl_build_status), true},
    {InfoQuery::ProgramBuild, CL_PROGRAM_BINARY_TYPE, 2, sizeof(cl_program_binary_type), true},
    // A device: the NDRange's limits.
    {InfoQuery::Device, CL_DEVICE_ADDRESS_BITS, 0, sizeof(cl_uint), false},
    {InfoQuery::Device, CL_DEVICE_MAX_WORK_ITEM_DIMENSIONS, 1, sizeof(cl_uint), false},
    {InfoQuery::Device, CL_DEVICE_MAX_WORK_GROUP_SIZE, 2, sizeof(size_t), false},
    {InfoQuery::Device, CL_DEVICE_MEM_BASE_ADDR_ALIGN, 3, sizeof(cl_uint), false},
    // An event in a wait list: its context.
    {InfoQuery::Event, CL_EVENT_CONTEXT, 0, sizeof(cl_context), false},
    {InfoQuery::Event, CL_EVENT_COMMAND_QUEUE, 1, sizeof(cl_command_queue), false},
    {InfoQuery::Sampler, CL_SAMPLER_CONTEXT, 0, sizeof(cl_context), false},
};

// A kernel's arguments' declarations (kernel_signatures.h's Declared), asked once for its first
// kDeclarationsInFact arguments and kept as one fact: 4 bits an argument, the declaration + 1.
inline constexpr std::uint8_t kKernelDeclarationsPlace = 4;
inline constexpr unsigned kDeclarationsInFact = 16;
// A kernel's slots for its arguments' memory objects and samplers (kernel_arguments.cpp): a
// pointer, kept as a fact so that a launch finds them without a lock.
inline constexpr std::uint8_t kKernelArgumentsPlace = 5;

// Where a query's fact is kept: `size` 0 when the answer is not a fact.
struct FactPlace {
  std::uint8_t place = 0;
  std::uint8_t size = 0;
  bool keyed = false;
};

namespace detail {
constexpr std::size_t kFactQueries = static_cast<std::size_t>(InfoQuery::EventProfiling) + 1;
constexpr std::size_t kFactSpan = 64;  // parameters from a query's lowest fact's value

// Per query: the lowest parameter value of its facts, and a place per value above it.
struct FactIndex {
  std::array<cl_uint, kFactQueries> base{};
  std::array<std::array<FactPlace, kFactSpan>, kFactQueries> places{};
};

constexpr FactIndex make_fact_index() {
  FactIndex index;
  for (std::size_t q = 0; q < kFactQueries; ++q) index.base[q] = ~cl_uint{0};
  for (const FactRow& row : kFactRows) {
    cl_uint& base = index.base[static_cast<std::size_t>(row.query)];
    if (row.param < base) base = row.param;
  }
  for (const FactRow& row : kFactRows) {
    const auto q = static_cast<std::size_t>(row.query);
    const cl_uint offset = row.param - index.base[q];
    if (offset >= kFactSpan || row.place >= checker::ObjectTable::kFacts ||
        (row.size != 4 && row.size != 8))
      throw "a fact out of the index's span, places or size";  // not a constant expression
    index.places[q][offset] = FactPlace{row.place, row.size, row.keyed};
  }
  return index;
}

inline constexpr FactIndex kFactIndex = make_fact_index();
}  // namespace detail

// The place of `param` of `query` among the object's facts.
inline FactPlace fact_place(InfoQuery query, cl_uint param) {
  const auto q = static_cast<std::size_t>(query);
  if (q >= detail::kFactQueries) return {};
  const cl_uint offset = param - detail::kFactIndex.base[q];
  if (offset >= detail::kFactSpan) return {};
  return detail::kFactIndex.places[q][offset];
}

}  // namespace clvet::layer
