// A barrier inside a loop whose trip count depends on the work-item: the later iterations'
// barriers are reached by fewer and fewer work-items.
// run: kernel=lane_loop global=16 local=16
// arg 0: buffer int 16 init=zero

kernel void lane_loop(global int* out) {
  size_t lid = get_local_id(0);
  int acc = 0;
  for (size_t k = 0; k < lid % 4; ++k) {
    acc += (int)k;
    barrier(CLK_LOCAL_MEM_FENCE);  // expect: barrier-divergence
  }
  out[lid] = acc;
}
