// Neighbour exchange through global memory inside one work-group, ordered by a barrier with
// CLK_GLOBAL_MEM_FENCE (OpenCL 1.2 §6.12.8): clean.
// run: kernel=exchange global=128 local=64
// arg 0: buffer float 128 init=zero
// arg 1: buffer float 128 init=none

kernel void exchange(global float* data, global float* out) {
  size_t lid = get_local_id(0);
  size_t base = get_group_id(0) * get_local_size(0);
  data[base + lid] = (float)lid;
  barrier(CLK_GLOBAL_MEM_FENCE);
  out[base + lid] = data[base + (lid + 1) % get_local_size(0)];
}
