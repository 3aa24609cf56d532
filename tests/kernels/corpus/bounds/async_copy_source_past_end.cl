// async_work_group_copy of a group's 32 elements from offset group * 32 + 8: the last group's
// copy reads past the end of the source (OpenCL 1.2 §6.12.10).
// run: kernel=copy_late global=128 local=32
// arg 0: buffer int 128 init=iota
// arg 1: buffer int 128 init=zero

kernel void copy_late(global const int* in, global int* out) {
  local int tile[32];
  event_t e = async_work_group_copy(tile, in + get_group_id(0) * 32 + 8, 32, 0);  // expect: out-of-bounds
  wait_group_events(1, &e);
  out[get_global_id(0)] = tile[get_local_id(0)];
}
