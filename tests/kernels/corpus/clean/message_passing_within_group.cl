// Message passing between two work-items of one work-group with no barrier: work-item 0 writes
// its group's slot and then stores a flag with release; afterwards work-item 1 loads the flag
// with acquire and, having read 1, reads the slot. The release synchronises with the acquire
// (OpenCL 2.0 §3.3.6.2): the write happens before the read, no finding. A second pair does the
// same with relaxed atomics and fences (atomic_work_item_fence, OpenCL C 2.0 §6.13.11.6): a
// release fence before the relaxed store, an acquire fence after the relaxed load.
// run: kernel=pass global=128 local=32 options=-cl-std=CL3.0
// arg 0: buffer int 8 init=zero
// arg 1: buffer int 8 init=zero
// arg 2: buffer int 8 init=zero

kernel void pass(global int* slots, global atomic_int* flags, global int* out) {
  size_t lid = get_local_id(0), g = get_group_id(0);
  if (lid == 0) {
    slots[g] = 7 + (int)g;
    atomic_store_explicit(&flags[g], 1, memory_order_release, memory_scope_work_group);
  }
  if (lid == 1 && atomic_load_explicit(&flags[g], memory_order_acquire, memory_scope_work_group))
    out[g] = slots[g];
  if (lid == 2) {
    slots[4 + g] = 9 + (int)g;
    atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_release, memory_scope_work_group);
    atomic_store_explicit(&flags[4 + g], 1, memory_order_relaxed, memory_scope_work_group);
  }
  if (lid == 3 && atomic_load_explicit(&flags[4 + g], memory_order_relaxed, memory_scope_work_group)) {
    atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_acquire, memory_scope_work_group);
    out[4 + g] = slots[4 + g];
  }
}
