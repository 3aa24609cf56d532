// Barriers inside a loop every work-item runs the same number of times: neighbours exchange
// values through __local memory on each round.
// run: kernel=barrier_uniform_loop global=256 local=64
// arg 0: buffer int 256 init=wide
// arg 1: buffer int 256 init=zero
// arg 2: local 256
// compare: pocl
kernel void barrier_uniform_loop(global const int* in, global int* out, local int* tile) {
  int lid = get_local_id(0);
  int size = get_local_size(0);
  int v = in[get_global_id(0)] & 0xffff;
  for (int round = 0; round < 6; ++round) {
    tile[lid] = v;
    barrier(CLK_LOCAL_MEM_FENCE);
    int left = tile[(lid + size - 1) % size];
    int right = tile[(lid + 1 + round) % size];
    barrier(CLK_LOCAL_MEM_FENCE);
    v = (v + left + right) & 0xffff;
  }
  out[get_global_id(0)] = v;
}
