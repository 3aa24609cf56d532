// async_work_group_copy into __local memory, waited for by every work-item, then used; and a
// copy back out, also waited for (OpenCL 1.2 §6.12.10).
// run: kernel=async_scale global=128 local=32
// arg 0: buffer float 128 init=random
// arg 1: buffer float 128 init=none

kernel void async_scale(global const float* in, global float* out) {
  local float tile[32];
  size_t base = get_group_id(0) * 32;
  event_t e = async_work_group_copy(tile, in + base, 32, 0);
  wait_group_events(1, &e);
  tile[get_local_id(0)] *= 2.0f;
  barrier(CLK_LOCAL_MEM_FENCE);
  e = async_work_group_copy(out + base, tile, 32, 0);
  wait_group_events(1, &e);
}
