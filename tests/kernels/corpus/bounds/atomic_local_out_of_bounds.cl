// Atomics on a __local array of 8 counters with index lid % 9.
// run: kernel=local_bins global=64 local=64
// arg 0: buffer int 8 init=zero

kernel void local_bins(global int* out) {
  local int counters[8];
  size_t lid = get_local_id(0);
  if (lid < 8) counters[lid] = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  atomic_inc(&counters[lid % 9]);  // expect: out-of-bounds
  barrier(CLK_LOCAL_MEM_FENCE);
  if (lid < 8) out[lid] = counters[lid];
}
