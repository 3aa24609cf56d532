// A counter every work-item of every work-group updates atomically, and one work-item of a late
// work-group reads plainly: the read races with the other groups' updates (atomic against
// atomic is no race, atomic against plain is, OpenCL 1.2 §6.12.11), however many groups have
// updated the counter before the read comes.
// run: kernel=count global=512 local=32
// arg 0: buffer int 1 init=zero
// arg 1: buffer int 1 init=zero

kernel void count(global int* counter, global int* out) {
  atomic_inc(counter);  // expect: race-read-write
  if (get_group_id(0) == 13 && get_local_id(0) == 0) out[0] = counter[0];  // expect: race-read-write
}
