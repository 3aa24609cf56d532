// A tree reduction in __local memory over work-groups of 64 whose last one has 36 work-items
// (non-uniform work-groups, OpenCL 3.0 §5.10): every step is bounded by get_local_size, so the
// partial group reads only what its own work-items wrote, and a barrier follows every step
// that all of its work-items reach. No finding.
// run: kernel=reduce global=100 local=64 options=-cl-std=CL3.0
// arg 0: buffer float 100 init=random
// arg 1: buffer float 2 init=none
// arg 2: local 256

kernel void reduce(global const float* in, global float* partial, local float* scratch) {
  size_t lid = get_local_id(0), n = get_local_size(0);
  scratch[lid] = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (size_t s = 1; s < n; s *= 2) {
    if (lid % (2 * s) == 0 && lid + s < n) scratch[lid] += scratch[lid + s];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (lid == 0) partial[get_group_id(0)] = scratch[0];
}
