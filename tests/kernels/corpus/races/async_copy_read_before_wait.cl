// The work-items read the destination of an async copy after a barrier but before
// wait_group_events: the copy may still be under way until the wait returns for its event, and
// a barrier does not wait for it (OpenCL 1.2 §6.12.10).
// run: kernel=early_read global=64 local=32
// arg 0: buffer float 64 init=random
// arg 1: buffer float 64 init=zero

kernel void early_read(global const float* in, global float* out) {
  local float tile[32];
  size_t lid = get_local_id(0);
  event_t e = async_work_group_copy(tile, in + get_group_id(0) * 32, 32, 0);  // expect: race-read-write
  barrier(CLK_LOCAL_MEM_FENCE);
  float v = tile[31 - lid];  // expect: race-read-write
  wait_group_events(1, &e);
  out[get_global_id(0)] = v;
}
