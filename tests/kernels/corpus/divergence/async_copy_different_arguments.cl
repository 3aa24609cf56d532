// Every work-item starts the async copy, but with a source that depends on the work-item:
// the call must see the same arguments across the group (OpenCL 1.2 §6.12.10).
// run: kernel=lane_source global=32 local=32
// arg 0: buffer int 64 init=iota
// arg 1: buffer int 32 init=zero

kernel void lane_source(global const int* in, global int* out) {
  local int tile[32];
  size_t lid = get_local_id(0);
  event_t e = async_work_group_copy(tile, in + (lid & 1), 32, 0);  // expect: barrier-divergence
  wait_group_events(1, &e);
  out[lid] = 1;
}
