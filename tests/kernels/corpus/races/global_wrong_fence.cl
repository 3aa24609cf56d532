// A barrier with only CLK_LOCAL_MEM_FENCE does not order global memory (OpenCL 1.2 §6.12.8):
// the global write before it and the neighbour's read after it still race.
// run: kernel=wrong_fence global=128 local=64
// arg 0: buffer float 128 init=zero
// arg 1: buffer float 128 init=zero

kernel void wrong_fence(global float* data, global float* out) {
  size_t lid = get_local_id(0);
  size_t base = get_group_id(0) * get_local_size(0);
  data[base + lid] = (float)lid + 0.5f;  // expect: race-read-write
  barrier(CLK_LOCAL_MEM_FENCE);
  out[base + lid] = data[base + (lid + 1) % get_local_size(0)];  // expect: race-read-write
}
