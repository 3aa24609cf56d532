// Three of each four __local ints are written; vload4 reads all four: storing the sum of the
// first three is fine, storing the fourth is not (§6.12.7).
// run: kernel=quads global=16 local=16
// arg 0: buffer int 16 init=zero
// arg 1: buffer int 16 init=zero

kernel void quads(global int* sums, global int* fourths) {
  local int data[64];
  size_t lid = get_local_id(0);
  for (int k = 0; k < 3; ++k) data[lid * 4 + k] = k + (int)lid;
  barrier(CLK_LOCAL_MEM_FENCE);
  int4 q = vload4(lid, data);
  sums[lid] = q.x + q.y + q.z;
  fourths[lid] = q.w;  // expect: uninitialised
}
