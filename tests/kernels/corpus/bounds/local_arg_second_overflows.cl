// Two __local arguments; indexing past the first must not be excused by the second one.
// run: kernel=pair_of_locals global=16 local=16
// arg 0: buffer float 16 init=iota
// arg 1: local 64
// arg 2: local 64

kernel void pair_of_locals(global float* data, local float* a, local float* b) {
  size_t lid = get_local_id(0);
  a[lid] = data[lid];
  b[lid] = 2.0f * data[lid];
  barrier(CLK_LOCAL_MEM_FENCE);
  data[lid] = a[lid + 16];  // expect: out-of-bounds
}
