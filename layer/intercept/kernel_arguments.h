// The memory objects and samplers a kernel's arguments name, kept so that a launch of a kernel
// whose argument the application has released since (its last reference) never reaches the
// driver: the kernel does not hold its arguments (§5.7.2 keeps the value set "until the argument
// value is changed by a call to clSetKernelArg"; §5.4.1, §5.5.1 delete a memory object or sampler
// once its last reference goes and the commands already queued with it finish), and PoCL 3.1
// aborts in such a launch. The launch gets CL_INVALID_KERNEL_ARGS (§5.8: "if the kernel argument
// values have not been specified"; its clauses name no CL_INVALID_MEM_OBJECT), as the reference
// device answers it (rules EnqueueNDRangeKernelArgsNotSet, EnqueueTaskArgsNotSet). So does
// clGetKernelSuggestedLocalWorkSizeKHR (cl_khr_suggested_local_work_size: its suggestion is for
// "the kernel object and kernel arguments", which a driver resolves as for a launch; rule
// GetKernelSuggestedLocalWorkSizeKHRArgsNotSet), tested on tests/layer/fake_icd, the one
// platform here that hands the function out.
//
// Not followed (2026-11-28): device queues set as queue_t arguments (no platform here makes one:
// PoCL 3.1 and the reference device have no device-side enqueue, and a host queue as queue_t is
// refused at clSetKernelArg, argument_values.cpp).
//
// Cheap where nothing dies: clSetKernelArg, which applications call in their inner loops, writes
// its argument's slot in two stores when its verdict is kept (the slot and what to write are kept
// with the verdict: kept_verdicts.h); a launch looks at its kernel's slots only when a memory
// object or sampler has been released for good since it last did, and a kept launch (no object
// created or released since it was admitted: kept_verdicts.h) not at all.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "clvet/rules/args.gen.h"
#include "clvet/rules/world.h"

namespace clvet::layer::kernel_arguments {

// One argument of one kernel: the memory object or sampler it was last set to, by its handle and
// its identity then (checker::ObjectTable::State's, packed kind and id: a new object at the same
// address has another), or nothing to look after (a number, NULL, local memory, an SVM pointer, a
// value never set or a set the driver refused).
struct Slot {
  std::atomic<const void*> handle{nullptr};
  std::atomic<std::uint64_t> identity{0};
};

// What a clSetKernelArg writes into its argument's slot: kept with its verdict, so that the same
// call kept writes it again without a look-up. `slot` is nullptr where the argument has none (an
// index past the kernel's arguments, a kernel the table does not know).
struct Note {
  Slot* slot = nullptr;
  const void* handle = nullptr;
  std::uint64_t identity = 0;
};

// A kept clSetKernelArg (its verdict's note): the slot holds its value again.
[[gnu::always_inline]] inline void noted(const Note& note) {
  if (Slot* slot = note.slot) {
    slot->handle.store(note.handle, std::memory_order_relaxed);
    slot->identity.store(note.identity, std::memory_order_relaxed);
  }
}

// A judged clSetKernelArg, admitted: its argument's slot takes the value (a handle where the
// value names a live memory object or sampler and the argument is not declared as something
// else), and the note says so for its kept verdict. `w` answers CL_KERNEL_NUM_ARGS (the slots a
// kernel gets, at its first argument set; where it cannot, the kernel's slots grow with the
// indexes set).
Note set(const args::SetKernelArg& a, const rules::World& w);
// clSetKernelArgSVMPointer admitted: the argument holds a pointer, no object.
void set_pointer(cl_kernel kernel, cl_uint index, const rules::World& w);
// A clSetKernelArg the driver refused: what the argument holds is no longer known (nothing is
// judged of it until it is set again).
void set_failed(cl_kernel kernel, cl_uint index);
// clCloneKernel made `clone` of `source`: it has the source's argument values (2.2 §5.9.3: "a shallow copy of the kernel object, its arguments").
void cloned(const void* source, const void* clone, const rules::World& w);
// `handle` lost its last reference (Call::count_down): if a memory object or sampler, kernels'
// arguments are looked at again at their next launch.
void released(const void* handle);

// A launch of `kernel`: what is wrong with the first argument that names a memory object or
// sampler released since it was set ("argument 0 was set to the cl_mem 0x... (clCreateBuffer,
// call #5), released by clReleaseMemObject (call #9)"), or nothing. Looks only when one was
// released since this kernel's last look.
std::optional<std::string> released_argument(const void* kernel);

// How many kernels' sets of slots the layer holds, in use and spare: bounded by the most kernels
// alive at once (kernel_arguments.cpp), whatever the number made and released.
std::size_t blocks_held();

}  // namespace clvet::layer::kernel_arguments
