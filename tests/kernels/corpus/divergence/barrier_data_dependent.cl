// A barrier behind a condition on input data that differs between work-items.
// run: kernel=data_barrier global=32 local=32
// arg 0: buffer int 32 init=iota
// arg 1: buffer int 32 init=zero

kernel void data_barrier(global const int* in, global int* out) {
  local int t[32];
  size_t lid = get_local_id(0);
  t[lid] = in[lid];
  if (in[lid] % 3 != 0) barrier(CLK_LOCAL_MEM_FENCE);  // expect: barrier-divergence
  out[lid] = 1;
}
