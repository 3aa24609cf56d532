// The handoff of clean/handoff_release_acquire_between_groups.cl with release and acquire at
// memory_scope_work_group: the scope does not include the work-items of other groups, so the
// release synchronises with no acquire there (OpenCL 2.0 §3.3.6.2) and the table's reads race
// with its writes; nor are the flag's store and loads atomic to each other (OpenCL C 2.0
// §6.13.11.5): they race too.
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
    if (lid == 0) atomic_store_explicit(flag, 1, memory_order_release, memory_scope_work_group);  // expect: race-read-write
  } else {
    if (lid == 0) ready = atomic_load_explicit(flag, memory_order_acquire, memory_scope_work_group);  // expect: race-read-write
    barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
    out[get_global_id(0)] = ready ? table[lid] : -1;  // expect: race-read-write
  }
}
