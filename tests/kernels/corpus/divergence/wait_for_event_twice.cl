// The group waits twice for one event: the first wait released it (OpenCL 1.2 §6.12.10, "The
// event objects specified in event_list will be released after the wait is performed"), so
// the second waits for an event that no copy under way returned.
// run: kernel=wait_twice global=32 local=32
// arg 0: buffer int 32 init=iota
// arg 1: buffer int 32 init=zero

kernel void wait_twice(global const int* in, global int* out) {
  local int tile[32];
  size_t lid = get_local_id(0);
  event_t e = async_work_group_copy(tile, in, 32, 0);
  wait_group_events(1, &e);
  out[lid] = tile[31 - lid];
  wait_group_events(1, &e);  // expect: undefined-behaviour
}
