// The handoff of clean/handoff_release_acquire_between_groups.cl with a relaxed store and a
// relaxed load of the flag: relaxed atomics order nothing (OpenCL 2.0 §3.3.6), so the other
// groups' reads of the table race with group 0's writes (the flag's own accesses are atomic).
// run: kernel=handoff global=256 local=64 options=-cl-std=CL3.0
// arg 0: buffer int 64 init=zero
// arg 1: buffer int 1 init=zero
// arg 2: buffer int 256 init=zero

kernel void handoff(global int* table, global atomic_int* flag, global int* out) {
  local int ready;
  size_t lid = get_local_id(0);
  if (get_group_id(0) == 0) {
    table[lid] = (int)lid * 3;  // expect: race-read-write
    barrier(CLK_GLOBAL_MEM_FENCE);
    if (lid == 0) atomic_store_explicit(flag, 1, memory_order_relaxed, memory_scope_device);
  } else {
    if (lid == 0) ready = atomic_load_explicit(flag, memory_order_relaxed, memory_scope_device);
    barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
    out[get_global_id(0)] = ready ? table[lid] : -1;  // expect: race-read-write
  }
}
