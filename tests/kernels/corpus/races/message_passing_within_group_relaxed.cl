// Message passing between two work-items of one work-group with relaxed atomics and no fence:
// work-item 0 writes its group's slot and stores a flag, work-item 1 loads the flag and reads
// the slot. Relaxed atomics order nothing (OpenCL 2.0 §3.3.6) and no barrier comes between:
// the write and the read race.
// run: kernel=pass global=128 local=32 options=-cl-std=CL3.0
// arg 0: buffer int 4 init=zero
// arg 1: buffer int 4 init=zero
// arg 2: buffer int 4 init=zero

kernel void pass(global int* slots, global atomic_int* flags, global int* out) {
  size_t lid = get_local_id(0), g = get_group_id(0);
  if (lid == 0) {
    slots[g] = 7 + (int)g;  // expect: race-read-write
    atomic_store_explicit(&flags[g], 1, memory_order_relaxed, memory_scope_work_group);
  }
  if (lid == 1 && atomic_load_explicit(&flags[g], memory_order_relaxed, memory_scope_work_group))
    out[g] = slots[g];  // expect: race-read-write
}
