// The work-items overwrite the source of an async copy out of __local memory before waiting
// for it, after a barrier: the copy may still be reading it (OpenCL 1.2 §6.12.10).
// run: kernel=source_overwritten global=64 local=32
// arg 0: buffer int 64 init=iota
// arg 1: buffer int 64 init=zero

kernel void source_overwritten(global const int* in, global int* out) {
  local int tile[32];
  size_t lid = get_local_id(0), base = get_group_id(0) * 32;
  tile[lid] = in[base + lid] * 2;
  barrier(CLK_LOCAL_MEM_FENCE);
  event_t e = async_work_group_copy(out + base, tile, 32, 0);  // expect: race-read-write
  barrier(CLK_LOCAL_MEM_FENCE);
  tile[lid] = 0;  // expect: race-read-write
  wait_group_events(1, &e);
}
