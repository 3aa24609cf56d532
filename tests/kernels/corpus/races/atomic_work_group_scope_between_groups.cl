// A global counter every work-group updates with atomic_fetch_add_explicit at
// memory_scope_work_group: that scope includes only the work-items of one group, so the
// updates of different groups are not atomic with respect to each other (OpenCL C 2.0
// §6.13.11.5) and race; a second counter at memory_scope_device does not.
// run: kernel=count global=256 local=64 options=-cl-std=CL3.0
// arg 0: buffer int 2 init=zero

kernel void count(global atomic_int* counters) {
  atomic_fetch_add_explicit(&counters[0], 1, memory_order_relaxed, memory_scope_work_group);  // expect: race-write-write, race-read-write
  atomic_fetch_add_explicit(&counters[1], 1, memory_order_relaxed, memory_scope_device);
}
