// Tree reduction whose first step starts right after the loads: the partner's element may not
// be written yet (the barrier is at the end of the loop body only).
// run: kernel=reduce global=64 local=64
// arg 0: buffer int 64 init=iota
// arg 1: buffer int 1 init=zero

kernel void reduce(global const int* in, global int* out) {
  local int scratch[64];
  size_t lid = get_local_id(0);
  scratch[lid] = in[get_global_id(0)];  // expect: race-read-write
  for (size_t s = 32; s > 0; s >>= 1) {
    if (lid < s) scratch[lid] += scratch[lid + s];  // expect: race-read-write
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (lid == 0) out[0] = scratch[0];
}
