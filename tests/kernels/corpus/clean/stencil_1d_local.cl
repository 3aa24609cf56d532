// Three-point stencil through a __local tile with a halo of one element on each side.
// run: kernel=stencil global=128 local=32
// arg 0: buffer float 130 init=random
// arg 1: buffer float 128 init=none

kernel void stencil(global const float* in, global float* out) {
  local float tile[34];
  size_t lid = get_local_id(0), gid = get_global_id(0);
  tile[lid + 1] = in[gid + 1];
  if (lid == 0) tile[0] = in[gid];
  if (lid == 31) tile[33] = in[gid + 2];
  barrier(CLK_LOCAL_MEM_FENCE);
  out[gid] = (tile[lid] + tile[lid + 1] + tile[lid + 2]) / 3.0f;
}
