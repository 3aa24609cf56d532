// A __local float2 array where each work-item writes only .x; .y is stored to global memory.
// run: kernel=local_components global=16 local=16
// arg 0: buffer float 16 init=zero

kernel void local_components(global float* out) {
  local float2 pairs[16];
  size_t lid = get_local_id(0);
  pairs[lid].x = (float)lid;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[lid] = pairs[15 - lid].y;  // expect: uninitialised
}
