// A copy from __local to global memory at the end of the kernel, not waited for.
// run: kernel=copy_out_unwaited global=32 local=32
// arg 0: buffer int 32 init=zero

kernel void copy_out_unwaited(global int* out) {
  local int tile[32];
  tile[get_local_id(0)] = (int)get_local_id(0);
  barrier(CLK_LOCAL_MEM_FENCE);
  event_t e = async_work_group_copy(out, tile, 32, 0);  // expect: unwaited-async-copy
}
