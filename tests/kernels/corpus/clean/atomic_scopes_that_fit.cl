// C11 atomics at scopes that include every work-item that uses the object (OpenCL C 2.0
// §6.13.11.5): a __local counter at memory_scope_work_group, a per-group global slot at
// memory_scope_work_group, a global counter shared by all groups at memory_scope_device, with
// every memory order; 64-bit atomics too. No finding.
// run: kernel=fit global=256 local=64 options=-cl-std=CL3.0
// arg 0: buffer int 4 init=zero
// arg 1: buffer int 1 init=zero
// arg 2: buffer long 1 init=zero
// arg 3: buffer int 256 init=zero

kernel void fit(global atomic_int* slots, global atomic_int* total, global atomic_long* wide,
                global int* out) {
  local atomic_int count;
  size_t lid = get_local_id(0), g = get_group_id(0);
  if (lid == 0) atomic_store_explicit(&count, 0, memory_order_relaxed, memory_scope_work_group);
  barrier(CLK_LOCAL_MEM_FENCE);
  int mine = atomic_fetch_add_explicit(&count, 1, memory_order_acq_rel, memory_scope_work_group);
  atomic_fetch_add_explicit(&slots[g], mine, memory_order_release, memory_scope_work_group);
  atomic_fetch_max_explicit(total, mine, memory_order_acquire, memory_scope_device);
  atomic_fetch_add_explicit(wide, (long)1 << 33, memory_order_relaxed, memory_scope_device);
  out[get_global_id(0)] = mine;
}
