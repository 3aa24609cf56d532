// A copy from __local to global memory whose destination runs past the end of the output.
// run: kernel=copy_out global=32 local=32
// arg 0: buffer int 40 init=zero

kernel void copy_out(global int* out) {
  local int tile[32];
  tile[get_local_id(0)] = (int)get_local_id(0);
  barrier(CLK_LOCAL_MEM_FENCE);
  event_t e = async_work_group_copy(out + 16, tile, 32, 0);  // expect: out-of-bounds
  wait_group_events(1, &e);
}
