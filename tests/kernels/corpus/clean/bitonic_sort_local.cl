// A whole bitonic sort of 64 keys in __local memory, with a barrier after every
// compare-and-swap pass.
// run: kernel=bitonic_local global=32 local=32
// arg 0: buffer uint 64 init=random

kernel void bitonic_local(global uint* data) {
  local uint k[64];
  uint lid = get_local_id(0);
  k[lid] = data[lid];
  k[lid + 32] = data[lid + 32];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint size = 2; size <= 64; size <<= 1) {
    for (uint stride = size / 2; stride > 0; stride >>= 1) {
      uint low = 2 * lid - (lid & (stride - 1));
      uint high = low + stride;
      bool up = (low & size) == 0;
      uint a = k[low], b = k[high];
      if ((a > b) == up) {
        k[low] = b;
        k[high] = a;
      }
      barrier(CLK_LOCAL_MEM_FENCE);
    }
  }
  data[lid] = k[lid];
  data[lid + 32] = k[lid + 32];
}
