// A __local array of 64 ints written at index lid + 1: work-item 63 writes element 64.
// run: kernel=local_shift global=64 local=64
// arg 0: buffer int 64 init=iota
// arg 1: buffer int 64 init=zero

kernel void local_shift(global const int* in, global int* out) {
  local int t[64];
  size_t lid = get_local_id(0);
  if (lid == 0) t[0] = 0;
  t[lid + 1] = in[lid];  // expect: out-of-bounds
  barrier(CLK_LOCAL_MEM_FENCE);
  out[lid] = t[lid];
}
