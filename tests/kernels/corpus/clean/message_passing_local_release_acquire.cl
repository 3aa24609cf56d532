// Message passing through __local memory between two work-items of one work-group with no
// barrier: work-item 0 writes a __local slot and stores a __local flag with release at
// memory_scope_work_group; work-item 1 loads the flag with acquire and, having read 1, reads the
// slot. The release synchronises with the acquire (OpenCL 2.0 §3.3.6.2, local-happens-before
// for __local memory at work-group scope, §3.3.6): the write happens before the read, no
// finding. A second pair does the same with relaxed atomics and fences on
// CLK_LOCAL_MEM_FENCE (atomic_work_item_fence, OpenCL C 2.0 §6.13.11.6). The readers write what
// they read to global memory, each group its own elements.
// run: kernel=pass global=128 local=32 options=-cl-std=CL3.0
// arg 0: buffer int 8 init=zero

kernel void pass(global int* out) {
  local int slots[2];
  local atomic_int flags[2];
  size_t lid = get_local_id(0), g = get_group_id(0);
  if (lid < 2) atomic_init(&flags[lid], 0);
  barrier(CLK_LOCAL_MEM_FENCE);
  if (lid == 0) {
    slots[0] = 7 + (int)g;
    atomic_store_explicit(&flags[0], 1, memory_order_release, memory_scope_work_group);
  }
  if (lid == 1 && atomic_load_explicit(&flags[0], memory_order_acquire, memory_scope_work_group))
    out[g] = slots[0];
  if (lid == 2) {
    slots[1] = 9 + (int)g;
    atomic_work_item_fence(CLK_LOCAL_MEM_FENCE, memory_order_release, memory_scope_work_group);
    atomic_store_explicit(&flags[1], 1, memory_order_relaxed, memory_scope_work_group);
  }
  if (lid == 3 && atomic_load_explicit(&flags[1], memory_order_relaxed, memory_scope_work_group)) {
    atomic_work_item_fence(CLK_LOCAL_MEM_FENCE, memory_order_acquire, memory_scope_work_group);
    out[4 + g] = slots[1];
  }
}
