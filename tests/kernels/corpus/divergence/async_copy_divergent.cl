// An async copy started by only part of the group (OpenCL 1.2 §6.12.10: async copies are
// performed by all work-items of a work-group and must be encountered by all of them).
// run: kernel=half_copy global=32 local=32
// arg 0: buffer int 32 init=iota
// arg 1: buffer int 32 init=zero

kernel void half_copy(global const int* in, global int* out) {
  local int tile[32];
  size_t lid = get_local_id(0);
  if (lid < 16) {
    event_t e = async_work_group_copy(tile, in, 32, 0);  // expect: barrier-divergence
    wait_group_events(1, &e);  // expect: barrier-divergence
  }
  out[lid] = 1;
}
