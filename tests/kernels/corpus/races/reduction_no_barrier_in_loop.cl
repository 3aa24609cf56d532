// Tree reduction in __local memory without the barrier inside the loop: in step s/2 a
// work-item reads the partial sum another work-item wrote in step s.
// run: kernel=reduce global=128 local=64
// arg 0: buffer float 128 init=iota
// arg 1: buffer float 2 init=zero
// arg 2: local 256

kernel void reduce(global const float* in, global float* out, local float* scratch) {
  size_t lid = get_local_id(0);
  scratch[lid] = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (size_t s = get_local_size(0) / 2; s > 0; s /= 2) {
    if (lid < s) scratch[lid] += scratch[lid + s];  // expect: race-read-write
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  if (lid == 0) out[get_group_id(0)] = scratch[0];
}
