// Even and odd work-items start the same copy, and wait for it, from two different
// async_work_group_copy and wait_group_events calls: no call is reached by the whole group
// (OpenCL 1.2 §6.12.10). Without care, the -O2 link hoists both sides into one copy and wait.
// run: kernel=two_copies global=32 local=32
// arg 0: buffer int 32 init=iota
// arg 1: buffer int 32 init=zero

kernel void two_copies(global const int* in, global int* out) {
  local int tile[32];
  size_t lid = get_local_id(0);
  event_t e;
  if (lid % 2 == 0) {
    e = async_work_group_copy(tile, in, 32, 0);  // expect: barrier-divergence
    wait_group_events(1, &e);  // expect: barrier-divergence
  } else {
    e = async_work_group_copy(tile, in, 32, 0);  // expect: barrier-divergence
    wait_group_events(1, &e);  // expect: barrier-divergence
  }
  out[lid] = tile[lid];
}
