// Atomic and plain accesses to one location race: every work-item increments a counter
// atomically while work-item 3 reads it with a plain load (OpenCL 1.2 §3.3.1, §6.12.11).
// run: kernel=peek global=64 local=64
// arg 0: buffer int 1 init=zero
// arg 1: buffer int 1 init=zero

kernel void peek(global int* counter, global int* seen) {
  atomic_inc(counter);  // expect: race-read-write
  if (get_local_id(0) == 3) seen[0] = counter[0];  // expect: race-read-write
}
