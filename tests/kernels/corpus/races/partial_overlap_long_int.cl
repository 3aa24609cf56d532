// A long written by one work-item and an int overlapping its upper half written by another:
// the accesses overlap in four bytes and race.
// run: kernel=overlap global=32 local=32
// arg 0: buffer long 16 init=zero

kernel void overlap(global long* wide) {
  size_t i = get_global_id(0);
  if (i < 16) wide[i] = (long)i << 40;  // expect: race-write-write
  else ((global int*)wide)[2 * (i - 16) + 1] = -(int)i;  // expect: race-write-write
}
