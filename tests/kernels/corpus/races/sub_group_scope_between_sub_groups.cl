// memory_scope_sub_group includes only the work-items of one sub-group (the scopes of OpenCL C
// 2.0 §6.13.11.5, with 3.0 §6.15.19's sub-groups): work-item 0 writes a global slot and stores a
// flag with release at that scope, and work-item 32, of the other sub-group of the work-group
// of 64, loads it with acquire and reads the slot: they do not synchronise, the write and the
// read race, and so do the store and the load of the flag, atomics whose scope leaves the other
// work-item out (they are not atomic with respect to each other). A counter every work-item of the group updates at sub-group scope: the updates of
// the two sub-groups are not atomic with respect to each other and race.
// run: kernel=pass global=128 local=64 options=-cl-std=CL3.0
// arg 0: buffer int 2 init=zero
// arg 1: buffer int 4 init=zero
// arg 2: buffer int 2 init=zero

kernel void pass(global int* out, global int* slots, global atomic_int* counters) {
  global atomic_int* flags = (global atomic_int*)(slots + 2);
  size_t lid = get_local_id(0), g = get_group_id(0);
  if (lid == 0) {
    slots[g] = 7 + (int)g;  // expect: race-read-write
    atomic_store_explicit(&flags[g], 1, memory_order_release, memory_scope_sub_group);  // expect: race-read-write
  }
  if (lid == 32 && atomic_load_explicit(&flags[g], memory_order_acquire, memory_scope_sub_group))  // expect: race-read-write
    out[g] = slots[g];  // expect: race-read-write
  atomic_fetch_add_explicit(&counters[g], 1, memory_order_relaxed, memory_scope_sub_group);  // expect: race-write-write, race-read-write
}
