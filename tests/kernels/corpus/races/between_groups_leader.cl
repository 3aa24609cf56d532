// Every group's first work-item records the group's id in one shared slot: different values,
// different groups, no ordering.
// run: kernel=leader global=256 local=64
// arg 0: buffer uint 1 init=zero

kernel void leader(global uint* last_group) {
  if (get_local_id(0) == 0) last_group[0] = (uint)get_group_id(0) + 1;  // expect: race-write-write
}
