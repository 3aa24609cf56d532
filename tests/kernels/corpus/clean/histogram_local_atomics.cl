// Histogram in __local bins (cleared, barrier, atomics, barrier), merged into global bins
// with atomics.
// run: kernel=histogram_local global=512 local=64
// arg 0: buffer uchar 512 init=random
// arg 1: buffer uint 32 init=zero

kernel void histogram_local(global const uchar* in, global uint* bins) {
  local uint local_bins[32];
  size_t lid = get_local_id(0);
  if (lid < 32) local_bins[lid] = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  atomic_inc(&local_bins[in[get_global_id(0)] >> 3]);
  barrier(CLK_LOCAL_MEM_FENCE);
  if (lid < 32) atomic_add(&bins[lid], local_bins[lid]);
}
