// Maximum of each group by sequential addressing with the loop unrolled by hand.
// run: kernel=group_max global=128 local=16
// arg 0: buffer int 128 init=random
// arg 1: buffer int 8 init=none

kernel void group_max(global const int* in, global int* out) {
  local int m[16];
  size_t lid = get_local_id(0);
  m[lid] = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  if (lid < 8) m[lid] = max(m[lid], m[lid + 8]);
  barrier(CLK_LOCAL_MEM_FENCE);
  if (lid < 4) m[lid] = max(m[lid], m[lid + 4]);
  barrier(CLK_LOCAL_MEM_FENCE);
  if (lid < 2) m[lid] = max(m[lid], m[lid + 2]);
  barrier(CLK_LOCAL_MEM_FENCE);
  if (lid == 0) out[get_group_id(0)] = max(m[0], m[1]);
}
