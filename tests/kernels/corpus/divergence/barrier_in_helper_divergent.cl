// The barrier is in a helper function called from a divergent branch.
// run: kernel=helper_barrier global=32 local=32
// arg 0: buffer int 32 init=zero

void sync_and_store(global int* out, size_t i) {
  barrier(CLK_GLOBAL_MEM_FENCE);  // expect: barrier-divergence
  out[i] = 1;
}

kernel void helper_barrier(global int* out) {
  size_t lid = get_local_id(0);
  if (lid > 3) sync_and_store(out, lid);
}
