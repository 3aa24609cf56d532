// An uninitialised __local value copied through private and __local memory is harmless until
// the final copy stores it to global memory: one finding, at that store.
// run: kernel=relay global=16 local=16
// arg 0: buffer int 16 init=zero

kernel void relay(global int* out) {
  local int source[16];
  local int middle[16];
  size_t lid = get_local_id(0);
  int v = source[lid];
  middle[lid] = v;
  barrier(CLK_LOCAL_MEM_FENCE);
  int w = middle[lid];
  out[lid] = w;  // expect: uninitialised
}
