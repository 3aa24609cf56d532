// async_work_group_copy of 32 elements into a __local array of 24.
// run: kernel=copy_into_small global=32 local=32
// arg 0: buffer float 32 init=iota
// arg 1: buffer float 32 init=zero

kernel void copy_into_small(global const float* in, global float* out) {
  local float small_tile[24];
  event_t e = async_work_group_copy(small_tile, in, 32, 0);  // expect: out-of-bounds
  wait_group_events(1, &e);
  if (get_local_id(0) < 24) out[get_local_id(0)] = small_tile[get_local_id(0)];
}
