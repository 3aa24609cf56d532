// Per-group reduction in __local memory, then one atomic add per group into a global total.
// run: kernel=reduce_add global=256 local=64
// arg 0: buffer uint 256 init=random
// arg 1: buffer uint 1 init=zero

kernel void reduce_add(global const uint* in, global uint* total) {
  local uint scratch[64];
  size_t lid = get_local_id(0);
  scratch[lid] = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (size_t s = 32; s > 0; s >>= 1) {
    if (lid < s) scratch[lid] += scratch[lid + s];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (lid == 0) atomic_add(total, scratch[0]);
}
