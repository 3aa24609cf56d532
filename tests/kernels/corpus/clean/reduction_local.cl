// Tree reduction in __local memory with a barrier after the loads and after every step.
// run: kernel=reduce global=256 local=64
// arg 0: buffer float 256 init=random
// arg 1: buffer float 4 init=none
// arg 2: local 256

kernel void reduce(global const float* in, global float* partial, local float* scratch) {
  size_t lid = get_local_id(0);
  scratch[lid] = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (size_t s = get_local_size(0) / 2; s > 0; s >>= 1) {
    if (lid < s) scratch[lid] += scratch[lid + s];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (lid == 0) partial[get_group_id(0)] = scratch[0];
}
