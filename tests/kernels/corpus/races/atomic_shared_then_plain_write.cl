// Counters every work-group updates atomically, and one work-item of a late work-group resets
// one of them with a plain store, before and after a barrier: the store races with the other
// groups' updates (both halves of them: an atomic update reads and writes), and within its own
// group with the updates of the other work-items before the barrier.
// run: kernel=reset global=256 local=64
// arg 0: buffer int 4 init=zero

kernel void reset(global int* counters) {
  atomic_add(&counters[get_local_id(0) & 3], 2);  // expect: race-write-write, race-read-write
  barrier(CLK_GLOBAL_MEM_FENCE);
  if (get_group_id(0) == 2 && get_local_id(0) == 9) counters[1] = -100;  // expect: race-write-write, race-read-write
}
