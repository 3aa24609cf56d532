// Kernel buffer arguments before and after the kernel runs (CLVET_TRACE_KERNEL_BUFFERS),
// read without ever blocking the application: non-blocking reads on the kernel's queue (the
// "before" reads after the kernel's wait list, the "after" reads after the kernel's event),
// whose bytes become a KernelBuffers record from the event callback of the last one to
// complete. A wait list holding a user event the application sets later delays the record,
// never the application.
#pragma once

#include <chrono>
#include <cstdint>
#include <utility>
#include <vector>

#include "clvet/rules/opencl.h"
#include "clvet/trace/writer.h"

namespace clvet::layer::kernel_buffers {

// Enqueues the reads of `buffers` ([argument index, buffer]) on `queue` after `wait`, and
// writes their KernelBuffers record (call `call`, `after` the kernel or before it) to `writer`
// when they have all completed. Reads that never complete (a user event never set) leave no
// record. Before the kernel on an out-of-order queue, a barrier after the reads keeps the
// kernel from overtaking them.
void read(trace::Writer& writer, std::uint64_t call, bool after, cl_command_queue queue,
          const std::vector<std::pair<cl_uint, cl_mem>>& buffers, cl_uint wait_count,
          const cl_event* wait);

// Waits until every record read() began is written, or `limit` has passed (reads behind a
// user event the application never sets never complete). The trace's close calls it, so that
// a program exiting right after its last kernel still gets that kernel's buffers. Returns
// whether none is left.
bool wait_for_pending(std::chrono::milliseconds limit);

}  // namespace clvet::layer::kernel_buffers
