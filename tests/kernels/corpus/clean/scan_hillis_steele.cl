// Inclusive scan, Hillis-Steele, in place with barriers between reading the partner and
// writing, and after writing.
// run: kernel=scan global=64 local=64
// arg 0: buffer int 64 init=iota
// arg 1: buffer int 64 init=none

kernel void scan(global const int* in, global int* out) {
  local int a[64];
  size_t lid = get_local_id(0);
  a[lid] = in[lid];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (size_t offset = 1; offset < 64; offset *= 2) {
    int partner = lid >= offset ? a[lid - offset] : 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    a[lid] += partner;
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  out[lid] = a[lid];
}
