// An atomic add into a counter in a buffer created without host data: the atomic reads the
// garbage and its result is stored.
// run: kernel=ticket global=16 local=16
// arg 0: buffer int 1 init=none
// arg 1: buffer int 16 init=zero

kernel void ticket(global int* counter, global int* out) {
  out[get_global_id(0)] = atomic_inc(counter);  // expect: uninitialised
}
