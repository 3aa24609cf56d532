// The barrier sits in a branch every work-item takes (uniform: clean for divergence), but it
// is before the racing pair, not between them.
// run: kernel=late_barrier global=64 local=64
// arg 0: buffer int 64 init=iota
// arg 1: value int 1

kernel void late_barrier(global int* data, int enabled) {
  size_t lid = get_local_id(0);
  if (enabled) barrier(CLK_GLOBAL_MEM_FENCE);
  data[lid] = data[(lid + 32) % 64] + 1;  // expect: race-read-write
}
