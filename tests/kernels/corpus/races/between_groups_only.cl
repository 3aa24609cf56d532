// Work-groups of one work-item: the two work-items that share an element are in different
// groups, so nothing can ever order them.
// run: kernel=pairs global=64 local=1
// arg 0: buffer int 32 init=zero

kernel void pairs(global int* out) {
  size_t i = get_global_id(0);
  out[i / 2] = (int)i;  // expect: race-write-write
}
