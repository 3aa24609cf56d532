// A flag-guarded handoff between work-groups: group 0 fills a table, a barrier orders every
// work-item's writes before its work-item 0's release store of the flag; in every other group
// work-item 0 loads the flag with acquire and a barrier passes what it acquired to the whole
// group, which then reads the table. The release synchronises with the acquire that reads it
// (OpenCL 2.0 §3.3.6.2), so every read happens after every write: no finding.
// run: kernel=handoff global=256 local=64 options=-cl-std=CL3.0
// arg 0: buffer int 64 init=zero
// arg 1: buffer int 1 init=zero
// arg 2: buffer int 256 init=zero

kernel void handoff(global int* table, global atomic_int* flag, global int* out) {
  local int ready;
  size_t lid = get_local_id(0);
  if (get_group_id(0) == 0) {
    table[lid] = (int)lid * 3;
    barrier(CLK_GLOBAL_MEM_FENCE);
    if (lid == 0) atomic_store_explicit(flag, 1, memory_order_release, memory_scope_device);
  } else {
    if (lid == 0) ready = atomic_load_explicit(flag, memory_order_acquire, memory_scope_device);
    barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
    out[get_global_id(0)] = ready ? table[lid] : -1;
  }
}
