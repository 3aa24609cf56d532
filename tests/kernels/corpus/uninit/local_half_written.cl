// Only the first half of the group fills the __local tile; everybody reads its mirror
// element.
// run: kernel=half_fill global=64 local=64
// arg 0: buffer float 64 init=iota
// arg 1: buffer float 64 init=zero

kernel void half_fill(global const float* in, global float* out) {
  local float tile[64];
  size_t lid = get_local_id(0);
  if (lid < 32) tile[lid] = in[lid];
  barrier(CLK_LOCAL_MEM_FENCE);
  out[lid] = tile[63 - lid];  // expect: uninitialised
}
