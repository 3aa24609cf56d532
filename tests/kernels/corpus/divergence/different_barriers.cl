// Even and odd work-items reach different barrier calls: neither call is reached by the whole
// group.
// run: kernel=two_barriers global=32 local=32
// arg 0: buffer int 32 init=zero

kernel void two_barriers(global int* out) {
  size_t lid = get_local_id(0);
  if (lid % 2 == 0) {
    barrier(CLK_LOCAL_MEM_FENCE);  // expect: barrier-divergence
  } else {
    barrier(CLK_LOCAL_MEM_FENCE);  // expect: barrier-divergence
  }
  out[lid] = (int)lid;
}
