// A buffer without host data copied into __local memory by async_work_group_copy (a copy:
// no finding), then stored to global memory by each work-item (finding).
// run: kernel=async_garbage global=32 local=32
// arg 0: buffer int 32 init=none
// arg 1: buffer int 32 init=zero

kernel void async_garbage(global const int* in, global int* out) {
  local int tile[32];
  event_t e = async_work_group_copy(tile, in, 32, 0);
  wait_group_events(1, &e);
  out[get_local_id(0)] = tile[get_local_id(0)];  // expect: uninitialised
}
