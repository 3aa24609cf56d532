// In-place Hillis-Steele scan needs a barrier between reading the partner and writing its own
// element; without it a work-item may read a partner that has already added.
// run: kernel=scan global=64 local=64
// arg 0: buffer int 64 init=iota
// arg 1: buffer int 64 init=zero

kernel void scan(global const int* in, global int* out) {
  local int a[64];
  size_t lid = get_local_id(0);
  a[lid] = in[lid];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (size_t offset = 1; offset < 64; offset *= 2) {
    int partner = lid >= offset ? a[lid - offset] : 0;  // expect: race-read-write
    a[lid] += partner;  // expect: race-read-write
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  out[lid] = a[lid];
}
