// Two async copies into __local memory whose destinations overlap (elements 16 to 31), both
// started before either is waited for: the two copies write the same bytes unordered (OpenCL
// 1.2 §6.12.10: nothing orders a copy before the wait for its event).
// run: kernel=overlapping_copies global=32 local=32
// arg 0: buffer int 64 init=iota
// arg 1: buffer int 32 init=zero

kernel void overlapping_copies(global const int* in, global int* out) {
  local int tile[48];
  size_t lid = get_local_id(0);
  event_t e = async_work_group_copy(tile, in, 32, 0);  // expect: race-write-write
  e = async_work_group_copy(tile + 16, in + 32, 32, e);  // expect: race-write-write
  wait_group_events(1, &e);
  out[lid] = tile[lid];
}
