// Exclusive prefix sum (Blelloch): up-sweep, clear the last element, down-sweep.
// run: kernel=prefix_sum global=32 local=32
// arg 0: buffer uint 32 init=random
// arg 1: buffer uint 32 init=none

kernel void prefix_sum(global const uint* in, global uint* out) {
  local uint t[32];
  size_t lid = get_local_id(0);
  t[lid] = in[lid];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (size_t d = 1; d < 32; d <<= 1) {
    size_t k = (lid + 1) * 2 * d - 1;
    if (k < 32) t[k] += t[k - d];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (lid == 0) t[31] = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (size_t d = 16; d > 0; d >>= 1) {
    size_t k = (lid + 1) * 2 * d - 1;
    if (k < 32) {
      uint left = t[k - d];
      t[k - d] = t[k];
      t[k] += left;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  out[lid] = t[lid];
}
