// A plain store to a counter that other work-items update atomically. An atomic
// read-modify-write both reads and writes, so the plain store races with both halves.
// run: kernel=reset global=64 local=64
// arg 0: buffer int 1 init=zero

kernel void reset(global int* counter) {
  if (get_local_id(0) == 10) counter[0] = -100;  // expect: race-write-write, race-read-write
  else atomic_add(counter, 2);  // expect: race-write-write, race-read-write
}
