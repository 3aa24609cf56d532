// A barrier taken only by work-groups of the enqueued size: the whole last group of 100
// work-items in groups of 16, which has 4 (non-uniform work-groups, OpenCL 3.0 §5.10), skips it
// together (no divergence), and its work-items then read their neighbours' __local elements
// unordered with the neighbours' writes. The whole groups are ordered by the barrier.
// run: kernel=rotate global=100 local=16 options=-cl-std=CL3.0
// arg 0: buffer int 100 init=iota
// arg 1: buffer int 100 init=zero

kernel void rotate(global const int* in, global int* out) {
  local int tile[16];
  size_t lid = get_local_id(0);
  tile[lid] = in[get_global_id(0)];  // expect: race-read-write
  if (get_local_size(0) == get_enqueued_local_size(0)) barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = tile[(lid + 1) % get_local_size(0)];  // expect: race-read-write
}
