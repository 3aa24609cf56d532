// Two launches, in order: the first is clean (each work-item its own element), the second
// races (every work-item but the first adds into element 0, each a different amount).
// Launches of an in-order queue are ordered, so only the second kernel's accesses race.
// run: kernel=fill global=16 local=16
// run: kernel=gather global=16 local=16
// arg 0: buffer int 16 init=none

kernel void fill(global int* data) {
  data[get_global_id(0)] = 1;
}

kernel void gather(global int* data) {
  size_t i = get_global_id(0);
  if (i > 0) data[0] += (int)i * 3;  // expect: race-read-write, race-write-write
}
