// The reduction is right but its result is read by the last work-item with no barrier after
// the final step written by work-item 0.
// run: kernel=reduce global=64 local=64
// arg 0: buffer int 64 init=iota
// arg 1: buffer int 1 init=zero

kernel void reduce(global const int* in, global int* out) {
  local int scratch[64];
  size_t lid = get_local_id(0);
  scratch[lid] = in[get_global_id(0)];
  for (size_t s = 32; s > 0; s >>= 1) {
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid < s) scratch[lid] += scratch[lid + s];  // expect: race-read-write
  }
  if (lid == 63) out[0] = scratch[0];  // expect: race-read-write
}
