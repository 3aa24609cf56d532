// Clean: message passing at memory_scope_sub_group between two work-items of one sub-group, in
// global and in __local memory: work-item 0 writes a slot and stores a flag with release,
// work-item 1 loads it with acquire and, having read 1, reads the slot; a second pair does the
// same with relaxed atomics and fences at sub-group scope (OpenCL 2.0 §3.3.6.2; the scopes of
// OpenCL C 2.0 §6.13.11.5, 3.0 §6.15.19's sub-groups). Sub-group counters updated at that scope
// by their own sub-group's work-items only. No finding.
// run: kernel=pass global=128 local=64 options=-cl-std=CL3.0
// arg 0: buffer int 16 init=zero
// arg 1: buffer int 8 init=zero
// arg 2: buffer int 4 init=zero

kernel void pass(global int* out, global int* slots, global atomic_int* counters) {
  local int local_slot;
  local atomic_int local_flag;
  global atomic_int* flags = (global atomic_int*)(slots + 4);
  size_t lid = get_local_id(0), g = get_group_id(0);
  if (lid == 0) atomic_init(&local_flag, 0);
  barrier(CLK_LOCAL_MEM_FENCE);
  if (lid == 0) {
    slots[2 * g] = 7 + (int)g;
    local_slot = 3 + (int)g;
    atomic_store_explicit(&flags[2 * g], 1, memory_order_release, memory_scope_sub_group);
    atomic_store_explicit(&local_flag, 1, memory_order_release, memory_scope_sub_group);
  }
  if (lid == 1 && atomic_load_explicit(&flags[2 * g], memory_order_acquire, memory_scope_sub_group))
    out[g] = slots[2 * g];
  if (lid == 1 && atomic_load_explicit(&local_flag, memory_order_acquire, memory_scope_sub_group))
    out[2 + g] = local_slot;
  if (lid == 2) {
    slots[2 * g + 1] = 9 + (int)g;
    atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_release, memory_scope_sub_group);
    atomic_store_explicit(&flags[2 * g + 1], 1, memory_order_relaxed, memory_scope_sub_group);
  }
  if (lid == 3 &&
      atomic_load_explicit(&flags[2 * g + 1], memory_order_relaxed, memory_scope_sub_group)) {
    atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_acquire, memory_scope_sub_group);
    out[4 + g] = slots[2 * g + 1];
  }
  atomic_fetch_add_explicit(&counters[2 * g + get_sub_group_id()], 1, memory_order_relaxed,
                            memory_scope_sub_group);
}
