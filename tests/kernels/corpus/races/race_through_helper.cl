// The racing accesses are in a helper function reached through a pointer to __local memory.
// run: kernel=through_helper global=32 local=32
// arg 0: buffer int 32 init=zero

void put(local int* p, int v) {
  *p = v;  // expect: race-write-write
}

kernel void through_helper(global int* out) {
  local int cell[4];
  size_t lid = get_local_id(0);
  put(&cell[lid % 4], (int)lid);
  barrier(CLK_LOCAL_MEM_FENCE);
  out[lid] = cell[lid % 4];
}
