// Lanes leave a loop at different iterations and run a divergent branch, then all of them
// reach a barrier after reconverging; the values exchanged after it must be complete.
// run: kernel=reconverge_then_barrier global=256 local=64
// arg 0: buffer uint 256 init=wide
// arg 1: buffer uint 256 init=zero
// arg 2: local 256
// compare: pocl
kernel void reconverge_then_barrier(global const uint* in, global uint* out, local uint* tile) {
  uint lid = get_local_id(0);
  uint x = in[get_global_id(0)];
  uint n = x % 13;
  for (uint i = 0; i < n; ++i) x = (x >> 1) ^ (x * 3u);
  if (lid & 2) x += 5;
  else x ^= 0xff;
  tile[lid] = x;
  barrier(CLK_LOCAL_MEM_FENCE);
  uint sum = 0;
  for (uint i = 0; i < get_local_size(0); i += 8) sum += tile[(lid + i) % get_local_size(0)];
  out[get_global_id(0)] = sum;
}
