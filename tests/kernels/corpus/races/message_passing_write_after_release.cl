// Message passing with release and acquire, but the writer writes the slot again after its
// release: the release publishes only what came before it (OpenCL 2.0 §3.3.6.2), so the second
// write races with the read that follows the acquire, while the first write does not. A
// scheme that keeps only the first access of each epoch would not see the second write.
// run: kernel=pass global=128 local=32 options=-cl-std=CL3.0
// arg 0: buffer int 4 init=zero
// arg 1: buffer int 4 init=zero
// arg 2: buffer int 4 init=zero

kernel void pass(global int* slots, global atomic_int* flags, global int* out) {
  size_t lid = get_local_id(0), g = get_group_id(0);
  if (lid == 0) {
    slots[g] = 7;
    atomic_store_explicit(&flags[g], 1, memory_order_release, memory_scope_work_group);
    slots[g] = 8 + (int)g;  // expect: race-read-write
  }
  if (lid == 1 && atomic_load_explicit(&flags[g], memory_order_acquire, memory_scope_work_group))
    out[g] = slots[g];  // expect: race-read-write
}
