// Message passing through __local memory between two work-items of one work-group with relaxed
// atomics and no fence or barrier: work-item 0 writes a __local slot and stores a __local flag,
// work-item 1 loads the flag and reads the slot. Relaxed atomics order nothing (OpenCL 2.0
// §3.3.6): the write and the read race.
// run: kernel=pass global=64 local=32 options=-cl-std=CL3.0
// arg 0: buffer int 2 init=zero

kernel void pass(global int* out) {
  local int slot;
  local atomic_int flag;
  size_t lid = get_local_id(0), g = get_group_id(0);
  if (lid == 0) atomic_init(&flag, 0);
  barrier(CLK_LOCAL_MEM_FENCE);
  if (lid == 0) {
    slot = 7 + (int)g;  // expect: race-read-write
    atomic_store_explicit(&flag, 1, memory_order_relaxed, memory_scope_work_group);
  }
  if (lid == 1 && atomic_load_explicit(&flag, memory_order_relaxed, memory_scope_work_group))
    out[g] = slot;  // expect: race-read-write
}
