// Work-items past the end of the data return early; the others reach the barrier alone.
// run: kernel=early_exit global=64 local=64
// arg 0: buffer float 64 init=iota
// arg 1: value int 50

kernel void early_exit(global float* data, int n) {
  local float tile[64];
  size_t lid = get_local_id(0);
  if ((int)lid >= n) return;
  tile[lid] = data[lid];
  barrier(CLK_LOCAL_MEM_FENCE);  // expect: barrier-divergence
  data[lid] = tile[n - 1 - lid];
}
