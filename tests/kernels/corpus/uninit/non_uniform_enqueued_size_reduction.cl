// A tree reduction that takes its first stride from get_enqueued_local_size: in the last
// work-group of 100 work-items in groups of 64, which has 36 (non-uniform work-groups, OpenCL 3.0
// §5.10), the first step adds scratch[36..63], which no work-item of that group wrote, and the
// unwritten values reach its sum. get_local_size is the group's own size.
// run: kernel=reduce global=100 local=64 options=-cl-std=CL3.0
// arg 0: buffer float 100 init=random
// arg 1: buffer float 2 init=zero
// arg 2: local 256

kernel void reduce(global const float* in, global float* partial, local float* scratch) {
  size_t lid = get_local_id(0);
  scratch[lid] = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (size_t s = get_enqueued_local_size(0) / 2; s > 0; s >>= 1) {
    if (lid < s) scratch[lid] += scratch[lid + s];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (lid == 0) partial[get_group_id(0)] = scratch[0];  // expect: uninitialised
}
