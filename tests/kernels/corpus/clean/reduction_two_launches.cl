// A two-pass reduction: per-group partial sums, then one group sums the partials. The second
// launch reads what the first wrote: launches of an in-order queue are ordered.
// run: kernel=partials global=256 local=32
// run: kernel=finish global=8 local=8
// arg 0: buffer int 256 init=iota
// arg 1: buffer int 8 init=none
// arg 2: buffer int 1 init=none

kernel void partials(global const int* in, global int* partial, global int* total) {
  local int scratch[32];
  size_t lid = get_local_id(0);
  scratch[lid] = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (size_t s = 16; s > 0; s >>= 1) {
    if (lid < s) scratch[lid] += scratch[lid + s];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (lid == 0) partial[get_group_id(0)] = scratch[0];
}

kernel void finish(global const int* in, global int* partial, global int* total) {
  local int scratch[8];
  size_t lid = get_local_id(0);
  scratch[lid] = partial[lid];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (size_t s = 4; s > 0; s >>= 1) {
    if (lid < s) scratch[lid] += scratch[lid + s];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (lid == 0) total[0] = scratch[0];
}
