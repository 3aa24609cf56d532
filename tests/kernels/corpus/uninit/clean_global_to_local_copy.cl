// Clean: garbage from a buffer without host data is copied into __local memory and never
// used (a copy is no use: no store to global memory, no address, no branch).
// run: kernel=park global=32 local=32
// arg 0: buffer int 32 init=none
// arg 1: buffer int 32 init=zero

kernel void park(global const int* garbage, global int* out) {
  local int parked[32];
  size_t lid = get_local_id(0);
  parked[lid] = garbage[lid];
  out[lid] = (int)lid;
}
