// Divergence in one work-group only: in group 1, work-item 0 skips the barrier.
// run: kernel=one_group global=64 local=32
// arg 0: buffer int 64 init=zero

kernel void one_group(global int* out) {
  size_t lid = get_local_id(0);
  if (!(get_group_id(0) == 1 && lid == 0)) barrier(CLK_LOCAL_MEM_FENCE);  // expect: barrier-divergence
  out[get_global_id(0)] = 2;
}
