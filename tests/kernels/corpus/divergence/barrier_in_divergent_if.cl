// A barrier inside a branch taken by half of the group (OpenCL 1.2 §6.12.8: a barrier must
// be encountered by all work-items of a work-group or by none).
// run: kernel=half_barrier global=64 local=64
// arg 0: buffer int 64 init=iota

kernel void half_barrier(global int* data) {
  size_t lid = get_local_id(0);
  if (lid < 32) {
    data[lid] += 1;
    barrier(CLK_GLOBAL_MEM_FENCE);  // expect: barrier-divergence
  }
}
