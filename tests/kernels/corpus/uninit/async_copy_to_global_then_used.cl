// Half a __local tile is filled, and async_work_group_copy copies all of it to a buffer created
// without host data: a copy is no use, but the copied half that nothing wrote stays unwritten in
// the buffer (the written half becomes written), so the next launch, which stores the buffer's
// elements elsewhere, is reported (§6.12.10).
// run: kernel=publish global=32 local=32
// run: kernel=consume global=32 local=32
// arg 0: buffer int 32 init=none
// arg 1: buffer int 32 init=zero

kernel void publish(global int* shared_out, global int* unused) {
  local int tile[32];
  size_t lid = get_local_id(0);
  if (lid < 16) tile[lid] = (int)lid;
  barrier(CLK_LOCAL_MEM_FENCE);
  event_t e = async_work_group_copy(shared_out, tile, 32, 0);
  wait_group_events(1, &e);
}

kernel void consume(global int* shared_in, global int* out) {
  size_t i = get_global_id(0);
  out[i] = shared_in[i] * 2;  // expect: uninitialised
}
